import { useNavigate } from 'react-router';
import { Badge, Button, Empty, Table } from 'antd';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';
import type { CheckActivityRow } from '@huodong/domain';

type CheckActivity = CheckActivityRow;
interface CheckKindInfo {
  kind: string;
  label: string;
  page: string;
}

const MODERATION: Record<string, string> = { pre: '先审后发', post: '先发后审', none: '不审核' };

/**
 * 作品审核 (`adminCheck/adminCheckAct`, design §1.5): the activities with reader content waiting
 * for review, by kind, with their counts and moderation mode; 审核 opens the kind's page.
 */
export default function CheckActPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: CheckActivity[]; kinds: CheckKindInfo[] }>(['checkQueue', 'activities'], `/v1/${org}/check/activity`);
  const kinds = new Map((q.data?.kinds ?? []).map((k) => [k.kind, k]));
  return (
    <PagePanel>
      <Table<CheckActivity>
        data-testid="check-activities"
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        pagination={false}
        // antd's own empty look (a bare string is drawn too faint to read)
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.NO_PENDING} /> }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: T.ACTIVITY, dataIndex: 'title' },
          { title: T.KIND, dataIndex: 'kind', width: 140, render: (k: string) => kinds.get(k)?.label ?? k },
          { title: T.MODERATION, dataIndex: 'moderation', width: 110, render: (m: string) => MODERATION[m] ?? m },
          { title: T.PENDING, dataIndex: 'pending', width: 100, render: (n: number) => <Badge count={n} showZero overflowCount={9999} /> },
          {
            title: '操作',
            width: 100,
            render: (_, r) => (
              <Button type="link" onClick={() => navigate(scopeLink(org, `${kinds.get(r.kind)?.page ?? ''}?actID=${r.id}&kind=${r.kind}`))}>
                {T.OPEN_QUEUE}
              </Button>
            ),
          },
        ]}
      />
    </PagePanel>
  );
}
