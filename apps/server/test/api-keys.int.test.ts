import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, companies, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { oneWay, SEARCH } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

// A low limit so the rate limit trips within a test; read when the app is built.
const RATE = 6;

let t: TestApp;
let admin: string;
let demoId: string;
let secondId: string;

const setHosts = (id: string, allowedHosts: string[]) => t.db.update(companies).set({ allowedHosts }).where(eq(companies.id, id));

async function newKey(id: string): Promise<{ key: string; prefix: string; createdAt: string }> {
  const res = await call(t.app, 'POST', `/base/v2/agencies/${id}/apikey`, { token: admin });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

beforeAll(async () => {
  process.env.API_KEY_RATE_PER_MINUTE = String(RATE);
  t = await createTestApp();
  delete process.env.API_KEY_RATE_PER_MINUTE;
  admin = await loginAs(t.app, 'admin');
  demoId = await companyIdOf(t, 'A00001');
  secondId = await companyIdOf(t, 'A00002');
});
afterAll(() => t?.close());

describe('POST /base/v2/agencies/{id}/apikey', () => {
  it('shows the key once, stores only its hash and prefix, and creates the API user once', async () => {
    const first = await newKey(demoId);
    expect(first.key).toMatch(/^ak_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(first.key.slice(3, 11)).toBe(first.prefix);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.prefix, first.prefix));
    expect(row.keyHash).toBe(createHash('sha256').update(first.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(first.key.slice(12));

    const detail = await call(t.app, 'GET', `/base/v2/agencies/${demoId}`, { token: admin });
    expect(detail.data.apiKey).toEqual({ prefix: first.prefix, createdAt: first.createdAt, lastUsedAt: null });
    expect(JSON.stringify(detail.data)).not.toContain(first.key);

    await newKey(demoId);
    const apiUsers = await t.db.select().from(users).where(eq(users.kind, 'api'));
    expect(apiUsers.map((u) => [u.username, u.companyId, u.roles])).toEqual([['api-a00001', demoId, ['operator', 'finance']]]);
  });
});

describe('API-key authentication', () => {
  it('acts as the agency API user for /me and shopping when the caller is an allowed host', async () => {
    await setHosts(demoId, ['10.0.0.0/8', '127.0.0.1']);
    const { key, prefix } = await newKey(demoId);
    const me = await call(t.app, 'GET', '/base/v2/me', { token: key });
    expect(me.code, me.message).toBe(0);
    expect(me.data.userInfo).toMatchObject({ username: 'api-a00001', roles: ['operator', 'finance'] });
    expect(me.data.company).toMatchObject({ id: demoId, code: 'A00001' });

    const search = await call(t.app, 'POST', SEARCH, { token: key, body: oneWay('PEK', 'SHA') });
    expect(search.code, search.message).toBe(0);
    expect(search.data.searchId).toBeTruthy();

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    // The API user is not one of the agency's people.
    const agency = await loginAs(t.app, 'agency');
    const list = await call(t.app, 'GET', '/base/v2/users', { token: agency });
    expect(list.data.items.map((u: { username: string }) => u.username)).not.toContain('api-a00001');
    const apiUser = await t.db.select().from(users).where(eq(users.username, 'api-a00001'));
    expect((await call(t.app, 'GET', `/base/v2/users/${apiUser[0].id}`, { token: agency })).status).toBe(404);
  });

  it('matches host names, too', async () => {
    await setHosts(demoId, ['localhost']);
    const { key } = await newKey(demoId);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(0);
  });

  it('refuses an address outside the allowed hosts, and every address when there are none', async () => {
    await setHosts(demoId, ['10.0.0.0/8', '2001:db8::/32']);
    const { key } = await newKey(demoId);
    const outside = await call(t.app, 'GET', '/base/v2/me', { token: key });
    expect([outside.status, outside.code]).toEqual([403, 100403]);
    expect(outside.message).toBe("This API key may not be used from 127.0.0.1: the address is not in the agency's allowed hosts");
    await setHosts(demoId, []);
    const none = await call(t.app, 'GET', '/base/v2/me', { token: key });
    expect([none.status, none.code]).toEqual([403, 100403]);
    expect(none.message).toContain('no allowed hosts yet, so every address is refused');
  });

  it('kills the old key when a new one is generated, and refuses unknown or forged keys', async () => {
    await setHosts(demoId, ['127.0.0.1']);
    const old = await newKey(demoId);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: old.key })).code).toBe(0);
    const fresh = await newKey(demoId);
    const dead = await call(t.app, 'GET', '/base/v2/me', { token: old.key });
    expect([dead.status, dead.code]).toEqual([401, 201001]);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: fresh.key })).code).toBe(0);

    const forged = `ak_${fresh.prefix}_${'A'.repeat(43)}`;
    expect((await call(t.app, 'GET', '/base/v2/me', { token: forged })).code).toBe(201001);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: `ak_00000000_${'A'.repeat(43)}` })).code).toBe(201001);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: 'ak_garbage' })).code).toBe(201001);
  });

  it('rate-limits each key per minute with Retry-After', async () => {
    await setHosts(demoId, ['127.0.0.1']);
    const { key } = await newKey(demoId);
    for (let i = 0; i < RATE; i++) expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(0);
    const limited = await call(t.app, 'GET', '/base/v2/me', { token: key });
    expect([limited.status, limited.code]).toEqual([429, 100429]);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.message).toBe(`Too many requests with this API key; try again in ${retryAfter} seconds`);
    // Another key has its own budget.
    await setHosts(secondId, ['127.0.0.1']);
    const other = await newKey(secondId);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: other.key })).code).toBe(0);
  });

  it('has no session to end and no password to change', async () => {
    await setHosts(demoId, ['127.0.0.1']);
    const { key } = await newKey(demoId);
    const logout = await call(t.app, 'DELETE', '/base/v2/me', { token: key });
    expect([logout.status, logout.code]).toEqual([403, 100403]);
    expect(logout.message).toContain('API key');
    const password = await call(t.app, 'PUT', '/base/v2/me/password', { token: key, body: { oldPassword: 'whatever', newPassword: 'Another@123' } });
    expect([password.status, password.code]).toEqual([403, 100403]);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(0);
  });

  it('stops working while the agency is disabled, and for good once it is deleted', async () => {
    await setHosts(secondId, ['127.0.0.1']);
    const { key } = await newKey(secondId);
    await t.db.update(companies).set({ status: 'disabled' }).where(eq(companies.id, secondId));
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(200006);
    await t.db.update(companies).set({ status: 'active' }).where(eq(companies.id, secondId));
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(0);
    const deleted = await call(t.app, 'DELETE', `/base/v2/agencies/${secondId}`, { token: admin });
    expect(deleted.code, deleted.message).toBe(0);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: key })).code).toBe(201001);
  });

  it('never lets the API user sign in with a password, even one that would match', async () => {
    const [apiUser] = await t.db.select().from(users).where(eq(users.username, 'api-a00001'));
    const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'api-a00001', password: 'anything' } });
    expect([login.status, login.code]).toEqual([401, 200001]);
    await t.db.update(users).set({ passwordHash: await hashPassword('Known@123') }).where(eq(users.id, apiUser.id));
    const known = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'api-a00001', password: 'Known@123' } });
    expect([known.status, known.code]).toEqual([401, 200001]);
  });
});
