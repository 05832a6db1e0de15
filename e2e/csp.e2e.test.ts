import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from './browser.ts';
import { clickSearch, countText, nextSolutions, pickPlace } from './flight.ts';
import { en } from './texts.ts';
import { apiCall, apiLogin, atPath, baseURL, formItem, loginViaUi, openLoggedIn, singleLoginQuery, useBrowser, visible } from './ui.ts';

// Issue 9, finding 5: the web app runs under a strict Content-Security-Policy. Every page here fails the test on any
// violation the browser reports; antd's runtime styles must carry the page's nonce and actually apply.

const DEMO_AGENCY_SECRET = 'demo-agency-single-login-secret';
/** The theme's colorPrimary (apps/web/src/app/providers.tsx), as computed styles report it. */
const PRIMARY = 'rgb(20, 86, 217)';

const browser = useBrowser();

interface Watch {
  page: Page;
  /** Violations and CSP console errors so far, in every frame and across navigations. */
  problems: string[];
  /** The style nonce of the page's current document, from its policy header. */
  documentNonce(): string;
}

/** A page whose CSP violations are recorded from before any of its own scripts run. */
async function watched(): Promise<Watch> {
  const page = await browser.open();
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  let shown: Response | null = null;
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document' && r.frame() === page.mainFrame()) shown = r;
  });
  return { page, problems, documentNonce: () => nonceOf(shown) };
}

/** The nonce of the document `response` answered, read from its policy header. */
function nonceOf(response: Response | null): string {
  const csp = response?.headers()['content-security-policy'] ?? '';
  const m = /style-src 'self' 'nonce-([^']+)'/.exec(csp);
  if (!m) throw new Error(`no style nonce in the policy: ${csp}`);
  return m[1];
}

/** Every <style> in the page carries the nonce of the document's own policy, and there are antd's among them. */
async function expectNoncedStyles(page: Page | Frame, nonce: string): Promise<void> {
  const seen = await page.evaluate(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    const styles = Array.from(document.querySelectorAll('style'));
    return {
      meta: meta?.nonce,
      total: styles.length,
      antd: styles.filter((s) => s.hasAttribute('data-css-hash') || s.hasAttribute('data-rc-order')).length,
      without: styles.filter((s) => s.nonce !== meta?.nonce).map((s) => s.outerHTML.slice(0, 160)),
    };
  });
  expect(seen.meta).toBe(nonce);
  expect(seen.antd).toBeGreaterThan(3);
  expect(seen.without).toEqual([]);
}

function frameAncestorsOf(response: Response): string | undefined {
  return (response.headers()['content-security-policy'] ?? '').split(/;\s*/).find((d) => d.startsWith('frame-ancestors'));
}

async function backgroundOf(page: Page | Frame, selector: string): Promise<string> {
  const el = page.locator(selector).filter({ visible: true }).first();
  await visible(el, selector);
  return el.evaluate((e) => getComputedStyle(e).backgroundColor);
}

