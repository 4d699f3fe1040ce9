import { Suspense, lazy } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Empty, theme } from 'antd';
import { routeOfResource } from '@huodong/domain/routes';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
// Straight from their modules, not the machinery's index: the page's first load is the tabs and
// the declarations' data; the list machinery (table, filters) loads with the tab that shows a list.
import { DECLARATIONS } from '../../resources/declarations.data';
import { DetailTabs, type DetailTab } from '../../resources/DetailTabs';
import { findDeclaration, parentDeclarationOf, type Row } from '../../resources/listModel';
import { resourceListPath, resourceQueryKey } from '../../resources/resourcePaths';
import { actIdOf } from './actId';
import { BackHeader } from './BackHeader';
import { BACK, DETAIL_MISSING, NEED_DETAIL, TAB_SETTINGS, TAB_STATS } from './texts';

// The settings (the type's fields with their cells and actions) load with their tab, as the figures do.
const ActivitySettings = lazy(() => import('./ActivitySettings').then((m) => ({ default: m.ActivitySettings })));
// The figures load with their tab (cards and the chart's own lazy chunk): not part of the page's first load.
const ActivityStats = lazy(() => import('./ActivityStats').then((m) => ({ default: m.ActivityStats })));

const PARTICIPANTS = findDeclaration('activityParticipants');
/** The organisation's activities of every type (`/v1/{org}/activity`): the participants' parent, read by id whatever its type. */
const ACTIVITIES = parentDeclarationOf(PARTICIPANTS)!;

/** The declaration of an activity's type: the one whose fixed discriminator is that type. */
const typeDeclarationOf = (type: unknown) => DECLARATIONS.find((d) => d.fixed?.type === type);

/** What another feature's tab of an activity is given. */
export interface ActivityOfTab {
  id: number;
  type: number;
  title: string;
}

export interface ActivityDetailProps {
  /** Tabs after the page's own (another feature's panels, e.g. 证书), by the activity read. */
  extraTabs?: (act: ActivityOfTab, org: string) => DetailTab[];
}

/**
 * 活动详情 (`adminAct/adminActDetail?actID=`, every type's list links here): the activity's
 * settings with 编辑 (its type's form), its participants (the declared child list with its
 * filters and export) and its figures (joins per day as a chart), as tabs kept in `?tab=`.
 * Later issues add their type's own tabs here; another feature's tabs (an activity's
 * certificates) come in `extraTabs`, wired in app/ (features never import each other).
 */
export default function ActivityDetailPage({ extraTabs }: ActivityDetailProps = {}) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const id = actIdOf(params.get('actID'));
  // Edits and the figures are read under this key: saving the settings refreshes both.
  const key = resourceQueryKey(ACTIVITIES);
  const act = useApiQuery<Row>([...key, 'one', id], id !== undefined ? `${resourceListPath(ACTIVITIES, org)}/${id}` : null);
  const def = act.data ? typeDeclarationOf(act.data.type) : undefined;
  const list = def && routeOfResource(def.name);

  const header = (
    <BackHeader
      back={list ? `${BACK}${list.title}` : BACK}
      onBack={() => (list ? navigate(scopeLink(org, list.path)) : navigate(-1))}
      title={act.data && def && `${def.title}：${String(act.data.title)}`}
      testId="detail-title"
    />
  );

  let body;
  if (id === undefined) body = <Empty description={NEED_DETAIL} />;
  else if (act.isPending) body = <PageLoading />;
  else if (!act.data || !def) body = <Empty description={DETAIL_MISSING} />;
  else {
    const row = act.data;
    const tabs: DetailTab[] = [
      {
        key: 'settings',
        title: TAB_SETTINGS,
        render: () => (
          <Suspense fallback={<PageLoading />}>
            <ActivitySettings def={def} row={row} org={org} refresh={key} />
          </Suspense>
        ),
      },
      { child: PARTICIPANTS, key: 'participants' },
      {
        key: 'stats',
        title: TAB_STATS,
        render: () => (
          <Suspense fallback={<PageLoading />}>
            <ActivityStats org={org} id={row.id} queryKey={key} />
          </Suspense>
        ),
      },
      ...(extraTabs?.({ id: row.id, type: Number(row.type), title: String(row.title) }, org) ?? []),
    ];
    body = <DetailTabs tabs={tabs} parentId={row.id} org={org} />;
  }

  return (
    <div data-testid="activity-detail" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      {header}
      {body}
    </div>
  );
}
