import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Menu, { type MenuProps } from 'antd/es/menu';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { SUPER_SCOPE, findRoute, type RouteDef } from '@huodong/domain/routes';
import { ROUTE_RECORDS, hasRouteQuery, placeOf } from '@huodong/domain/routePlaces';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '@huodong/domain/constants';
import { LOADING, NO_PERMISSION_PAGE } from '@huodong/domain/messages';
import { api, useApiQuery } from '../../shared/api';
import { orgLabel } from '../../shared/orgLabel';
import { markAuthorised, usePageAuthorised } from '../../shared/pageAuth';
import { PageLoading } from '../../shared/PageLoading';
import { createQueryClient } from '../../shared/queryClient';
import { apiBase, errorPagePath, loginPath, scopeLink } from '../../shared/scope';
import { isOrgAdmin, isSuperCaller, useMenu, useOrgInfo, useRememberOrg, useScope, useSelf } from '../../shared/session';
import { AuthGate, RedirectWithNotice } from '../guards';
import { ADMIN_SUFFIX, APP_NAME, LOGOUT, OPEN_MENU, SUPER_TITLE } from '../../shared/texts';
import { BREADCRUMB, NEED_ACTIVITY_LIST, backTo, needFromList } from './texts';
import { pickToken, tokenStore } from '../../shared/tokenStore';
import { useNarrow } from '../../shared/useNarrow';
import { pagePlace, type Crumb, type PageRecord } from './breadcrumb';
import { CONTENT_ID } from './contentId';
import { useLeaveGuard } from './useLeaveGuard';

/*
 * The frame is drawn with plain elements in antd's Layout and Breadcrumb styles (same landmarks:
 * section, aside, header, main, nav), and the drawer (narrow screens only) loads when used: every
 * signed-in page loads this module (budget in e2e/budgets.test.ts).
 */
const Drawer = lazy(() => import('antd/es/drawer'));

/** antd's dark menu background (Layout.Sider's), behind the menu in the drawer too. */
const MENU_BACKGROUND = '#001529';
/** antd Layout.Header's height. */
const HEADER_HEIGHT = 64;

/** Text kept to one line, cut with an ellipsis. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** Header title: 超级管理后台 for the super scope, else the organisation name (with ID for super callers). */
function useHeaderTitle(): string {
  const { isSuper } = useScope();
  const self = useSelf();
  const org = useOrgInfo();
  if (isSuper) return SUPER_TITLE;
  if (!org.data) return ADMIN_SUFFIX;
  return `${orgLabel(org.data, isSuperCaller(self.data))}${ADMIN_SUFFIX}`;
}

/** What `document.title` ends with: the organisation's name, or the product's on the super side. */
function useSiteName(): string {
  const { isSuper } = useScope();
  const org = useOrgInfo();
  return isSuper ? APP_NAME : (org.data?.name ?? APP_NAME);
}

/**
 * The record a sub page names in its query (an activity by `actID`, an expert activity by `id`),
 * read by id through the call and cache key of its resource's own pages, for the breadcrumb.
 */
function usePageRecord(path: string, params: URLSearchParams): PageRecord | undefined {
  const { scope, isSuper } = useScope();
  const place = placeOf(path);
  const rec = place?.record ? ROUTE_RECORDS[place.record] : undefined;
  const value = place?.query ? params.get(place.query) : null;
  const call = rec && !isSuper && hasRouteQuery(path, params) ? rec.path.replace('{org}', encodeURIComponent(scope)).replace('{id}', value!) : null;
  const read = useApiQuery<Record<string, unknown>>(['resource', rec?.resource, 'one', Number(value)], call);
  if (!rec || !call || !read.data) return undefined;
  return { name: String(read.data[rec.name] ?? ''), type: read.data.type };
}

/**
 * The side menu; `onNavigate` runs when one of its pages is clicked (closes the drawer). The item
 * of `menuPath` (the page itself, or for a sub page the menu page it is opened from) is selected
 * and its group open.
 */
function SideMenu({ menuPath, onNavigate }: { menuPath: string; onNavigate?: () => void }) {
  const { scope } = useScope();
  const menu = useMenu();
  const groups = menu.data ?? [];
  const current = groups.find((g) => g.children.some((c) => c.path === menuPath))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current) ? keys : [...keys, current]));
  }, [current]);

  const items: MenuProps['items'] = useMemo(
    () =>
      groups.map((g) => ({
        key: g.key,
        label: g.title,
        children: g.children.map((c) => ({ key: c.path, label: <Link to={scopeLink(scope, c.path)}>{c.title}</Link> })),
      })),
    [groups, scope],
  );

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[menuPath]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onNavigate}
      subMenuOpenDelay={MENU_OPEN_DELAY_MS / 1000}
      subMenuCloseDelay={MENU_CLOSE_DELAY_MS / 1000}
    />
  );
}

