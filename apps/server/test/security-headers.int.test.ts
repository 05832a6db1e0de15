import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { signSingleLogin } from '../src/modules/auth/single-login.service.ts';
import { FRAME_COOKIE } from '../src/plugins/frame-ancestors.ts';
import { call, createTestApp, loginAs, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';

// Issue 9, finding 5: the browser-facing headers of every kind of response, and who may frame the web app.

const DEMO_AGENCY_SECRET = 'demo-agency-single-login-secret';
const SECOND_AGENCY_SECRET = 'second-agency-single-login-secret';
const PARTNER = 'https://partner.example';
const PARTNER_DEV = 'http://localhost:5174';

const INDEX_HTML = `<!doctype html><html><head><title>spa</title>
<style nonce="PORTAL_CSP_NONCE">body{margin:0}</style>
<meta property="csp-nonce" nonce="PORTAL_CSP_NONCE">
<script type="module" crossorigin src="/assets/app-abc123.js" nonce="PORTAL_CSP_NONCE"></script>
</head><body><div id="root"></div></body></html>`;

type Headers = Record<string, unknown>;
const header = (h: Headers, name: string) => (h[name] === undefined ? undefined : String(h[name]));

/** The directives of a Content-Security-Policy header, by name. */
function directives(h: Headers): Record<string, string> {
  const csp = header(h, 'content-security-policy');
  if (!csp) throw new Error('no Content-Security-Policy');
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectCommonHeaders(h: Headers, what: string) {
  expect(header(h, 'x-content-type-options'), what).toBe('nosniff');
  expect(header(h, 'referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(header(h, 'cross-origin-opener-policy'), what).toBe('same-origin');
  const permissions = header(h, 'permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, what).toContain(`${feature}=()`);
  // The test app's public URL is http: no HSTS.
  expect(header(h, 'strict-transport-security'), what).toBeUndefined();
}

function linkQuery(secret: string, userid: string, o: { timestamp?: number; code?: string } = {}) {
  const code = o.code ?? randomUUID();
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  return { code, timestamp: String(timestamp), userid, signature: signSingleLogin(secret, { code, timestamp, userid }) };
}

let t: TestApp;
let admin: string;
const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-csp-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dist });
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function setEmbedOrigins(code: 'A00001' | 'A00002', embedOrigins: string[], lang = 'en') {
  const id = await companyIdOf(t, code);
  const agency = await call(t.app, 'GET', `/base/v2/agencies/${id}`, { token: admin });
  return call(t.app, 'PUT', `/base/v2/agencies/${id}/config`, { token: admin, lang, body: { common: { ...agency.data.config.common, embedOrigins } } });
}

describe('headers on every response', () => {
  it('API answers (success, error, not found) render nothing and cannot be framed', async () => {
    for (const [method, url] of [
      ['GET', '/base/v2/site'],
      ['GET', '/healthz'],
      ['GET', '/base/v2/me'],
      ['GET', '/base/v2/nothing'],
      ['POST', '/base/v2/login'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expectCommonHeaders(res.headers, `${method} ${url}`);
      expect(header(res.headers, 'content-security-policy'), url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(header(res.headers, 'x-frame-options'), url).toBe('DENY');
    }
  });

  it('static files get them too', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'asset');
    expect(directives(res.headers)).toMatchObject({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
    expect(header(res.headers, 'x-frame-options')).toBe('DENY');
  });

  it('sends HSTS only when the public URL is https', async () => {
    const secure = await createTestApp({ payments: { publicUrl: 'https://portal.example' } });
    try {
      for (const url of ['/base/v2/site', '/base/v2/nothing', '/api/docs/json']) {
        const res = await secure.app.inject({ url });
        expect(header(res.headers, 'strict-transport-security'), url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
    expect(header((await t.app.inject({ url: '/base/v2/site' })).headers, 'strict-transport-security')).toBeUndefined();
  });
});

describe('the web app document', () => {
  it.each(['/', '/index.html', '/flight/orders', '/some/unknown/page'])('GET %s has a fresh nonce that matches its policy', async (url) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res.headers, url);
      expect(res.body).not.toContain('PORTAL_CSP_NONCE');
      const inPage = [...res.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(inPage).toHaveLength(3);
      expect(new Set(inPage).size).toBe(1);
      const nonce = inPage[0];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
      const d = directives(res.headers);
      expect(d).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': `'self' 'nonce-${nonce}'`,
        'style-src-attr': "'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'font-src': "'self'",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(header(res.headers, 'x-frame-options')).toBe('DENY');
      // A 304 would pair a cached page's old nonce with this header's new one.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      expect(header(res.headers, 'set-cookie')).toBeUndefined();
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });
});

describe('the Swagger UI', () => {
  it('has its own looser policy and still loads', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expectCommonHeaders(page.headers, '/api/docs/');
    const d = directives(page.headers);
    expect(d['script-src']).toBe("'self'");
    expect(d['style-src']).toBe("'self' 'unsafe-inline'");
    expect(d['frame-ancestors']).toBe("'none'");
    for (const url of ['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(directives(res.headers)['script-src'], url).toBe("'self'");
    }
  });
});

describe('the sandbox hosted pay page', () => {
  it('allows exactly its own inline script and style, forms back to the portal, and no framing', async () => {
    const finance = await loginAs(t.app, 'finance');
    const created = await call(t.app, 'POST', '/base/v2/wallet/payments', {
      token: finance,
      body: { channel: 'alipay', amount: 100_00, currency: 'CNY' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.code, created.message).toBe(0);
    const page = await t.app.inject({ url: `${created.data.redirectUrl.replace(TEST_PUBLIC_URL, '')}?lang=en` });
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page.headers, 'sandbox page');
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1];
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const d = directives(page.headers);
    expect(d).toEqual({
      'default-src': "'none'",
      'script-src': hash(script),
      'style-src': hash(style),
      'img-src': "'self' data:",
      'form-action': `'self' ${TEST_PUBLIC_URL}`,
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(header(page.headers, 'content-security-policy')).not.toContain('unsafe-inline');
    expect(header(page.headers, 'x-frame-options')).toBe('DENY');

    // The not-found page has a style and no script at all.
    const missing = await t.app.inject({ url: '/sandbox/alipay/pay/nope?lang=en' });
    expect(missing.statusCode).toBe(404);
    expect(directives(missing.headers)['script-src']).toBe("'none'");
  });
});

describe('frame-ancestors for embedded (single-login) mode', () => {
  it('lets a signed link of an agency with listed origins be framed by them, and keeps it for reloads', async () => {
    expect((await setEmbedOrigins('A00001', [PARTNER, PARTNER_DEV])).code).toBe(0);
    const link = linkQuery(DEMO_AGENCY_SECRET, 'operator');
    const res = await t.app.inject({ url: '/profile', query: { ...link, tab: 'keep' } });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers)['frame-ancestors']).toBe(`${PARTNER} ${PARTNER_DEV}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const cookie = header(res.headers, 'set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${FRAME_COOKIE}=[0-9a-f-]{36}\\.\\d+\\.[0-9a-f]{64}; `));
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Max-Age=604800']) expect(cookie).toContain(attribute);
    const value = cookie.split(';')[0];

    // A reload in the frame: the app has dropped the link's parameters, the cookie remains.
    const reload = await t.app.inject({ url: '/profile?tab=keep', headers: { cookie: `lang=en; ${value}` } });
    expect(directives(reload.headers)['frame-ancestors']).toBe(`${PARTNER} ${PARTNER_DEV}`);
    expect(reload.headers['x-frame-options']).toBeUndefined();

    // Looking at the link did not spend its code: the app's single-login call still works.
    const login = await call(t.app, 'POST', '/base/v2/single-login', { body: { ...link, timestamp: Number(link.timestamp) } });
    expect(login.code, login.message).toBe(0);

    // The grant follows the list: emptied, the same cookie frames for nobody.
    expect((await setEmbedOrigins('A00001', [])).code).toBe(0);
    const after = await t.app.inject({ url: '/profile', headers: { cookie: value } });
    expect(directives(after.headers)['frame-ancestors']).toBe("'none'");
    expect(after.headers['x-frame-options']).toBe('DENY');
  });

  it('never widens the policy on an unsigned, forged, stale or foreign value', async () => {
    expect((await setEmbedOrigins('A00001', [PARTNER])).code).toBe(0);
    const good = linkQuery(DEMO_AGENCY_SECRET, 'operator');
    const first = await t.app.inject({ url: '/', query: good });
    expect(directives(first.headers)['frame-ancestors']).toBe(PARTNER);
    const [name, value] = header(first.headers, 'set-cookie')!.split(';')[0].split('=');
    const [companyId, expires, mac] = value.split('.');
    const otherCompany = await companyIdOf(t, 'A00002');
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

    const refused: [string, { query?: Record<string, string>; cookie?: string }][] = [
      ['no signature', { query: { code: good.code, timestamp: good.timestamp, userid: 'operator' } }],
      ['a signature by another secret', { query: linkQuery('not-the-secret', 'operator') }],
      ['a signature of another user', { query: { ...linkQuery(DEMO_AGENCY_SECRET, 'agency'), userid: 'operator' } }],
      ['a link older than the login accepts', { query: linkQuery(DEMO_AGENCY_SECRET, 'operator', { timestamp: Math.floor(Date.now() / 1000) - 3600 }) }],
      ['an agency that lists no origins', { query: linkQuery(SECOND_AGENCY_SECRET, 'other') }],
      ['an unknown user', { query: linkQuery(DEMO_AGENCY_SECRET, 'nobody-here') }],
      ['a cookie with a changed MAC', { cookie: `${name}=${companyId}.${expires}.${flip(mac)}` }],
      ['a cookie moved to another company', { cookie: `${name}=${otherCompany}.${expires}.${mac}` }],
      ['a cookie with a later expiry', { cookie: `${name}=${companyId}.${Number(expires) + 3600}.${mac}` }],
      ['an expired cookie', { cookie: `${name}=${companyId}.${Math.floor(Date.now() / 1000) - 1}.${mac}` }],
      ['a cookie that is not one', { cookie: `${name}=${companyId}` }],
    ];
    for (const [what, o] of refused) {
      const res = await t.app.inject({ url: '/', query: o.query, headers: o.cookie ? { cookie: o.cookie } : {} });
      expect(res.statusCode, what).toBe(200);
      expect(directives(res.headers)['frame-ancestors'], what).toBe("'none'");
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['set-cookie'], what).toBeUndefined();
    }
  });

  it('ends the cookie grant when the single-login secret has been rotated twice', async () => {
    expect((await setEmbedOrigins('A00001', [PARTNER])).code).toBe(0);
    const first = await t.app.inject({ url: '/', query: linkQuery(DEMO_AGENCY_SECRET, 'operator') });
    const cookie = header(first.headers, 'set-cookie')!.split(';')[0];
    const id = await companyIdOf(t, 'A00001');
    const rotate = () => call(t.app, 'POST', `/base/v2/agencies/${id}/single-login-secret`, { token: admin });
    const frame = async () => directives((await t.app.inject({ url: '/', headers: { cookie } })).headers)['frame-ancestors'];
    const rotated = await rotate();
    expect(rotated.code, rotated.message).toBe(0);
    // The previous secret still signs links during a rotation; so it still vouches for its cookies.
    expect(await frame()).toBe(PARTNER);
    expect((await rotate()).code).toBe(0);
    expect(await frame()).toBe("'none'");
  });
});

describe('the embedOrigins field of the agency configuration', () => {
  it('stores a valid list, answers it with the configuration and defaults to none', async () => {
    expect(DEFAULT_COMMON_CONFIG.embedOrigins).toEqual([]);
    const other = await call(t.app, 'GET', `/base/v2/agencies/${await companyIdOf(t, 'A00002')}`, { token: admin });
    expect(other.data.config.common.embedOrigins).toEqual([]);
    const list = [PARTNER, 'https://erp.partner.example:8443', 'http://127.0.0.1:3000', 'http://[::1]:8080'];
    const saved = await setEmbedOrigins('A00001', list);
    expect(saved.code, JSON.stringify(saved.data)).toBe(0);
    expect(saved.data.config.common.embedOrigins).toEqual(list);
    const operator = await loginAs(t.app, 'operator');
    const me = await call(t.app, 'GET', '/base/v2/me', { token: operator });
    expect(me.data.company.config.commonConfig.embedOrigins).toEqual(list);
  });

  it.each([
    ['plain http to a real host', 'http://partner.example'],
    ['a path', 'https://partner.example/portal'],
    ['a trailing slash', 'https://partner.example/'],
    ['a query', 'https://partner.example?x=1'],
    ['a wildcard', 'https://*.partner.example'],
    ['a keyword', "'self'"],
    ['a second source smuggled in', 'https://partner.example https://evil.example'],
    ['a directive smuggled in', 'https://partner.example;script-src'],
    ['credentials', 'https://user:pw@partner.example'],
    ['the default port spelled out', 'https://partner.example:443'],
    ['capitals', 'https://Partner.example'],
    ['another scheme', 'ftp://partner.example'],
    ['no scheme', 'partner.example'],
  ])('refuses %s with a localized message on that entry', async (_what, bad) => {
    const en = await setEmbedOrigins('A00001', [PARTNER, bad]);
    expect(en.status).toBe(400);
    expect(en.data.fields).toEqual({ 'common.embedOrigins.1': expect.stringContaining('https://www.example.com') });
    const zh = await setEmbedOrigins('A00001', [PARTNER, bad], 'zh-CN');
    expect(zh.data.fields['common.embedOrigins.1']).toContain('仅 localhost 可使用 http');
  });

  it('refuses more than ten and duplicates', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `https://site${i}.example`);
    const tooMany = await setEmbedOrigins('A00001', eleven);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('At most 10 sites may embed the portal');
    expect((await setEmbedOrigins('A00001', eleven.slice(0, 10))).code).toBe(0);
    const twice = await setEmbedOrigins('A00001', [PARTNER, PARTNER], 'zh-TW');
    expect(twice.status).toBe(400);
    expect(twice.message).toBe('該網站重複出現');
  });
});