describe('the web app under its Content-Security-Policy', () => {
  it('landing page: antd styles carry the nonce and apply; what the policy forbids is refused', async () => {
    const { page, problems } = await watched();
    const response = await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: en('landing.hero.title') }), 'landing heading');
    const nonce = nonceOf(response);
    // The built page has no inline script for the policy to refuse.
    expect(await page.evaluate(() => Array.from(document.scripts).filter((s) => !s.src).length)).toBe(0);
    // The landing page draws its first screen without antd; antd comes with its islands (the partnership form):
    // wait for the form's button before looking at antd's styles (issue 14). The form loads as it nears the viewport.
    await page.getByRole('region', { name: en('landing.partnership.title'), exact: true }).scrollIntoViewIfNeeded();
    expect(await backgroundOf(page, '.ant-btn-primary')).toBe(PRIMARY);
    await expectNoncedStyles(page, nonce);

    // The auto-sizing TextArea measures itself through a style attribute (style-src-attr).
    const form = page.getByRole('region', { name: en('landing.partnership.title'), exact: true });
    const remarks = form.getByLabel(en('landing.form.remarks.label'), { exact: true });
    await remarks.fill('one\ntwo\nthree\nfour\nfive');
    await expect.poll(() => remarks.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(90);
    expect(problems).toEqual([]);

    // The watch sees what the policy refuses: a style sheet from injected markup, and inline script.
    await page.evaluate(() => {
      const div = document.createElement('div');
      div.innerHTML = '<style>body { background: rgb(255, 0, 0) }</style>';
      document.body.append(div);
    });
    await page.addScriptTag({ content: 'window.injected = true' }).catch(() => undefined);
    await expect.poll(() => problems.join('\n')).toMatch(/style-src-elem blocked inline/);
    await expect.poll(() => problems.join('\n')).toMatch(/script-src-elem blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
  });

  it('operator: log in, search flights, open the orders: no violation', async () => {
    const { page, problems } = await watched();
    const response = await page.goto('/');
    const nonce = nonceOf(response);
    const login = await loginViaUi(page, 'operator', DEMO_PASSWORDS.operator);
    expect(((await login.json()) as { code: number }).code).toBe(0);
    await atPath(page, '/flight/booking');
    await visible(page.getByRole('heading', { name: en('flight.title.booking'), exact: true }), 'flight booking heading');

    await pickPlace(page, en('flight.search.originOf', { n: 1 }), 'beijing', 'BJS');
    await pickPlace(page, en('flight.search.destinationOf', { n: 1 }), 'shanghai', 'SHA');
    const done = nextSolutions(page);
    await clickSearch(page);
    const answer = await done;
    await expect.poll(() => page.getByTestId('results').locator('.ant-typography[aria-live="polite"]').textContent(), { timeout: 15_000 }).toBe(countText(answer.total));
    // Styles antd added on this page (results, pickers, dropdowns) still carry the first document's nonce.
    await expectNoncedStyles(page, nonce);

    const orders = await page.goto('/flight/orders');
    await visible(page.getByRole('heading', { name: en('orders.title.list'), exact: true }), 'orders heading');
    const second = nonceOf(orders);
    expect(second).not.toBe(nonce);
    await expectNoncedStyles(page, second);
    expect(problems).toEqual([]);
  });

  it('admin: agency management and its configuration drawer (scroll lock, tags field): no violation', async () => {
    const { page, problems, documentNonce } = await watched();
    await openLoggedIn(page, 'admin', '/agency-manager');
    await visible(page.getByRole('heading', { name: en('agency.title'), exact: true }), 'agency manager heading');
    const row = await visible(page.getByRole('row').filter({ hasText: 'Demo Travel Agency' }), 'row of Demo Travel Agency');
    await row.getByRole('button', { name: en('agency.actions.moreFor', { name: 'Demo Travel Agency' }) }).click();
    await (await visible(page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${en('agency.actions.config')}$`) }), 'configure menu item')).click();
    const drawer = await visible(page.getByRole('dialog').filter({ has: page.getByText(en('agency.config.title', { name: 'Demo Travel Agency', code: 'A00001' }), { exact: true }) }), 'config drawer');
    const origins = await visible(formItem(page, en('agency.config.common.embedOrigins')), 'embed origins field');
    await origins.getByRole('combobox').fill('https://partner.example');
    await page.keyboard.press('Enter');
    await visible(origins.locator('.ant-select-selection-item[title="https://partner.example"]').filter({ visible: true }), 'origin tag');
    // The drawer locks the page's scroll with a <style> its library creates without antd's nonce.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
    const save = drawer.getByRole('button', { name: en('agency.config.save', { group: en('agency.config.tabs.common') }) });
    expect(await save.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(PRIMARY);
    await expectNoncedStyles(page, documentNonce());
    expect(problems).toEqual([]);
  });

  it('the Swagger UI works under its own policy', async () => {
    const { page, problems } = await watched();
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await visible(page.locator('.swagger-ui .opblock').first(), 'an operation of the API');
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await visible(page.locator('.swagger-ui .opblock-body').first(), 'an opened operation');
    expect(problems).toEqual([]);
  });

  it('the sandbox hosted pay page: its countdown runs and Cancel returns to the portal', async () => {
    const { page, problems } = await watched();
    const finance = await apiLogin('finance');
    const res = await fetch(`${baseURL()}/base/v2/wallet/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${finance}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'accept-language': 'en' },
      body: JSON.stringify({ channel: 'alipay', amount: 100, currency: 'CNY' }),
    });
    const created = (await res.json()) as { code: number; message: string; data: { redirectUrl: string } };
    expect(created.code, created.message).toBe(0);
    await page.goto(`${created.data.redirectUrl}?lang=en`);
    const clock = await visible(page.locator('#time-left'), 'time left');
    const first = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5000 }).not.toBe(first);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/bills/wallet');
    expect(problems).toEqual([]);
  });
});

