import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { migrateDatabase, openDatabase, type Database, type Db } from '../src/db/client.ts';
import { createPayments, type Payments } from '../src/payments/registry.ts';
import { newSandboxKeys, SANDBOX_KEY_NAMES, type StoredSandboxKey } from '../src/payments/sandbox/keys.ts';
import { loadSandboxKeys, sandboxKeys } from '../src/payments/sandbox/keys.repository.ts';
import type { CallbackRequest, CallbackTransport } from '../src/payments/transport.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

/**
 * Issue 15 follow-up: the sandbox providers' keys live in the database (sandbox_keys), not in a process. Every payments
 * instance here offers keys of its own (`sandboxKeyOffer: newSandboxKeys`), so the only way two of them can verify
 * each other's callbacks, or one verify a callback signed before a restart, is through the stored keys.
 */

/** The channels whose provider signs with a key of its own (Stripe and Airwallex share a secret). */
const KEYED: ExternalPaymentChannel[] = ['alipay', 'wechat-pay', 'paypal', 'yeepay-alipay'];
const isPostgres = process.env.TEST_DB === 'postgres';

/** A payments instance (what one server process builds) recording its callbacks; `refuse` answers them as a dead endpoint. */
function instance(db: Db, offer: () => Promise<readonly StoredSandboxKey[]>) {
  const sent: CallbackRequest[] = [];
  const state = { refuse: false };
  let payments: Payments;
  const transport: CallbackTransport = async (req) => {
    sent.push(req);
    if (state.refuse) throw new Error('connection refused');
    const code = req.url.split('/').pop()!;
    const ack = payments.channels.get(code)!.acknowledgement(true);
    return { status: ack.status, body: ack.body };
  };
  payments = createPayments({ db, publicUrl: TEST_PUBLIC_URL, transport, sandboxKeyOffer: offer });
  return { payments, sent, state };
}
type Instance = ReturnType<typeof instance>;

/** Opens a payment on `by`'s channel and has the payer pay it; answers the callback the provider sent. */
async function paidCallback(by: Instance, code: ExternalPaymentChannel): Promise<CallbackRequest> {
  const channel = by.payments.channels.get(code)!;
  const ref = randomUUID();
  const created = await channel.createPayment({
    merchantReference: ref,
    amount: 12_300,
    currency: channel.currencies.includes('CNY') ? 'CNY' : 'USD',
    subject: 'Wallet top-up A00001',
    notifyUrl: `${TEST_PUBLIC_URL}/order/v2/payments/callbacks/${code}`,
    returnUrl: `${TEST_PUBLIC_URL}/bills/wallet?payment=${ref}`,
    expiresAt: new Date(Date.now() + channel.paymentTimeoutMinutes * 60_000),
  });
  const before = by.sent.length;
  expect(await by.payments.sandbox!.payerPays(code, created.channelPaymentId, new Date())).toMatchObject({ ok: true });
  const mine = by.sent.slice(before).filter((r) => r.url.endsWith(`/callbacks/${code}`));
  expect(mine, `${code} sent one callback`).toHaveLength(1);
  return mine[0];
}

const verifies = async (by: Instance, code: ExternalPaymentChannel, req: CallbackRequest) => (await by.payments.channels.get(code)!.verifyCallback(req.headers, req.body)).ok;

