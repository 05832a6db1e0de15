import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import { translate } from '@portal/contract/messages';
import { freePort, ROOT } from '../../../e2e/server.ts';
import { companies, paymentTransactions, sandboxPayments } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { paymentCallbacksJob } from '../src/modules/payments/payments.jobs.ts';
import type { LiveAdapterFactory } from '../src/payments/registry.ts';
import { devSecret } from '../src/payments/sandbox/profiles.ts';
import type { CreatePaymentInput } from '../src/payments/types.ts';
import { call, createTestApp, loginAs, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

// Issue 9, finding 2: PAYMENTS=sandbox|live. Strong secrets of the operator's own (random-looking, 32+ characters).
const ALIPAY_SECRET = 'k7Qe2pX9vL4mZ8sR1tY6wB3nH5jD0cFa';
const STRIPE_SECRET = 'Zr4Tq8Ly2Wm6Kp0Xv3Nb7Hs1Jd5Gc9Fe';

/** Stands for a real Alipay adapter: it talks to its provider, never to the built-in sandbox. */
function fakeLiveAlipay(opened: CreatePaymentInput[], secrets: string[]): LiveAdapterFactory {
  return ({ secret }) => {
    secrets.push(secret);
    return {
      code: 'alipay',
      currencies: ['CNY'],
      feeBp: 60,
      paymentTimeoutMinutes: 30,
      async createPayment(input) {
        opened.push(input);
        return { channelPaymentId: `live-${opened.length}`, redirectUrl: `https://openapi.alipay.example/gateway?id=live-${opened.length}` };
      },
      retrievePayment: async () => null,
      cancelPayment: async () => ({ ok: false, reason: 'not_found' }),
      refundPayment: async () => ({ ok: false, reason: 'not_found' }),
      verifyCallback: async () => ({ ok: false, reason: 'bad_signature' }),
      acknowledgement: (accepted) => ({ status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'fail' }),
    };
  };
}

const topUp = (app: TestApp['app'], token: string, channel: string, amount: number) =>
  call(app, 'POST', '/base/v2/wallet/payments', { token, body: { channel, amount, currency: 'CNY' }, headers: { 'idempotency-key': `pm-${channel}-${amount}-${Date.now()}` } });

describe('live mode', () => {
  let t: TestApp;
  let finance: string;
  let operator: string;
  const opened: CreatePaymentInput[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      payments: {
        mode: 'live',
        channels: ['alipay', 'wechat-pay', 'stripe'],
        secrets: { PAYMENT_SECRET_ALIPAY: ALIPAY_SECRET, PAYMENT_SECRET_WECHAT_PAY: STRIPE_SECRET.toLowerCase(), PAYMENT_SECRET_STRIPE: STRIPE_SECRET },
        liveAdapters: { alipay: fakeLiveAlipay(opened, secrets) },
      },
    });
    [finance, operator] = await Promise.all([loginAs(t.app, 'finance'), loginAs(t.app, 'operator')]);
  });
  afterAll(() => t?.close());

  it('has no simulated provider, and reports enabled channels without a real adapter as not live', () => {
    const p = t.app.deps.payments;
    expect(p.mode).toBe('live');
    expect(p.sandbox).toBeNull();
    expect(p.channels.all().map((c) => c.code)).toEqual(['alipay']);
    expect(p.notLive).toEqual(['wechat-pay', 'stripe']);
    expect(secrets).toEqual([ALIPAY_SECRET]);
  });

  it('does not register the sandbox routes: the hosted page and its actions answer the 404 envelope', async () => {
    for (const url of ['/sandbox/alipay/pay/20250101000000000000000000001', '/sandbox/wechat-pay/pay/nope', '/sandbox/stripe/pay/']) {
      const page = await call(t.app, 'GET', url);
      expect(page.status, url).toBe(404);
      expect(page.code, url).toBe(100404);
      expect(page.headers['content-type']).toContain('application/json');
    }
    const action = await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/pay/20250101000000000000000000001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&lang=en',
    });
    expect(action.statusCode).toBe(404);
    expect(action.json()).toMatchObject({ code: 100404 });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/sandbox'))).toEqual([]);
  });

  it('offers only the live channels, and pays through the real adapter, never the sandbox', async () => {
    const config = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token: operator });
    expect(config.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['balance', 'credit', 'alipay']);

    const paid = await topUp(t.app, finance, 'alipay', 100_00);
    expect(paid.code).toBe(0);
    expect(paid.data.redirectUrl).toBe('https://openapi.alipay.example/gateway?id=live-1');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ merchantReference: paid.data.id, amount: 100_00, currency: 'CNY', notifyUrl: `${TEST_PUBLIC_URL}/order/v2/payments/callbacks/alipay` });

    // wechat-pay is enabled but has no real adapter: refused like any channel that is not offered, nothing opened.
    const refused = await topUp(t.app, finance, 'wechat-pay', 100_00);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(translate('payments.channel.notAllowed', 'en'));
    expect(opened).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(sandboxPayments))[0].n).toBe(0);

    // Its callbacks have nowhere to go, and the sandbox's job has nothing to run.
    const callback = await t.app.inject({ method: 'POST', url: '/order/v2/payments/callbacks/wechat-pay', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(callback.statusCode).toBe(404);
    expect(await paymentCallbacksJob.run(t.app.deps, new Date())).toEqual({ expired: 0, delivered: 0, failed: 0 });
  });
});

