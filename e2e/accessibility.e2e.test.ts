import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { Statement } from '@portal/contract/api/bills';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { groupBooking, groupQuoteBody } from '@portal/contract/api/group-orders.fixture';
import type { SolutionsAnswer } from '@portal/contract/api/shopping';
import type { PayTrainOrderAnswer, TrainOrder, TrainSearchAnswer } from '@portal/contract/api/trains';
import { TRAIN_CONTACT, ZHANG } from '@portal/contract/passengers/train.fixture';
import { checkAccess, type GuardMe, type GuardRoute } from '../apps/web/src/app/guard';
import { paths } from '../apps/web/src/app/paths';
import { launch, type Lang } from './browser.ts';
import { isoDay } from './flight.ts';
import { tx } from './texts.ts';
import { apiCall, apiLogin, baseURL, prepare, visible } from './ui.ts';

/**
 * Issue 14: axe-core on every page of the route table, in the three languages, with zero serious or critical
 * violations of WCAG 2.0/2.1 A and AA. The page list comes from the route table itself (apps/web/src/app/routes.tsx);
 * each page is opened by the demo user the guard lets in (the agency's SuperUser first, the platform admin for the
 * platform's pages), the public pages logged out. One browser; one context per user and language, its page reused.
 */

const LANGS: Lang[] = ['en', 'zh-CN', 'zh-TW'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type User = 'anonymous' | 'agency' | 'admin';

/**
 * Routes not visited, with the reason. Empty today: every detail page gets its object in the setup (objectsFor). A new
 * :id route must get an object there or a reason here.
 */
const NOT_COVERED: Record<string, string> = {};

/**
 * Every page is checked in English; in Chinese (both variants) the text-heavy pages, to keep the run short: the
 * longer and wider Chinese strings are what can change there (clipped labels, names that no longer match).
 */
const TEXT_HEAVY = new Set<string>([
  paths.home,
  paths.terms,
  paths.privacy,
  paths.profile,
  paths.company,
  paths.flightBooking,
  paths.groupBooking,
  paths.trainBooking,
  '/flight/orders/:id',
  '/flight/group/order/:id',
  paths.billsWallet,
  paths.platformEnquiries,
  '*',
]);

/** The path that stands for the catch-all route: the not-found page of a logged-in user. */
const NOT_FOUND = '/no-such-page';

interface Visit {
  route: string;
  url: string;
  user: User;
  /** Something to do after the page is shown, before axe runs (e.g. open the login dialog). */
  then?: (page: Page, lang: Lang) => Promise<void>;
}

/**
 * The route table, loaded at run time: it is a .tsx module (lazy pages), which the e2e typecheck (no JSX) must not
 * follow; vitest transforms it like any other module. Only its data is used, the lazy pages are never loaded.
 */
const ROUTES_MODULE = '../apps/web/src/app/routes.tsx';
let routes: GuardRoute[] = [];

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = new Map<string, Page>();
const tokens: Partial<Record<User, string>> = {};
const visits: Visit[] = [];
const setupProblems: string[] = [];

async function ok<T>(method: string, path: string, token: string, body?: unknown, key?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(`${baseURL()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; data: T; message: string };
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** A booked (unpaid) flight order of the agency, for the order detail page. */
async function bookFlightOrder(token: string): Promise<string> {
  const { searchId } = await ok<{ searchId: string }>('POST', '/shopping/v2/flight/async-shopping', token, {
    journeys: [{ origin: 'PEK', destination: 'SHA', date: isoDay(21) }],
    passengers: { adult: 1, child: 0, infant: 0 },
    directOnly: true,
  });
  let answer: SolutionsAnswer;
  for (const deadline = Date.now() + 20_000; ; ) {
    answer = await ok<SolutionsAnswer>('POST', '/shopping/v2/flight/async-shopping/solutions', token, { searchId, pageSize: 50 });
    if (answer.progress.done) break;
    if (Date.now() > deadline) throw new Error('flight search not done in 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const fare = answer.items[0]?.fares[0];
  if (!fare) throw new Error('no fare PEK-SHA');
  const passenger = {
    type: 'adult',
    surname: 'AXE',
    given_names: 'CHECK',
    gender: 'female',
    birthday: '1988-04-06',
    nationality: 'CN',
    travel_document: { type: 'passport', number: `E${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, expiryDate: isoDay(3000), issuingCountry: 'CN' },
  };
  const contact = { name: 'Wang Wu', email: 'wang.wu@example.com', areaCode: '86', phone: '13800138000' };
  const order = await ok<FlightOrder>('POST', '/order/v2/flight/orders', token, { searchId, fareId: fare.fareId, acceptedTotal: fare.totalSalePrice, passengers: [passenger], contact }, randomUUID());
  return order.id;
}

/**
 * An issued train ticket of the agency (booked and paid from the balance), for the train order page with its seats and
 * its refund and change actions. Six days ahead: inside the railway's pre-sale window in China time whatever the
 * machine's time zone.
 */
async function issuedTrainOrder(token: string): Promise<string> {
  const search = await ok<TrainSearchAnswer>('POST', '/shopping/v2/train/search', token, { from: 'BJS', to: 'SHA', date: isoDay(6), filters: { trainTypes: ['G'] } });
  const service = search.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0));
  if (!service) throw new Error('no G train BJS-SHA with second-class seats');
  const price = service.classes.find((c) => c.seatClass === 'second')!.price;
  const order = await ok<TrainOrder>(
    'POST',
    '/order/v2/train/orders',
    token,
    { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass: 'second', passengers: [ZHANG], contact: TRAIN_CONTACT, acceptedTotal: price },
    randomUUID(),
  );
  const paid = await ok<PayTrainOrderAnswer>('POST', `/order/v2/train/orders/${order.id}/payment`, token, { method: 'balance' }, randomUUID());
  if (paid.status !== 'issued') throw new Error(`train order ${order.orderNumber} is ${paid.status} after paying, not issued`);
  return order.id;
}

