import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { isChinese } from '../lib/i18n';
import { notify } from '../lib/notify';
import { useSession } from '../lib/session';
import { siteName, useSiteConfig } from '../lib/site';
import { openLoginDialog } from '../features/auth/login-dialog-store';
import { PageSpinner } from '../components/PageSpinner';
import { checkAccess } from './guard';
import type { AppRoute } from './routes';
import { readSingleLogin, runSingleLogin, withoutSingleLogin } from './single-login';

function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  const { data: site } = useSiteConfig();
  const short = siteName(site, isChinese(), true);
  useEffect(() => {
    const title = titleKey ? t(titleKey) : '';
    document.title = title && short ? `${title} - ${short}` : title || short;
  }, [titleKey, short, t, i18n.language]);
}

/** Consumes a single-login link; returns true while the call is running. */
function useSingleLoginLink(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const body = readSingleLogin(new URLSearchParams(location.search));
  const [busy, setBusy] = useState(Boolean(body));

  useEffect(() => {
    if (!body) return;
    let live = true;
    setBusy(true);
    runSingleLogin(body)
      .catch((err: unknown) => notify.error(err instanceof ApiError ? err.message : String(err)))
      .finally(() => {
        if (!live) return;
        setBusy(false);
        void navigate({ pathname: location.pathname, search: withoutSingleLogin(new URLSearchParams(location.search)), hash: location.hash }, { replace: true });
      });
    return () => {
      live = false;
    };
    // The link is read once per location; body is derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return busy || Boolean(body);
}

export function RouteGuard({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const session = useSession();
  const singleLoginBusy = useSingleLoginLink();
  useDocumentTitle(route.titleKey);

  const waiting = singleLoginBusy || (session.restoring && !route.access.public);
  const verdict = checkAccess(route, session);
  const denied = !waiting && !verdict.ok ? verdict : null;
  // A session the server ended already got its own toast; the guard stays quiet then.
  const silent = session.endedInvoluntarily;

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!denied || silent) return;
    if (announced.current === route.path) return;
    announced.current = route.path;
    notify.warning(t(denied.message));
    if (denied.message === 'router.login') openLoginDialog();
  }, [denied, silent, route.path, t]);

  if (waiting) return <PageSpinner />;
  if (denied) return <Navigate to={denied.redirect} replace />;
  const Page = route.component;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
