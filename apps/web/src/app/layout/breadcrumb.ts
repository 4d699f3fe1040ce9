import { MENU_GROUPS, findRoute } from '@huodong/domain/routes';

/** Breadcrumb of a route path: the menu group title › the page title (sub pages: their title only). */
export function breadcrumbTitles(path: string): string[] {
  const route = findRoute(path);
  if (!route) return [];
  const group = MENU_GROUPS.find((g) => g.key === route.group);
  return group ? [group.title, route.title] : [route.title];
}
