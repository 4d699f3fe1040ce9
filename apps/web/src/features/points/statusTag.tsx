import { Tag } from 'antd';
import { POINT_TXN_STATUS_LABELS } from '@huodong/domain/pointStatus';

const STATUS_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default', 3: 'red' };

/** A ledger row's state (待审核, 已入账, 已冲正, 已驳回) as a tag. */
export const statusTag = (s: number) => <Tag color={STATUS_COLORS[s]}>{POINT_TXN_STATUS_LABELS[s]}</Tag>;
