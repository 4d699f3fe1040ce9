/**
 * A ledger row's state (`point_txns.status`) and its label: zod-free, so that the points pages
 * read them without the schemas (`@huodong/domain/pointStatus`, the first-load budgets).
 */
export const POINT_TXN_STATUS = { pending: 0, posted: 1, reversed: 2, rejected: 3 } as const;
export type PointTxnStatus = keyof typeof POINT_TXN_STATUS;

export const POINT_TXN_STATUS_LABELS: Record<number, string> = { 0: '待审核', 1: '已入账', 2: '已冲正', 3: '已驳回' };
