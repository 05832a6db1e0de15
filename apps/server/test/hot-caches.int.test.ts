import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { companies, exchangeRates, sessions, sites, users } from '../src/db/schema/index.ts';
import { createHotCaches, type HotCaches } from '../src/modules/cache/hot-caches.ts';
import { hashToken } from '../src/modules/auth/session.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

// Issue 14: sessions, the site configuration and the exchange rates are kept in memory and dropped on the change feed.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  await waitLive(t.app.deps.caches);
});
afterAll(async () => {
  await t?.close();
});

async function waitLive(caches: HotCaches) {
  for (let i = 0; i < 200 && !caches.live; i++) await new Promise((r) => setTimeout(r, 25));
  expect(caches.live).toBe(true);
}

const siteConfig = (app: FastifyInstance) => call(app, 'GET', '/base/v2/config/getSiteConfig', { headers: { host: 'localhost' } });
const me = (app: FastifyInstance, token: string) => call(app, 'GET', '/base/v2/me', { token });
const setRate = (app: FastifyInstance, rate: string) => call(app, 'PUT', '/base/v2/exchangeRates', { token: admin, body: { rates: [{ currency: 'USD', rate }] } });

/** Polls `read` until `done` holds (another process hears a change within milliseconds, not synchronously). */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5_000): Promise<{ value: T; waitedMs: number }> {
  const start = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - start < ms) {
    await new Promise((r) => setTimeout(r, 10));
    value = await read();
  }
  return { value, waitedMs: Date.now() - start };
}

describe('in one process', () => {
  it('a rate changed through the API is in the very next site configuration and rates answer', async () => {
    expect((await siteConfig(t.app)).data.rateMap.USD).toBe('7.1');
    expect((await siteConfig(t.app)).data.rateMap.USD).toBe('7.1'); // now from memory
    expect((await setRate(t.app, '7.25')).code).toBe(0);
    expect((await siteConfig(t.app)).data.rateMap.USD).toBe('7.25');
    const rates = await call(t.app, 'GET', '/base/v2/exchangeRates');
    expect(rates.data.rateMap.USD).toBe('7.25');
  });

  it('a site or rate row changed in the database directly is seen at once', async () => {
    await siteConfig(t.app);
    await t.db.update(sites).set({ name: 'Renamed Platform' }).where(eq(sites.isDefault, true));
    expect((await siteConfig(t.app)).data.name).toBe('Renamed Platform');
    await t.db.update(exchangeRates).set({ rate: '7.3' }).where(eq(exchangeRates.currency, 'USD'));
    expect((await siteConfig(t.app)).data.rateMap.USD).toBe('7.3');
    await t.db.update(sites).set({ name: 'Demo Travel Platform' }).where(eq(sites.isDefault, true));
  });

  it('a session used a moment ago is refused at once when revoked, its user disabled, its agency disabled or logged out', async () => {
    const token = await loginAs(t.app, 'operator');
    expect((await me(t.app, token)).code).toBe(0);
    expect((await me(t.app, token)).code).toBe(0); // from memory
    await t.db.update(sessions).set({ revokedAt: sql`now()`, revokeReason: 'kick' }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(t.app, token)).code).toBe(200006);

    const other = await loginAs(t.app, 'other');
    expect((await me(t.app, other)).code).toBe(0);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'other'));
    expect((await me(t.app, other)).code).toBe(200006);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'other'));
    expect((await me(t.app, other)).code).toBe(0);
    const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'other'));
    await t.db.update(companies).set({ status: 'disabled' }).where(eq(companies.id, u.companyId));
    expect((await me(t.app, other)).code).toBe(200006);
    await t.db.update(companies).set({ status: 'active' }).where(eq(companies.id, u.companyId));

    const agent = await loginAs(t.app, 'agency');
    expect((await me(t.app, agent)).code).toBe(0);
    expect((await call(t.app, 'DELETE', '/base/v2/me', { token: agent })).code).toBe(0);
    expect((await me(t.app, agent)).code).toBe(200006);
  });

  it('a changed profile is in the next /me', async () => {
    const token = await loginAs(t.app, 'operator');
    await me(t.app, token);
    expect((await call(t.app, 'PUT', '/base/v2/me', { token, body: { nickname: 'Cached Nick' } })).code).toBe(0);
    expect((await me(t.app, token)).data.userInfo.nickname).toBe('Cached Nick');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a second app instance on the same PostgreSQL database', () => {
  let second: { app: FastifyInstance; database: Database; caches: HotCaches };

  beforeAll(async () => {
    const database = await openDatabase({ url: t.url });
    const caches = createHotCaches(database);
    const app = await buildApp({ deps: { ...t.app.deps, db: database.db, caches } });
    await app.ready();
    second = { app, database, caches };
    await waitLive(caches);
  });
  afterAll(async () => {
    await second?.app.close();
    second?.caches.close();
    await second?.database.close();
  });

  it('hears a rate change and a logout made through the first one', async () => {
    const token = await loginAs(t.app, 'operator');
    const before = (await siteConfig(second.app)).data.rateMap.USD;
    expect((await me(second.app, token)).code).toBe(0);
    expect((await me(second.app, token)).code).toBe(0); // from the second instance's memory

    expect((await setRate(t.app, '7.45')).code).toBe(0);
    expect(before).not.toBe('7.45');
    const rate = await eventually(() => siteConfig(second.app), (r) => r.data.rateMap.USD === '7.45');
    expect(rate.value.data.rateMap.USD).toBe('7.45');
    expect(rate.waitedMs).toBeLessThan(1_000);

    expect((await call(t.app, 'DELETE', '/base/v2/me', { token })).code).toBe(0);
    const refused = await eventually(() => me(second.app, token), (r) => r.code !== 0);
    expect(refused.value.code).toBe(200006);
    expect(refused.waitedMs).toBeLessThan(1_000);
  });
});
