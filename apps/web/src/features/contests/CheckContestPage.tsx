import { useNavigate } from 'react-router';
import { ACTIVITY_TYPES } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { PendingActivitiesTable, type PendingActivity } from '../../shared/PendingActivitiesTable';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

type ContestPending = PendingActivity & { type: number };

/** 竞赛审核 (`adminCheck/adminCheckContest`): contests with short answers waiting for hand marks (their own queue, `/check/contest/activity`); 批改 opens one. */
export default function CheckContestPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: ContestPending[] }>(['contestMarks', 'activities'], `/v1/${org}/check/contest/activity`);
  return (
    <PagePanel>
      <PendingActivitiesTable<ContestPending>
        testId="check-contests"
        rowKey="id"
        loading={q.isPending}
        rows={q.data?.items}
        texts={{ activity: T.ACTIVITY, pending: T.PENDING, empty: T.NO_PENDING, open: T.CHECK_DETAIL }}
        columns={[{ title: T.TYPE, dataIndex: 'type', width: 120, render: (t: number) => ACTIVITY_TYPES[t] ?? t }]}
        onOpen={(r) => navigate(scopeLink(org, `adminCheck/adminCheckContest/adminCheckContestWorkIndex?actID=${r.id}`))}
      />
    </PagePanel>
  );
}
