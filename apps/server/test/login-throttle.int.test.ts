import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, userLogs, users } from '../src/db/schema/index.ts';
import { DEFAULT_RETENTION } from '../src/modules/retention/retention.policy.ts';
import { purgeExpired } from '../src/modules/retention/retention.jobs.ts';
import { delayAfter, LOGIN_THROTTLE } from '../src/modules/throttle/login-throttle.ts';
import { call, createTestApp, DEMO, loginAs, type TestApp } from './helpers/app.ts';

/**
 * Issue 9, findings 3, 4 and 6: attempts are counted before the password is checked (a parallel burst cannot get more
 * passwords evaluated than the rule allows), throttling slows rather than locks the owner out, every 429 says when,
 * the owner is told, and common passwords or the username are refused wherever a password is set.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const attempt = (username: string, password: string, ip: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password }, remoteAddress: ip, headers: { 'accept-language': lang } });

/** Passwords actually evaluated and found wrong: one login_failed entry each. */
async function evaluatedFailures(username: string): Promise<number> {
  const rows = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(userLogs)
    .where(and(eq(userLogs.action, 'login_failed'), sql`${userLogs.detail}->>'username' = ${username}`));
  return Number(rows[0].n);
}

/** Every 429 tells when: Retry-After, the same seconds in `data`, and the time in the message. */
function expectSaysWhen(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.code).toBe(200002);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(body.data).toEqual({ retryAfterSeconds: seconds });
  expect(body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in (a second|\d+ seconds|\d+ minutes)\.$/);
  return seconds;
}

const setNextAt = (key: string, secondsFromNow: number) =>
  t.db
    .update(loginThrottles)
    .set({ nextAt: sql`clock_timestamp() + make_interval(secs => ${secondsFromNow})` })
    .where(eq(loginThrottles.key, key));

describe('count first, then check', () => {
  it('30 parallel wrong passwords on one account evaluate only the free attempts; the rest answer 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt('finance', `wrong-${i}`, '203.0.113.10')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_THROTTLE.pair.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_THROTTLE.pair.free);
    expect(await evaluatedFailures('finance')).toBe(LOGIN_THROTTLE.pair.free);
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      const seconds = expectSaysWhen(a);
      expect(seconds).toBeLessThanOrEqual(delayAfter(LOGIN_THROTTLE.pair, LOGIN_THROTTLE.pair.free));
    }
  });

  it('a burst of 200 from the same pair gets no further password evaluated, and the right password is refused too while waiting', async () => {
    const before = await evaluatedFailures('finance');
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt('finance', i === 100 ? DEMO.finance : `x-${i}`, '203.0.113.10')));
    expect(answers.every((a) => a.statusCode === 429)).toBe(true);
    expect(await evaluatedFailures('finance')).toBe(before);
  });

  it('says when in the caller language', async () => {
    const zh = await attempt('finance', 'again', '203.0.113.10', 'zh-CN');
    expect(zh.statusCode).toBe(429);
    expect(zh.json().code).toBe(200002);
    expect(zh.json().message).toMatch(/^登录失败次数过多，请\d+(秒|分钟)后再试。$/);
    expect(zh.headers['retry-after']).toMatch(/^\d+$/);
    const tw = await attempt('finance', 'again', '203.0.113.10', 'zh-TW');
    expect(tw.json().message).toMatch(/^登入失敗次數過多，請\d+(秒|分鐘)後再試。$/);
  });

  it('says minutes for a long wait and "a second" for the last one', async () => {
    const key = 'login:pair:finance:203.0.113.10';
    await setNextAt(key, 9 * 60 + 30);
    const long = await attempt('finance', 'again', '203.0.113.10');
    expect(expectSaysWhen(long)).toBeGreaterThan(9 * 60);
    expect(long.json().message).toBe('Too many failed sign-in attempts. Please try again in 10 minutes.');
    await setNextAt(key, 0.4);
    const last = await attempt('finance', 'again', '203.0.113.10');
    expect(expectSaysWhen(last)).toBe(1);
    expect(last.json().message).toBe('Too many failed sign-in attempts. Please try again in a second.');
  });

  it('once the wait is over the next attempt is evaluated, and the wait after it is longer', async () => {
    const key = 'login:pair:finance:203.0.113.10';
    await setNextAt(key, -1);
    const before = await evaluatedFailures('finance');
    expect((await attempt('finance', 'still-wrong', '203.0.113.10')).statusCode).toBe(401);
    expect(await evaluatedFailures('finance')).toBe(before + 1);
    const next = await attempt('finance', 'still-wrong', '203.0.113.10');
    expect(expectSaysWhen(next)).toBeGreaterThan(delayAfter(LOGIN_THROTTLE.pair, LOGIN_THROTTLE.pair.free));
  });
});

