import { Button, Card, Flex, Table } from 'antd';
import { redpackCountFigures } from '@huodong/domain/figures';
import FiguresPage, { type FiguresContext, type FiguresSlots } from '../../figures/FiguresPage';
import { FIGURES_KEY } from '../../figures/figuresKey';
import { LazyAlert } from '../../shared/LazyAlert';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import * as T from './texts';

interface Batch {
  id: number;
  total_fen: number;
  count: number;
  status: string;
  reason: string;
  own: boolean;
}

const KEY = 'redpack';

/** Whether a merchant is configured (else nothing is sent, and the page says so), and the manual batches waiting for a second administrator. */
function Approval({ org }: FiguresContext) {
  const merchant = useApiQuery<{ configured: boolean; message: string; approval_fen: number }>([KEY, 'merchant'], `/v1/amount/${org}/merchant`);
  const batches = useApiQuery<Batch[]>([KEY, 'batches'], `/v1/amount/${org}/batches`);
  const decide = useApiMutation((v: { id: number; approve: boolean }) => api.post(`/v1/amount/${org}/batches/${v.id}/${v.approve ? 'approve' : 'refuse'}`), { invalidate: [[KEY], [FIGURES_KEY]] });
  const waiting = (batches.data ?? []).filter((b) => b.status === 'pending');
  return (
    <>
      {merchant.data && !merchant.data.configured && <LazyAlert type="warning" showIcon message={merchant.data.message} style={{ marginBottom: 16 }} />}
      {merchant.data && <p style={{ marginTop: 0 }}>{T.APPROVAL_HINT(T.yuan(merchant.data.approval_fen))}</p>}
      {waiting.length > 0 && (
        <Card title={T.BATCHES} size="small" style={{ marginBottom: 16 }} data-testid="redpack-batches">
          <Table<Batch>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={waiting}
            columns={[
              { key: 'id', dataIndex: 'id', title: 'ID' },
              { key: 'count', dataIndex: 'count', title: T.BATCH_COUNT },
              { key: 'total', title: T.BATCH_TOTAL, render: (_, b) => T.yuan(b.total_fen) },
              { key: 'reason', dataIndex: 'reason', title: T.BATCH_REASON },
              {
                key: 'do',
                title: '操作',
                render: (_, b) =>
                  b.own ? (
                    T.OWN_BATCH
                  ) : (
                    <Flex gap={8}>
                      <Button size="small" type="primary" loading={decide.isPending} onClick={() => decide.mutate({ id: b.id, approve: true })}>{T.APPROVE}</Button>
                      <Button size="small" danger loading={decide.isPending} onClick={() => decide.mutate({ id: b.id, approve: false })}>{T.REFUSE}</Button>
                    </Flex>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}

const slots: FiguresSlots = { top: (ctx) => <Approval {...ctx} /> };

/**
 * 红包统计 (`adminCount/adminRedpackCount`): the declared figures (packages/domain/src/figures/redpack.ts)
 * with the page's own part above them — the merchant's state and the approval of manual batches.
 */
export default function RedpackCountPage() {
  return <FiguresPage def={redpackCountFigures} slots={slots} />;
}