/** The signed-in account and 退出登录; narrow screens show the button as its icon (named for screen readers). */
function UserBar({ narrow }: { narrow: boolean }) {
  const { scope } = useScope();
  const self = useSelf();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    const used = pickToken(`${apiBase(scope)}/logout`, scope, tokenStore.all());
    setLeaving(true);
    try {
      await api.post(`${apiBase(scope)}/logout`, undefined, { silent: true });
    } catch {
      // The token is dropped locally whatever the server says.
    } finally {
      setLeaving(false);
    }
    if (used) tokenStore.clear(used.scope);
    // A super administrator browsing an organisation goes back to the super login.
    await navigate(loginPath(used?.scope === SUPER_SCOPE ? SUPER_SCOPE : scope), { replace: true });
    // Drop the cache only once the layout is gone, so its queries do not refetch without a token.
    client.clear();
  };

  const name = self.data ? self.data.real_name || self.data.account : '';
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: narrow ? 8 : 16, flex: 'none' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid="current-user">
        <UserOutlined />
        <span style={narrow ? { ...ONE_LINE, display: 'inline-block', maxWidth: 96, verticalAlign: 'bottom' } : undefined}>{name}</span>
      </div>
      <Button type="link" icon={<LogoutOutlined />} onClick={logout} loading={leaving} aria-label={LOGOUT} title={narrow ? LOGOUT : undefined}>
        {narrow ? null : LOGOUT}
      </Button>
    </div>
  );
}

/**
 * The back-office frame: side menu, header (title, user, 退出登录), breadcrumb and content. Below
 * the `lg` breakpoint the menu is a drawer opened from the header (see useNarrow).
 */
export function AppLayout() {
  const { rest } = useScope();
  const location = useLocation();
  const [params] = useSearchParams();
  const route = findRoute(rest);
  const place = pagePlace(rest, params, usePageRecord(rest, params));
  const menuPath = place.menuRoute?.path ?? rest;
  const siteName = useSiteName();
  // A sub page opened without what it shows (spec §2 `?actID=`) gets the way to it instead.
  const missing = route && !hasRouteQuery(rest, params);
  const navigation = useNavigation();
  const authorised = usePageAuthorised();
  const title = useHeaderTitle();
  const narrow = useNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { token } = theme.useToken();
  const closeDrawer = () => setDrawerOpen(false);
  useLeaveGuard();
  useRememberOrg();

  // A new page starts authorised; 401 / 404 页面不存在 mark it otherwise (shared/pageAuth).
  useEffect(() => markAuthorised(), [location.key]);
  // Every navigation closes the drawer, also one that did not come from the menu.
  useEffect(() => setDrawerOpen(false), [location.key]);
  // Spec §2: the content area (the element that scrolls, not the window) starts at the top after
  // each navigation, before the new page is first painted at the old page's offset.
  const content = useRef<HTMLElement>(null);
  // (A block body: scrollTo returns a promise in current Chromium, which React would call as the cleanup.)
  useLayoutEffect(() => {
    content.current?.scrollTo({ top: 0 });
  }, [location.key]);
  // WCAG 2.4.2: the page, then the organisation (`竞赛题目 - 市图书馆`).
  const pageTitle = route?.title;
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${siteName}` : siteName;
  }, [pageTitle, siteName]);

  return (
    <section
      style={{ display: 'flex', height: '100vh', minHeight: 0, background: token.colorBgLayout, color: token.colorText }}
      data-testid="app-layout"
    >
      {narrow ? (
        <Suspense fallback={null}>
          <Drawer
            open={drawerOpen}
            onClose={closeDrawer}
            placement="left"
            size={256}
            title={APP_NAME}
            styles={{ body: { padding: 0, background: MENU_BACKGROUND } }}
          >
            <SideMenu menuPath={menuPath} onNavigate={closeDrawer} />
          </Drawer>
        </Suspense>
      ) : (
        <aside style={{ flex: '0 0 220px', width: 220, minWidth: 0, overflow: 'auto', background: MENU_BACKGROUND }}>
          <div style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`, padding: '0 24px', color: '#fff', fontWeight: 600 }}>{APP_NAME}</div>
          <SideMenu menuPath={menuPath} />
        </aside>
      )}
      <section style={{ display: 'flex', flexDirection: 'column', flex: 'auto', minWidth: 0, minHeight: 0 }}>
        <header
          style={{
            flex: '0 0 auto',
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            background: '#fff',
            padding: narrow ? '0 12px' : '0 24px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
          }}
        >
          {narrow && <Button type="text" icon={<MenuOutlined />} aria-label={OPEN_MENU} title={OPEN_MENU} onClick={() => setDrawerOpen(true)} />}
          {/* A plain heading styled as antd's Title level 4 (Typography would bring its editable
              and copyable machinery, TextArea and Tooltip among it, to every signed-in page). */}
          <h4
            data-testid="header-title"
            title={title}
            style={{
              ...ONE_LINE,
              margin: 0,
              flex: 1,
              minWidth: 0,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h4>
          <UserBar narrow={narrow} />
        </header>
        <main id={CONTENT_ID} ref={content} style={{ flex: 'auto', minHeight: 0, overflow: 'auto', padding: narrow ? 12 : 24 }}>
          <Crumbs crumbs={place.crumbs} />
          <Spin spinning={navigation.state === 'loading'} description={LOADING}>
            <Suspense fallback={<PageLoading />}>{!authorised ? null : missing ? <MissingQuery route={route} parent={place.parent} /> : <Outlet />}</Suspense>
          </Spin>
        </main>
      </section>
    </section>
  );
}

