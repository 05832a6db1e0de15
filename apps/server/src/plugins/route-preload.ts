import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { matchRoute, PRELOADS_END, PRELOADS_START, type RoutePreloads } from '@portal/contract/route-preloads';
import { landingLanguage } from './landing-prerender.ts';
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

/**
 * Issue 14, page weight and first paint: the links the document for this request's path should carry instead of
 * index.html's landing-page ones, so the page's scripts (and, for a page of the logged-in app, the shell's), texts and
 * locales in the language the app will show download beside the entry rather than after it has run. Null keeps
 * index.html's own: "/" (the landing page), a path no route has (a visitor who is not logged in is sent to "/"), or a
 * build without the map. The language is the one the landing page would use (cookie, else the site's default), which is
 * what the app shows; a wrong guess costs only the preload of texts it will not read.
 */
export async function routePreloadLinks(req: FastifyRequest, dist: string): Promise<string | null> {
  const pathname = req.url.split('?')[0] ?? '/';
  if (pathname === '/') return null;
  const map = await readMap(dist);
  const route = map && matchRoute(map.routes, pathname);
  if (!map || !route) return null;
  const language = await landingLanguage(req);
  const files = new Set([
    ...(route.public ? [] : [...map.shell.files, ...map.shell.byLanguage[language]]),
    ...route.files,
    ...(route.byLanguage[language] ?? []),
  ]);
  return [...files].map(link).join('');
}

/** index.html with `links` in place of its landing-page preloads (vite.config.ts writes them between the markers). */
export function withPreloads(html: string, links: string): string {
  const start = html.indexOf(PRELOADS_START);
  const end = html.indexOf(PRELOADS_END, start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start + PRELOADS_START.length)}${links}${html.slice(end)}`;
}
