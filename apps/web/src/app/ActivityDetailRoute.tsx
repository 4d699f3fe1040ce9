import { Suspense, lazy } from 'react';
import ActivityDetailPage, { type ActivityOfTab } from '../features/activities/ActivityDetailPage';
import type { DetailTab } from '../resources/DetailTabs';
import { PageLoading } from '../shared/PageLoading';
import { CERT_TAB } from '../features/review/texts';

/**
 * 活动详情 (`adminAct/adminActDetail?actID=`) with the tabs other features add to an activity:
 * features never import each other, so the app puts them together. Each added tab's code loads
 * when the tab opens, not with the page.
 */
const ActivityCertificates = lazy(() => import('../features/review/ActivityCertificates'));

/** Activity types with certificate rules (the works activities and lectures: the domain's CERT_RULE_TYPES, docs/decisions.md). */
const CERT_TYPES = new Set([1, 9, 19]);

const extraTabs = (act: ActivityOfTab, org: string): DetailTab[] =>
  CERT_TYPES.has(act.type)
    ? [
        {
          key: 'certificates',
          title: CERT_TAB,
          render: () => (
            <Suspense fallback={<PageLoading />}>
              <ActivityCertificates org={org} actId={act.id} actType={act.type} />
            </Suspense>
          ),
        },
      ]
    : [];

export default function ActivityDetailRoute() {
  return <ActivityDetailPage extraTabs={extraTabs} />;
}
