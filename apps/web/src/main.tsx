import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nonceScriptCreatedStyles, readCspNonce } from './lib/csp';
import i18n, { i18nReady } from './lib/i18n';
import { keepLanguageCookie } from './lib/language-cookie';
import { sessionStore } from './lib/session-store';
import { matchRoute } from '@portal/contract/route-preloads';
import { refresh } from './lib/session';
import { App, FullShell } from './app/App';
import { paths } from './app/paths';
import { routes } from './app/routes';
import { Providers } from './app/providers';

// Before the first render: antd writes its styles while rendering.
const nonce = readCspNonce();
if (nonce) nonceScriptCreatedStyles(nonce);
keepLanguageCookie();

const container = document.getElementById('root')!;
/**
 * Issue 14: for GET / the server sends the landing page prerendered at build time (apps/web/scripts/prerender.mjs),
 * in the language it chose. It is hydrated when this load renders the same thing: an anonymous visitor on "/" (no
 * single-login query) in that language. Otherwise (a stored token, another stored language) public/csp-setup.js has
 * kept it hidden and it is dropped here; the app renders as without it. docs/decisions/0021-landing-prerender.md.
 */
const prerendered = container.dataset.prerendered === 'landing';
const home = window.location.pathname === paths.home;

/**
 * A lazy component is resolved by starting it and waiting: rendered then, it renders in place. Rendered while its
 * chunk is on the way, it would suspend, and for the prerendered page React would hydrate the landing page as a
 * boundary of its own, later, and at once (one long task) when an update above it (the site's settings arriving)
 * reaches it first. React.lazy's own initializer (stable since React 16) is what starts it; without it, nothing is done.
 */
async function resolveLazy(component: unknown): Promise<void> {
  const lazy = component as { _init?: (payload: unknown) => unknown; _payload?: unknown };
  try {
    lazy._init?.(lazy._payload);
  } catch (pending) {
    await pending;
  }
}

// The landing page's chunk downloads beside the texts, not after them (the route would ask for it only on render).
const landing = home ? resolveLazy(routes.find((r) => r.path === paths.home)?.component).catch(() => undefined) : undefined;

/**
 * Issue 14: for a page of the logged-in app the server may send the page's shell (its header and title: apps/server
 * plugins/route-preload.ts), shown while the scripts load to a visitor with a stored session (public/csp-setup.js).
 * The app's first render then waits for what the page needs (the full shell, the page with its texts, the session's
 * GET /me, all already on their way), so it replaces that shell with the page itself, not with a loading state.
 */
const skeleton = container.hasAttribute('data-skeleton') && !document.documentElement.hasAttribute('data-no-skeleton');
const pageReady = skeleton
  ? Promise.all([
      resolveLazy(FullShell),
      resolveLazy(matchRoute(routes, window.location.pathname)?.component),
      refresh(),
    ]).catch(() => undefined)
  : undefined;
const page = landing ?? pageReady;

/**
 * Renders nothing; once the first render is on screen (hydrated or not), the page is live: a button of the prerendered
 * page clicked before (public/csp-setup.js keeps it) is clicked again, now that it has its handler.
 */
function Live() {
  useEffect(() => {
    if (container.hasAttribute('data-live')) return;
    container.setAttribute('data-live', '');
    const early = (window as { __portalEarlyClicks?: HTMLElement[] }).__portalEarlyClicks?.splice(0) ?? [];
    const last = early.at(-1);
    if (last?.isConnected) last.click();
  }, []);
  return null;
}

// First render once the language's texts are there: no flash of untranslated keys.
// A transition: React renders (or hydrates) the first page in slices, yielding to the browser, instead of one long task.
void Promise.all([i18nReady.catch(() => undefined), page]).then(() => {
  const tree = (
    <StrictMode>
      <Providers>
        <App />
        <Live />
      </Providers>
    </StrictMode>
  );
  const hydrate = prerendered && home && !window.location.search && !sessionStore.get().token && i18n.language === container.dataset.lang;
  if (hydrate) {
    // In case csp-setup.js hid it over a stored language spelled otherwise ("zh-cn").
    document.documentElement.removeAttribute('data-no-prerender');
    // From here React takes the page's clicks itself (a click on a part not yet hydrated is hydrated and dispatched at
    // once), so csp-setup.js stops keeping them: kept too, Live would click the same button a second time.
    container.setAttribute('data-hydrating', '');
    startTransition(() => {
      hydrateRoot(container, tree, {
        // A returning visitor's cached site (its name in the header) differs from the build's HTML: React then renders
        // the page afresh, which is all that is needed.
        onRecoverableError: (error) => {
          if (import.meta.env.DEV) console.warn('landing page hydration:', error);
        },
      });
    });
    return;
  }
  if (prerendered) {
    container.replaceChildren();
    delete container.dataset.prerendered;
  }
  // A page's shell not shown (no stored session, another language) goes now; a shown one is replaced by the render.
  if (container.hasAttribute('data-skeleton') && !skeleton) container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(tree));
});
