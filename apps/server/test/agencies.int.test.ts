import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMMON_CONFIG, DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { agencyActivity, apiKeys, companies, outboxEmails, paymentTransactions, sessions, userLogs, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { signSingleLogin } from '../src/modules/auth/single-login.service.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, DEMO, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, multipartFile, TINY_PNG } from './helpers/tenants.ts';

let t: TestApp;
let admin: string; // SuperUser of the platform P00001: the agency manager
let pfinance: string; // finance user of the platform: manages agencies, may not reset passwords
let poperator: string; // operator of the platform: no agency management
let agency: string; // SuperUser of A00001 (proxyLevel 1): not an agency manager
let operator: string; // operator of A00001
let admin2: string; // SuperUser of a second platform, P00002
let foreignAgencyId: string; // an agency of P00002
let demoId: string;

const json = (v: unknown) => JSON.parse(JSON.stringify(v));

async function platformUser(username: string, roles: string[]): Promise<string> {
  const res = await call(t.app, 'POST', '/base/v2/users', {
    token: admin,
    body: { username, email: `${username}@demo-platform.example`, password: 'Staff@123', roles },
  });
  expect(res.code, res.message).toBe(0);
  const login = await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Staff@123' } });
  return login.data.token;
}

/** A second top-level agency with its own agency manager: its agencies must be invisible to P00001. */
async function secondPlatform(): Promise<string> {
  const [p2] = await t.db
    .insert(companies)
    .values({
      code: 'P00002',
      name: 'Other Platform',
      proxyLevel: 0,
      commonConfig: { ...DEFAULT_COMMON_CONFIG, canCreateSubAgency: true, isShowBill: true },
      singleLoginSecret: 'p2-secret',
    })
    .returning();
  await t.db.insert(users).values({
    companyId: p2.id,
    username: 'admin2',
    email: 'admin2@other-platform.example',
    passwordHash: await hashPassword('Admin2@123'),
    roles: ['SuperUser'],
    permissions: ['all'],
    config: DEFAULT_USER_CONFIG,
  });
  const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'admin2', password: 'Admin2@123' } });
  return login.data.token;
}

