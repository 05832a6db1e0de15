import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import {
  files,
  frequentPassengers,
  flightOrderPassengers,
  flightOrders,
  flightSearchResults,
  flightSearches,
  outboxEmails,
  rateLimits,
  loginThrottles,
  sessions,
  userLogs,
  webhookDeliveries,
} from '../src/db/schema/index.ts';
import { jobs } from '../src/jobs/index.ts';
import { hashToken, SESSION_CAP_REASON } from '../src/modules/auth/session.service.ts';
import { purgeExpired, retentionJob } from '../src/modules/retention/retention.jobs.ts';
import { DEFAULT_RETENTION } from '../src/modules/retention/retention.policy.ts';
import { searchLimitKey } from '../src/modules/shopping/search-limit.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { book, detail, findFare, healthySuppliers, ORDERS, pay, step } from './helpers/orders.ts';
import { ACCURATE, inDays, oneWay, SEARCH } from './helpers/shopping.ts';
import { companyIdOf, userIdOf } from './helpers/tenants.ts';

let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  process.env.ORDER_BOOK_BUDGET_MS = '1500';
  process.env.ORDER_TICKET_BUDGET_MS = '1500';
  t = await createTestApp({ demoMoney: true });
  agencyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());
beforeEach(() => healthySuppliers(t));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const runJob = () => retentionJob.run(t.app.deps, new Date()) as ReturnType<typeof purgeExpired>;

async function ageSearch(id: string, ms: number) {
  await t.db.update(flightSearches).set({ createdAt: ago(ms) }).where(eq(flightSearches.id, id));
}
const searchExists = async (id: string) => (await t.db.select({ id: flightSearches.id }).from(flightSearches).where(eq(flightSearches.id, id))).length > 0;
const resultRows = async (id: string) => (await t.db.select({ s: flightSearchResults.supplier }).from(flightSearchResults).where(eq(flightSearchResults.searchId, id))).length;