/**
 * The breadcrumb (menu group › the pages a sub page is opened from › 「record」 › page), as
 * antd's Breadcrumb draws it. The current page is the page's one `<h1>` (WCAG 1.3.1, 2.4.6),
 * drawn as the breadcrumb's last entry.
 */
function Crumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { scope } = useScope();
  const { token } = theme.useToken();
  const last = crumbs.length - 1;
  const items = crumbs.flatMap((c, i) => [
    ...(i > 0
      ? [
          <li key={`sep${i}`} aria-hidden="true" style={{ marginInline: token.marginXS }}>
            /
          </li>,
        ]
      : []),
    <li key={i} style={i === last ? { color: token.colorText } : undefined} aria-current={i === last ? 'page' : undefined}>
      {i === last ? (
        <h1 data-testid="page-title" style={{ margin: 0, font: 'inherit', color: 'inherit' }}>
          {c.title}
        </h1>
      ) : c.to ? (
        <Link to={scopeLink(scope, c.to)} style={{ color: 'inherit' }}>
          {c.title}
        </Link>
      ) : (
        c.title
      )}
    </li>,
  ]);
  return (
    <nav aria-label={BREADCRUMB} data-testid="breadcrumb" style={{ marginBottom: 16, color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
      <ol style={{ display: 'flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none' }}>{items}</ol>
    </nav>
  );
}

/** A sub page without what it shows: where to come from, and a link to that list. */
function MissingQuery({ route, parent }: { route: RouteDef; parent?: RouteDef }) {
  const { scope } = useScope();
  const { token } = theme.useToken();
  const listTitle = parent?.title ?? '';
  return (
    <div data-testid="missing-query" style={{ padding: '48px 24px', textAlign: 'center', background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <p style={{ margin: '0 0 16px', color: token.colorTextDescription }}>{placeOf(route.path)?.record === 'activity' ? NEED_ACTIVITY_LIST : needFromList(listTitle)}</p>
      {parent && <Link to={scopeLink(scope, parent.path)}>{backTo(listTitle)}</Link>}
    </div>
  );
}

/** Pages only an organisation administrator (or super) may open (routes marked `adminOnly`). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { scope } = useScope();
  const self = useSelf();
  if (self.isPending) return <PageLoading />;
  // A failed self call was handled by the error catalogue (e.g. 401 → login).
  if (self.isError) return null;
  if (!isSuperCaller(self.data) && !isOrgAdmin(self.data)) {
    return <RedirectWithNotice to={errorPagePath(scope)} text={NO_PERMISSION_PAGE} level="error" />;
  }
  return children;
}

/**
 * The signed-in part of the app: the token check, then the layout, under a query client. Only
 * signed-in pages query the API through TanStack Query, so it is not part of the login page's
 * load. Each mount (after a login, or back from a page outside the layout) starts with an empty
 * cache: nothing of another session is shown.
 */
export function SignedInLayout() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AuthGate>
        <AppLayout />
      </AuthGate>
    </QueryClientProvider>
  );
}
