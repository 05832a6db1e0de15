import { lazy, Suspense, useEffect, useRef } from 'react';
import { createBrowserRouter, useLocation, useNavigate, useRouteError, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/PageSpinner';
import { CONTRACT_MESSAGES, loadTexts } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { refresh, sessionStore, useSession } from '../lib/session';
import { LightHeader, LightLayout } from './LightLayout';
import { paths } from './paths';
import { AppRouterProvider } from './router-provider';
import { RouteGuard } from './RouteGuard';
import './shell.css';
import { routes } from './routes';

/** Lets the API client route through the router (session expiry sends the user home without a reload). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => void navigate(path));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/** A page chunk that fails to load (a deploy replaced it, the network dropped) gets a reload button, not a blank page. */
function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    // Drawn without antd: it must show even when the chunk that failed was antd's.
    <div className="portal-page-error" role="alert">
      <h2>{t('layout.pageError.title')}</h2>
      <button type="button" className="portal-btn portal-btn--primary" onClick={() => window.location.reload()}>
        {t('layout.pageError.retry')}
      </button>
    </div>
  );
}

/** The shell with antd and the contract's messages (each page brings its own texts: routes.tsx), for any page but the anonymous landing page. */
export const FullShell = lazy(() => Promise.all([import('./FullShell'), loadTexts([CONTRACT_MESSAGES])]).then(([m]) => m));

/** While the full shell loads: the light shell's header (same size) and a spinner, so nothing jumps when it comes. */
function ShellLoading() {
  return (
    <div className="portal-light">
      <LightHeader />
      <main className="portal-main">
        <PageSpinner />
      </main>
    </div>
  );
}

/**
 * Issue 14, page weight: an anonymous visitor's first page, the landing page, comes in the light shell (no antd, no
 * logged-in shell); everything else in the full one. Once the full shell has been shown it stays, so leaving and
 * coming back (a logout, a guard's redirect home) never remounts the app or drops its toasts and dialogs.
 */
function Shell() {
  const { token } = useSession();
  const { pathname } = useLocation();
  const full = useRef(false);
  if (full.current || pathname !== paths.home || token) full.current = true;
  return (
    <>
      <NavigatorBridge />
      {full.current ? (
        <Suspense fallback={<ShellLoading />}>
          <FullShell />
        </Suspense>
      ) : (
        <LightLayout />
      )}
    </>
  );
}

/** The app's route tree; also what the landing page is prerendered from at build time (src/prerender.tsx). */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    children: routes.map((route) => ({
      path: route.path,
      element: <RouteGuard route={route} />,
      errorElement: <PageError />,
    })),
  },
];

// Made on first render, not when the module loads: the build's prerender imports this module outside a browser.
let router: ReturnType<typeof createBrowserRouter> | undefined;

export function App() {
  useEffect(() => {
    // Revalidate a stored token once at start: the guard waits (restoring) until GET /me answers.
    // Unless main.tsx did already (it waits for /me before drawing over the page's shell the server sent).
    if (sessionStore.get().token && sessionStore.get().restoring) refresh().catch(() => undefined);
  }, []);
  router ??= createBrowserRouter(appRoutes);
  return <AppRouterProvider router={router} />;
}