/**
 * A group request of the agency with a quote to confirm (the page's richest state before payment). The platform admin
 * quotes it at the group desk, so the setup does not wait for the simulated desk (it leaves quoted groups alone).
 */
async function quotedGroup(agency: string, admin: string): Promise<string> {
  const group = await ok<GroupOrder>('POST', '/order/v2/flight/group/orders', agency, groupBooking(), randomUUID());
  const quoted = await ok<GroupOrder>('POST', `/order/v2/flight/group/orders/${group.id}/quote`, admin, groupQuoteBody(group));
  if (quoted.status !== 'to_be_confirm') throw new Error(`group ${group.id} is ${quoted.status} after the desk's quote`);
  return group.id;
}

/**
 * The demo agency's bill as the platform reads it, with a statement: the e2e database starts with the server, so no
 * month has ended in it yet and the running month's statement (generated now, provisional) is the one there can be.
 */
async function agencyBill(admin: string, companyId: string): Promise<string> {
  await ok<Statement>('POST', '/base/v2/sub/statements', admin, { companyId, month: new Date().toISOString().slice(0, 7) });
  return companyId;
}

/** The object of every detail page, made through the API as the demo users would, all at once (they are independent). */
async function objectsFor(me: Record<'agency' | 'admin', MeAnswer>): Promise<Record<string, string>> {
  const agency = tokens.agency!;
  const admin = tokens.admin!;
  const makers: Record<string, () => Promise<string>> = {
    '/flight/orders/:id': async () => paths.flightOrder(await bookFlightOrder(agency)),
    '/train/orders/:id': async () => paths.trainOrder(await issuedTrainOrder(agency)),
    '/flight/group/order/:id': async () => paths.groupOrder(await quotedGroup(agency, admin)),
    '/agency-manager/bills/:id': async () => paths.agencyBill(await agencyBill(admin, me.agency.company.id)),
  };
  const ids: Record<string, string> = {};
  const made = await Promise.allSettled(Object.entries(makers).map(async ([route, make]) => [route, await make()] as const));
  for (const [i, result] of made.entries()) {
    const route = Object.keys(makers)[i];
    // Reported by the coverage test below; the pages that need no object are still checked.
    if (result.status === 'fulfilled') ids[route] = result.value[1];
    else setupProblems.push(`the object for ${route} could not be made: ${(result.reason as Error).message}`);
  }
  return ids;
}

/** Which user opens a route: anonymous for the public pages, else the first demo user the guard lets in. */
function userFor(route: GuardRoute, me: Record<'agency' | 'admin', GuardMe>): User {
  if (route.access.public) return 'anonymous';
  if (checkAccess(route, { me: me.agency }).ok) return 'agency';
  if (checkAccess(route, { me: me.admin }).ok) return 'admin';
  throw new Error(`no demo user may open ${route.path}`);
}

async function pageFor(user: User, lang: Lang): Promise<Page> {
  const key = `${user}/${lang}`;
  const existing = pages.get(key);
  if (existing) return existing;
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, locale: lang, reducedMotion: 'reduce' });
  contexts.push(context);
  await context.addInitScript(
    ([l, t]) => {
      window.localStorage.setItem('portal.language', l);
      if (t) window.localStorage.setItem('portal.token', t);
    },
    [lang, tokens[user] ?? ''] as const,
  );
  const page = prepare(await context.newPage());
  pages.set(key, page);
  return page;
}

