import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { companies, flightOrders, userLogs, webhookDeliveries, webhookSecrets } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { deliverDue, kickWebhooks, nextAttemptAt, WEBHOOK_BACKOFF_MS, WEBHOOK_RETRY_WINDOW_MS } from '../src/modules/webhooks/webhooks.delivery.ts';
import { webhookDeliveriesJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { enqueueWebhook } from '../src/modules/webhooks/webhooks.service.ts';
import { verifySignature } from '../src/modules/webhooks/webhooks.signature.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, secondAgencyAdmin } from './helpers/tenants.ts';

/** The agency's endpoint: a real HTTP server on loopback that records what it receives and answers as told. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
let answer: (res: ServerResponse) => void = (res) => res.end('ok');
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    answer(res);
  });
});
let hookUrl = '';

let t: TestApp;
let demoId: string;
let secondId: string;
let agency: string;
let operator: string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function setUrl(companyId: string, url: string | null) {
  await t.db.update(companies).set({ flightConfig: { ...DEFAULT_FLIGHT_CONFIG, bookingNotificationUrl: url } }).where(eq(companies.id, companyId));
}

async function enqueue(data: Record<string, unknown> = { status: 'issued' }, companyId = demoId, orderId: string | null = null) {
  return t.db.transaction((tx) => enqueueWebhook(tx, { companyId, orderId, event: 'order.status_changed', data }));
}

const rowOf = async (id: string) => (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
const deliver = (now: Date, opts: Parameters<typeof deliverDue>[2] = {}) => deliverDue({ db: t.db }, now, opts);

async function rotate(token = agency) {
  const res = await call(t.app, 'POST', '/base/v2/webhooks/secret', { token });
  expect(res.code, res.message).toBe(0);
  return res.data as { secret: string; createdAt: string };
}

/** A minimal order of the agency, for the booking number in the log. */
async function insertOrder(db: Db, companyId: string, bookingNumber: string): Promise<string> {
  const [row] = await db
    .insert(flightOrders)
    .values({
      bookingNumber,
      companyId,
      status: 'to_be_paid',
      supplier: 'sim-gds',
      validatingCarrier: 'CA',
      fareId: 'fare-1',
      offer: {},
      fare: {},
      contact: {},
      currency: 'CNY',
      total: 100_00,
      costTotal: 90_00,
      invoiceType: 'none',
      productType: 'normal',
      departureAt: new Date('2030-01-01T02:00:00Z'),
      departureDate: '2030-01-01',
      lastFlightDate: '2030-01-01',
    })
    .returning({ id: flightOrders.id });
  return row.id;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/portal`;
  t = await createTestApp();
  demoId = await companyIdOf(t, 'A00001');
  secondId = await companyIdOf(t, 'A00002');
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
});
afterAll(async () => {
  await t?.close();
  hook.closeAllConnections();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(async () => {
  await t.db.delete(webhookDeliveries);
  await setUrl(demoId, hookUrl);
  await setUrl(secondId, null);
  received = [];
  answer = (res) => res.end('ok');
});

describe('enqueueWebhook', () => {
  it('queues nothing (and makes no secret) when the agency has no booking notification URL', async () => {
    expect(await enqueue({}, secondId)).toBeNull();
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    expect(await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, secondId))).toHaveLength(0);
    expect(await deliver(new Date())).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(0);
  });

  it('writes a pending delivery in the caller transaction only, and the first one creates the secret', async () => {
    await t.db.delete(webhookSecrets).where(eq(webhookSecrets.companyId, demoId));
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueWebhook(tx, { companyId: demoId, orderId: null, event: 'order.status_changed', data: { status: 'issued' } });
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);

    const before = Date.now();
    const id = await enqueue({ bookingNumber: 'F250101001', status: 'issued' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await rowOf(id!);
    expect(row).toMatchObject({ companyId: demoId, event: 'order.status_changed', url: hookUrl, status: 'pending', attempts: 0, lastError: null });
    expect(row.payload).toEqual({ id, event: 'order.status_changed', createdAt: row.createdAt.toISOString(), data: { bookingNumber: 'F250101001', status: 'issued' } });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const [secret] = await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, demoId));
    expect(secret.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // A second one keeps the same secret.
    await enqueue();
    expect((await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, demoId)))[0].secret).toBe(secret.secret);
  });
});

describe('delivery', () => {
  it('POSTs the signed JSON body, verifiable with the rotated secret, and marks it delivered', async () => {
    const id = (await enqueue({ bookingNumber: 'F250101002', status: 'issued', previousStatus: 'reserved' }))!;
    // Rotating after the enqueue: deliveries are signed when sent, with the secret in force then.
    const { secret } = await rotate();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    expect(await deliver(new Date())).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/hooks/portal');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-portal-event']).toBe('order.status_changed');
    expect(r.headers['x-portal-delivery']).toBe(id);
    const ts = r.headers['x-portal-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    // The receiver's computation, written out independently of the server's code.
    const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
    expect(r.headers['x-portal-signature']).toBe(`t=${ts},v1=${expected}`);
    expect(verifySignature(secret, r.headers['x-portal-signature'] as string, r.body)).toBe(true);
    expect(verifySignature(secret, r.headers['x-portal-signature'] as string, r.body.replace('issued', 'voided'))).toBe(false);
    expect(verifySignature('whsec_other', r.headers['x-portal-signature'] as string, r.body)).toBe(false);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ id, event: 'order.status_changed', data: { bookingNumber: 'F250101002', status: 'issued', previousStatus: 'reserved' } });
    expect(typeof body.createdAt).toBe('string');

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    // Delivered once: the next run sends nothing.
    expect(await deliver(new Date(Date.now() + HOUR))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('retries a failing endpoint with backoff and gives up 72 hours after creation', async () => {
    answer = (res) => {
      res.statusCode = 500;
      res.end('database unavailable');
    };
    const id = (await enqueue())!;
    const created = (await rowOf(id)).createdAt;

    let now = new Date();
    expect(await deliver(now)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(row.nextAttemptAt!.getTime()).toBe(now.getTime() + MINUTE);

    // Not due yet: nothing is sent.
    expect(await deliver(new Date(now.getTime() + 30_000))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);

    const list = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency });
    expect(list.data.items[0]).toMatchObject({ id, status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'The endpoint answered HTTP 500: database unavailable' });
    expect(list.data.items[0].nextAttemptAt).toBe(row.nextAttemptAt!.toISOString());
    const zh = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency, lang: 'zh-CN' });
    expect(zh.data.items[0].lastError).toBe('接收地址返回 HTTP 500: database unavailable');

    // Drive the clock: each run at the moment the delivery is next due.
    const times = [now.getTime()];
    while (row.status === 'pending') {
      now = row.nextAttemptAt!;
      times.push(now.getTime());
      await deliver(now);
      row = await rowOf(id);
      expect(row.attempts).toBe(times.length);
    }
    const waits = times.slice(1).map((x, i) => x - times[i]);
    expect(waits.slice(0, 7)).toEqual([...WEBHOOK_BACKOFF_MS]);
    expect(waits.slice(7, -1).every((w) => w === 12 * HOUR)).toBe(true);
    // The last attempt is at the end of the window, never after it.
    expect(times.at(-1)).toBe(created.getTime() + WEBHOOK_RETRY_WINDOW_MS);
    expect(row).toMatchObject({ status: 'failed', attempts: 13, nextAttemptAt: null, lastStatusCode: 500, deliveredAt: null });
    expect(received).toHaveLength(13);
    expect(await deliver(new Date(now.getTime() + 24 * HOUR))).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    const failed = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency, query: { status: 'failed' } });
    expect(failed.data).toMatchObject({ total: 1, items: [{ id, status: 'failed', attempts: 13, nextAttemptAt: null }] });
  });

  it('delivers on a later attempt once the endpoint recovers', async () => {
    answer = (res) => {
      res.statusCode = 503;
      res.end();
    };
    const id = (await enqueue())!;
    const now = new Date();
    await deliver(now);
    answer = (res) => {
      res.statusCode = 204;
      res.end();
    };
    expect(await deliver(new Date(now.getTime() + MINUTE))).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    // The same delivery id both times, so the receiver can tell a retry from a new event.
    expect(received.map((r) => r.headers['x-portal-delivery'])).toEqual([id, id]);
  });

  it('never follows a redirect, and records no answer, a refused connection and an unsupported URL', async () => {
    answer = (res) => {
      res.statusCode = 302;
      res.setHeader('location', `${hookUrl}/elsewhere`);
      res.end();
    };
    const redirected = (await enqueue())!;
    await deliver(new Date());
    expect(received).toHaveLength(1);
    expect(await rowOf(redirected)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 302 });

    answer = () => {}; // never answers
    const silent = (await enqueue())!;
    await deliver(new Date(), { ids: [silent], timeoutMs: 300 });
    expect(await rowOf(silent)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'webhooks.error.timeout' });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await setUrl(demoId, `http://127.0.0.1:${port}/gone`);
    const refused = (await enqueue())!;
    await deliver(new Date(), { ids: [refused] });
    const r = await rowOf(refused);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(r.lastError).toMatch(/^webhooks\.error\.network\n.*ECONNREFUSED/);

    // The flight config schema takes any URL; only http(s) is ever called, and retrying cannot help.
    await setUrl(demoId, 'ftp://files.example.com/hook');
    const ftp = (await enqueue())!;
    expect(await deliver(new Date(), { ids: [ftp] })).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect(await rowOf(ftp)).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });

    const list = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency });
    const errorOf = (id: string) => list.data.items.find((i: { id: string }) => i.id === id).lastError;
    expect(errorOf(redirected)).toBe(`The endpoint answered a redirect (HTTP 302); redirects are not followed: ${hookUrl}/elsewhere`);
    expect(errorOf(silent)).toBe('No answer within 5 seconds');
    expect(errorOf(refused)).toMatch(/^The endpoint could not be reached: .*ECONNREFUSED/);
    expect(errorOf(ftp)).toBe('Only http and https addresses can receive notifications: ftp:');
  });

  it('sends each delivery once when runs overlap', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue({ n: i }))!);
    const now = new Date();
    const runs = await Promise.all([deliver(now), deliver(now), webhookDeliveriesJob.run(t.app.deps, now) as ReturnType<typeof deliverDue>]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(5);
    expect(received.map((r) => r.headers['x-portal-delivery']).sort()).toEqual([...ids].sort());
  });

  it('kickWebhooks delivers right away and never rejects', async () => {
    const id = (await enqueue())!;
    expect(await kickWebhooks({ db: t.db }, { ids: [id] })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered' });

    const errors: unknown[] = [];
    const broken = { db: { transaction: () => Promise.reject(new Error('database gone')) } as unknown as Db };
    await expect(kickWebhooks(broken, { log: { warn: () => {}, error: (o) => errors.push(o) } })).resolves.toBeNull();
    expect(errors).toHaveLength(1);
  });

  it('schedules by the backoff table and stops at the window', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    expect(nextAttemptAt(1, created, created)).toEqual(new Date('2025-01-01T00:01:00Z'));
    expect(nextAttemptAt(6, created, created)).toEqual(new Date('2025-01-01T06:00:00Z'));
    expect(nextAttemptAt(40, created, created)).toEqual(new Date('2025-01-01T12:00:00Z'));
    expect(nextAttemptAt(9, new Date('2025-01-03T23:00:00Z'), created)).toEqual(new Date('2025-01-04T00:00:00Z'));
    expect(nextAttemptAt(9, new Date('2025-01-04T00:00:00Z'), created)).toBeNull();
  });
});

