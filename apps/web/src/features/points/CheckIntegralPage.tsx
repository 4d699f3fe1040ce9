import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Flex, Table } from 'antd';
import { chinaDateTime, type PointTxnRow } from '@huodong/domain';
import type { ListData } from '@huodong/domain/api';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { statusTag } from './statusTag';
import { checksPath, POINTS_KEY } from './pointsApi';
import * as T from './texts';

type Row = PointTxnRow & { asker: string };

/**
 * 积分审核 (`adminScore/adminCheckIntegral`, `/check/integral`): manual adjustments above the
 * threshold waiting for a second administrator; 审核 opens one (adminCheckIntegralWork).
 */
export default function CheckIntegralPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const [status, setStatus] = useState<'0' | 'all'>('0');
  const [page, setPage] = useState(1);
  const q = useApiQuery<ListData<Row> & { threshold: number }>([POINTS_KEY, 'checks', org, status, page], checksPath(org), { status, page, page_size: 20 });
  return (
    <PagePanel testId="check-integral">
      <p style={{ marginTop: 0 }}>{q.data ? T.THRESHOLD_HINT(q.data.threshold) : ''}</p>
      {/* Two buttons, not antd Segmented: the page stays well within its first-load budget. */}
      <Flex gap={8} style={{ marginBottom: 12 }}>
        {(['0', 'all'] as const).map((v) => (
          <Button key={v} type={status === v ? 'primary' : 'default'} aria-pressed={status === v} onClick={() => (setStatus(v), setPage(1))}>
            {v === '0' ? T.PENDING_ONLY : T.DECIDED_ALL}
          </Button>
        ))}
      </Flex>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isPending}
        dataSource={q.data?.items}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: q.data?._meta.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: T.TIME, dataIndex: 'created_at', render: (v: number) => chinaDateTime(v) },
          { title: T.ACCOUNT, dataIndex: 'account' },
          { title: T.NAME, dataIndex: 'real_name' },
          { title: T.DELTA, dataIndex: 'delta', render: (v: number) => (v > 0 ? `+${v}` : v) },
          { title: T.ADJUST_REASON, dataIndex: 'reason' },
          { title: T.ASKER, dataIndex: 'asker' },
          { title: T.STATUS, dataIndex: 'status', render: statusTag },
          {
            title: T.ACTIONS,
            render: (_, r) => (
              <Button size="small" type="link" onClick={() => navigate(scopeLink(org, `adminScore/adminCheckIntegral/adminCheckIntegralWork?id=${r.id}`))}>
                {r.status === 0 ? T.REVIEW : T.DETAIL}
              </Button>
            ),
          },
        ]}
      />
    </PagePanel>
  );
}