/** A page of another site that frames `src` (the framing site of an agency, or a stranger). */
async function framingSite(): Promise<{ origin: string; url(src: string): string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>partner</title><iframe id="portal" title="portal" src="${src.replace(/"/g, '&quot;')}" width="1200" height="800"></iframe>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // localhost, while the portal is on 127.0.0.1: another site, so the frame is a cross-site one.
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { origin, url: (src) => `${origin}/?src=${encodeURIComponent(src)}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function portalFrame(page: Page): Promise<Frame> {
  const handle = await visible(page.locator('#portal'), 'the portal frame');
  const frame = await (await handle.elementHandle())!.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('embedded mode: framing by the agency\'s listed sites only', () => {
  let admin: string;
  let agencyId: string;
  const sites: Awaited<ReturnType<typeof framingSite>>[] = [];

  async function setOrigins(embedOrigins: string[]) {
    const detail = await apiCall<{ config: { common: Record<string, unknown> } }>('GET', `/base/v2/agencies/${agencyId}`, { token: admin });
    const saved = await apiCall('PUT', `/base/v2/agencies/${agencyId}/config`, { token: admin, body: { common: { ...detail.data.config.common, embedOrigins } } });
    expect(saved.code, saved.message).toBe(0);
  }

  afterAll(async () => {
    if (admin && agencyId) await setOrigins([]);
    await Promise.all(sites.map((s) => s.close()));
  });

  it('a listed site shows a single-login link in a frame, also after a reload; another site and a bare page are refused', async () => {
    admin = await apiLogin('admin');
    const list = await apiCall<{ items: { id: string; code: string }[] }>('GET', '/base/v2/agencies?page=1&pageSize=100', { token: admin });
    agencyId = list.data.items.find((a) => a.code === 'A00001')!.id;
    const partner = await framingSite();
    const stranger = await framingSite();
    sites.push(partner, stranger);
    await setOrigins([partner.origin]);

    const { page, problems } = await watched();
    await page.goto(partner.url(`${baseURL()}/profile?${singleLoginQuery(DEMO_AGENCY_SECRET, 'operator')}`));
    let frame = await portalFrame(page);
    // The frame keeps its own (partitioned) storage, so it shows the site's default language: names, not labels.
    await visible(frame.getByText('Olivia Operator', { exact: true }), 'the operator, logged in inside the frame');
    await expect.poll(() => new URL(frame.url()).search).toBe('');
    expect(await backgroundOf(frame, '.ant-btn-primary')).toBe(PRIMARY);

    // A reload in the frame carries no link: the cookie set with the link's page keeps the grant. (Whether the
    // session survives it depends on the browser letting the frame keep storage; this one blocks third-party
    // storage, so the reloaded frame shows the portal logged out, which is still the portal, not an error page.)
    const reloaded = page.waitForResponse((r) => r.url().startsWith(`${baseURL()}/profile`) && r.request().resourceType() === 'document');
    await frame.evaluate(() => location.reload()).catch(() => undefined);
    expect(frameAncestorsOf(await reloaded)).toBe(`frame-ancestors ${partner.origin}`);
    frame = await portalFrame(page);
    await visible(frame.locator('.portal-header'), 'the portal in the frame after a reload');
    expect(frame.url()).toBe(`${baseURL()}/profile`);
    expect(problems).toEqual([]);

    // The same link framed by a site the agency did not list, and the bare portal (no link, no cookie) framed by
    // its own partner.
    const cases: [string, string][] = [
      [stranger.url(`${baseURL()}/profile?${singleLoginQuery(DEMO_AGENCY_SECRET, 'operator')}`), `frame-ancestors ${partner.origin}`],
      [partner.url(`${baseURL()}/`), "frame-ancestors 'none'"],
    ];
    for (const [url, policy] of cases) {
      const refused = await watched();
      const answer = refused.page.waitForResponse((r) => r.url().startsWith(baseURL()) && r.request().resourceType() === 'document');
      await refused.page.goto(url);
      expect(frameAncestorsOf(await answer)).toBe(policy);
      await expect.poll(() => refused.problems.join('\n')).toMatch(/frame-ancestors/);
      const blocked = await portalFrame(refused.page);
      await expect.poll(() => blocked.url()).not.toContain(baseURL());
    }
  });
});
