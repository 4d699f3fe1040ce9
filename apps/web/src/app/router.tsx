import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation, useParams, type RouteObject } from 'react-router';
import NProgress from 'nprogress';
import { ROUTES, SUPER_SCOPE, isBuilt, type RouteDef } from '@huodong/domain/routes';
import { PageLoading } from '../shared/PageLoading';
import { bindNavigate } from '../shared/navigation';
import { PAGE_NOT_FOUND_REASON, errorPagePath, homePath, splitScopedPath } from '../shared/scope';
import { RouteGuard } from './guards';
import { RouteError } from './RouteError';
import { OPEN_PAGES, TOP_LEVEL_PAGES, type PageEntry, type PageModule } from './openPages';

/** React.lazy components are objects at run time; loaders are plain functions. */
const isLoader = (entry: PageEntry): entry is () => Promise<PageModule> => typeof entry === 'function';

type Wrap = (Page: ComponentType) => ComponentType;

/**
 * The signed-in layout's module: the layout, its query client and the administrator-only check.
 * Not part of the login page's load; a signed-in page's route loads it alongside its own module
 * (one request: the parent route's `lazy` asks for the same module).
 */
const loadLayout = () => import('./layout/AppLayout');
/** The signed-in pages' registry (app/pages.tsx): loaded beside the layout, never by the login page. */
const loadRegistry = () => import('./pages');

/** A registry entry as route fields: module loaders become route `lazy`, React.lazy components render in Suspense. */
function pageRoute(entry: PageEntry, wrap: Wrap): Pick<RouteObject, 'lazy' | 'Component'> {
  if (isLoader(entry)) {
    return { lazy: async () => ({ Component: wrap((await entry()).default) }) };
  }
  return { Component: wrap(entry) };
}

const inSuspense = (Page: ComponentType) => () => (
  <Suspense fallback={<PageLoading />}>
    <Page />
  </Suspense>
);

const guarded =
  (route: RouteDef, adminOnly?: ComponentType<{ children: ReactNode }>): Wrap =>
  (Page) => {
    const Inner = inSuspense(Page);
    return function GuardedPage() {
      return (
        <RouteGuard route={route} adminOnly={adminOnly}>
          <Inner />
        </RouteGuard>
      );
    };
  };

/**
 * Routes of the domain table whose page is built: those opened without signing in from
 * OPEN_PAGES; the signed-in ones load their page through the registry, beside the layout.
 */
function scopedRoutes(login: boolean): RouteObject[] {
  if (!login) {
    return ROUTES.filter((r) => !r.login && isBuilt(r) && OPEN_PAGES[r.path]).map((r) => ({ path: r.path, ...pageRoute(OPEN_PAGES[r.path], guarded(r)) }));
  }
  return ROUTES.filter((r) => r.login && isBuilt(r)).map((r) => ({
    path: r.path,
    lazy: async () => {
      const pageModule = loadRegistry().then(({ pageOf }) => {
        const entry = pageOf(r);
        if (!entry) throw new Error(`route ${r.path} is built but has no page in app/pages.tsx`);
        return isLoader(entry) ? entry().then((m) => m.default) : entry;
      });
      const [layout, Page] = await Promise.all([loadLayout(), pageModule]);
      return { Component: guarded(r, layout.AdminOnly)(Page) };
    },
  }));
}

if (import.meta.env.DEV) {
  void loadRegistry().then(({ PAGES, pageOf }) => {
    const built = new Set(ROUTES.filter(isBuilt).map((r) => r.path));
    for (const path of [...Object.keys(OPEN_PAGES), ...Object.keys(PAGES)]) if (!built.has(path)) console.warn(`page ${path} is registered but not built in ROUTES`);
    for (const r of ROUTES.filter(isBuilt)) if (!pageOf(r)) console.warn(`route ${r.path} is built but has no page in app/pages.tsx`);
  });
}

/** Root: pages outside the signed-in layout scroll the window: to the top after each navigation (the layout scrolls its content area). */
function Root() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.key]);
  return <Outlet />;
}

function ScopeRootRedirect() {
  const { org } = useParams();
  return <Navigate to={homePath(org ?? SUPER_SCOPE)} replace />;
}

/** Unknown paths (and pages not built yet) go to the error page of their scope, which says the page does not exist. */
function UnknownPath() {
  const { pathname } = useLocation();
  return <Navigate to={`${errorPagePath(splitScopedPath(pathname).scope)}?reason=${PAGE_NOT_FOUND_REASON}`} replace />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to={homePath(SUPER_SCOPE)} replace /> },
      ...Object.entries(TOP_LEVEL_PAGES).map(([path, entry]) => ({ path, ...pageRoute(entry, inSuspense) })),
      {
        path: ':org',
        children: [
          { index: true, Component: ScopeRootRedirect },
          ...scopedRoutes(false),
          {
            // The signed-in layout (menu, breadcrumb, drawer) is not part of the login page's load.
            // Route `lazy`: its module loads alongside the page's, not after it.
            lazy: async () => ({ Component: (await loadLayout()).SignedInLayout }),
            children: scopedRoutes(true),
          },
          { path: '*', Component: UnknownPath },
        ],
      },
      { path: '*', Component: UnknownPath },
    ],
  },
];

export function createAppRouter() {
  // nprogress's own template marks the bar role="bar", which is no ARIA role (axe: critical): the
  // bar is decoration, the page's aria-busy says it is loading.
  NProgress.configure({ showSpinner: false, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });
  NProgress.start();
  const router = createBrowserRouter(routes);
  // Progress bar: starts when a navigation starts (incl. loading a page module), done when idle.
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  });
  if (router.state.initialized && router.state.navigation.state === 'idle') NProgress.done();
  bindNavigate((to, opts) => void router.navigate(to, opts));
  return router;
}
