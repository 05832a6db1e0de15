import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, exchangeRates, sites, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const counts = async () => ({
    companies: (await t.db.select({ n: count() }).from(companies))[0].n,
    users: (await t.db.select({ n: count() }).from(users))[0].n,
    sites: (await t.db.select({ n: count() }).from(sites))[0].n,
    rates: (await t.db.select({ n: count() }).from(exchangeRates))[0].n,
  });

  it('seeds the companies of the issue with their flags and the five demo users', async () => {
    const rows = await t.db.select().from(companies);
    const byName = Object.fromEntries(rows.map((c) => [c.name, c]));
    expect(byName['Demo Platform']).toMatchObject({ proxyLevel: 0, parentId: null });
    expect(byName['Demo Platform'].commonConfig).toMatchObject({ canCreateSubAgency: true, enableFlightService: true, enableTrainService: true });
    expect(byName['Demo Travel Agency']).toMatchObject({ proxyLevel: 1, parentId: byName['Demo Platform'].id });
    expect(byName['Demo Travel Agency'].commonConfig).toMatchObject({ enableFlightService: true, enableTrainService: true, isShowBill: true });
    expect(byName['Second Agency']).toMatchObject({ proxyLevel: 1, parentId: byName['Demo Platform'].id });
    const people = await t.db.select({ username: users.username, roles: users.roles, permissions: users.permissions, companyId: users.companyId }).from(users);
    expect(people.map((p) => p.username).sort()).toEqual(['admin', 'agency', 'finance', 'operator', 'other']);
    expect(people.find((p) => p.username === 'admin')).toMatchObject({ roles: ['SuperUser'], permissions: ['all'], companyId: byName['Demo Platform'].id });
    expect(people.find((p) => p.username === 'other')).toMatchObject({ roles: ['operator'], companyId: byName['Second Agency'].id });
  });

  it('adds nothing and overwrites nothing when it runs again (a restart)', async () => {
    await t.db.update(users).set({ nickname: 'Edited in the portal' }).where(eq(users.username, 'operator'));
    const before = await counts();
    await seedDemoData(t.db);
    await seedDemoData(t.db);
    expect(await counts()).toEqual(before);
    const [op] = await t.db.select().from(users).where(eq(users.username, 'operator'));
    expect(op.nickname).toBe('Edited in the portal');
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists every base/v2 route of docs/api.md', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['post', '/base/v2/login'], ['post', '/base/v2/single-login'], ['get', '/base/v2/me'], ['put', '/base/v2/me'],
      ['delete', '/base/v2/me'], ['put', '/base/v2/me/password'], ['put', '/base/v2/me/config/{key}'], ['post', '/base/v2/me/avatar'],
      ['get', '/base/v2/config/getSiteConfig'], ['get', '/base/v2/exchangeRates'], ['put', '/base/v2/exchangeRates'],
      ['post', '/base/v2/applications'], ['get', '/base/v2/applications'], ['get', '/base/v2/users'], ['post', '/base/v2/users'],
      ['get', '/base/v2/users/{id}'], ['put', '/base/v2/users/{id}'], ['put', '/base/v2/users/{id}/status'],
      ['put', '/base/v2/users/{id}/roles'], ['put', '/base/v2/users/{id}/password'], ['get', '/base/v2/user-logs'],
      ['get', '/base/v2/company'], ['put', '/base/v2/company'], ['post', '/base/v2/company/logo'], ['get', '/base/v2/files/{id}'],
    ];
    for (const [method, route] of expected) expect(doc.paths[route]?.[method], `${method.toUpperCase()} ${route}`).toBeDefined();
  });
});