describe('two instances on one database', () => {
  let t: TestApp;
  let second: Database | undefined;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    t = await createTestApp();
    // Postgres: the second instance has its own connection pool, as a second process would. PGlite is one in-process
    // connection, so there both instances share it; their keys still meet only in the table.
    second = isPostgres ? await openDatabase({ url: t.url }) : undefined;
    a = instance(t.db, newSandboxKeys);
    b = instance(second?.db ?? t.db, newSandboxKeys);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('store one set of keys when both load at once, each having offered its own', async () => {
    expect(await t.db.select().from(sandboxKeys)).toHaveLength(0);
    const [offerA, offerB] = await Promise.all([newSandboxKeys(), newSandboxKeys()]);
    const [ka, kb] = await Promise.all([loadSandboxKeys(t.db, async () => offerA), loadSandboxKeys(second?.db ?? t.db, async () => offerB)]);
    for (const name of SANDBOX_KEY_NAMES) {
      expect(ka[name].publicKeyPem, name).toBe(kb[name].publicKeyPem);
      // One offer or the other won each key, never a mixture within a key (certificate and key belong together).
      const won = [offerA, offerB].map((o) => o.find((k) => k.name === name)!.privateKeyPem);
      expect(won).toContain(ka[name].privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    }
    expect(ka.paypal.serial).toBe(kb.paypal.serial);
    expect(ka.wechatPlatform.pem).toBe(kb.wechatPlatform.pem);
    const rows = await t.db.select().from(sandboxKeys);
    expect(rows.map((r) => r.name).sort()).toEqual([...SANDBOX_KEY_NAMES].sort());
  });

  it("verify each other's callbacks, for every channel whose provider signs with a key", async () => {
    for (const code of KEYED) {
      const [fromA, fromB] = await Promise.all([paidCallback(a, code), paidCallback(b, code)]);
      expect([code, await verifies(b, code, fromA)]).toEqual([code, true]);
      expect([code, await verifies(a, code, fromB)]).toEqual([code, true]);
    }
  });

  it('refuse callbacks signed with keys the database does not hold (the check above can fail)', async () => {
    const req = await paidCallback(a, 'alipay');
    const stranger = await createTestApp();
    try {
      // Another database: other stored keys, so the same callback does not verify there.
      const c = instance(stranger.db, newSandboxKeys);
      expect(await verifies(c, 'alipay', req)).toBe(false);
      expect(await verifies(c, 'paypal', await paidCallback(a, 'paypal'))).toBe(false);
    } finally {
      await stranger.close();
    }
  });
});

describe('a restart', () => {
  let dir: string | undefined;
  let t: TestApp | undefined;
  const open = async (): Promise<Database> => (isPostgres ? openDatabase({ url: t!.url }) : openDatabase({ dataDir: dir }));

  beforeAll(async () => {
    if (isPostgres) t = await createTestApp();
    else dir = mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-keys-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the keys: a callback signed before it verifies after it, and its retry is signed alike', async () => {
    const first = await open();
    let before: Instance;
    const signed: Record<string, CallbackRequest> = {};
    try {
      await migrateDatabase(first);
      before = instance(first.db, newSandboxKeys);
      // The merchant's endpoint is down: every callback stays queued for the retry job.
      before.state.refuse = true;
      for (const code of KEYED) signed[code] = await paidCallback(before, code);
    } finally {
      await first.close();
    }

    const reopened = await open();
    try {
      await migrateDatabase(reopened);
      const after = instance(reopened.db, newSandboxKeys);
      // The form callbacks (Alipay, YOP) carry their signature in the body: the one signed before the restart verifies.
      for (const code of KEYED) {
        const ok = await verifies(after, code, signed[code]);
        // Header-signed ones (WeChat Pay, PayPal) verify too while their signed time is fresh.
        expect([code, ok]).toEqual([code, true]);
      }
      // The retry job of the restarted process sends the queued callbacks, signed with the stored keys.
      const later = new Date(Date.now() + 25 * 3_600_000);
      const result = await after.payments.sandbox!.deliverDue(later);
      expect(result).toEqual({ delivered: KEYED.length, failed: 0 });
      // (Verifying PayPal's approval above captured the order, whose own event the restarted process sent at once.)
      for (const code of KEYED) {
        const retried = after.sent.filter((r) => r.body === signed[code].body);
        expect(retried, code).toHaveLength(1);
        expect([code, await verifies(after, code, retried[0])]).toEqual([code, true]);
      }
      // PayPal's certificate is still served at the URL the callbacks named before the restart.
      const certUrl = signed.paypal.headers['paypal-cert-url'];
      expect(retriedHeader(after, signed.paypal, 'paypal-cert-url')).toBe(certUrl);
      expect(await after.payments.sandbox!.certificate('paypal', certUrl)).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(retriedHeader(after, signed['wechat-pay'], 'wechatpay-serial')).toBe(signed['wechat-pay'].headers['wechatpay-serial']);
    } finally {
      await reopened.close();
    }
  });
});

/** A header of the retry of a callback sent before the restart (the same body, signed again). */
const retriedHeader = (by: Instance, before: CallbackRequest, name: string) => by.sent.find((r) => r.body === before.body)?.headers[name];
