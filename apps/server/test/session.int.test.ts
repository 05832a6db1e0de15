import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userLogs, users } from '../src/db/schema/index.ts';
import { hashToken } from '../src/modules/auth/session.service.ts';
import { signSingleLogin } from '../src/modules/auth/single-login.service.ts';
import { DEMO_SINGLE_LOGIN_SECRETS } from '../src/db/seed/demo.ts';
import { call, createTestApp, DEMO, loginAs, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /base/v2/login', () => {
  it('answers token, userInfo, company, websitePrefix and permissions', async () => {
    const res = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'admin', password: DEMO.admin } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.userInfo.username).toBe('admin');
    expect(res.data.userInfo.roles).toEqual(['SuperUser']);
    expect(res.data.company).toMatchObject({ name: 'Demo Platform', proxyLevel: 0 });
    expect(res.data.company.config.commonConfig).toMatchObject({ canCreateSubAgency: true, enableFlightService: true, enableTrainService: true });
    expect(res.data.permissions).toEqual(['all']);
    expect(res.data.websitePrefix).toBe('/');
    expect(res.data.embedded).toBe(false);
    expect(res.data.userInfo).not.toHaveProperty('passwordHash');
  });

  it('stores only a hash of the token', async () => {
    const token = await loginAs(t.app, 'finance');
    const stored = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('logs every demo account in, case-insensitively on the username', async () => {
    for (const username of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      const res = await call(t.app, 'POST', '/base/v2/login', { body: { username: username.toUpperCase(), password: DEMO[username] }, headers: { 'x-forwarded-for': '1.1.1.1' } });
      expect(res.code, username).toBe(0);
    }
  });

  it('refuses a wrong password and an unknown user with the same message, localized', async () => {
    const wrong = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: 'nope-nope' } });
    const unknown = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'nobody', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe(200001);
    expect(wrong.message).toBe('Invalid username or password');
    expect(unknown.message).toBe(wrong.message);
    const zh = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: 'x' }, lang: 'zh-CN' });
    expect(zh.message).toBe('用户名或密码错误');
    const tw = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: 'x' }, lang: 'zh-TW' });
    expect(tw.message).toBe('使用者名稱或密碼錯誤');
    const logged = await t.db.select().from(userLogs).where(eq(userLogs.action, 'login_failed'));
    expect(logged.length).toBeGreaterThanOrEqual(4);
  });

  it('validates the body with field messages', async () => {
    const res = await call(t.app, 'POST', '/base/v2/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(res.data.fields).toEqual({ username: 'This field is required', password: 'This field is required' });
    const long = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'u'.repeat(65), password: 'x' }, lang: 'zh-CN' });
    expect(long.data.fields).toEqual({ username: '最多64个字符' });
  });

  it('throttles repeated failures for one username, then says so', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'finance', password: `bad-${i}` } });
      expect(r.code).toBe(200001);
    }
    const blocked = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'finance', password: DEMO.finance } });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(200002);
    // Progressive delay: after five failures the pair waits 30 s (docs/decisions/0013-login-throttling.md).
    expect(blocked.message).toMatch(/^Too many failed sign-in attempts\. Please try again in (29|30) seconds\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    // Other users are not affected by one account's lockout.
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: 'operator', password: DEMO.operator } })).code).toBe(0);
  });

  it('refuses a disabled user', async () => {
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'other'));
    const res = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'other', password: DEMO.other } });
    expect(res.status).toBe(403);
    expect(res.code).toBe(200003);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'other'));
  });
});