describe('secret and delivery log routes', () => {
  it('shows the secret once: the status route never returns it', async () => {
    const rotations = async () =>
      (await t.db.select().from(userLogs).where(eq(userLogs.companyId, demoId))).filter((l) => (l.detail as { fields?: string[] }).fields?.includes('webhookSecret'));
    const logged = (await rotations()).length;
    const first = await rotate();
    const status = await call(t.app, 'GET', '/base/v2/webhooks', { token: agency });
    expect(status.code, status.message).toBe(0);
    expect(status.data).toEqual({ configured: true, createdAt: first.createdAt, url: hookUrl });
    expect(JSON.stringify(status.data)).not.toContain(first.secret);

    const second = await rotate();
    expect(second.secret).not.toBe(first.secret);
    const [stored] = await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, demoId));
    expect(stored.secret).toBe(second.secret);
    const logs = await rotations();
    expect(logs).toHaveLength(logged + 2);
    expect(logs[0]).toMatchObject({ action: 'company_update', actorUsername: 'agency' });
    expect(JSON.stringify(logs)).not.toContain(second.secret);
  });

  it('lists the agency deliveries newest first with the booking number, paged and filtered', async () => {
    const orderId = await insertOrder(t.db, demoId, 'F990101001');
    const older = (await enqueue({ status: 'reserved' }, demoId, orderId))!;
    await new Promise((r) => setTimeout(r, 5));
    const newer = (await enqueue({ status: 'issued' }, demoId, null))!;
    await deliver(new Date(), { ids: [older] });

    const res = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: operator, query: { pageSize: 1 } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ id: newer, bookingNumber: null, status: 'pending', attempts: 0 }] });
    const page2 = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: operator, query: { pageSize: 1, page: 2 } });
    expect(page2.data.items[0]).toMatchObject({
      id: older,
      orderId,
      bookingNumber: 'F990101001',
      event: 'order.status_changed',
      url: hookUrl,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    const delivered = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency, query: { status: 'delivered' } });
    expect(delivered.data.items.map((i: { id: string }) => i.id)).toEqual([older]);
    const bad = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency, query: { status: 'lost' } });
    expect(bad.code).toBe(100400);
  });

  it('keeps each agency to its own secret and deliveries, and lets only a SuperUser see or rotate the secret', async () => {
    await enqueue();
    const mine = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: agency });
    expect(mine.data.total).toBe(1);

    const boss = await secondAgencyAdmin(t);
    const theirs = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: boss.token });
    expect(theirs.data).toMatchObject({ total: 0, items: [] });
    const other = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: await loginAs(t.app, 'other') });
    expect(other.data).toMatchObject({ total: 0, items: [] });
    const status = await call(t.app, 'GET', '/base/v2/webhooks', { token: boss.token });
    expect(status.data).toEqual({ configured: false, createdAt: null, url: null });
    // Rotating the second agency's secret leaves the first one's alone.
    const before = (await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, demoId)))[0].secret;
    await rotate(boss.token);
    expect((await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, demoId)))[0].secret).toBe(before);

    for (const [method, url] of [
      ['POST', '/base/v2/webhooks/secret'],
      ['GET', '/base/v2/webhooks'],
    ] as const) {
      const denied = await call(t.app, method, url, { token: operator });
      expect([denied.status, denied.code], `${method} ${url}`).toEqual([403, 100403]);
    }
    const finance = await call(t.app, 'GET', '/base/v2/webhooks/deliveries', { token: await loginAs(t.app, 'finance') });
    expect([finance.status, finance.code]).toEqual([403, 100403]);
    const anonymous = await call(t.app, 'GET', '/base/v2/webhooks/deliveries');
    expect(anonymous.status).toBe(401);
  });
});
