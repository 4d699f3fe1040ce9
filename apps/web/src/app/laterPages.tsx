import { lazy, Suspense, type LazyExoticComponent, type ComponentType } from 'react';

/**
 * Open pages whose weight waits for their route: the login page's first load lists every open
 * page's dependencies (app/openPages.ts, e2e/budgets.test.ts), so the heavier ones (antd's form,
 * their own clients) are imported from this module, itself one small chunk.
 */
const later = (Page: LazyExoticComponent<ComponentType>) =>
  function LaterPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };

export const ExpertJudge = later(lazy(() => import('../features/review/ExpertJudgePage')));
export const OrgCase = later(lazy(() => import('../features/cases/ReadPromotionPage').then((m) => ({ default: m.OrgCasePage }))));
export const PlatformCase = later(lazy(() => import('../features/cases/ReadPromotionPage').then((m) => ({ default: m.PlatformCasePage }))));
