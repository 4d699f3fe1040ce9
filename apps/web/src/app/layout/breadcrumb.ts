import { MENU_GROUPS, findRoute, type RouteDef } from '@huodong/domain/routes';
import { activityListOf, isActivityList, placeOf, routeChain } from '@huodong/domain/routePlaces';

/** One breadcrumb entry; `to` (a path under the scope, with its query) makes it a link. */
export interface Crumb {
  title: string;
  to?: string;
}

/** The record a sub page names in its query, once read: its name and, for an activity, its type. */
export interface PageRecord {
  name: string;
  type?: unknown;
}

/** Where a page sits: its chain of pages from the menu's page down to itself, and its breadcrumb. */
export interface PagePlace {
  /** The page of the side menu it belongs to (kept selected, its group open), if any. */
  menuRoute?: RouteDef;
  /** The page it is opened from (the way back when its query is missing). */
  parent?: RouteDef;
  crumbs: Crumb[];
}

/**
 * A page's place from the route table: menu group › the pages it is opened from (links keeping
 * their query) › 「the record's name」 › the page. An activity's sub page hangs under the list of
 * the activity's type once the activity is read (活动详情 and 知识竞赛统计 serve several types).
 * The spec's legacy default entries (/admin/home, /admin/home/contenttwo) are not reproduced.
 */
export function pagePlace(path: string, params: URLSearchParams, record?: PageRecord): PagePlace {
  const chain = routeChain(path);
  if (chain.length === 0) return { crumbs: [] };
  const typeList = record?.type !== undefined ? findRoute(activityListOf(record.type) ?? '') : undefined;
  if (typeList && isActivityList(chain[0].path)) chain[0] = typeList;
  const crumbs: Crumb[] = [];
  const group = MENU_GROUPS.find((g) => g.key === chain[0].group);
  if (group) crumbs.push({ title: group.title });
  const places = chain.map((rt) => placeOf(rt.path));
  chain.forEach((rt, i) => {
    const place = places[i];
    if (record && place?.record && !places[i - 1]?.record) crumbs.push({ title: `「${record.name}」` });
    const last = i === chain.length - 1;
    const value = place?.query ? params.get(place.query) : null;
    crumbs.push(last || (place?.query && !value) ? { title: rt.title } : { title: rt.title, to: place?.query ? `${rt.path}?${place.query}=${encodeURIComponent(value!)}` : rt.path });
  });
  const parent = chain.length > 1 ? chain[chain.length - 2] : undefined;
  return { menuRoute: chain[0].group ? chain[0] : undefined, parent, crumbs };
}

/** Breadcrumb titles of a route path (no record read). */
export function breadcrumbTitles(path: string): string[] {
  return pagePlace(path, new URLSearchParams()).crumbs.map((c) => c.title);
}
