import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { createBrowserRouter, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setNavigator } from '../lib/navigation';
import { refresh, sessionStore } from '../lib/session';
import { Layout } from './Layout';
import { AppRouterProvider } from './router-provider';
import { RouteGuard } from './RouteGuard';
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
    <Result
      status="warning"
      title={t('layout.pageError.title')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('layout.pageError.retry')}
        </Button>
      }
    />
  );
}

function Shell() {
  return (
    <>
      <NavigatorBridge />
      <Layout />
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: routes.map((route) => ({
      path: route.path,
      element: <RouteGuard route={route} />,
      errorElement: <PageError />,
    })),
  },
]);

export function App() {
  useEffect(() => {
    // Revalidate a stored token once at start: the guard waits (restoring) until GET /me answers.
    if (sessionStore.get().token) refresh().catch(() => undefined);
  }, []);
  return <AppRouterProvider router={router} />;
}
