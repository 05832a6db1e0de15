import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract/languages';
import type { SiteInfo } from '@portal/contract/api/site';
import { getSiteInfo } from '../modules/site/site.service.ts';

/**
 * Issue 14: the web build prerenders the anonymous landing page once per language (apps/web/scripts/prerender.mjs:
 * <dist>/.prerender/landing-<language>.html, complete documents like index.html, nonce placeholder included). GET /
 * gets the one in the visitor's language; the client hydrates it (docs/decisions/0021-landing-prerender.md).
 */

/** Set by the web app when the user picks a language (apps/web/src/lib/language-cookie.ts). */
export const LANGUAGE_COOKIE = 'portal.language';

export const PRERENDER_DIR = '.prerender';

export function cookieLanguage(header: string | undefined): Language | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return LANGUAGES.find((l) => l.toLowerCase() === value.toLowerCase().replace('_', '-'));
  }
  return undefined;
}

/**
 * The user's choice (cookie), else the site's default language: what the app itself shows (lib/i18n.ts follows the
 * site's default until the user picks one), so the page does not change language once the app runs. Accept-Language is
 * not used, as the app does not use it.
 */
export async function landingLanguage(req: FastifyRequest): Promise<Language> {
  return (await documentSite(req)).language;
}

/** The site a document is sent for (undefined when the lookup fails) and the language the app will show there. */
export async function documentSite(req: FastifyRequest): Promise<{ language: Language; site?: SiteInfo }> {
  const chosen = cookieLanguage(req.headers.cookie);
  try {
    const { db, caches } = req.server.deps;
    const site = await getSiteInfo(db, req.hostname, caches.live ? caches : undefined);
    return { language: chosen ?? site.defaultLanguage, site };
  } catch (err) {
    req.log.warn({ err }, 'site lookup for the web app document failed');
    return { language: chosen ?? DEFAULT_LANGUAGE };
  }
}

/**
 * The document for a GET of the web app: the prerendered landing page for exactly "/" (a query, such as a single-login
 * link's, gets the plain app) when the build has it, else index.html.
 */
export async function spaDocumentFile(req: FastifyRequest, dist: string): Promise<string> {
  if (req.url === '/') {
    const file = path.join(dist, PRERENDER_DIR, `landing-${await landingLanguage(req)}.html`);
    if (existsSync(file)) return file;
  }
  return path.join(dist, 'index.html');
}
