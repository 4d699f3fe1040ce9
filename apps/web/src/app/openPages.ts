import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Pages opened without signing in: the scoped ones (`/{org}/{path}`, routes with `login: false`)
 * and the top-level ones. Only these loaders are part of the first load; the registry of the
 * signed-in pages (app/pages.tsx) loads beside the signed-in layout, so that the login page does
 * not carry the chunk lists of every page of the back office.
 *
 * An entry is a module loader `() => import('…')` whose default export is the page (preferred:
 * the router loads the module before it switches pages, so the progress bar covers it), or a
 * `React.lazy(...)` component.
 */
export type PageModule = { default: ComponentType };
export type PageEntry = (() => Promise<PageModule>) | LazyExoticComponent<ComponentType>;

export const OPEN_PAGES: Record<string, PageEntry> = {
  login: () => import('../features/auth/LoginPage'),
  errorPage: () => import('../features/errors/ErrorPage'),
  'alter/viewCount': () => import('../features/activities/ViewCountPage'),
  expertJudge: () => import('./laterPages').then((m) => ({ default: m.ExpertJudge })),
  certVerify: () => import('../features/review/CertVerifyPage'),
  trainSign: () => import('./ReaderAppPage'),
  scan: () => import('./ReaderAppPage'),
  'readPromotion/pdfDetail': () => import('./laterPages').then((m) => ({ default: m.OrgCase })),
  'readPromotion/adminPdfDetail': () => import('./laterPages').then((m) => ({ default: m.PlatformCase })),
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