/** Waits until the page's main content is there: the language applied, the main landmark shown, nothing loading. */
async function settle(page: Page, lang: Lang): Promise<void> {
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await visible(page.locator('main'), 'main landmark');
  await visible(page.locator('main').locator('h1, h2, h3, h4, .ant-card, .ant-table, .ant-result, form'), 'main content');
  await page.waitForLoadState('networkidle', { timeout: 800 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning, main .ant-skeleton-active'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

async function audit(lang: Lang, user: User): Promise<string[]> {
  const problems: string[] = [];
  const page = await pageFor(user, lang);
  for (const visit of visits.filter((v) => v.user === user && (lang === 'en' || TEXT_HEAVY.has(v.route)))) {
    const where = `${visit.url}${visit.then ? ' (dialog)' : ''} [${lang}, ${user}]`;
    try {
      await page.goto(visit.url);
      await settle(page, lang);
      if (visit.then) await visit.then(page, lang);
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const v of result.violations) {
        if (!BLOCKING.has(v.impact ?? '')) continue;
        for (const node of v.nodes) {
          problems.push(`${where} ${v.impact} ${v.id}: ${node.target.join(' ')} -- ${node.failureSummary?.replace(/\s+/g, ' ').slice(0, 300)}`);
        }
      }
    } catch (err) {
      problems.push(`${where} could not be checked: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  routes = ((await import(/* @vite-ignore */ ROUTES_MODULE)) as { routes: GuardRoute[] }).routes;
  if (routes.length < 10) throw new Error(`the route table from ${ROUTES_MODULE} has ${routes.length} routes`);
  browser = await launch();
  tokens.agency = await apiLogin('agency');
  tokens.admin = await apiLogin('admin');
  const me = {
    agency: (await apiCall<MeAnswer>('GET', '/base/v2/me', { token: tokens.agency })).data,
    admin: (await apiCall<MeAnswer>('GET', '/base/v2/me', { token: tokens.admin })).data,
  };
  const ids = await objectsFor(me);
  for (const route of routes) {
    if (NOT_COVERED[route.path]) continue;
    if (route.path === '*') {
      visits.push({ route: route.path, url: NOT_FOUND, user: 'agency' });
      continue;
    }
    const url = route.path.includes(':') ? ids[route.path] : route.path;
    if (!url) {
      if (!setupProblems.some((p) => p.includes(route.path))) setupProblems.push(`${route.path}: give it an object in ids or a reason in NOT_COVERED`);
      continue;
    }
    const user = userFor(route, me);
    visits.push({ route: route.path, url, user });
    // The profile is public but is a page of a logged-in user: check both.
    if (route.path === paths.profile) visits.push({ route: route.path, url, user: 'agency' });
  }
  // The login dialog, opened from the top bar of the landing page.
  visits.push({
    route: paths.home,
    url: paths.home,
    user: 'anonymous',
    then: async (page, lang) => {
      await (await visible(page.getByRole('banner').getByRole('button', { name: tx(lang, 'layout.menu.login') }), 'log-in button')).click();
      await visible(page.getByRole('dialog', { name: tx(lang, 'auth.login.title') }), 'login dialog');
      await page.waitForTimeout(400);
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  it('covers every path of paths.ts through the route table', () => {
    expect(setupProblems).toEqual([]);
    const declared = new Set(routes.map((r) => r.path));
    for (const [name, value] of Object.entries(paths)) {
      const path = typeof value === 'function' ? value('ID').replace(/ID$/, ':id') : value;
      expect(declared.has(path), `paths.${name} (${path}) has no route`).toBe(true);
    }
    for (const path of TEXT_HEAVY) expect(declared.has(path), `${path} in TEXT_HEAVY has no route`).toBe(true);
    const visited = new Set(visits.map((v) => v.route));
    for (const route of routes) expect(visited.has(route.path) || route.path in NOT_COVERED, `${route.path} is not visited`).toBe(true);
  });

  for (const lang of LANGS) {
    for (const user of ['anonymous', 'agency', 'admin'] as const) {
      it(`has no serious or critical violations on the ${user} pages in ${lang}`, { timeout: 180_000 }, async () => {
        const problems = await audit(lang, user);
        expect(problems, `${problems.length} serious/critical axe violation(s):\n${problems.join('\n')}\n`).toEqual([]);
      });
    }
  }
});

// The page list is printed once so a run shows what was covered.
afterAll(() => {
  console.log(`axe: ${visits.length} page visits in en, ${visits.filter((v) => TEXT_HEAVY.has(v.route)).length} in zh-CN and zh-TW: ${visits.map((v) => `${v.url} (${v.user})`).join(', ')}; not covered: ${Object.keys(NOT_COVERED).join(', ')}`);
});
