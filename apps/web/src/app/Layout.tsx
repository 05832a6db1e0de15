import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Grid, Layout as AntLayout } from 'antd';
import { LoginOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@portal/contract/api/auth';
import { AppFooter } from '../components/AppFooter';
import { CurrencySelect } from '../components/CurrencySelect';
import { LanguageSelect } from '../components/LanguageSelect';
import { LoadingBar } from '../components/LoadingBar';
import { SiteBrand } from '../components/SiteBrand';
import type { NavEntry } from '../components/UserMenu';
import { userDisplayName } from '../components/user-display-name';
import { closeLoginDialog, openLoginDialog, useLoginDialogOpen } from '../features/auth/login-dialog-store';
import { useLogout } from '../features/auth/hooks/use-logout';
import { loadTexts, RERENDER_ON_NEW_TEXTS, TEXT_PARTS } from '../lib/i18n';
import { useSession } from '../lib/session';
import { landingPath, menuFor } from './guard';
import { paths } from './paths';
import { routes } from './routes';

// Issue 14, page weight: what only some visits need comes when first wanted, not with the shell: the login dialog (a
// logged-in user never sees it), the phone's menu drawer (opened by a tap), the wide screen's menus (a phone shows
// neither; on a wide screen they come beside the page, in space kept for them).
const Menu = lazy(() => import('antd/es/menu'));
const UserMenu = lazy(() => import('../components/UserMenu').then((m) => ({ default: m.UserMenu })));
const LoginDialog = lazy(() => import('../features/auth/components/LoginDialog').then((m) => ({ default: m.LoginDialog })));
const Drawer = lazy(() => import('antd/es/drawer'));

/** Latches once `on` has been true: a lazily loaded dialog stays mounted afterwards, so it can animate closed. */
function useOnceTrue(on: boolean): boolean {
  const seen = useRef(false);
  if (on) seen.current = true;
  return seen.current;
}

/**
 * The locale files the menus' labels live in beyond the core ones (a desk's entries: orders, groups, trainDesk,
 * platform), loaded beside the page's own; the menus re-render when they arrive (bindI18nStore).
 */
function useMenuTexts(entries: NavEntry[]): void {
  const parts = [...new Set(entries.map((e) => e.labelKey.split('.')[0]))].filter((ns) => TEXT_PARTS.includes(ns)).sort().join();
  useEffect(() => {
    if (parts) void loadTexts(parts.split(',')).catch(() => undefined);
  }, [parts]);
}

type MenuRoute = { path: string; menu: { labelKey: string; section?: string } };
const toEntry = (r: MenuRoute): NavEntry => ({ path: r.path, labelKey: r.menu.labelKey });

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The menu item whose path (or section) is the longest prefix of the current location. */
function selectedKey(pathname: string, entries: MenuRoute[]): string[] {
  const match = entries
    .map((e) => ({ path: e.path, prefix: [e.path, e.menu.section].filter((p): p is string => !!p && under(pathname, p)).sort((a, b) => b.length - a.length)[0] }))
    .filter((e) => e.prefix)
    .sort((a, b) => b.prefix!.length - a.prefix!.length)[0];
  return match ? [match.path] : [];
}

export function Layout() {
  const { t } = useTranslation(undefined, RERENDER_ON_NEW_TEXTS);
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.lg;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loginOpen = useLoginDialogOpen();
  const logout = useLogout();

  const topRoutes = useMemo(() => menuFor('top', routes, session), [session]);
  const userRoutes = useMemo(() => menuFor('user', routes, session), [session]);
  const topEntries = useMemo(() => topRoutes.map(toEntry), [topRoutes]);
  const userEntries = useMemo(() => userRoutes.map(toEntry), [userRoutes]);
  const fullBleed = routes.find((r) => r.path === pathname)?.fullBleed ?? false;
  useMenuTexts([...topEntries, ...userEntries]);
  const drawerMounted = useOnceTrue(drawerOpen && narrow);
  const loginMounted = useOnceTrue(loginOpen);

  useEffect(() => setDrawerOpen(false), [pathname]);

  function loggedIn(answer: SessionAnswer) {
    closeLoginDialog();
    void navigate(landingPath({ me: answer }, routes));
  }

  const topItems = topEntries.map((e) => ({ key: e.path, label: t(e.labelKey) }));

  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <LoadingBar />
      <AntLayout.Header className="portal-header">
        <Flex align="center" gap={24} style={{ height: '100%', maxWidth: 1280, margin: '0 auto' }}>
          <SiteBrand />
          {!narrow && (
            <Suspense fallback={<div style={{ flex: 1, minWidth: 0 }} />}>
              <Menu
                mode="horizontal"
                items={topItems}
                selectedKeys={selectedKey(pathname, topRoutes)}
                onClick={({ key }) => void navigate(key)}
                style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
              />
            </Suspense>
          )}
          <Flex align="center" gap={12} style={{ marginLeft: 'auto' }}>
            {!narrow && session.me && (
              <Suspense fallback={null}>
                <UserMenu me={session.me} entries={userEntries} onLogout={() => void logout()} />
              </Suspense>
            )}
            {!session.me && (
              <Button type="primary" icon={<LoginOutlined />} onClick={openLoginDialog}>
                {t('layout.menu.login')}
              </Button>
            )}
            {narrow && (topEntries.length > 0 || session.me) && (
              <Button type="text" icon={<MenuOutlined />} aria-label={t('layout.menu.open')} onClick={() => setDrawerOpen(true)} />
            )}
          </Flex>
        </Flex>
      </AntLayout.Header>

      {drawerMounted && (
        <Suspense fallback={null}>
          <Drawer
            open={drawerOpen && narrow}
            onClose={() => setDrawerOpen(false)}
            title={session.me ? userDisplayName(session.me) : t('layout.menu.title')}
            placement="right"
            size={300}
            styles={{ body: { padding: 0 } }}
          >
            <Menu
              mode="inline"
              selectedKeys={selectedKey(pathname, [...topRoutes, ...userRoutes])}
              onClick={({ key }) => {
                // Every choice closes the drawer, the page one is already on too: a path change alone missed that (issue 14).
                setDrawerOpen(false);
                if (key === 'logout') void logout();
                else void navigate(key);
              }}
              items={[
                ...topItems,
                ...(topItems.length && userEntries.length ? [{ type: 'divider' as const }] : []),
                ...userEntries.map((e) => ({ key: e.path, label: t(e.labelKey) })),
                ...(session.me ? [{ type: 'divider' as const }, { key: 'logout', label: t('layout.menu.logout'), icon: <LogoutOutlined />, danger: true }] : []),
              ]}
              style={{ borderInlineEnd: 'none' }}
            />
          </Drawer>
        </Suspense>
      )}

      <AntLayout.Content className="portal-main">
        {fullBleed ? (
          <Outlet />
        ) : (
          <div className="portal-content">
            <Outlet />
          </div>
        )}
      </AntLayout.Content>

      <AppFooter embedded={session.embedded} paths={paths} language={<LanguageSelect />} currency={<CurrencySelect />} />
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen} onClose={closeLoginDialog} onLoggedIn={loggedIn} />
        </Suspense>
      )}
    </AntLayout>
  );
}
