/** The red-packet pages' texts. */
export const BATCHES = '待审批批次';
export const BATCH_TOTAL = '金额（元）';
export const BATCH_COUNT = '人数';
export const BATCH_REASON = '发放说明';
export const APPROVE = '通过';
export const REFUSE = '驳回';
export const OWN_BATCH = '本人发起，需另一位管理员审批';
export const APPROVAL_HINT = (yuan: string) => `手动发放合计超过 ¥${yuan} 时，需另一位管理员审批后才会发出。`;
export { yuanText as yuan } from '@huodong/domain/figures';