describe('retention job', () => {
  it('is scheduled with the other jobs', () => {
    expect(jobs).toContain(retentionJob);
  });

  it('deletes searches past 24 h with their supplier answers; recent ones stay; a booked order works on without its search', async () => {
    const agency = await loginAs(t.app, 'agency');
    // The booked search: an order references it (search_id), and it is purged like any other old search.
    const fare = await findFare(t.app, agency);
    const key = randomUUID();
    const booked = await book(t.app, agency, fare, { key });
    expect(booked.code, booked.message).toBe(0);
    const orderId: string = booked.data.id;
    const old = await findFare(t.app, agency, { days: 14 });
    const almost = await findFare(t.app, agency, { days: 15 });
    const fresh = await findFare(t.app, agency, { days: 16 });
    expect(await resultRows(old.searchId)).toBeGreaterThan(0);
    await ageSearch(fare.searchId, 25 * HOUR);
    await ageSearch(old.searchId, 3 * DAY);
    await ageSearch(almost.searchId, 23 * HOUR);

    const run = await runJob();
    expect(run.searches).toBe(2);
    expect(await searchExists(fare.searchId)).toBe(false);
    expect(await searchExists(old.searchId)).toBe(false);
    expect(await resultRows(old.searchId)).toBe(0);
    expect(await resultRows(fare.searchId)).toBe(0);
    expect(await searchExists(almost.searchId)).toBe(true);
    expect(await searchExists(fresh.searchId)).toBe(true);
    expect(await resultRows(fresh.searchId)).toBeGreaterThan(0);
    // A purged search answers "not found" to a poll, as an unknown one does.
    expect((await call(t.app, 'POST', '/shopping/v2/flight/async-shopping/solutions', { token: agency, body: { searchId: old.searchId } })).code).toBe(Code.NOT_FOUND);

    // The order keeps everything it needs: its rows, the detail, a replay of the booking, payment, tickets, itinerary.
    const [order] = await t.db.select().from(flightOrders).where(eq(flightOrders.id, orderId));
    expect(order.searchId).toBe(fare.searchId);
    expect(await t.db.select().from(flightOrderPassengers).where(eq(flightOrderPassengers.orderId, orderId))).toHaveLength(1);
    const shown = await detail(t.app, agency, orderId);
    expect(shown.code, shown.message).toBe(0);
    expect(shown.data.total).toBe(fare.total);
    const replay = await book(t.app, agency, fare, { key });
    expect(replay.code, replay.message).toBe(0);
    expect(replay.data.id).toBe(orderId);
    const paid = await pay(t.app, agency, orderId, 'balance');
    expect(paid.code, paid.message).toBe(0);
    expect(await step(t, orderId)).toBe('done');
    expect((await detail(t.app, agency, orderId)).data.status).toBe('issued');
    const pdf = await call(t.app, 'POST', `${ORDERS}/${orderId}/itinerary`, { token: agency, body: { fare: 100_00, tax: 20_00, serviceCharge: 0, quantity: 1 } });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');

    // Nothing left to do: a second run deletes nothing.
    expect((await runJob()).searches).toBe(0);
  });

  it('deletes sessions ended or expired more than 30 days ago; recent and live ones, and the user log, stay', async () => {
    const token = await loginAs(t.app, 'operator');
    const userId = await userIdOf(t, 'operator');
    const logsBefore = (await t.db.select({ id: userLogs.id }).from(userLogs)).length;
    const make = async (v: Partial<typeof sessions.$inferInsert>) => {
      const [row] = await t.db
        .insert(sessions)
        .values({ tokenHash: hashToken(randomUUID()), userId, expiresAt: new Date(Date.now() + DAY), ...v })
        .returning({ id: sessions.id });
      return row.id;
    };
    const revokedLongAgo = await make({ createdAt: ago(40 * DAY), revokedAt: ago(31 * DAY), revokeReason: 'logout', expiresAt: ago(33 * DAY) });
    const revokedEarlyExpiringLate = await make({ createdAt: ago(32 * DAY), revokedAt: ago(31 * DAY), revokeReason: 'logout', expiresAt: ago(25 * DAY) });
    const expiredLongAgo = await make({ createdAt: ago(40 * DAY), lastSeenAt: ago(39 * DAY), expiresAt: ago(33 * DAY) });
    const revokedRecently = await make({ revokedAt: ago(2 * DAY), revokeReason: 'logout' });
    const expiredRecently = await make({ createdAt: ago(9 * DAY), lastSeenAt: ago(8 * DAY), expiresAt: ago(2 * DAY) });

    const run = await runJob();
    expect(run.sessions).toBe(3);
    const left = new Set((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id));
    expect(left.has(revokedLongAgo)).toBe(false);
    expect(left.has(revokedEarlyExpiringLate)).toBe(false);
    expect(left.has(expiredLongAgo)).toBe(false);
    expect(left.has(revokedRecently)).toBe(true);
    expect(left.has(expiredRecently)).toBe(true);
    // The live session still works, and the log of who logged in when is kept whole.
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(0);
    expect((await t.db.select({ id: userLogs.id }).from(userLogs)).length).toBe(logsBefore);
  });

  it('deletes rate-limit counters whose window is long over, in batches', async () => {
    const stale = Array.from({ length: 7 }, (_, i) => `test:stale:${i}`);
    await t.db.insert(rateLimits).values(stale.map((key) => ({ key, count: 3, windowStart: ago(25 * HOUR) })));
    await t.db.insert(rateLimits).values({ key: 'test:current', count: 3, windowStart: ago(10 * 60_000) });
    // Login throttle counters idle past the period go too; a recent one stays.
    await t.db.insert(loginThrottles).values([
      { key: 'test:login:idle', attempts: 4, lastAt: ago(25 * HOUR), nextAt: ago(25 * HOUR) },
      { key: 'test:login:recent', attempts: 4, lastAt: ago(60_000), nextAt: ago(60_000) },
    ]);
    // Batches of 2: the loop keeps going until the backlog is gone.
    const run = await purgeExpired(t.db, { ...DEFAULT_RETENTION, batchSize: 2 }, new Date());
    expect(run.rateLimits).toBe(8);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like 'test:%'`)).map((r) => r.key);
    expect(keys).toEqual(['test:current']);
    const logins = (await t.db.select({ key: loginThrottles.key }).from(loginThrottles).where(sql`${loginThrottles.key} like 'test:%'`)).map((r) => r.key);
    expect(logins).toEqual(['test:login:recent']);
  });

  it('deletes finished webhook deliveries and outbox mails past their periods; pending and recent ones stay', async () => {
    const delivery = (status: string, age: number) => ({
      companyId: agencyId,
      event: 'order.status',
      url: 'https://hooks.example/portal',
      payload: {},
      status,
      createdAt: ago(age),
      nextAttemptAt: status === 'pending' ? new Date() : null,
    });
    const ids = await t.db
      .insert(webhookDeliveries)
      .values([delivery('delivered', 91 * DAY), delivery('failed', 91 * DAY), delivery('pending', 91 * DAY), delivery('delivered', 89 * DAY)])
      .returning({ id: webhookDeliveries.id });
    const mail = (status: string, age: number) => ({ companyId: agencyId, kind: 'test', to: 'a@example.com', subject: 's', text: 't', language: 'en', status, createdAt: ago(age) });
    const mails = await t.db
      .insert(outboxEmails)
      .values([mail('sent', 181 * DAY), mail('kept', 181 * DAY), mail('failed', 181 * DAY), mail('pending', 181 * DAY), mail('kept', 179 * DAY)])
      .returning({ id: outboxEmails.id });

    const run = await runJob();
    expect(run.webhookDeliveries).toBe(2);
    expect(run.outboxEmails).toBe(3);
    const leftDeliveries = await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids.map((r) => r.id)));
    expect(leftDeliveries.map((r) => r.id).sort()).toEqual([ids[2].id, ids[3].id].sort());
    const leftMails = await t.db.select({ id: outboxEmails.id }).from(outboxEmails).where(inArray(outboxEmails.id, mails.map((r) => r.id)));
    expect(leftMails.map((r) => r.id).sort()).toEqual([mails[3].id, mails[4].id].sort());
  });

  it('deletes document images a recognition kept but no traveller took up within the hour; attached ones and fresh ones stay', async () => {
    const operatorId = await userIdOf(t, 'operator');
    const image = (age: number) => ({ companyId: agencyId, kind: 'document_image', mime: 'image/png', size: 3, sha256: randomUUID(), data: Buffer.from([1, 2, 3]), createdAt: ago(age) });
    const [orphan, fresh, attached, logo] = await t.db
      .insert(files)
      .values([image(2 * HOUR), image(10 * 60_000), image(2 * HOUR), { ...image(2 * HOUR), kind: 'logo' }])
      .returning({ id: files.id });
    await t.db.insert(frequentPassengers).values({ userId: operatorId, companyId: agencyId, surname: 'KEPT', givenNames: 'IMAGE', documentImageId: attached.id });
    const run = await runJob();
    expect(run.documentImages).toBe(1);
    const left = await t.db.select({ id: files.id }).from(files).where(inArray(files.id, [orphan.id, fresh.id, attached.id, logo.id]));
    expect(left.map((r) => r.id).sort()).toEqual([fresh.id, attached.id, logo.id].sort());
  });

  it('keeps rows forever when a period is 0', async () => {
    await t.db.insert(rateLimits).values({ key: 'test:forever', count: 1, windowStart: ago(400 * DAY) });
    const run = await purgeExpired(t.db, { ...DEFAULT_RETENTION, rateLimitHours: 0 }, new Date());
    expect(run.rateLimits).toBe(0);
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:forever'))).toHaveLength(1);
  });
});

describe('live sessions per user', () => {
  const me = (token: string) => call(t.app, 'GET', '/base/v2/me', { token });
  const liveOf = async (userId: string) =>
    t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));

  it('the 11th login ends the oldest session, which then answers SESSION_REVOKED; the log says so', async () => {
    const userId = await userIdOf(t, 'finance');
    const tokens: string[] = [];
    for (let i = 0; i < 11; i++) tokens.push(await loginAs(t.app, 'finance'));
    const oldest = await me(tokens[0]);
    expect(oldest.status).toBe(401);
    expect(oldest.code).toBe(Code.SESSION_REVOKED);
    expect(oldest.message).toBe('You were signed out because your account signed in on too many devices. Please sign in again.');
    expect((await call(t.app, 'GET', '/base/v2/me', { token: tokens[0], lang: 'zh-CN' })).message).toBe('您的账号在过多设备上登录，本次会话已结束，请重新登录。');
    for (const token of tokens.slice(1)) expect((await me(token)).code).toBe(0);
    expect(await liveOf(userId)).toHaveLength(10);
    const [ended] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(tokens[0])));
    expect(ended.revokeReason).toBe(SESSION_CAP_REASON);
    const logins = await t.db.select().from(userLogs).where(and(eq(userLogs.targetUserId, userId), eq(userLogs.action, 'login')));
    expect(logins.filter((l) => l.detail.sessionsEnded === 1)).toHaveLength(1);
  });

  it('30 parallel logins of one user leave at most 10 live sessions, the newest working', async () => {
    const userId = await userIdOf(t, 'agency');
    // Sign in once from each address first: thirty parallel sign-ins from addresses the account never used would be
    // slowed by the per-account login throttle (docs/decisions/0013-login-throttling.md), which is not under test here.
    for (let i = 0; i < 30; i++) await loginAs(t.app, 'agency', { ip: `10.9.0.${i + 1}` });
    const tokens = await Promise.all(Array.from({ length: 30 }, (_, i) => loginAs(t.app, 'agency', { ip: `10.9.0.${i + 1}` })));
    expect(await liveOf(userId)).toHaveLength(10);
    const answers = await Promise.all(tokens.map(me));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.code === Code.SESSION_REVOKED)).toHaveLength(20);
    // One more login still works and keeps the count at the cap.
    const last = await loginAs(t.app, 'agency');
    expect((await me(last)).code).toBe(0);
    expect(await liveOf(userId)).toHaveLength(10);
  });

  it('expired or logged-out sessions do not count towards the cap', async () => {
    const userId = await userIdOf(t, 'other');
    const first = await loginAs(t.app, 'other');
    await t.db.insert(sessions).values(Array.from({ length: 12 }, () => ({ tokenHash: hashToken(randomUUID()), userId, expiresAt: ago(60_000) })));
    await t.db
      .insert(sessions)
      .values(Array.from({ length: 12 }, () => ({ tokenHash: hashToken(randomUUID()), userId, expiresAt: new Date(Date.now() + DAY), revokedAt: new Date() })));
    await t.db.insert(sessions).values(Array.from({ length: 12 }, () => ({ tokenHash: hashToken(randomUUID()), userId, expiresAt: new Date(Date.now() + DAY), lastSeenAt: ago(3 * HOUR) })));
    await loginAs(t.app, 'other');
    expect((await me(first)).code).toBe(0);
  });
});

describe('search rate limit per user', () => {
  const search = (token: string, lang = 'en') => call(t.app, 'POST', SEARCH, { token, body: oneWay('PEK', 'SHA', 9), lang });

  it('answers 429 with Retry-After and a localized message past 30 searches a minute; others are not affected; the next window is open', async () => {
    const [operator, agency, other] = [await loginAs(t.app, 'operator'), await loginAs(t.app, 'agency'), await loginAs(t.app, 'other')];
    for (let i = 0; i < 30; i++) {
      const res = await search(operator);
      expect(res.code, `search ${i + 1}: ${res.message}`).toBe(0);
    }
    const before = (await t.db.select({ id: flightSearches.id }).from(flightSearches)).length;
    const limited = await search(operator);
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(Code.RATE_LIMITED);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.message).toBe(`You have started too many searches in a short time. Please try again in ${retryAfter} seconds.`);
    expect((await search(operator, 'zh-TW')).message).toMatch(/^您在短時間內發起的搜尋過多，請\d+秒後再試。$/);
    // Every way of starting a search shares the count; nothing was stored for the refused ones.
    const exact = await call(t.app, 'POST', ACCURATE, { token: operator, body: { segments: [{ flightNumber: 'CA1501', date: inDays(9), origin: 'PEK', destination: 'SHA' }] } });
    expect(exact.status).toBe(429);
    expect((await t.db.select({ id: flightSearches.id }).from(flightSearches)).length).toBe(before);

    // Per user: a colleague in the same agency and a user of another agency search on.
    expect((await search(agency)).code).toBe(0);
    expect((await search(other)).code).toBe(0);

    // Once the window has passed (moved back here rather than waited for), the user searches again.
    const operatorId = await userIdOf(t, 'operator');
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, searchLimitKey(operatorId)));
    expect((await search(operator)).code).toBe(0);
  });
});
