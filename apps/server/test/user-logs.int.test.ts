import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLogs } from '../src/db/schema/index.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, secondAgencyAdmin } from './helpers/tenants.ts';

let t: TestApp;
let agency: string;
let boss: { token: string; id: string; companyId: string };
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  agency = await loginAs(t.app, 'agency');
  await loginAs(t.app, 'operator');
  await loginAs(t.app, 'other');
  boss = await secondAgencyAdmin(t);
  demoId = await companyIdOf(t, 'A00001');
  // A write made through the API, so the log holds more than logins.
  await call(t.app, 'PUT', '/base/v2/company', { token: agency, body: { name: 'Demo Travel Agency' }, headers: { 'user-agent': 'logs-test' } });
});
afterAll(() => t?.close());

const companiesOf = async (ids: string[]) =>
  new Set((await t.db.select({ companyId: userLogs.companyId }).from(userLogs).where(inArray(userLogs.id, ids))).map((r) => r.companyId));

describe('GET /base/v2/user-logs', () => {
  it("answers only the caller's company's entries, newest first", async () => {
    const res = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const items = res.data.items as { id: string; action: string; actorUsername: string; createdAt: string; userAgent: string | null; ip: string | null }[];
    const total = await t.db.select().from(userLogs).where(eq(userLogs.companyId, demoId));
    expect(res.data.total).toBe(total.length);
    expect(await companiesOf(items.map((i) => i.id))).toEqual(new Set([demoId]));
    expect(items.map((i) => i.actorUsername)).not.toContain('other');
    expect(items[0]).toMatchObject({ action: 'company_update', actorUsername: 'agency', userAgent: 'logs-test' });
    expect(items[0].ip).toBeTruthy();
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("shows another agency's SuperUser none of Demo Travel Agency's entries", async () => {
    const res = await call(t.app, 'GET', '/base/v2/user-logs', { token: boss.token, query: { pageSize: 100 } });
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThanOrEqual(2); // other's and otherboss's logins
    expect(await companiesOf(res.data.items.map((i: { id: string }) => i.id))).toEqual(new Set([boss.companyId]));
    const actors = new Set(res.data.items.map((i: { actorUsername: string }) => i.actorUsername));
    expect(actors.has('agency') || actors.has('operator')).toBe(false);
    const search = await call(t.app, 'GET', '/base/v2/user-logs', { token: boss.token, query: { keyword: 'agency' } });
    expect(search.data.total).toBe(0);
  });

  it('filters by action, keyword and time, and pages', async () => {
    const logins = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency, query: { action: 'login' } });
    expect(logins.data.items.length).toBeGreaterThanOrEqual(2);
    expect(new Set(logins.data.items.map((i: { action: string }) => i.action))).toEqual(new Set(['login']));
    const op = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency, query: { keyword: 'OPER' } });
    expect(new Set(op.data.items.map((i: { actorUsername: string }) => i.actorUsername))).toEqual(new Set(['operator']));
    const future = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency, query: { from: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.data.total).toBe(0);
    const page = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency, query: { page: 2, pageSize: 1 } });
    expect(page.data).toMatchObject({ page: 2, pageSize: 1 });
    expect(page.data.items).toHaveLength(1);
  });

  it('refuses invalid filters with localized messages', async () => {
    const res = await call(t.app, 'GET', '/base/v2/user-logs', { token: agency, query: { action: 'hack', from: 'yesterday' }, lang: 'zh-CN' });
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(Object.keys(res.data.fields).sort()).toEqual(['action', 'from']);
    expect(res.data.fields.action).toBe('取值无效');
  });

  it('is for SuperUsers only', async () => {
    const operator = await loginAs(t.app, 'operator');
    const res = await call(t.app, 'GET', '/base/v2/user-logs', { token: operator });
    expect(res.status).toBe(403);
    expect(res.code).toBe(100403);
    const other = await loginAs(t.app, 'other');
    expect((await call(t.app, 'GET', '/base/v2/user-logs', { token: other })).code).toBe(100403);
    const anon = await call(t.app, 'GET', '/base/v2/user-logs');
    expect(anon.status).toBe(401);
    expect(anon.code).toBe(201001);
  });
});
