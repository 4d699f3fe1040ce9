/** Red-packet reward receipt status text (spec §4). */

export interface RewardReceipt {
  reward_status?: number | string | null;
  wepay_status?: string | null;
  return_code?: string | null;
}

export const REWARD_TEXT = {
  REFUNDED: '未到账，24小时内未领取',
  RECEIVED: '已到账',
  PAYING: '发放中',
  NO_AUTH: '发放失败，微信支付账户异常',
  UNKNOWN_FAILURE: '发放失败，未知状态',
  NOT_CLAIMED: '发放失败，24小时内未领取',
  PENDING: '待发放',
} as const;

/** Text for a receipt; reward_status may arrive as a number or numeric string. */
export function rewardStatusText({ reward_status, wepay_status, return_code }: RewardReceipt): string {
  switch (Number(reward_status)) {
    case 2:
      if (wepay_status === 'REFUND') return REWARD_TEXT.REFUNDED;
      if (wepay_status === 'RECEIVED') return REWARD_TEXT.RECEIVED;
      return REWARD_TEXT.PAYING;
    case 3:
      return return_code === 'NO_AUTH' ? REWARD_TEXT.NO_AUTH : REWARD_TEXT.UNKNOWN_FAILURE;
    case 4:
      return return_code === 'NO_OPENID' ? REWARD_TEXT.NOT_CLAIMED : REWARD_TEXT.UNKNOWN_FAILURE;
    default:
      return REWARD_TEXT.PENDING;
  }
}

/**
 * Where a reader's receipt stands (the reader app's groups): `pending` waits to be paid or claimed
 * (待发放, 发放中), `received` arrived, `refunded` went back unclaimed (24 h: refunded by WeChat, or
 * never claimed for want of a bound WeChat), `failed` otherwise.
 */
export type RewardGroup = 'pending' | 'received' | 'refunded' | 'failed';

export function rewardGroup({ reward_status, wepay_status, return_code }: RewardReceipt): RewardGroup {
  switch (Number(reward_status)) {
    case 2:
      return wepay_status === 'RECEIVED' ? 'received' : wepay_status === 'REFUND' ? 'refunded' : 'pending';
    case 3:
      return 'failed';
    case 4:
      return return_code === 'NO_OPENID' ? 'refunded' : 'failed';
    default:
      return 'pending';
  }
}
