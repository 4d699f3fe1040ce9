import { useNavigate } from 'react-router';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { PendingActivitiesTable, type PendingActivity } from '../../shared/PendingActivitiesTable';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

type ContestPending = PendingActivity & { type: number };

const TYPES: Record<number, string> = { 3: '知识竞赛', 6: '进阶知识竞赛' };

/** 竞赛审核 (`adminCheck/adminCheckContest`): contests with short answers waiting for hand marks; 批改 opens one. */
export default function CheckContestPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: ContestPending[] }>(['contestMarks', 'activities'], `/v1/${org}/check/activity`, { kind: 'contest' });
  return (
    <PagePanel>
      <PendingActivitiesTable<ContestPending>
        testId="check-contests"
        rowKey="id"
        loading={q.isPending}
        rows={q.data?.items}
        texts={{ activity: T.ACTIVITY, pending: T.PENDING, empty: T.NO_PENDING, open: T.CHECK_DETAIL }}
        columns={[{ title: T.TYPE, dataIndex: 'type', width: 120, render: (t: number) => TYPES[t] ?? t }]}
        onOpen={(r) => navigate(scopeLink(org, `adminCheck/adminCheckContest/adminCheckContestWorkIndex?actID=${r.id}`))}
      />
    </PagePanel>
  );
}