let seq = 0;
function agencyBody(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Test Agency ${seq}`,
    alias: `TA${seq}`,
    contactName: `Contact ${seq}`,
    contactEmail: `contact${seq}@test-agency.example`,
    contactPhone: '+86 10 1234 5678',
    settlementCurrency: 'CNY',
    superUser: { username: `boss${seq}`, password: 'Boss@1234' },
    ...over,
  };
}

async function createAgency(over: Record<string, unknown> = {}, token = admin) {
  const res = await call(t.app, 'POST', '/base/v2/agencies', { token, body: agencyBody(over) });
  expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
  return res.data;
}

function topUpBody(over: Record<string, unknown> = {}) {
  return { receivedCurrency: 'CNY', receivedAmount: 100_000, exchangeRate: '1', referenceNumber: 'BANK-1', amount: 100_000, ...over };
}

/** A fresh Idempotency-Key unless one is given; null sends none. */
const topUp = (id: string, body: unknown, key: string | null = randomUUID(), token = admin) =>
  call(t.app, 'POST', `/base/v2/agencies/${id}/balance`, { token, body, headers: key ? { 'idempotency-key': key } : {} });

/** The log entries of one action about one agency. */
const agencyLogs = async (action: string, code: string) =>
  (await t.db.select().from(userLogs).where(eq(userLogs.action, action))).filter((l) => l.detail.agency === code);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
  pfinance = await platformUser('pfinance', ['finance']);
  poperator = await platformUser('poperator', ['operator']);
  admin2 = await secondPlatform();
  const foreign = await call(t.app, 'POST', '/base/v2/agencies', { token: admin2, body: agencyBody() });
  expect(foreign.code, foreign.message).toBe(0);
  foreignAgencyId = foreign.data.id;
  demoId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

describe('who may manage agencies', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', '/base/v2/agencies'],
    ['POST', '/base/v2/agencies', agencyBody()],
    ['GET', `/base/v2/agencies/${id}`],
    ['PUT', `/base/v2/agencies/${id}/config`, { creditPeriod: { value: 2, unit: 'week' } }],
    ['POST', `/base/v2/agencies/${id}/apikey`],
    ['POST', `/base/v2/agencies/${id}/single-login-secret`],
    ['PUT', `/base/v2/agencies/${id}/credit`, { credit: 100 }],
    ['GET', `/base/v2/agencies/${id}/look-to-book`, undefined],
    ['DELETE', `/base/v2/agencies/${id}`],
  ];

  it('refuses operators and the SuperUser of a sub-agency (403) and anonymous callers (201001)', async () => {
    for (const token of [operator, agency, poperator]) {
      for (const [method, url, body] of routes(demoId)) {
        const query = url.endsWith('look-to-book') ? { from: '2026-01-01', to: '2026-01-31' } : undefined;
        const res = await call(t.app, method, url, { token, body, query });
        expect([res.status, res.code], `${method} ${url}`).toEqual([403, 100403]);
      }
    }
    const anonymous = await call(t.app, 'GET', '/base/v2/agencies');
    expect([anonymous.status, anonymous.code]).toEqual([401, 201001]);
    // Nothing the refused calls carried was applied.
    const [demo] = await t.db.select().from(companies).where(eq(companies.id, demoId));
    expect(demo.deletedAt).toBeNull();
    expect(demo.creditPeriod).toEqual({ value: 1, unit: 'month' });
  });

  it("answers 404 for another platform's agency, an unknown id, and the caller's own company", async () => {
    const p1 = await companyIdOf(t, 'P00001');
    for (const id of [foreignAgencyId, randomUUID(), p1]) {
      for (const [method, url, body] of routes(id).filter(([, u]) => u !== '/base/v2/agencies')) {
        const query = url.endsWith('look-to-book') ? { from: '2026-01-01', to: '2026-01-31' } : undefined;
        const res = await call(t.app, method, url, { token: admin, body, query });
        expect([res.status, res.code], `${method} ${url}`).toEqual([404, 100404]);
      }
      expect((await topUp(id, topUpBody())).status).toBe(404);
      expect((await call(t.app, 'PUT', `/base/v2/agencies/${id}`, { token: admin, body: { ...agencyBody(), status: 'active' } })).status).toBe(404);
      expect((await call(t.app, 'POST', `/base/v2/agencies/${id}/superuser/password`, { token: admin, body: { password: 'New@12345' } })).status).toBe(404);
    }
    const [foreign] = await t.db.select().from(companies).where(eq(companies.id, foreignAgencyId));
    expect(foreign.deletedAt).toBeNull();
    expect(await ledger.balances(t.db, foreignAgencyId, 'CNY')).toMatchObject({ cash: 0, creditLimit: 0 });
  });

  it('lets the finance user of the platform manage agencies', async () => {
    const res = await call(t.app, 'GET', '/base/v2/agencies', { token: pfinance });
    expect(res.code).toBe(0);
    expect(res.data.items.map((a: { code: string }) => a.code)).toContain('A00001');
  });
});

describe('GET /base/v2/agencies', () => {
  it("lists the caller's agencies only, with balances from the ledger, newest first", async () => {
    const res = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { pageSize: 100 } });
    expect(res.code).toBe(0);
    const codes = res.data.items.map((a: { code: string }) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['A00001', 'A00002']));
    expect(res.data.items.every((a: { parentId: string }) => a.parentId === res.data.items[0].parentId)).toBe(true);
    expect(res.data.items.find((a: { id: string }) => a.id === foreignAgencyId)).toBeUndefined();
    const demo = res.data.items.find((a: { code: string }) => a.code === 'A00001');
    expect(demo).toMatchObject({ name: 'Demo Travel Agency', proxyLevel: 1, status: 'active', settlementCurrency: 'CNY', superUser: { username: 'agency' } });
    expect(demo.balance).toEqual(await ledger.balances(t.db, demoId, 'CNY'));
    // The other platform sees its own agency only.
    const other = await call(t.app, 'GET', '/base/v2/agencies', { token: admin2 });
    expect(other.data.items.map((a: { id: string }) => a.id)).toEqual([foreignAgencyId]);
  });

  it('filters by keyword, status, balance and credit', async () => {
    const rich = await createAgency({ name: 'Filter Rich Travel', contactName: 'Zed Filterman' });
    const poor = await createAgency({ name: 'Filter Poor Travel' });
    const owing = await createAgency({ name: 'Filter Owing Travel', settlementCurrency: 'USD' });
    expect((await topUp(rich.id, topUpBody({ receivedAmount: 5_000, amount: 5_000 }))).code).toBe(0);
    expect((await call(t.app, 'PUT', `/base/v2/agencies/${owing.id}/credit`, { token: admin, body: { credit: 10_000 } })).code).toBe(0);
    expect((await ledger.pay(t.db, owing.id, 'USD', 2_500, 'origin-flight')).ok).toBe(true);
    await call(t.app, 'PUT', `/base/v2/agencies/${poor.id}`, { token: admin, body: { ...agencyBody({ name: 'Filter Poor Travel' }), status: 'disabled' } });

    const list = async (query: Record<string, string>) => {
      const res = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { keyword: 'filter', ...query } });
      expect(res.code, res.message).toBe(0);
      return res.data.items.map((a: { name: string }) => a.name).sort();
    };
    expect(await list({})).toEqual(['Filter Owing Travel', 'Filter Poor Travel', 'Filter Rich Travel']);
    expect(await list({ keyword: 'zed filterMAN' })).toEqual(['Filter Rich Travel']);
    expect(await list({ keyword: rich.code })).toEqual(['Filter Rich Travel']);
    expect(await list({ status: 'disabled' })).toEqual(['Filter Poor Travel']);
    expect(await list({ balance: 'positive' })).toEqual(['Filter Rich Travel']);
    expect(await list({ balance: 'zero' })).toEqual(['Filter Poor Travel']);
    expect(await list({ balance: 'usingCredit' })).toEqual(['Filter Owing Travel']);
    expect(await list({ hasCredit: 'true' })).toEqual(['Filter Owing Travel']);
    expect(await list({ hasCredit: 'false' })).toEqual(['Filter Poor Travel', 'Filter Rich Travel']);

    const res = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { keyword: 'Filter Owing' } });
    expect(res.data.items[0].balance).toEqual({
      currency: 'USD', cash: -2_500, creditLimit: 10_000, usedCredit: 2_500, availableCredit: 7_500, held: 0, available: 7_500,
    });
    expect(res.data.items[0].balance).toEqual(await ledger.balances(t.db, owing.id, 'USD'));
    // Keywords are text, not patterns.
    expect(await list({ keyword: '%' })).toEqual([]);
  });

  it('pages', async () => {
    const all = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { pageSize: 100 } });
    const page2 = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { page: 2, pageSize: 2 } });
    expect(page2.data).toMatchObject({ page: 2, pageSize: 2, total: all.data.total });
    expect(page2.data.items.map((a: { id: string }) => a.id)).toEqual(all.data.items.slice(2, 4).map((a: { id: string }) => a.id));
  });
});

describe('POST /base/v2/agencies', () => {
  it('creates the agency with the next code, its settings and its first SuperUser', async () => {
    const before = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { pageSize: 100 } });
    const highest = Math.max(...[...before.data.items, { code: 'A00000' }].map((a: { code: string }) => Number(a.code.slice(1))), 1);
    const p1 = await companyIdOf(t, 'P00001');
    const created = await createAgency({
      name: 'Brand New Travel',
      settlementCurrency: 'USD',
      enableTrainService: false,
      allowedHosts: ['203.0.113.0/24', 'api.brand-new.example'],
      extraInfo: 'Signed 2026',
      superUser: { username: 'brandnew', password: 'Brand@123' },
    });
    // Codes are global: P00002's agency took one too.
    expect(Number(created.code.slice(1))).toBeGreaterThan(highest);
    expect(created.code).toMatch(/^A\d{5}$/);
    expect(created).toMatchObject({
      name: 'Brand New Travel',
      parentId: p1,
      proxyLevel: 1,
      status: 'active',
      settlementCurrency: 'USD',
      allowedHosts: ['203.0.113.0/24', 'api.brand-new.example'],
      extraInfo: 'Signed 2026',
      apiKey: null,
      superUser: { username: 'brandnew' },
      balance: { currency: 'USD', cash: 0, creditLimit: 0, available: 0 },
    });
    expect(created.config.common).toEqual({ ...DEFAULT_COMMON_CONFIG, settlementCurrency: 'USD', enableTrainService: false });
    expect(created.config.flight).toEqual(json(DEFAULT_FLIGHT_CONFIG));
    expect(created.config.creditPeriod).toEqual({ value: 1, unit: 'month' });

    const [row] = await t.db.select().from(companies).where(eq(companies.id, created.id));
    expect(row.singleLoginSecret.length).toBeGreaterThanOrEqual(32);
    // The new SuperUser signs in to the new agency.
    const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'brandnew', password: 'Brand@123' } });
    expect(login.code).toBe(0);
    expect(login.data.company).toMatchObject({ id: created.id, code: created.code, proxyLevel: 1 });
    expect(login.data.userInfo.roles).toEqual(['SuperUser']);

    const logs = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'agency_create'), eq(userLogs.companyId, p1)));
    expect(logs.find((l) => l.detail.agency === created.code)).toMatchObject({ actorUsername: 'admin', targetUsername: 'brandnew' });
  });

  it('gives concurrent creations distinct codes', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => call(t.app, 'POST', '/base/v2/agencies', { token: admin, body: agencyBody() })));
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(results.map((r) => r.data.code)).size).toBe(5);
  });

  it('refuses a taken username as a field error and creates nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(companies);
    const res = await call(t.app, 'POST', '/base/v2/agencies', { token: admin, body: agencyBody({ superUser: { username: 'AGENCY', password: 'Boss@1234' } }) });
    expect([res.status, res.code]).toEqual([409, 100409]);
    expect(res.data.fields).toHaveProperty(['superUser.username']);
    const [{ n: after }] = await t.db.select({ n: count() }).from(companies);
    expect(after).toBe(before);
  });

  it('validates the body', async () => {
    const res = await call(t.app, 'POST', '/base/v2/agencies', {
      token: admin,
      body: agencyBody({ contactEmail: 'nope', settlementCurrency: 'XXX', allowedHosts: ['not a host!'], superUser: { username: '1x', password: '1' } }),
    });
    expect([res.status, res.code]).toEqual([400, 100400]);
    expect(Object.keys(res.data.fields).sort()).toEqual(['allowedHosts.0', 'contactEmail', 'settlementCurrency', 'superUser.password', 'superUser.username']);
  });
});

describe('GET and PUT /base/v2/agencies/{id}', () => {
  it('answers the detail with every configuration group', async () => {
    const res = await call(t.app, 'GET', `/base/v2/agencies/${demoId}`, { token: admin });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id: demoId, code: 'A00001', superUser: { username: 'agency' } });
    expect(Object.keys(res.data.config).sort()).toEqual(['common', 'creditPeriod', 'flight', 'payment', 'train']);
    expect(res.data.balance).toEqual(await ledger.balances(t.db, demoId, 'CNY'));
  });

  it('edits the details; disabling ends the agency sessions and refuses its logins until enabled again', async () => {
    const a = await createAgency();
    const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: `boss${seq}`, password: 'Boss@1234' } });
    const bossToken = login.data.token;
    const body = { ...agencyBody(), name: 'Renamed Travel', alias: null, customerService: 'Mia (ext. 21)', allowedHosts: ['198.51.100.7'], status: 'disabled' };
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}`, { token: admin, body });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ name: 'Renamed Travel', alias: null, customerService: 'Mia (ext. 21)', allowedHosts: ['198.51.100.7'], status: 'disabled', code: a.code });
    expect((await call(t.app, 'GET', '/base/v2/me', { token: bossToken })).code).toBe(200006);
    const refused = await call(t.app, 'POST', '/base/v2/login', { body: { username: login.data.userInfo.username, password: 'Boss@1234' } });
    expect([refused.status, refused.code]).toEqual([403, 200003]);
    // A signed single-login link is refused the same way, and so is a session that somehow survived.
    const [row] = await t.db.select().from(companies).where(eq(companies.id, a.id));
    const link = { code: randomUUID(), timestamp: Math.floor(Date.now() / 1000), userid: login.data.userInfo.username };
    const signature = signSingleLogin(row.singleLoginSecret, link);
    const single = await call(t.app, 'POST', '/base/v2/single-login', { body: { ...link, signature } });
    expect([single.status, single.code]).toEqual([403, 200003]);
    await t.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.userId, login.data.userInfo.id));
    expect((await call(t.app, 'GET', '/base/v2/me', { token: bossToken })).code).toBe(200006);
    await call(t.app, 'PUT', `/base/v2/agencies/${a.id}`, { token: admin, body: { ...body, status: 'active' } });
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: login.data.userInfo.username, password: 'Boss@1234' } })).code).toBe(0);
    const [log] = await agencyLogs('agency_update', a.code);
    expect(log.detail.fields).toEqual(expect.arrayContaining(['name', 'alias', 'status', 'allowedHosts']));
  });

  it('refuses an invalid body and changes nothing', async () => {
    const a = await createAgency();
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}`, { token: admin, body: { ...agencyBody(), name: '', status: 'gone' } });
    expect(res.status).toBe(400);
    const after = await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin });
    expect(after.data.name).toBe(a.name);
  });
});

describe('POST /base/v2/agencies/{id}/logo', () => {
  it("stores the agency's logo; refuses non-images and other platforms' agencies", async () => {
    const a = await createAgency();
    const up = multipartFile(TINY_PNG, { filename: 'logo.png' });
    const res = await call(t.app, 'POST', `/base/v2/agencies/${a.id}/logo`, { token: admin, ...up });
    expect(res.code, res.message).toBe(0);
    expect(res.data.logo).toMatch(/^\/base\/v2\/files\//);
    expect((await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin })).data.logo).toBe(res.data.logo);
    const text = multipartFile(Buffer.from('not an image at all'), { filename: 'logo.png' });
    expect((await call(t.app, 'POST', `/base/v2/agencies/${a.id}/logo`, { token: admin, ...text })).status).toBe(415);
    expect((await call(t.app, 'POST', `/base/v2/agencies/${foreignAgencyId}/logo`, { token: admin, ...up })).status).toBe(404);
    expect((await call(t.app, 'POST', `/base/v2/agencies/${a.id}/logo`, { token: operator, ...up })).status).toBe(403);
  });
});

describe('PUT /base/v2/agencies/{id}/config', () => {
  it('stores each given group whole and leaves the others', async () => {
    const a = await createAgency();
    const common = { ...DEFAULT_COMMON_CONFIG, emailLanguage: 'en', hidePnrBooking: true, onlyOwnOrders: true, settlementCurrency: 'EUR' };
    const flight = { ...DEFAULT_FLIGHT_CONFIG, priceAdjustments: [{ area: 'intercontinental', value: 150, unit: 'percent', limit: 0 }], maxResponseTimeMs: 8000 };
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, {
      token: admin,
      body: { common, flight, creditPeriod: { value: 2, unit: 'week' }, payment: { channels: ['balance', 'alipay'] } },
    });
    expect(res.code, JSON.stringify(res.data)).toBe(0);
    expect(res.data.config).toEqual({
      common,
      flight: json(flight),
      train: { notificationUrl: null, manual: false },
      creditPeriod: { value: 2, unit: 'week' },
      payment: { channels: ['balance', 'alipay'] },
    });
    expect(res.data.settlementCurrency).toBe('EUR');
    const train = { notificationUrl: 'https://agency.example/train-hook', manual: true };
    const second = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, { token: admin, body: { train } });
    expect(second.data.config).toMatchObject({ common, train, creditPeriod: { value: 2, unit: 'week' } });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, a.id));
    expect(row).toMatchObject({ trainConfig: train, creditPeriod: { value: 2, unit: 'week' }, paymentSettings: { channels: ['balance', 'alipay'] } });
    expect(row.commonConfig.emailLanguage).toBe('en');
  });

  it('refuses a new settlement currency while money sits in the old one, and allows it once settled', async () => {
    const a = await createAgency();
    expect((await topUp(a.id, topUpBody())).code).toBe(0);
    const common = { ...DEFAULT_COMMON_CONFIG, settlementCurrency: 'USD' };
    const refused = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, { token: admin, body: { common }, lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('1,000.00 CNY');
    expect(refused.data.fields['common.settlementCurrency']).toBe(refused.message);
    expect((await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin })).data.settlementCurrency).toBe('CNY');
    // Same currency with other switches is not a change of currency.
    const same = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, { token: admin, body: { common: { ...DEFAULT_COMMON_CONFIG, onlyOwnOrders: true } } });
    expect(same.code).toBe(0);
    await ledger.pay(t.db, a.id, 'CNY', 100_000, 'origin-flight');
    const allowed = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, { token: admin, body: { common } });
    expect(allowed.code, allowed.message).toBe(0);
    expect(allowed.data.settlementCurrency).toBe('USD');
  });

  it('refuses a partial group and changes nothing', async () => {
    const a = await createAgency();
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, {
      token: admin,
      body: { creditPeriod: { value: 3, unit: 'week' }, common: { emailLanguage: 'en' } },
    });
    expect(res.status).toBe(400);
    const after = await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin });
    expect(after.data.config.creditPeriod).toEqual({ value: 1, unit: 'month' });
  });
});

describe('POST /base/v2/agencies/{id}/superuser/password', () => {
  it("sets the agency administrator's password and ends their sessions", async () => {
    const a = await createAgency();
    const username = a.superUser.username;
    const old = (await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Boss@1234' } })).data.token;
    const res = await call(t.app, 'POST', `/base/v2/agencies/${a.id}/superuser/password`, { token: admin, body: { password: 'Fresh@123' } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toEqual({ username });
    expect((await call(t.app, 'GET', '/base/v2/me', { token: old })).code).toBe(200006);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Boss@1234' } })).code).toBe(200001);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Fresh@123' } })).code).toBe(0);
    const [log] = await agencyLogs('agency_password_reset', a.code);
    expect(log).toMatchObject({ actorUsername: 'admin', targetUsername: username });
  });

  it('is for administrators only: the finance manager gets 403', async () => {
    const res = await call(t.app, 'POST', `/base/v2/agencies/${demoId}/superuser/password`, { token: pfinance, body: { password: 'Fresh@123' } });
    expect([res.status, res.code]).toEqual([403, 100403]);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: DEMO.agency } })).code).toBe(0);
  });

  it('refuses a too short password', async () => {
    const res = await call(t.app, 'POST', `/base/v2/agencies/${demoId}/superuser/password`, { token: admin, body: { password: '123' } });
    expect(res.status).toBe(400);
  });
});

describe('POST /base/v2/agencies/{id}/single-login-secret', () => {
  const rotate = (id: string, token = admin) => call(t.app, 'POST', `/base/v2/agencies/${id}/single-login-secret`, { token });
  /** Signs a fresh link for `userid` with `secret` and sends it. */
  const singleLoginWith = (secret: string, userid: string) => {
    const link = { code: randomUUID(), timestamp: Math.floor(Date.now() / 1000), userid };
    return call(t.app, 'POST', '/base/v2/single-login', { body: { ...link, signature: signSingleLogin(secret, link) } });
  };
  const secretsOf = async (id: string) => {
    const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
    return { current: row.singleLoginSecret, prev: row.singleLoginSecretPrev };
  };

  it('answers a new secret once; the previous one keeps working until the next rotation', async () => {
    const a = await createAgency();
    const username = a.superUser.username;
    const original = (await secretsOf(a.id)).current;

    const first = await rotate(a.id);
    expect(first.code, first.message).toBe(0);
    expect(first.data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.data.secret).not.toBe(original);
    expect(Number.isNaN(Date.parse(first.data.rotatedAt))).toBe(false);
    expect(await secretsOf(a.id)).toEqual({ current: first.data.secret, prev: original });
    // Not part of the agency as read back.
    const detail = await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin });
    expect(JSON.stringify(detail.data)).not.toContain(first.data.secret);

    const second = await rotate(a.id);
    expect(second.code, second.message).toBe(0);
    expect(second.data.secret).not.toBe(first.data.secret);
    expect(await secretsOf(a.id)).toEqual({ current: second.data.secret, prev: first.data.secret });

    const withNew = await singleLoginWith(second.data.secret, username);
    expect(withNew.code, withNew.message).toBe(0);
    expect(withNew.data).toMatchObject({ embedded: true, userInfo: { username } });
    expect((await singleLoginWith(first.data.secret, username)).code).toBe(0);
    const withOlder = await singleLoginWith(original, username);
    expect([withOlder.status, withOlder.code]).toEqual([401, 200004]);

    const logs = await agencyLogs('agency_single_login_secret', a.code);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ actorUsername: 'admin' });
    expect(JSON.stringify(logs)).not.toContain(first.data.secret);
    expect(JSON.stringify(logs)).not.toContain(second.data.secret);
  });

  it('refuses an operator (403) and changes nothing', async () => {
    const before = await secretsOf(demoId);
    const res = await rotate(demoId, operator);
    expect([res.status, res.code]).toEqual([403, 100403]);
    expect(await secretsOf(demoId)).toEqual(before);
  });

  it("answers 404 for another platform's agency and changes nothing", async () => {
    const before = await secretsOf(foreignAgencyId);
    const res = await rotate(foreignAgencyId);
    expect([res.status, res.code]).toEqual([404, 100404]);
    expect(await secretsOf(foreignAgencyId)).toEqual(before);
  });
});

describe('POST /base/v2/agencies/{id}/balance (top-up)', () => {
  it('credits the recomputed amount once, records the transaction and logs it', async () => {
    const a = await createAgency({ settlementCurrency: 'CNY' });
    // 1,000.00 USD at 7.1 with a 1.5 % fee: 6,993.50 CNY; the fee is 15.00 USD.
    const body = topUpBody({ receivedCurrency: 'USD', receivedAmount: 100_000, exchangeRate: '7.1', transactionFeePercent: 1.5, amount: 699_350, referenceNumber: 'HSBC-778', remark: 'March' });
    const key = randomUUID();
    const res = await topUp(a.id, body, key);
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data).toMatchObject({ amount: 699_350, currency: 'CNY', replayed: false, balance: { cash: 699_350, available: 699_350 } });
    const [tx] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.data.transactionId));
    expect(tx).toMatchObject({
      companyId: a.id,
      kind: 'top-up',
      method: 'bank-transfer',
      status: 'succeeded',
      grossAmount: 100_000,
      grossCurrency: 'USD',
      feeAmount: 1_500,
      feeBp: 150,
      exchangeRate: '7.1',
      netAmount: 699_350,
      netCurrency: 'CNY',
      externalReference: 'HSBC-778',
      remark: 'March',
      movementId: res.data.movementId,
    });
    expect(tx.paidAt).toBeInstanceOf(Date);
    const log = (await t.db.select().from(userLogs).where(eq(userLogs.action, 'agency_top_up'))).find((l) => l.detail.transactionId === tx.id);
    expect(log?.detail).toMatchObject({ agency: a.code, amount: '6993.50', currency: 'CNY', reference: 'HSBC-778' });

    // A replay answers the first top-up and moves nothing.
    const replay = await topUp(a.id, body, key);
    expect(replay.data).toMatchObject({ transactionId: res.data.transactionId, movementId: res.data.movementId, replayed: true, balance: { cash: 699_350 } });
    // The same key with another body is refused.
    const conflict = await topUp(a.id, { ...body, referenceNumber: 'HSBC-779' }, key);
    expect([conflict.status, conflict.code, conflict.message]).toEqual([409, 100409, 'This Idempotency-Key was already used for a different request']);
    // ... also for another agency.
    expect((await topUp(demoId, body, key)).status).toBe(409);
    expect(await ledger.balances(t.db, a.id, 'CNY')).toMatchObject({ cash: 699_350 });
    const rows = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.companyId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts the client rounding within one minor unit, no more', async () => {
    const a = await createAgency({ settlementCurrency: 'JPY' });
    // 123.45 CNY at 21.3675 JPY per CNY = 2,637.82 JPY -> 2,638 JPY
    const body = topUpBody({ receivedAmount: 12_345, exchangeRate: '21.3675', amount: 2_637 });
    expect((await topUp(a.id, body)).code).toBe(0);
    const off = await topUp(a.id, { ...body, amount: 2_640 });
    expect([off.status, off.code]).toEqual([400, 100400]);
    expect(off.data.fields.amount).toBe('The amount does not match the received amount, exchange rate and fee: it should be 2638 JPY');
    const zh = await call(t.app, 'POST', `/base/v2/agencies/${a.id}/balance`, { token: admin, lang: 'zh-CN', body: { ...body, amount: 2_640 }, headers: { 'idempotency-key': randomUUID() } });
    expect(zh.data.fields.amount).toBe('到账金额与收款金额、汇率及手续费不符，应为2638 JPY');
    expect(await ledger.balances(t.db, a.id, 'JPY')).toMatchObject({ cash: 2_637 });
  });

  it('refuses a missing key, a rate other than 1 for the same currency, a fee with 3 decimals and bad fields', async () => {
    const a = await createAgency();
    const noKey = await topUp(a.id, topUpBody(), null);
    expect([noKey.status, noKey.message]).toEqual([400, 'This request moves money and needs an Idempotency-Key header']);
    const badKey = await topUp(a.id, topUpBody(), 'short');
    expect(badKey.status).toBe(400);
    const rate = await topUp(a.id, topUpBody({ exchangeRate: '1.01', amount: 101_000 }));
    expect(rate.data.fields).toHaveProperty('exchangeRate');
    expect((await topUp(a.id, topUpBody({ exchangeRate: '1.000000' }))).code).toBe(0);
    const zero = await topUp(a.id, topUpBody({ receivedCurrency: 'USD', exchangeRate: '0.000', amount: 1 }));
    expect([zero.status, zero.data.fields]).toEqual([400, { exchangeRate: 'A rate must be a positive number with at most 6 decimals' }]);
    const fee = await topUp(a.id, topUpBody({ transactionFeePercent: 1.005 }));
    expect(fee.data.fields).toEqual({ transactionFeePercent: 'At most 2 decimals' });
    const fields = await topUp(a.id, { receivedCurrency: 'XYZ', receivedAmount: -5, exchangeRate: 'abc', amount: 0 });
    expect(Object.keys(fields.data.fields).sort()).toEqual(['amount', 'exchangeRate', 'receivedAmount', 'receivedCurrency', 'referenceNumber']);
    expect(await ledger.balances(t.db, a.id, 'CNY')).toMatchObject({ cash: 100_000 });
  });

  it('writes the email when asked, in the agency language; refuses the request when the agency does not receive mails', async () => {
    const a = await createAgency({ contactName: 'Grace Hopper' });
    const mails = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.companyId, a.id));
    expect((await topUp(a.id, topUpBody({ sendEmail: false }))).code).toBe(0);
    expect(await mails()).toHaveLength(0);
    expect((await topUp(a.id, topUpBody({ sendEmail: true, referenceNumber: 'REF-1', receivedAmount: 123_456_78, amount: 123_456_78 }))).code).toBe(0);
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: 'top-up', to: a.contactEmail, language: 'zh-CN', status: 'pending' });
    expect(mail.subject).toBe(`Demo Platform：您的账户${a.code}已充值123,456.78 CNY`);
    expect(mail.text).toContain('Grace Hopper，您好');
    expect(mail.text).toContain('当前余额为124,456.78 CNY');

    // Issue 14: with the agency's mails switched off nothing could be queued, so no success is answered and nothing moves.
    const common = { ...DEFAULT_COMMON_CONFIG, sendEmailToSubAgency: false };
    await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/config`, { token: admin, body: { common } });
    const cashBefore = (await ledger.balances(t.db, a.id, 'CNY')).cash;
    const off = await topUp(a.id, topUpBody({ sendEmail: true, referenceNumber: 'REF-OFF' }));
    expect([off.status, off.code]).toEqual([400, 100400]);
    expect(off.data.fields).toEqual({ sendEmail: expect.stringMatching(/^No email can be sent: emails to this agency are switched off/) });
    expect(await mails()).toHaveLength(1);
    expect((await ledger.balances(t.db, a.id, 'CNY')).cash).toBe(cashBefore);
    // The credit line the same: refused on the email option, the limit unchanged.
    const credit = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 70_000, sendEmail: true } });
    expect([credit.status, credit.code, credit.data.fields]).toEqual([400, 100400, off.data.fields]);
    expect((await ledger.balances(t.db, a.id, 'CNY')).creditLimit).toBe(0);
    // Without the email the same top-up goes through.
    expect((await topUp(a.id, topUpBody({ sendEmail: false, referenceNumber: 'REF-OFF' }))).code).toBe(0);
  });

  it('refuses "send email" for an agency without a contact email (issue 14): no success, no money moved, no mail', async () => {
    const a = await createAgency();
    await t.db.update(companies).set({ contactEmail: null }).where(eq(companies.id, a.id));
    const mails = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.companyId, a.id));
    const key = randomUUID();
    const res = await topUp(a.id, topUpBody({ sendEmail: true }), key);
    expect([res.status, res.code, res.message]).toEqual([
      400,
      100400,
      'No email can be sent: this agency has no contact email. Turn off "Send email", or add a contact email to the agency first',
    ]);
    expect(res.data.fields).toEqual({ sendEmail: res.message });
    const zh = await call(t.app, 'POST', `/base/v2/agencies/${a.id}/balance`, {
      token: admin,
      lang: 'zh-CN',
      body: topUpBody({ sendEmail: true }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(zh.data.fields.sendEmail).toBe('无法发送邮件：该分销商没有联系邮箱。请关闭“发送邮件”，或先为分销商填写联系邮箱');
    expect(await ledger.balances(t.db, a.id, 'CNY')).toMatchObject({ cash: 0 });
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.companyId, a.id))).toHaveLength(0);
    // The refused request used up nothing: the same key without the email credits once.
    expect((await topUp(a.id, topUpBody({ sendEmail: false }), key)).data).toMatchObject({ replayed: false, balance: { cash: 100_000 } });

    const credit = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 50_000, sendEmail: true } });
    expect([credit.status, credit.code, credit.data.fields]).toEqual([400, 100400, { sendEmail: res.message }]);
    expect(await ledger.balances(t.db, a.id, 'CNY')).toMatchObject({ creditLimit: 0 });
    expect((await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 50_000, sendEmail: false } })).code).toBe(0);
    expect(await mails()).toHaveLength(0);
  });
});

