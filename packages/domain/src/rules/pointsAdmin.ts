import { z } from 'zod';
import { idRef, plainText, requiredText } from '../resources/fields.js';
import { POINTS_MAX } from './points.js';

/**
 * The points ledger's administration (issue 24, design §10): manual adjustments, their second
 * administrator's decision, reversals; the bodies and answers every client and the server share.
 */

/** `POST /v1/{org}/set_integral`: a reader's points moved by hand, with the reason (required). */
export const manualPointsBody = z.object({
  reader_id: idRef('读者'),
  points: z
    .number({ error: '调整积分必须是数字' })
    .int('调整积分必须是整数')
    .min(-POINTS_MAX, `调整积分不能小于${-POINTS_MAX}`)
    .max(POINTS_MAX, `调整积分不能超过${POINTS_MAX}`)
    .refine((n) => n !== 0, '调整积分不能为0'),
  reason: requiredText('调整原因', 200),
  /** The asker's key of this adjustment: a repeated request with it is answered, not posted again. */
  request_id: plainText('请求编号').trim().min(8, '请求编号至少8个字符').max(64, '请求编号不能超过64个字符').optional(),
});
export type ManualPointsBody = z.infer<typeof manualPointsBody>;

/** `POST /v1/{org}/check/{id}/integral`: a pending adjustment approved (1) or rejected (2, reason required). */
export const pointsDecisionBody = z
  .object({
    status: z.union([z.literal(1), z.literal(2)], { error: '审核结果只能是通过或驳回' }),
    reason: plainText('驳回原因').trim().max(200, '驳回原因不能超过200个字符').default(''),
  })
  .refine((v) => v.status !== 2 || v.reason !== '', { path: ['reason'], message: '请输入驳回原因' });
export type PointsDecision = z.infer<typeof pointsDecisionBody>;

/** `POST /v1/{org}/integral/scoreList/{id}/reverse`: the reason of a correction. */
export const pointsReverseBody = z.object({ reason: requiredText('冲正原因', 200) });

export const POINTS_ADMIN_MESSAGES = {
  selfApproval: '不能审核自己提交的积分调整，请由另一位管理员审核',
  notPending: '该积分调整已处理',
  notReversible: '只有已入账的积分记录可以冲正',
  alreadyReversed: '该积分记录已冲正',
  insufficient: '读者积分不足，无法扣减',
  noReader: '读者不存在',
} as const;

/** A ledger row as the pages and the reader see it. */
export interface PointTxnRow {
  id: number;
  reader_id: number;
  account?: string;
  real_name?: string;
  delta: number;
  rule_key: string;
  rule_name: string;
  act_id: number | null;
  status: number;
  reason: string;
  expires_at: number | null;
  operator_id: number | null;
  created_at: number;
}

/** A reader's account as the list shows it. */
export interface PointAccountRow {
  reader_id: number;
  account: string;
  real_name: string;
  balance: number;
  earned: number;
  spent: number;
  expired: number;
  updated_at: number;
}

/** The ledger row's state in Chinese (POINT_TXN_STATUS). */
export { POINT_TXN_STATUS_LABELS } from './pointStatus.js';
