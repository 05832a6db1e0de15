import type { Language } from './languages.ts';

/**
 * Issue 14, page weight: which scripts a page of the web app needs before it renders, beyond the entry and its static
 * imports (which index.html names already). The web build writes it (apps/web/vite-route-preloads.ts:
 * dist/.vite/route-preloads.json); the server names them as modulepreload links in the document it sends for a path
 * (apps/server/src/plugins/route-preload.ts), so they download beside the entry instead of one round trip after another.
 * File names are the build's, relative to its root: scripts ("assets/FlightBookingPage-x1y2.js") and the style sheets
 * they import (".css").
 */
export interface RoutePreloads {
  /** The logged-in shell (app/FullShell.tsx) and, per language, its texts and antd/dayjs locales. */
  shell: { files: string[]; byLanguage: Record<Language, string[]> };
  /** Every route of the route table (app/routes.tsx) but the catch-all, in its order. */
  routes: RoutePreload[];
}

export interface RoutePreload {
  /** As in the route table: "/flight/booking", "/flight/orders/:id". */
  path: string;
  /** Open without logging in (the light layout serves it to an anonymous visitor, not the full shell). */
  public: boolean;
  /** The page's chunk and its static imports. */
  files: string[];
  /** The locale files the route loads with its page, per language. */
  byLanguage: Record<Language, string[]>;
  /**
   * The page's title in each language, for the page's shell in the document (the route's titleKey), when the page opens
   * with it as its heading (the route's `heading`); else null.
   */
  title: Record<Language, string> | null;
}

/** The route a path opens: an exact path first, then the first pattern whose ":name" segments match. */
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): R | undefined {
  const exact = routes.find((r) => r.path === pathname);
  if (exact) return exact;
  const parts = pathname.split('/');
  return routes.find((r) => {
    const want = r.path.split('/');
    return want.length === parts.length && want.every((w, i) => (w.startsWith(':') ? parts[i] !== '' : w === parts[i]));
  });
}

/**
 * index.html's modulepreload links for the landing page sit between these two comments; the server puts a route's
 * own links there instead when it sends the document for another path.
 */
export const PRELOADS_START = '<!--portal-preloads-->';
export const PRELOADS_END = '<!--/portal-preloads-->';