describe('PUT /base/v2/agencies/{id}/credit', () => {
  it('sets the credit line in the settlement currency and never below the credit in use', async () => {
    const a = await createAgency({ settlementCurrency: 'USD', contactName: 'Ada' });
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 50_000, sendEmail: true } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toEqual({ currency: 'USD', cash: 0, creditLimit: 50_000, usedCredit: 0, availableCredit: 50_000, held: 0, available: 50_000 });
    expect((await ledger.pay(t.db, a.id, 'USD', 30_000, 'origin-flight')).ok).toBe(true);
    const refused = await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 29_999 } });
    expect([refused.status, refused.code]).toEqual([409, 100409]);
    expect(refused.message).toBe('The agency already uses 300.00 USD of credit; the new limit cannot be lower than that');
    expect(await ledger.balances(t.db, a.id, 'USD')).toMatchObject({ creditLimit: 50_000, usedCredit: 30_000 });
    expect((await call(t.app, 'PUT', `/base/v2/agencies/${a.id}/credit`, { token: admin, body: { credit: 30_000 } })).data).toMatchObject({ availableCredit: 0 });

    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.companyId, a.id));
    expect(mail).toMatchObject({ kind: 'credit-limit', to: a.contactEmail });
    expect(mail.subject).toBe(`Demo Platform：您的账户${a.code}授信额度已调整为500.00 USD`);
    const logs = await agencyLogs('agency_credit', a.code);
    expect(logs.map((l) => l.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ from: '0.00', to: '500.00', currency: 'USD' }), expect.objectContaining({ from: '500.00', to: '300.00' })]),
    );
    expect(logs).toHaveLength(2);
  });

  it('requires the credit', async () => {
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${demoId}/credit`, { token: admin, body: {} });
    expect(res.data.fields).toEqual({ credit: 'Please enter the credit limit' });
  });
});

describe('GET /base/v2/agencies/{id}/look-to-book', () => {
  it('divides the searches of the period by its paid flight orders', async () => {
    const a = await createAgency();
    await t.db.insert(agencyActivity).values([
      { companyId: a.id, day: '2026-03-01', searches: 40 },
      { companyId: a.id, day: '2026-03-15', searches: 60 },
      { companyId: a.id, day: '2026-04-01', searches: 500 },
    ]);
    const payment = (originId: string, paidAt: string, status: 'succeeded' | 'failed' = 'succeeded', originType = 'flight-order') => ({
      companyId: a.id, kind: 'payment' as const, method: 'balance' as const, status, originType, originId,
      grossAmount: 100, grossCurrency: 'CNY', netAmount: 100, netCurrency: 'CNY', paidAt: new Date(paidAt),
    });
    await t.db.insert(paymentTransactions).values([
      payment('o1', '2026-03-02T10:00:00Z'),
      payment('o1', '2026-03-03T10:00:00Z'), // a second payment of the same order counts once
      payment('o2', '2026-03-31T23:59:59Z'),
      payment('o3', '2026-03-10T10:00:00Z'),
      payment('o4', '2026-03-10T10:00:00Z', 'failed'),
      payment('t1', '2026-03-10T10:00:00Z', 'succeeded', 'train-order'),
      payment('o5', '2026-04-01T00:00:00Z'),
    ]);
    const lookToBook = (query: Record<string, string>) => call(t.app, 'GET', `/base/v2/agencies/${a.id}/look-to-book`, { token: admin, query });
    expect((await lookToBook({ from: '2026-03-01', to: '2026-03-31' })).data).toEqual({ from: '2026-03-01', to: '2026-03-31', searches: 100, bookings: 3, ratio: 33.3 });
    expect((await lookToBook({ from: '2026-04-01', to: '2026-04-01' })).data).toMatchObject({ searches: 500, bookings: 1, ratio: 500 });
    expect((await lookToBook({ from: '2026-05-01', to: '2026-05-31' })).data).toEqual({ from: '2026-05-01', to: '2026-05-31', searches: 0, bookings: 0, ratio: null });
  });

  it('refuses a reversed, too long or impossible period', async () => {
    const url = `/base/v2/agencies/${demoId}/look-to-book`;
    const reversed = await call(t.app, 'GET', url, { token: admin, query: { from: '2026-03-02', to: '2026-03-01' } });
    expect(reversed.data.fields).toEqual({ to: 'The start date must not be after the end date' });
    const long = await call(t.app, 'GET', url, { token: admin, query: { from: '2025-01-01', to: '2026-01-02' } });
    expect(long.data.fields).toEqual({ to: 'The period may span at most 366 days' });
    expect((await call(t.app, 'GET', url, { token: admin, query: { from: '2024-01-01', to: '2024-12-31' } })).code).toBe(0);
    const impossible = await call(t.app, 'GET', url, { token: admin, query: { from: '2026-02-30', to: '2026-03-01' } });
    expect(impossible.data.fields).toHaveProperty('from');
    expect((await call(t.app, 'GET', url, { token: admin, query: { from: '2026-03-01' } })).status).toBe(400);
  });
});

describe('DELETE /base/v2/agencies/{id}', () => {
  it('is refused while the agency holds money or reserved funds, in any currency', async () => {
    const a = await createAgency();
    expect((await topUp(a.id, topUpBody({ amount: 10_000, receivedAmount: 10_000 }))).code).toBe(0);
    const refused = await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin });
    expect([refused.status, refused.code, refused.message]).toEqual([409, 100409, 'The agency still holds money (100.00 CNY); settle its balance before deleting it']);

    const hold = await ledger.hold(t.db, a.id, 'CNY', 10_000);
    expect(hold.ok).toBe(true);
    const held = await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin });
    expect([held.status, held.message]).toEqual([409, 'The agency has 1 payment(s) still reserved for open orders; finish or cancel them before deleting it']);
    if (hold.ok) await ledger.capture(t.db, hold.holdId, { reason: 'origin-flight' });

    // Money in a currency other than the settlement currency counts too; so does credit in use.
    await ledger.topUp(t.db, a.id, 'EUR', 500);
    expect((await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin })).message).toContain('5.00 EUR');
    await ledger.setCreditLimit(t.db, a.id, 'EUR', 1_000);
    await ledger.pay(t.db, a.id, 'EUR', 700, 'origin-flight');
    expect((await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin })).message).toContain('-2.00 EUR');
    await ledger.topUp(t.db, a.id, 'EUR', 200);

    expect((await t.db.select().from(companies).where(eq(companies.id, a.id)))[0].deletedAt).toBeNull();
    expect((await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin })).code).toBe(0);
  });

  it('soft-deletes an agency without money and ends its sessions and API keys', async () => {
    const a = await createAgency({ allowedHosts: ['127.0.0.1'] });
    const username = a.superUser.username;
    const token = (await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Boss@1234' } })).data.token;
    const key = (await call(t.app, 'POST', `/base/v2/agencies/${a.id}/apikey`, { token: admin })).data.key;
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(0);

    const res = await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin });
    expect(res.code, res.message).toBe(0);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, a.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(200006);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(201001);
    const live = await t.db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.companyId, a.id));
    expect(live.every((s) => s.sessions.revokedAt)).toBe(true);
    expect((await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, a.id))).every((k) => k.revokedAt)).toBe(true);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username, password: 'Boss@1234' } })).code).toBe(200001);

    // Gone for every agency route.
    expect((await call(t.app, 'GET', `/base/v2/agencies/${a.id}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/base/v2/agencies/${a.id}`, { token: admin })).status).toBe(404);
    expect((await topUp(a.id, topUpBody())).status).toBe(404);
    const list = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { keyword: a.code } });
    expect(list.data.total).toBe(0);
    expect(await agencyLogs('agency_delete', a.code)).toHaveLength(1);
  });
});
