import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * The page registry: route path (ROUTES `path`, relative to `/{org}/`) → page. One line per page.
 * A page whose route is built (`isBuilt` in the domain route table) and listed here is routed
 * under `/{org}/{path}` with its guards; the side menu comes from the server's buildMenu.
 *
 * An entry is a module loader `() => import('…')` whose default export is the page (preferred:
 * the router loads the module before it switches pages, so the progress bar covers it), or a
 * `React.lazy(...)` component.
 */
export type PageModule = { default: ComponentType };
export type PageEntry = (() => Promise<PageModule>) | LazyExoticComponent<ComponentType>;

export const PAGES: Record<string, PageEntry> = {
  login: () => import('../features/auth/LoginPage'),
  errorPage: () => import('../features/errors/ErrorPage'),
  functionIndex: () => import('../features/home/FunctionIndexPage'),
  index: () => import('../features/home/IndexPage'),
  orgManage: () => import('../features/platform/OrgManagePage'),
  'manage/superManage': () => import('../features/platform/declaredPages').then((m) => ({ default: m.SuperManagePage })),
  'manage/adminManage': () => import('../features/platform/AdminManagePage'),
  'manage/adminOrgManage': () => import('../features/platform/AdminOrgManagePage'),
  'manage/sellerManage': () => import('../features/platform/declaredPages').then((m) => ({ default: m.SellerManagePage })),
  'system/moduleManage': () => import('../features/platform/declaredPages').then((m) => ({ default: m.ModuleManagePage })),
  'system/systemTag': () => import('../features/platform/declaredPages').then((m) => ({ default: m.SystemTagPage })),
  'system/quickReply': () => import('../features/platform/declaredPages').then((m) => ({ default: m.QuickReplyPage })),
  'questionManage/categoryManage': () => import('../features/platform/declaredPages').then((m) => ({ default: m.CategoryManagePage })),
  'adminSystem/adminScope': () => import('../features/platform/declaredPages').then((m) => ({ default: m.AdminScopePage })),
  adminManager: () => import('../features/platform/AdminManagerPage'),
  'adminCount/adminUserCount': () => import('../features/orgUsers/AdminUserCountPage'),
};

/**
 * Top-level pages: `/{name}`, outside every scope, no login guard. Their first path segment is
 * also listed in TOP_LEVEL_SEGMENTS (shared/scope.ts) so it is not taken for an organisation key.
 * The `uploadMore` spreadsheet helper page is registered here by its own helper.
 */
export const TOP_LEVEL_PAGES: Record<string, PageEntry> = {
  error: () => import('../features/errors/ErrorPage'),
  error404: () => import('../features/errors/NotFoundPage'),
  uploadMore: () => import('../features/uploadMore/UploadMorePage'),
};