describe('slows attackers, not the owner', () => {
  it('the owner signs in from a new address while someone hammers the account from another one', async () => {
    const hammer = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt('other', `guess-${i}`, '203.0.113.66')));
    expect(hammer.filter((h) => h.statusCode === 401)).toHaveLength(LOGIN_THROTTLE.pair.free);
    // The hammering address is stopped by its own pair before it can move the account's counter far.
    const owner = await attempt('other', DEMO.other, '198.51.100.200');
    expect(owner.statusCode).toBe(200);
    // ...and it is still waiting.
    expectSaysWhen(await attempt('other', DEMO.other, '203.0.113.66'));
  });

  it('guesses spread over many addresses slow the account for new addresses only, for minutes at most', async () => {
    // The owner has signed in from 198.51.100.7 before.
    await loginAs(t.app, 'operator', { ip: '198.51.100.7' });
    const guesses = [];
    for (let i = 0; i < LOGIN_THROTTLE.account.free + 5; i++) guesses.push(await attempt('operator', `guess-${i}`, `192.0.2.${i + 1}`));
    expect(guesses.filter((g) => g.statusCode === 401)).toHaveLength(LOGIN_THROTTLE.account.free);
    for (const g of guesses.slice(LOGIN_THROTTLE.account.free)) expect(expectSaysWhen(g)).toBeLessThanOrEqual(LOGIN_THROTTLE.account.capSeconds);
    // The owner's own address is not slowed by it...
    expect((await attempt('operator', DEMO.operator, '198.51.100.7')).statusCode).toBe(200);
    // ...and the owner signing in does not hand the guesser a fresh set of free attempts.
    expectSaysWhen(await attempt('operator', 'guess-more', '192.0.2.99'));
  });

  it('an office behind one NAT address is not locked out by colleagues who mistype', async () => {
    const office = '100.64.0.1';
    for (const [username, password] of Object.entries(DEMO)) {
      if (username === 'finance' || username === 'operator' || username === 'other') continue;
      expect((await attempt(username, 'typo', office)).statusCode).toBe(401);
      expect((await attempt(username, password, office)).statusCode).toBe(200);
    }
    // Unknown names tried from the office (people forgetting their username) stay below the address rule.
    for (let i = 0; i < 20; i++) expect((await attempt(`nobody${i}`, 'whatever', office)).statusCode).toBe(401);
    expect((await attempt('agency', DEMO.agency, office)).statusCode).toBe(200);
  });

  it('the address rule slows a spray over many accounts from one address, for a minute at most', async () => {
    const sprayer = '203.0.113.99';
    const { free, capSeconds } = LOGIN_THROTTLE.address;
    // An administrator signed in from that address before the spray.
    await loginAs(t.app, 'admin', { ip: sprayer });
    for (let i = 0; i < free; i++) expect((await attempt(`victim${i}`, 'Summer2024', sprayer)).statusCode).toBe(401);
    const slowed = await attempt('victim-next', 'Summer2024', sprayer);
    expect(expectSaysWhen(slowed)).toBeLessThanOrEqual(capSeconds);
    // Someone who signed in from that address before is not held up by it.
    expect((await attempt('admin', DEMO.admin, sprayer)).statusCode).toBe(200);
  });

  it('a successful sign-in clears its pair', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('agency', `typo-${i}`, '198.51.100.9')).statusCode).toBe(401);
    expect((await attempt('agency', DEMO.agency, '198.51.100.9')).statusCode).toBe(200);
    const left = await t.db.select().from(loginThrottles).where(eq(loginThrottles.key, 'login:pair:agency:198.51.100.9'));
    expect(left).toEqual([]);
  });

  it('a key idle for an hour starts again from zero', async () => {
    // A username nobody has: the same rules apply, so throttling does not tell which names exist.
    const ip = '198.51.100.77';
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) expect((await attempt('ghost', `old-${i}`, ip)).statusCode).toBe(401);
    expectSaysWhen(await attempt('ghost', 'old', ip));
    await t.db
      .update(loginThrottles)
      .set({ lastAt: sql`clock_timestamp() - interval '61 minutes'` })
      .where(eq(loginThrottles.key, `login:pair:ghost:${ip}`));
    expect((await attempt('ghost', 'new-try', ip)).statusCode).toBe(401);
  });

  it('the owner finds the slow-down in their company user log', async () => {
    const rows = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'login_throttled'), eq(userLogs.targetUsername, 'finance')));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const [financeUser] = await t.db.select().from(users).where(eq(users.username, 'finance'));
    expect(rows[0].companyId).toBe(financeUser.companyId);
    expect(rows[0].ip).toBe('203.0.113.10');
    const { free } = LOGIN_THROTTLE.pair;
    expect(rows[0].detail).toEqual({ failedAttempts: free, waitSeconds: delayAfter(LOGIN_THROTTLE.pair, free), allNewAddresses: false });
    // The spread-out guesses at operator slowed the whole account for new addresses.
    const account = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'login_throttled'), eq(userLogs.targetUsername, 'operator')));
    expect(account.map((r) => r.detail)).toContainEqual(expect.objectContaining({ failedAttempts: LOGIN_THROTTLE.account.free, allNewAddresses: true }));
    // The agency's administrator sees it through the user log API (the web user log page), filtered by the action.
    const boss = await loginAs(t.app, 'agency', { ip: '198.51.100.9' });
    const page = await call(t.app, 'GET', '/base/v2/user-logs', { token: boss, query: { action: 'login_throttled', page: 1, pageSize: 20 } });
    expect(page.code).toBe(0);
    expect(page.data.items.map((i: { targetUsername: string }) => i.targetUsername)).toEqual(expect.arrayContaining(['finance', 'operator']));
    // Another company's log does not show it.
    const platform = await loginAs(t.app, 'admin', { ip: '198.51.100.9' });
    const theirs = await call(t.app, 'GET', '/base/v2/user-logs', { token: platform, query: { action: 'login_throttled', page: 1, pageSize: 20 } });
    expect(theirs.data.items.map((i: { targetUsername: string }) => i.targetUsername)).not.toContain('finance');
  });

  it('the retention job removes keys idle for a day, and keeps the others', async () => {
    await t.db.insert(loginThrottles).values([
      { key: 'login:pair:test-old:1.2.3.4', attempts: 9, lastAt: sql`now() - interval '25 hours'`, nextAt: sql`now() - interval '24 hours'` },
      { key: 'login:pair:test-new:1.2.3.4', attempts: 9, lastAt: sql`now()`, nextAt: sql`now() + interval '15 minutes'` },
    ]);
    const run = await purgeExpired(t.db, DEFAULT_RETENTION, new Date());
    expect(run.rateLimits).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ key: loginThrottles.key }).from(loginThrottles).where(like(loginThrottles.key, 'login:pair:test-%'));
    expect(left.map((r) => r.key)).toEqual(['login:pair:test-new:1.2.3.4']);
  });
});

