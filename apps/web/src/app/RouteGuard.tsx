import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { isChinese, RERENDER_ON_NEW_TEXTS } from '../lib/i18n';
import { notify } from '../lib/notify';
import { useSession } from '../lib/session';
import { siteName, useSiteConfig } from '../lib/site';
import { openLoginDialog } from '../features/auth/login-dialog-store';
import { PageSpinner } from '../components/PageSpinner';
import { checkAccess } from './guard';
import type { AppRoute } from './routes';
import { readSingleLogin, runSingleLogin, withoutSingleLogin } from './single-login';

function useDocumentTitle(titleKey: string | undefined) {
  // Re-rendered when texts arrive: a page's title key comes with the page's texts (routes.tsx), after the guard's
  // first render; until then the title is the site's name alone, never the raw key.
  const { t, i18n } = useTranslation(undefined, RERENDER_ON_NEW_TEXTS);
  const { data: site } = useSiteConfig();
  const short = siteName(site, isChinese(), true);
  const title = titleKey && i18n.exists(titleKey) ? t(titleKey) : '';
  useEffect(() => {
    document.title = title && short ? `${title} - ${short}` : title || short;
  }, [title, short]);
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

  // The same element while the route is the same: the guard re-renders when the site's settings, the session or the
  // texts change, and the page need not (issue 14: for the prerendered landing page, a new element here would force
  // React to hydrate the whole page at once, one long task, instead of in slices).
  const Page = route.component;
  const page = useMemo(
    () => (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    ),
    [Page],
  );

  if (waiting) return <PageSpinner />;
  if (denied) return <Navigate to={denied.redirect} replace />;
  return page;
}
