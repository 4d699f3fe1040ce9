import { useNavigate } from 'react-router';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { PendingActivitiesTable, type PendingActivity } from '../../shared/PendingActivitiesTable';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

/** 线下活动审核 (`adminCheck/adminCheckOffline`): offline activities with bookings waiting for approval (`/check/offline/activity`); 审核 opens one. */
export default function CheckOfflinePage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: PendingActivity[] }>(['offlineChecks', 'activities'], `/v1/${org}/check/offline/activity`);
  return (
    <PagePanel>
      <PendingActivitiesTable<PendingActivity>
        testId="check-offline"
        rowKey="id"
        loading={q.isPending}
        rows={q.data?.items}
        texts={{ activity: T.CHECK_ACTIVITY, pending: T.CHECK_PENDING, empty: T.NO_PENDING, open: T.CHECK_OPEN }}
        columns={[]}
        onOpen={(r) => navigate(scopeLink(org, `adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex?actID=${r.id}`))}
      />
    </PagePanel>
  );
}