describe('password rules', () => {
  it('refuses one of the 10,000 most common passwords and the username on a password change', async () => {
    const token = await loginAs(t.app, 'agency', { ip: '198.51.100.60' });
    const common = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: DEMO.agency, newPassword: 'iloveyou' } });
    const same = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: DEMO.agency, newPassword: 'AGENCY' } });
    const reversed = await call(t.app, 'PUT', '/base/v2/me/password', { token, body: { oldPassword: DEMO.agency, newPassword: 'ycnega' } });
    for (const r of [common, same, reversed]) expect(r.status).toBe(400);
    expect(common.data.fields.newPassword).toBe('This password is one of the most common passwords and easy to guess. Please choose another.');
    expect(same.data.fields.newPassword).toBe('The password must not be the username.');
    expect(reversed.data.fields.newPassword).toBe('The password must not be the username.');
    // Nothing changed: the old password still works.
    expect((await attempt('agency', DEMO.agency, '198.51.100.60')).statusCode).toBe(200);
  });

  it('refuses them when an administrator creates a user or resets a password, in the caller language', async () => {
    const boss = await loginAs(t.app, 'agency', { ip: '198.51.100.61' });
    const body = { username: 'newclerk', email: 'clerk@example.com', roles: ['operator'] };
    const common = await call(t.app, 'POST', '/base/v2/users', { token: boss, lang: 'zh-TW', body: { ...body, password: 'qwerty123' } });
    expect(common.status).toBe(400);
    expect(common.data.fields.password).toContain('最常見的密碼');
    const named = await call(t.app, 'POST', '/base/v2/users', { token: boss, lang: 'zh-CN', body: { ...body, password: 'NewClerk' } });
    expect(named.data.fields.password).toBe('密码不能与用户名相同。');
    expect((await call(t.app, 'POST', '/base/v2/users', { token: boss, body: { ...body, password: 'Clerk@2026' } })).code).toBe(0);
    const [operator] = await t.db.select().from(users).where(eq(users.username, 'operator'));
    const reset = await call(t.app, 'PUT', `/base/v2/users/${operator.id}/password`, { token: boss, body: { password: 'rotarepo' } });
    expect(reset.data.fields.password).toBe('The password must not be the username.');
  });

  it('refuses them for the first user of a new agency and for its administrator reset', async () => {
    const admin = await loginAs(t.app, 'admin', { ip: '198.51.100.62' });
    const agency = {
      name: 'Throttle Test Agency',
      alias: 'TTA',
      contactName: 'Tess',
      contactEmail: 'tess@tta.example',
      contactPhone: '+86 10 1234 5678',
      settlementCurrency: 'CNY',
    };
    const common = await call(t.app, 'POST', '/base/v2/agencies', { token: admin, body: { ...agency, superUser: { username: 'tessboss', password: 'password1' } } });
    expect(common.status).toBe(400);
    expect(common.data.fields['superUser.password']).toMatch(/most common passwords/);
    const created = await call(t.app, 'POST', '/base/v2/agencies', { token: admin, body: { ...agency, superUser: { username: 'tessboss', password: 'Tess@Boss-1' } } });
    expect(created.code, created.message).toBe(0);
    const reset = await call(t.app, 'POST', `/base/v2/agencies/${created.data.id}/superuser/password`, { token: admin, body: { password: 'TessBoss' } });
    expect(reset.status).toBe(400);
    expect(reset.data.fields.password).toBe('The password must not be the username.');
  });
});
