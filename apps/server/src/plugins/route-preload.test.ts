import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOADS_END, PRELOADS_START, type RoutePreloads } from '@portal/contract/route-preloads';
import { asRouteDocument, routeDocument, withPreloads } from './route-preload.ts';
import { NONCE_PLACEHOLDER } from './security-headers.ts';

const MAP: RoutePreloads = {
  shell: {
    files: ['assets/FullShell-a.js', 'assets/antd-b.js'],
    byLanguage: { en: ['assets/en-core-c.js'], 'zh-CN': ['assets/zh-CN-core-d.js'], 'zh-TW': ['assets/zh-TW-core-e.js', 'assets/zh_TW-f.js'] },
  },
  routes: [
    {
      path: '/terms',
      public: true,
      files: ['assets/TermsPage-g.js'],
      byLanguage: { en: ['assets/legal-en.js'], 'zh-CN': ['assets/legal-cn.js'], 'zh-TW': ['assets/legal-tw.js'] },
      title: null,
    },
    {
      path: '/flight/booking',
      public: false,
      files: ['assets/FlightBookingPage-h.js', 'assets/antd-b.js', 'assets/FlightBookingPage-h.css'],
      byLanguage: { en: ['assets/flight-en.js'], 'zh-CN': ['assets/flight-cn.js'], 'zh-TW': ['assets/flight-tw.js'] },
      title: { en: 'Flight <booking>', 'zh-CN': '机票预订', 'zh-TW': '機票預訂' },
    },
    { path: '/flight/orders/:id', public: false, files: ['assets/FlightOrderPage-i.js'], byLanguage: { en: [], 'zh-CN': [], 'zh-TW': [] }, title: null },
  ],
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(MAP));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/**
 * A request as the not-found handler gets it. Without `site` the site lookup fails, so the default language (zh-CN)
 * stands; with it, that is the site found (its cache answers).
 */
function request(url: string, cookie?: string, site?: object): FastifyRequest {
  const deps = site
    ? { db: {}, caches: { live: true, site: async () => site } }
    : {
        get db(): never {
          throw new Error('no database in this test');
        },
      };
  return { url, hostname: 'portal.test', headers: cookie ? { cookie } : {}, log: { warn: () => undefined }, server: { deps } } as unknown as FastifyRequest;
}

/** The document's links for a request, null where index.html keeps its own. */
const routePreloadLinks = async (req: FastifyRequest, at: string) => (await routeDocument(req, at))?.links ?? null;

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

describe("a logged-in page's shell in the document", () => {
  const site = { name: 'Skyway Travel', shortName: 'Skyway & Co', chineseName: '天路旅行', chineseShortName: '天路', defaultLanguage: 'en' };
  const index = `<!doctype html><html lang="zh-CN"><head><script type="module" crossorigin src="/assets/index-x.js" nonce="N"></script><link rel="modulepreload" crossorigin href="/assets/react-y.js" nonce="N">${PRELOADS_START}${PRELOADS_END}</head><body><div id="root"></div></body></html>`;

  it("carries the site's short name and the page's title in the language, escaped, and sets the document's language", async () => {
    const doc = await routeDocument(request('/flight/booking', undefined, site), dist);
    expect(doc?.language).toBe('en');
    const html = asRouteDocument(index, doc!);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<div id="root" data-skeleton=""><div class="portal-skeleton" aria-busy="true">');
    expect(html).toContain('<span class="portal-brand-name">Skyway &#38; Co</span>');
    expect(html).toContain('<h3 class="portal-page-title">Flight &#60;booking&#62;</h3>');
    // The scripts are requested once the shell is painted (csp-setup.js reads portal-boot): the entry first, then the
    // modules, each once; the style sheets stay in the head.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<meta name="portal-boot" content="/assets/index-x.js /assets/react-y.js /assets/FullShell-a.js /assets/antd-b.js /assets/en-core-c.js /assets/FlightBookingPage-h.js /assets/flight-en.js"></head>',
    );
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/assets/FlightBookingPage-h.css" nonce="${NONCE_PLACEHOLDER}">`);
  });

  it('names the site in Chinese for both Chinese variants', async () => {
    const html = asRouteDocument(index, (await routeDocument(request('/flight/booking', 'portal.language=zh-TW', site), dist))!);
    expect(html).toContain('<html lang="zh-TW"');
    expect(html).toContain('<span class="portal-brand-name">天路</span>');
    expect(html).toContain('<h3 class="portal-page-title">機票預訂</h3>');
  });

  it('has no title for a page that does not open with it, and no shell for a public page', async () => {
    const order = asRouteDocument(index, (await routeDocument(request('/flight/orders/FO1', 'portal.language=en', site), dist))!);
    expect(order).toContain('data-skeleton');
    expect(order).not.toContain('portal-page-title');
    const terms = asRouteDocument(index, (await routeDocument(request('/terms', 'portal.language=en', site), dist))!);
    expect(terms).toContain('<div id="root"></div>');
    expect(terms).toContain('<html lang="zh-CN"');
    expect(terms).toContain('<script type="module" crossorigin src="/assets/index-x.js" nonce="N"></script>');
    expect(terms).not.toContain('portal-boot');
  });
});
