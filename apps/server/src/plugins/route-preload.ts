import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Language } from '@portal/contract/languages';
import { matchRoute, PRELOADS_END, PRELOADS_START, type RoutePreloads } from '@portal/contract/route-preloads';
import { siteName } from '@portal/contract/site-name';
import { documentSite } from './landing-prerender.ts';
import { NONCE_PLACEHOLDER } from './security-headers.ts';

/** Written by the web build (apps/web/vite-route-preloads.ts). */
const MAP_FILE = path.join('.vite', 'route-preloads.json');

let cached: { file: string; mtimeMs: number; map: RoutePreloads | null } | undefined;

/** The build's map, read again when the web app is rebuilt; null when the build has none (an older build). */
async function readMap(dist: string): Promise<RoutePreloads | null> {
  const file = path.join(dist, MAP_FILE);
  const mtimeMs = await stat(file).then(
    (s) => s.mtimeMs,
    () => -1,
  );
  if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
    const map = mtimeMs < 0 ? null : (JSON.parse(await readFile(file, 'utf8')) as RoutePreloads);
    cached = { file, mtimeMs, map };
  }
  return cached.map;
}

function link(file: string): string {
  const href = `/${file}`;
  return file.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="${href}" nonce="${NONCE_PLACEHOLDER}">`
    : `<link rel="modulepreload" crossorigin href="${href}" nonce="${NONCE_PLACEHOLDER}">`;
}

/** What the document for a path carries instead of index.html's landing-page parts (see routeDocument). */
export interface RouteDocument {
  language: Language;
  /** modulepreload and stylesheet links. */
  links: string;
  /** The page's shell to paint before the scripts arrive (a page of the logged-in app only), else null. */
  shell: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Issue 14, page weight and first paint: for this request's path, the links its document should carry instead of
 * index.html's landing-page ones, so the page's scripts (and, for a page of the logged-in app, the shell's), texts and
 * locales in the language the app will show download beside the entry rather than after it has run; and, for a page of
 * the logged-in app, its shell as the app will draw it: the header with the site's name and, when the page opens with
 * its title, that title. The language is the one the landing page would use (cookie, else the site's default), which
 * is what the app shows; a wrong guess costs only the preload of texts it will not read (the shell is hidden then:
 * apps/web/public/csp-setup.js). Null keeps index.html as it is: "/" (the landing page), a path no route has (a visitor
 * who is not logged in is sent to "/"), or a build without the map.
 */
export async function routeDocument(req: FastifyRequest, dist: string): Promise<RouteDocument | null> {
  const pathname = req.url.split('?')[0] ?? '/';
  if (pathname === '/') return null;
  const map = await readMap(dist);
  const route = map && matchRoute(map.routes, pathname);
  if (!map || !route) return null;
  const { language, site } = await documentSite(req);
  const files = new Set([
    ...(route.public ? [] : [...map.shell.files, ...map.shell.byLanguage[language]]),
    ...route.files,
    ...(route.byLanguage[language] ?? []),
  ]);
  const chinese = language !== 'en';
  const brand = siteName(site, chinese, true);
  const title = route.title?.[language];
  const shell = route.public
    ? null
    : '<div class="portal-skeleton" aria-busy="true">' +
      `<header class="portal-header portal-skeleton-header"><div><span class="portal-brand-name">${escapeHtml(brand)}</span></div></header>` +
      `<main class="portal-content">${title ? `<h3 class="portal-page-title">${escapeHtml(title)}</h3>` : ''}</main></div>`;
  return { language, links: [...files].map(link).join(''), shell };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g;

/**
 * index.html made the route's document: its links in place of the landing page's preloads (vite.config.ts writes those
 * between the markers) and, with a shell, the page's shell in the empty root, in the document's language. The shell is
 * painted from the HTML and its style sheets alone, as the prerendered landing page is: the scripts (the entry, then
 * every module it and the page import) are named in `portal-boot` and requested once it has been painted
 * (public/csp-setup.js). Requested beside the style sheets, 400 kB of scripts would share a slow link with them and the
 * shell would wait for both. The style sheets stay links in the head: antd's (made at build time) must be there before
 * the app's first render reads its map.
 */
export function asRouteDocument(html: string, doc: RouteDocument): string {
  const out = withPreloads(html, doc.links);
  if (doc.shell === null) return out;
  const entry = ENTRY_SCRIPT.exec(out);
  if (!entry) return out;
  const modules = [...out.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = [entry[1], ...new Set(modules)].join(' ');
  return out
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `<meta name="portal-boot" content="${boot}"></head>`)
    .replace('<div id="root"></div>', `<div id="root" data-skeleton="">${doc.shell}</div>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${doc.language}"`);
}

/** index.html with `links` in place of its landing-page preloads (vite.config.ts writes them between the markers). */
export function withPreloads(html: string, links: string): string {
  const start = html.indexOf(PRELOADS_START);
  const end = html.indexOf(PRELOADS_END, start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start + PRELOADS_START.length)}${links}${html.slice(end)}`;
}
