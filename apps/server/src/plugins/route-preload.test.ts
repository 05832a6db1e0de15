import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOADS_END, PRELOADS_START, type RoutePreloads } from '@portal/contract/route-preloads';
import { routePreloadLinks, withPreloads } from './route-preload.ts';
import { NONCE_PLACEHOLDER } from './security-headers.ts';

const MAP: RoutePreloads = {
  shell: {
    files: ['assets/FullShell-a.js', 'assets/antd-b.js'],
    byLanguage: { en: ['assets/en-core-c.js'], 'zh-CN': ['assets/zh-CN-core-d.js'], 'zh-TW': ['assets/zh-TW-core-e.js', 'assets/zh_TW-f.js'] },
  },
  routes: [
    { path: '/terms', public: true, files: ['assets/TermsPage-g.js'], byLanguage: { en: ['assets/legal-en.js'], 'zh-CN': ['assets/legal-cn.js'], 'zh-TW': ['assets/legal-tw.js'] } },
    {
      path: '/flight/booking',
      public: false,
      files: ['assets/FlightBookingPage-h.js', 'assets/antd-b.js', 'assets/FlightBookingPage-h.css'],
      byLanguage: { en: ['assets/flight-en.js'], 'zh-CN': ['assets/flight-cn.js'], 'zh-TW': ['assets/flight-tw.js'] },
    },
    { path: '/flight/orders/:id', public: false, files: ['assets/FlightOrderPage-i.js'], byLanguage: { en: [], 'zh-CN': [], 'zh-TW': [] } },
  ],
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(MAP));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A request as the not-found handler gets it; the site lookup fails, so the default language (zh-CN) stands. */
function request(url: string, cookie?: string): FastifyRequest {
  const lookupFails = { get db(): never { throw new Error('no database in this test'); } };
  return {
    url,
    hostname: 'portal.test',
    headers: cookie ? { cookie } : {},
    log: { warn: () => undefined },
    server: { deps: lookupFails },
  } as unknown as FastifyRequest;
}

const hrefs = (links: string | null) => [...(links ?? '').matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]);

describe('routePreloadLinks', () => {
  it("names a logged-in page's scripts, the shell's and the chosen language's texts, each once", async () => {
    const links = await routePreloadLinks(request('/flight/booking?from=PEK', 'portal.language=zh-TW'), dist);
    expect(hrefs(links)).toEqual([
      'assets/FullShell-a.js',
      'assets/antd-b.js',
      'assets/zh-TW-core-e.js',
      'assets/zh_TW-f.js',
      'assets/FlightBookingPage-h.js',
      'assets/FlightBookingPage-h.css',
      'assets/flight-tw.js',
    ]);
    expect(links).toContain(`<link rel="modulepreload" crossorigin href="/assets/FlightBookingPage-h.js" nonce="${NONCE_PLACEHOLDER}">`);
    expect(links).toContain(`<link rel="stylesheet" crossorigin href="/assets/FlightBookingPage-h.css" nonce="${NONCE_PLACEHOLDER}">`);
  });

  it("uses the site's default language without a cookie, and leaves the shell out of a public page", async () => {
    expect(hrefs(await routePreloadLinks(request('/terms'), dist))).toEqual(['assets/TermsPage-g.js', 'assets/legal-cn.js']);
  });

  it('fills a route parameter', async () => {
    expect(hrefs(await routePreloadLinks(request('/flight/orders/FO1', 'portal.language=en'), dist))).toContain('assets/FlightOrderPage-i.js');
  });

  it("keeps index.html's own links for the landing page and for a path no route has", async () => {
    expect(await routePreloadLinks(request('/'), dist)).toBeNull();
    expect(await routePreloadLinks(request('/no/such/page'), dist)).toBeNull();
  });

  it('keeps them too for a build without the map', async () => {
    const older = mkdtempSync(path.join(os.tmpdir(), 'route-preload-old-'));
    try {
      expect(await routePreloadLinks(request('/flight/booking'), older)).toBeNull();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe('withPreloads', () => {
  const html = `<head><script type="module" src="/assets/index.js"></script>${PRELOADS_START}<link rel="modulepreload" href="/assets/LandingPage.js">${PRELOADS_END}</head>`;

  it('puts the links in place of the landing page ones', () => {
    expect(withPreloads(html, '<link rel="modulepreload" href="/assets/X.js">')).toBe(
      `<head><script type="module" src="/assets/index.js"></script>${PRELOADS_START}<link rel="modulepreload" href="/assets/X.js">${PRELOADS_END}</head>`,
    );
  });

  it('leaves a document without the markers as it is', () => {
    expect(withPreloads('<head></head>', '<link>')).toBe('<head></head>');
  });
});
