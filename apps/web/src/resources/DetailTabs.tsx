import { Suspense, lazy, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { PageLoading } from '../shared/PageLoading';
import type { Declaration } from './declarations';

// A child's list (table, filters, pagination) loads when its tab opens: a detail page opening on
// a panel of its own does not carry it.
const ResourcePage = lazy(() => import('./ResourcePage').then((m) => ({ default: m.ResourcePage })));

/** One tab of a detail page: a child resource's list (scoped to the parent), or a panel of the page's own. */
export type DetailTab = { child: Declaration; key?: string; title?: string } | { key: string; title: string; render: () => ReactNode };

export const detailTabKey = (tab: DetailTab): string => ('child' in tab ? (tab.key ?? tab.child.name) : tab.key);

export interface DetailTabsProps {
  tabs: readonly DetailTab[];
  /** The parent row's id: fills each child's parent `{param}`. */
  parentId: number;
  org?: string;
  /** Above the tabs (e.g. the parent's ParentBar). */
  header?: ReactNode;
  /** The query parameter keeping the open tab (default `tab`), so a reload or a link opens it again. */
  param?: string;
}

/**
 * A detail page of one parent row (an activity's works, questions, statistics): its child
 * resources as `ResourcePage`s with all their paging, filters and actions, and the page's own
 * panels, as tabs. Only the open tab is rendered.
 */
export function DetailTabs({ tabs, parentId, org, header, param = 'tab' }: DetailTabsProps) {
  const [params, setParams] = useSearchParams();
  const keys = tabs.map(detailTabKey);
  const wanted = params.get(param);
  const active = wanted && keys.includes(wanted) ? wanted : keys[0];
  const open = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(param, key);
        return next;
      },
      { replace: true },
    );
  return (
    <div data-testid="detail-tabs">
      {header && <div style={{ marginBottom: 16 }}>{header}</div>}
      <Tabs
        activeKey={active}
        onChange={open}
        destroyOnHidden
        items={tabs.map((tab) => ({
          key: detailTabKey(tab),
          label: 'child' in tab ? (tab.title ?? tab.child.title) : tab.title,
          children:
            'child' in tab ? (
              <Suspense fallback={<PageLoading />}>
                <ResourcePage def={tab.child} org={org} parentId={parentId} />
              </Suspense>
            ) : (
              tab.render()
            ),
        }))}
      />
    </div>
  );
}