describe('sessions', () => {
  it('GET /me needs a token: missing or unknown answers 201001', async () => {
    const none = await call(t.app, 'GET', '/base/v2/me');
    expect(none.status).toBe(401);
    expect(none.code).toBe(201001);
    const bogus = await call(t.app, 'GET', '/base/v2/me', { token: 'not-a-token' });
    expect(bogus.code).toBe(201001);
  });

  it('logout revokes the token (200006)', async () => {
    const token = await loginAs(t.app, 'operator');
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(0);
    const out = await call(t.app, 'DELETE', '/base/v2/me', { token });
    expect(out.code).toBe(0);
    const after = await call(t.app, 'GET', '/base/v2/me', { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(200006);
  });

  it('an idle or too old session answers 200005', async () => {
    const idle = await loginAs(t.app, 'operator');
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '3 hours'` }).where(eq(sessions.tokenHash, hashToken(idle)));
    expect((await call(t.app, 'GET', '/base/v2/me', { token: idle })).code).toBe(200005);
    const old = await loginAs(t.app, 'operator');
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.tokenHash, hashToken(old)));
    expect((await call(t.app, 'GET', '/base/v2/me', { token: old })).code).toBe(200005);
  });

  it('disabling a user ends their sessions', async () => {
    const token = await loginAs(t.app, 'other');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'other'));
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(200006);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'other'));
  });
});

describe('PUT /base/v2/me/password', () => {
  it('needs the old password and a 6-15 character new one', async () => {
    const token = await loginAs(t.app, 'agency');
    const wrongOld = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: 'wrong', newPassword: 'Valid@123' } });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.data.fields).toEqual({ oldPassword: 'The current password is incorrect' });
    const short = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: DEMO.agency, newPassword: '12345' } });
    expect(short.data.fields.newPassword).toBe('Password must be 6 to 15 characters');
    const long = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: DEMO.agency, newPassword: '1234567890123456' }, lang: 'zh-TW' });
    expect(long.data.fields.newPassword).toBe('密碼長度須為6到15個字元');
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: DEMO.agency } })).code).toBe(0);
  });

  it('ends the other sessions, keeps this one, and the new password works', async () => {
    const other = await loginAs(t.app, 'agency');
    const mine = await loginAs(t.app, 'agency');
    const res = await call(t.app, 'PUT', '/base/v2/me/password', { token: mine, body: { oldPassword: DEMO.agency, newPassword: 'Changed@1' } });
    expect(res.code).toBe(0);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: other })).code).toBe(200006);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: mine })).code).toBe(0);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: DEMO.agency } })).code).toBe(200001);
    expect((await call(t.app, 'POST', '/base/v2/login', { body: { username: 'agency', password: 'Changed@1' } })).code).toBe(0);
    // Put it back for the other tests in this file.
    await call(t.app, 'PUT', '/base/v2/me/password', { token: mine, body: { oldPassword: 'Changed@1', newPassword: DEMO.agency } });
  });
});

describe('PUT /base/v2/me and /me/config/{key}', () => {
  it('updates the profile but never the email', async () => {
    const token = await loginAs(t.app, 'operator');
    const res = await call(t.app, 'PUT', '/base/v2/me', { token, body: { nickname: 'Olivia O.', mobile: '13800138000', email: 'evil@x.example' } });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ nickname: 'Olivia O.', mobile: '13800138000', email: 'operator@demo-agency.example' });
    const me = await call(t.app, 'GET', '/base/v2/me', { token });
    expect(me.data.userInfo.nickname).toBe('Olivia O.');
  });

  it('saves each favourite with its rule', async () => {
    const token = await loginAs(t.app, 'operator');
    const put = (key: string, value: unknown, lang = 'en') => call(t.app, 'PUT', `/base/v2/me/config/${key}`, { token, body: { value }, lang });
    expect((await put('cities', ['BJS', 'SHA'])).data.cities).toEqual(['BJS', 'SHA']);
    expect((await put('countries', ['CN', 'HK'])).data.countries).toEqual(['CN', 'HK']);
    expect((await put('defaultRegion', '852')).data.defaultRegion).toBe('852');
    expect((await put('dateFormat', 'dd/MM/yyyy')).data.dateFormat).toBe('dd/MM/yyyy');
    // Frequent passengers are no longer a config key: /base/v2/often-used-passengers keeps them (issue 11).
    const pax = { surname: 'ZHANG', givenName: 'SAN', type: 'adult' };
    expect((await put('passengers', [pax])).status).toBe(400);

    const empty = await put('cities', []);
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('The list must not be empty');
    expect((await put('countries', [], 'zh-CN')).message).toBe('列表不能为空');
    expect((await put('dateFormat', 'yy')).status).toBe(400);
    expect((await call(t.app, 'PUT', '/base/v2/me/config/unknownKey', { token, body: { value: 1 } })).status).toBe(400);

    // Refused writes changed nothing.
    const me = await call(t.app, 'GET', '/base/v2/me', { token });
    expect(me.data.userInfo.config).toEqual({ defaultRegion: '852', dateFormat: 'dd/MM/yyyy', cities: ['BJS', 'SHA'], countries: ['CN', 'HK'] });
  });
});

describe('POST /base/v2/single-login', () => {
  const secret = DEMO_SINGLE_LOGIN_SECRETS.A00001;
  const fresh = (over: Partial<{ code: string; timestamp: number; userid: string }> = {}) => {
    const b = { code: `c-${Math.random().toString(36).slice(2)}`, timestamp: Math.floor(Date.now() / 1000), userid: 'operator', ...over };
    return { ...b, signature: signSingleLogin(secret, b) };
  };

  it('logs in in embedded mode with a valid signature', async () => {
    const res = await call(t.app, 'POST', '/base/v2/single-login', { body: fresh() });
    expect(res.code).toBe(0);
    expect(res.data.embedded).toBe(true);
    expect(res.data.userInfo.username).toBe('operator');
    const me = await call(t.app, 'GET', '/base/v2/me', { token: res.data.token });
    expect(me.data.embedded).toBe(true);
  });

  it('refuses a bad signature, an old timestamp, a reused code and another company secret', async () => {
    const good = fresh();
    const bad = { ...good, signature: good.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    expect((await call(t.app, 'POST', '/base/v2/single-login', { body: bad })).code).toBe(200004);

    const old = fresh({ timestamp: Math.floor(Date.now() / 1000) - 301 });
    const oldRes = await call(t.app, 'POST', '/base/v2/single-login', { body: old });
    expect(oldRes.status).toBe(401);
    expect(oldRes.code).toBe(200004);
    expect(oldRes.message).toBe('The login link is invalid or has expired');

    const once = fresh();
    expect((await call(t.app, 'POST', '/base/v2/single-login', { body: once })).code).toBe(0);
    expect((await call(t.app, 'POST', '/base/v2/single-login', { body: once })).code).toBe(200004);

    const b = { code: 'c-cross-company-1', timestamp: Math.floor(Date.now() / 1000), userid: 'operator' };
    const foreign = { ...b, signature: signSingleLogin(DEMO_SINGLE_LOGIN_SECRETS.A00002, b) };
    expect((await call(t.app, 'POST', '/base/v2/single-login', { body: foreign })).code).toBe(200004);

    expect((await call(t.app, 'POST', '/base/v2/single-login', { body: { ...fresh(), signature: 'xyz' } })).status).toBe(400);
  });
});

describe('platform endpoints', () => {
  it('serves /healthz and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/base/v2/login', '/base/v2/single-login', '/base/v2/me', '/base/v2/me/password', '/base/v2/me/config/{key}']));
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/base/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.code).toBe(100404);
    expect(res.message).toBe('Requested resource not found');
  });
});
