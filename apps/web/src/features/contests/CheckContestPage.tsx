import { useNavigate } from 'react-router';
import { Badge, Button, Empty, Table } from 'antd';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

interface PendingActivity {
  id: number;
  title: string;
  type: number;
  pending: number;
}

const TYPES: Record<number, string> = { 3: '知识竞赛', 6: '进阶知识竞赛' };

/** 竞赛审核 (`adminCheck/adminCheckContest`): contests with short answers waiting for hand marks; 批改 opens one. */
export default function CheckContestPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: PendingActivity[] }>(['contestMarks', 'activities'], `/v1/${org}/check/activity`, { kind: 'contest' });
  return (
    <PagePanel>
      <Table<PendingActivity>
        data-testid="check-contests"
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.NO_PENDING} /> }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: T.ACTIVITY, dataIndex: 'title' },
          { title: T.TYPE, dataIndex: 'type', width: 120, render: (t: number) => TYPES[t] ?? t },
          { title: T.PENDING, dataIndex: 'pending', width: 100, render: (n: number) => <Badge count={n} showZero overflowCount={9999} /> },
          {
            title: '操作',
            width: 100,
            render: (_, r) => (
              <Button type="link" onClick={() => navigate(scopeLink(org, `adminCheck/adminCheckContest/adminCheckContestWorkIndex?actID=${r.id}`))}>
                {T.CHECK_DETAIL}
              </Button>
            ),
          },
        ]}
      />
    </PagePanel>
  );
}
