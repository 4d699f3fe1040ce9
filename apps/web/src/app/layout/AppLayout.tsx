import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Drawer, Layout, Menu, Space, Spin, Typography, type MenuProps } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { SUPER_SCOPE } from '@huodong/domain/routes';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '@huodong/domain/constants';
import { LOADING } from '@huodong/domain/messages';
import { api } from '../../shared/api';
import { orgLabel } from '../../shared/orgLabel';
import { markAuthorised, usePageAuthorised } from '../../shared/pageAuth';
import { PageLoading } from '../../shared/PageLoading';
import { apiBase, loginPath, scopeLink } from '../../shared/scope';
import { isSuperCaller, useMenu, useOrgInfo, useRememberOrg, useScope, useSelf } from '../../shared/session';
import { ADMIN_SUFFIX, APP_NAME, LOGOUT, OPEN_MENU, SUPER_TITLE } from '../../shared/texts';
import { pickToken, tokenStore } from '../../shared/tokenStore';
import { useNarrow } from '../../shared/useNarrow';
import { breadcrumbTitles } from './breadcrumb';
import { CONTENT_ID } from './contentId';
import { useLeaveGuard } from './useLeaveGuard';

const { Header, Sider, Content } = Layout;

/** antd's dark menu background (Layout.Sider's), behind the menu in the drawer too. */
const MENU_BACKGROUND = '#001529';

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
    <Space size={narrow ? 'small' : 'middle'} style={{ flex: 'none' }}>
      <Space size={4} data-testid="current-user">
        <UserOutlined />
        <span style={narrow ? { ...ONE_LINE, display: 'inline-block', maxWidth: 96, verticalAlign: 'bottom' } : undefined}>{name}</span>
      </Space>
      <Button type="link" icon={<LogoutOutlined />} onClick={logout} loading={leaving} aria-label={LOGOUT} title={narrow ? LOGOUT : undefined}>
        {narrow ? null : LOGOUT}
      </Button>
    </Space>
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

  const crumbs = breadcrumbTitles(rest).map((t) => ({ title: t }));

  return (
    <Layout style={{ height: '100vh' }} data-testid="app-layout">
      {narrow ? (
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
      ) : (
        <Sider width={220} style={{ overflow: 'auto' }}>
          <div style={{ height: 64, lineHeight: '64px', padding: '0 24px', color: '#fff', fontWeight: 600 }}>{APP_NAME}</div>
          <SideMenu />
        </Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Header style={{ background: '#fff', padding: narrow ? '0 12px' : '0 24px', display: 'flex', alignItems: 'center', gap: 12 }}>
          {narrow && <Button type="text" icon={<MenuOutlined />} aria-label={OPEN_MENU} title={OPEN_MENU} onClick={() => setDrawerOpen(true)} />}
          <Typography.Title level={4} data-testid="header-title" title={title} style={{ ...ONE_LINE, margin: 0, flex: 1, minWidth: 0 }}>
            {title}
          </Typography.Title>
          <UserBar narrow={narrow} />
        </Header>
        <Content id={CONTENT_ID} style={{ overflow: 'auto', padding: narrow ? 12 : 24 }}>
          <Breadcrumb items={crumbs} style={{ marginBottom: 16 }} />
          <Spin spinning={navigation.state === 'loading'} description={LOADING}>
            <Suspense fallback={<PageLoading />}>{authorised ? <Outlet /> : null}</Suspense>
          </Spin>
        </Content>
      </Layout>
    </Layout>
  );
}
