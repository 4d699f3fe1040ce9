import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Menu, { type MenuProps } from 'antd/es/menu';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { SUPER_SCOPE } from '@huodong/domain/routes';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '@huodong/domain/constants';
import { LOADING, NO_PERMISSION_PAGE } from '@huodong/domain/messages';
import { api } from '../../shared/api';
import { orgLabel } from '../../shared/orgLabel';
import { markAuthorised, usePageAuthorised } from '../../shared/pageAuth';
import { PageLoading } from '../../shared/PageLoading';
import { createQueryClient } from '../../shared/queryClient';
import { apiBase, errorPagePath, loginPath, scopeLink } from '../../shared/scope';
import { isOrgAdmin, isSuperCaller, useMenu, useOrgInfo, useRememberOrg, useScope, useSelf } from '../../shared/session';
import { AuthGate, RedirectWithNotice } from '../guards';
import { ADMIN_SUFFIX, APP_NAME, LOGOUT, OPEN_MENU, SUPER_TITLE } from '../../shared/texts';
import { pickToken, tokenStore } from '../../shared/tokenStore';
import { useNarrow } from '../../shared/useNarrow';
import { breadcrumbTitles } from './breadcrumb';
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

/** The side menu; `onNavigate` runs when one of its pages is clicked (closes the drawer). */
function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { scope, rest } = useScope();
  const menu = useMenu();
  const groups = menu.data ?? [];
  const current = groups.find((g) => g.children.some((c) => c.path === rest))?.key;
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
      selectedKeys={[rest]}
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
  useEffect(() => {
    document.title = title;
  }, [title]);

  const crumbs = breadcrumbTitles(rest);

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
            <SideMenu onNavigate={closeDrawer} />
          </Drawer>
        </Suspense>
      ) : (
        <aside style={{ flex: '0 0 220px', width: 220, minWidth: 0, overflow: 'auto', background: MENU_BACKGROUND }}>
          <div style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`, padding: '0 24px', color: '#fff', fontWeight: 600 }}>{APP_NAME}</div>
          <SideMenu />
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
        <main id={CONTENT_ID} style={{ flex: 'auto', minHeight: 0, overflow: 'auto', padding: narrow ? 12 : 24 }}>
          <Crumbs titles={crumbs} />
          <Spin spinning={navigation.state === 'loading'} description={LOADING}>
            <Suspense fallback={<PageLoading />}>{authorised ? <Outlet /> : null}</Suspense>
          </Spin>
        </main>
      </section>
    </section>
  );
}

/** The breadcrumb (menu group › page), as antd's Breadcrumb draws plain titles. */
function Crumbs({ titles }: { titles: string[] }) {
  const { token } = theme.useToken();
  const items = titles.flatMap((t, i) => [
    ...(i > 0
      ? [
          <li key={`sep${i}`} aria-hidden="true" style={{ marginInline: token.marginXS }}>
            /
          </li>,
        ]
      : []),
    <li key={i} style={i === titles.length - 1 ? { color: token.colorText } : undefined}>
      {t}
    </li>,
  ]);
  return (
    <nav style={{ marginBottom: 16, color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
      <ol style={{ display: 'flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none' }}>{items}</ol>
    </nav>
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
