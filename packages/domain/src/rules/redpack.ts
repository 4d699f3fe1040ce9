import { REWARD_TEXT } from './reward.js';

/**
 * Red packets (design §13, issue 26): an activity's amount configuration, the amount one award
 * pays, the merchant bill number of a payout and how a WeChat Pay transfer bill's state reads as
 * the spec's reward receipt (§3 fields, §4 texts: `rewardStatusText`). Amounts are integers in fen.
 */

export const REDPACK_MODES = { fixed: '固定金额', random: '随机金额', by_rank: '按名次' } as const;
export type RedpackMode = keyof typeof REDPACK_MODES;
export const REDPACK_TRIGGERS = { award: '作品获奖', rank: '排名', pass: '闯关通过', manual: '手动发放' } as const;
export type RedpackTrigger = keyof typeof REDPACK_TRIGGERS;

/** One payout: 1 元 to 200 元 (the transfer's red-packet style, design §13a: ≤ 200 元, no real name needed). */
export const REDPACK_MIN_FEN = 30;
export const REDPACK_MAX_FEN = 20_000;
/** A manual batch above this total needs a second administrator (¥1,000). */
export const REDPACK_APPROVAL_FEN = 100_000;
/** A sent transfer the reader has not confirmed after this long is cancelled: the money returns. */
export const REDPACK_UNCLAIMED_SECONDS = 24 * 3600;

export interface RankBand {
  from: number;
  to: number;
  amount_fen: number;
}

export interface RedpackAmounts {
  mode: RedpackMode;
  amount_fen: number;
  min_fen: number;
  max_fen: number;
  rank_table: readonly RankBand[];
}

/**
 * The amount of one award: the fixed amount, a whole number of fen drawn between min and max
 * (`random` in [0, 1)), or the band of the reader's rank (0 when the rank is in no band: nothing is paid).
 */
export function redpackAmount(c: RedpackAmounts, opts: { rank?: number | null; random?: number } = {}): number {
  if (c.mode === 'fixed') return c.amount_fen;
  if (c.mode === 'random') return c.min_fen + Math.floor((opts.random ?? Math.random()) * (c.max_fen - c.min_fen + 1));
  const rank = opts.rank ?? 0;
  return c.rank_table.find((b) => rank >= b.from && rank <= b.to)?.amount_fen ?? 0;
}

/** Problems of a configuration's amounts, each naming its field (the resource's refine). */
export function redpackAmountProblems(v: Partial<RedpackAmounts> & { budget_fen?: number; daily_budget_fen?: number }): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (v.mode === 'fixed' && !v.amount_fen) out.push({ field: 'amount_fen', message: '请填写固定金额' });
  if (v.mode === 'random') {
    if (!v.min_fen || !v.max_fen) out.push({ field: v.min_fen ? 'max_fen' : 'min_fen', message: '请填写随机金额的范围' });
    else if (v.max_fen < v.min_fen) out.push({ field: 'max_fen', message: '最高金额不能低于最低金额' });
  }
  if (v.mode === 'by_rank') {
    const t = v.rank_table ?? [];
    if (!t.length) out.push({ field: 'rank_table', message: '请填写名次金额表' });
    t.forEach((b, i) => {
      if (b.to < b.from) out.push({ field: `rank_table.${i}.to`, message: '结束名次不能小于起始名次' });
      if (i > 0 && b.from <= t[i - 1]!.to) out.push({ field: `rank_table.${i}.from`, message: '名次区间不能重叠' });
    });
  }
  if (v.daily_budget_fen && v.budget_fen && v.daily_budget_fen > v.budget_fen) out.push({ field: 'daily_budget_fen', message: '每日预算不能超过总预算' });
  return out;
}

/**
 * The merchant bill number (`out_bill_no`, ≤ 32 letters and digits): the payout's id and its
 * generation. Made once when the payout is recorded, before anything is sent, and reused on every
 * retry and query; generation + 1 (a new number) only after WeChat confirmed the transfer FAILED.
 */
export const billNoOf = (payoutId: number, generation: number): string => `HDRP${String(payoutId).padStart(12, '0')}G${generation}`;

/** reward_status (spec §3): 1 awaiting payment, 2 sent, 3 failed, 4 failed / unclaimed. */
export const REWARD_STATUS = { pending: 1, sent: 2, failed: 3, unclaimed: 4 } as const;

/** States of a WeChat Pay transfer bill (商家转账, `/v3/fund-app/mch-transfer/transfer-bills`). */
export type TransferState = 'ACCEPTED' | 'PROCESSING' | 'WAIT_USER_CONFIRM' | 'TRANSFERING' | 'SUCCESS' | 'FAIL' | 'CANCELING' | 'CANCELLED';
export const FINAL_TRANSFER_STATES: readonly TransferState[] = ['SUCCESS', 'FAIL', 'CANCELLED'];

/** The receipt fields a transfer bill's state is recorded as. */
export function receiptOfTransfer(state: TransferState, failReason?: string | null): { reward_status: number; wepay_status: string; return_code: string } {
  switch (state) {
    case 'SUCCESS':
      return { reward_status: REWARD_STATUS.sent, wepay_status: 'RECEIVED', return_code: '' };
    case 'CANCELLED':
      return { reward_status: REWARD_STATUS.sent, wepay_status: 'REFUND', return_code: '' };
    case 'FAIL':
      return { reward_status: REWARD_STATUS.failed, wepay_status: 'FAILED', return_code: failReason === 'NO_AUTH' || failReason === 'ACCOUNT_FROZEN' || failReason === 'REAL_NAME_CHECK_FAIL' ? 'NO_AUTH' : (failReason ?? '') };
    default:
      return { reward_status: REWARD_STATUS.sent, wepay_status: state === 'CANCELING' ? 'RFUND_ING' : 'SENDING', return_code: '' };
  }
}

/** The texts of §4, as options of a filter on the receipts (one per text). */
export const REWARD_TEXTS = Object.values(REWARD_TEXT);

/** Without merchant credentials the product sends nothing and says so. */
export const WECHATPAY_NOT_CONFIGURED = '未配置微信支付商户（WECHATPAY_MCHID、WECHATPAY_SERIAL、WECHATPAY_PRIVATE_KEY_FILE、WECHATPAY_PLATFORM_CERT_FILE、WECHATPAY_APPID），红包不会发出，发放记录保持待发放';
export const REDPACK_APPROVE_OWN = '发起人不能审批自己的发放，请由另一位管理员审批';
export const REDPACK_BUDGET_EXCEEDED = '红包预算不足';
export const REDPACK_DAILY_BUDGET_EXCEEDED = '今日红包预算不足';
export const REDPACK_PER_READER_EXCEEDED = '该读者已达到领取上限';