describe('sandbox mode (the default)', () => {
  let t: TestApp;
  let finance: string;
  let other: string;
  let agencyId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [finance, other] = await Promise.all([loginAs(t.app, 'finance'), loginAs(t.app, 'other')]);
    const rows = await t.db.select({ id: companies.id, code: companies.code }).from(companies);
    agencyId = rows.find((r) => r.code === 'A00001')!.id;
    otherId = rows.find((r) => r.code === 'A00002')!.id;
  });
  afterAll(() => t?.close());
  afterEach(async () => expect(await ledger.checkInvariants(t.db)).toEqual([]));

  it('builds every channel on the simulated provider', () => {
    expect(t.app.deps.payments.mode).toBe('sandbox');
    expect(t.app.deps.payments.sandbox).not.toBeNull();
    expect(t.app.deps.payments.channels.all().map((c) => c.code)).toEqual([...EXTERNAL_PAYMENT_CHANNELS]);
  });

  it('answers a localized HTML "payment not found" page for any payment the channel does not have', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/sandbox/alipay/pay/nope', { 'accept-language': 'zh-CN' }, '未找到该笔支付'],
      ['/sandbox/no-such-channel/pay/nope', { 'accept-language': 'en' }, 'Payment not found'],
      ['/sandbox/alipay/pay/', { 'accept-language': 'zh-TW' }, '未找到該筆支付'],
      [`/sandbox/stripe/pay/nope?lang=${'x'.repeat(60)}`, { 'accept-language': 'zh-TW' }, '未找到該筆支付'],
      ['/sandbox/paypal/pay/nope?lang=zh-CN', { 'accept-language': 'en' }, '未找到该笔支付'],
    ];
    for (const [url, headers, text] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain(text);
      expect(res.body).toMatch(/^<!doctype html>/);
    }
    const action = await t.app.inject({
      method: 'POST',
      url: '/sandbox/no-such-channel/pay/nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'action=pay&lang=zh-CN',
    });
    expect(action.statusCode).toBe(404);
    expect(action.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(action.body).toContain('未找到该笔支付');
  });

  it('completes on the hosted page only the payment it was opened for, with its amount, for the company that opened it', async () => {
    const [mine, theirs] = [await ledger.balances(t.db, agencyId, 'CNY'), await ledger.balances(t.db, otherId, 'CNY')];
    const created = await topUp(t.app, finance, 'alipay', 500_00);
    expect(created.code).toBe(0);
    const pagePath = created.data.redirectUrl.replace(TEST_PUBLIC_URL, '');
    const channelPaymentId = pagePath.split('/').pop()!;

    // The same payment id under another channel is not this payment.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/sandbox/wechat-pay/pay/${channelPaymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&lang=en',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, created.data.id)))[0].status).toBe('pending');

    // Another agency's user, asking for another amount, currency and payee: only the payment's own choice counts.
    const paid = await t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${other}` },
      payload: `action=pay&lang=en&amount=100000000000&currency=USD&companyId=${otherId}&channel=stripe`,
    });
    expect(paid.statusCode).toBe(303);
    const [sp] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, channelPaymentId));
    expect(sp).toMatchObject({ status: 'paid', amount: 500_00, currency: 'CNY', channel: 'alipay' });
    expect((await ledger.balances(t.db, agencyId, 'CNY')).cash).toBe(mine.cash + created.data.net);
    expect(await ledger.balances(t.db, otherId, 'CNY')).toEqual(theirs);

    // Paid once: the page refuses a second payment and nothing more is credited.
    const again = await t.app.inject({ method: 'POST', url: pagePath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay&lang=en' });
    expect(again.statusCode).toBe(409);
    expect((await ledger.balances(t.db, agencyId, 'CNY')).cash).toBe(mine.cash + created.data.net);
  });
});

/** The real server (`node --import tsx apps/server/src/server.ts`, as `npm start` and e2e/server.ts run it), its output kept. */
interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

async function spawnServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-payment-mode-'));
  const url = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(PAYMENTS|PAYMENT_|NODE_ENV$|DATABASE_URL$)/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLIC_URL: url, JOBS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Healthy, or the exit code if the process ended first. */
async function healthyOrExit(s: Started, withinMs = 90_000): Promise<'healthy' | number | null> {
  const deadline = Date.now() + withinMs;
  let code: number | null | undefined;
  void s.exited.then((c) => (code = c));
  while (Date.now() < deadline) {
    if (code !== undefined) return code;
    const ok = await fetch(`${s.url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return 'healthy';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`neither healthy nor exited within ${withinMs} ms:\n${s.output()}`);
}

const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('a real server process', { timeout: 150_000 }, () => {
  const started: Started[] = [];
  const start = async (env: Record<string, string>) => {
    const s = await spawnServer(env);
    started.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });

  it('refuses to start in production without PAYMENTS, naming the variable', async () => {
    const s = await start({ NODE_ENV: 'production' });
    expect(await healthyOrExit(s)).toBe(1);
    const fatal = logLines(s.output()).find((l) => l.level === 60);
    expect(fatal, s.output()).toMatchObject({ variable: 'PAYMENTS' });
    expect(fatal!.msg).toMatch(/^refusing to start: PAYMENTS is not set and NODE_ENV is production/);
  });

  it('refuses to start live on a development secret, naming the variable and never printing the secret', async () => {
    const s = await start({ NODE_ENV: 'production', PAYMENTS: 'live', PAYMENT_CHANNELS: 'alipay,stripe', PAYMENT_SECRET_ALIPAY: devSecret('alipay') });
    expect(await healthyOrExit(s)).toBe(1);
    const fatal = logLines(s.output()).filter((l) => l.level === 60);
    expect(fatal.map((l) => l.variable).sort(), s.output()).toEqual(['PAYMENT_SECRET_ALIPAY', 'PAYMENT_SECRET_STRIPE']);
    expect(fatal.find((l) => l.variable === 'PAYMENT_SECRET_ALIPAY')!.msg).toMatch(/development default/);
    expect(fatal.find((l) => l.variable === 'PAYMENT_SECRET_STRIPE')!.msg).toMatch(/not set/);
    expect(s.output()).not.toContain(devSecret('alipay'));
  });

  it('starts live with proper secrets, logs the mode and the live channels, and has no sandbox routes', async () => {
    const s = await start({
      NODE_ENV: 'production',
      PAYMENTS: 'live',
      PAYMENT_CHANNELS: 'alipay,stripe',
      PAYMENT_SECRET_ALIPAY: ALIPAY_SECRET,
      PAYMENT_SECRET_STRIPE: STRIPE_SECRET,
    });
    expect(await healthyOrExit(s)).toBe('healthy');
    const lines = logLines(s.output());
    // No real adapter exists yet, so no channel is live: the enabled ones are reported, never pointed at the sandbox.
    expect(lines.find((l) => l.msg === 'payment mode'), s.output()).toMatchObject({ level: 30, payments: 'live', channels: [], notLive: ['alipay', 'stripe'] });
    expect(lines.find((l) => l.level === 40 && (l.notLive as string[] | undefined)?.length === 2)).toBeDefined();
    expect(s.output()).not.toContain(ALIPAY_SECRET);
    const page = await fetch(`${s.url}/sandbox/alipay/pay/20250101000000000000000000001`);
    expect(page.status).toBe(404);
    expect(await page.json()).toMatchObject({ code: 100404 });
  });

  it('starts a sandbox in production only when asked, and says so loudly', async () => {
    const s = await start({ NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    expect(await healthyOrExit(s)).toBe('healthy');
    const lines = logLines(s.output());
    expect(lines.find((l) => l.msg === 'payment mode'), s.output()).toMatchObject({ payments: 'sandbox', channels: [...EXTERNAL_PAYMENT_CHANNELS] });
    expect(lines.find((l) => l.level === 40 && l.payments === 'sandbox')?.msg).toMatch(/PAYMENTS=sandbox in production/);
    expect((await fetch(`${s.url}/sandbox/alipay/pay/nope`)).headers.get('content-type')).toContain('text/html');
  });

  it('starts the sandbox with no payment settings outside production, as npm start does', async () => {
    const s = await start({});
    expect(await healthyOrExit(s)).toBe('healthy');
    const lines = logLines(s.output());
    expect(lines.find((l) => l.msg === 'payment mode')).toMatchObject({ payments: 'sandbox', channels: [...EXTERNAL_PAYMENT_CHANNELS] });
    expect(lines.filter((l) => Number(l.level) >= 40 && /PAYMENT/.test(String(l.msg)))).toEqual([]);
  });
});
