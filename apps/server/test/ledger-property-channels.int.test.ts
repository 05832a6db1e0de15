import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerAccounts, ledgerEntries, ledgerMovements, paymentTransactions, sandboxCallbacks, sandboxPayments } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { paymentCallbacksJob, paymentExpiryJob } from '../src/modules/payments/payments.jobs.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { call, createTappedTestApp, loginAs, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

/**
 * The ledger property (ledger-property.int.test.ts) with the payment channels in the mix: random sequences of ledger
 * operations and online wallet top-ups (created through the route, paid or canceled on the sandbox's hosted page,
 * their callbacks delivered now, later, several times, out of order or not at all, the channels' and the portal's jobs
 * run at advanced clocks). A model predicts every payment's status at the portal and at the channel and every wallet;
 * after each sequence the books, the model and "one ledger movement per succeeded transaction, none otherwise" must
 * all agree. Each sequence ends by draining (everything overdue settled, every queued callback delivered), so the
 * next one starts from settled payments.
 */

const CURRENCY = 'CNY';
const TAG = randomBytes(4).toString('hex');
const pathOf = (url: string) => url.replace(TEST_PUBLIC_URL, '');

let t: TestApp;
/** The demo agencies whose staff may top up: A00001 (its finance user) and the platform P00001 (its SuperUser). */
const agencies: Array<{ code: string; id: string; token: string; channels: string[] }> = [];

// Every callback a channel sends passes through here: recorded, and delivered into the app or (while `deliver` is
// off) refused like a connection error, so the channel keeps it for its retry job and the test can deliver it later.
const transport = { deliver: true };
const faults = { duplicateCallbacks: false, deferCallbacks: false };
const sent: Array<{ req: CallbackRequest; status: number | null; at: number }> = [];

beforeAll(async () => {
  t = await createTappedTestApp(faults, async (req, deliver) => {
    const entry = { req, status: null as number | null, at: Date.now() };
    sent.push(entry);
    if (!transport.deliver) throw new Error('connection refused');
    const res = await deliver(req);
    entry.status = res.status;
    return res;
  });
  const rows = await t.db.select({ id: companies.id, code: companies.code }).from(companies);
  for (const [code, user] of [
    ['A00001', 'finance'],
    ['P00001', 'admin'],
  ] as const) {
    const token = await loginAs(t.app, user);
    // The channels the agency may top up with by default, in its settlement currency (CNY).
    const config = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token });
    expect(config.data.disablePayment).toBe(false);
    const channels = (config.data.channels as Array<{ channel: string; currencies: string[] }>)
      .filter((c) => c.channel !== 'balance' && c.channel !== 'credit' && c.currencies.includes(CURRENCY))
      .map((c) => c.channel);
    expect(channels.length).toBeGreaterThan(0);
    agencies.push({ code, id: rows.find((r) => r.code === code)!.id, token, channels });
  }
});
afterAll(() => t?.close());

// ---- the model ------------------------------------------------------------------------------------------------------

type PortalStatus = 'pending' | 'succeeded' | 'canceled' | 'expired' | 'failed';
type ChannelStatus = 'created' | 'paid' | 'canceled' | 'expired';
type EventKind = 'paid' | 'canceled' | 'expired';

interface Payment {
  id: string;
  who: number;
  channel: string;
  amount: number;
  net: number;
  key: string;
  redirectUrl: string;
  channelPaymentId: string;
  portalExpiresAt: number;
  channelExpiresAt: number;
  portal: PortalStatus;
  chan: ChannelStatus;
}
interface Callback {
  req: CallbackRequest;
  at: number;
  kind: EventKind;
  payment: Payment;
}

/** Every payment and every callback sent, over all sequences (old callbacks are re-delivered too). */
const payments: Payment[] = [];
const callbacks: Callback[] = [];
/** This sequence's CNY wallets, by agency index. */
let wallet: Array<{ cash: number; held: number; limit: number }> = [];

function credit(p: Payment) {
  if (p.portal === 'succeeded') return;
  p.portal = 'succeeded';
  wallet[p.who].cash += p.net;
}

/** What the portal reads from a channel's callback: Stripe Checkout has no canceled event, only session expired. */
const asSent = (channel: string, kind: 'canceled' | 'expired') => (channel === 'stripe' && kind === 'canceled' ? 'expired' : kind);

/** A callback reaching the portal: paid always wins (credited once); canceled/expired only close a pending payment. */
function applyEvent(p: Payment, kind: EventKind) {
  if (kind === 'paid') credit(p);
  else if (p.portal === 'pending') p.portal = asSent(p.channel, kind);
}

/** The channel looking at its payment at `at`: an unpaid one past its time closes as expired. */
function lapse(p: Payment, at: number) {
  if (p.chan === 'created' && p.channelExpiresAt <= at) p.chan = 'expired';
}

/** The portal asking the channel (payer's poll, replayed create, expiry job). */
function reconcile(p: Payment, at: number, overdue: boolean) {
  if (p.portal !== 'pending') return;
  lapse(p, at);
  if (p.chan === 'paid') credit(p);
  else if (p.chan !== 'created') p.portal = p.chan;
  else if (overdue) {
    p.chan = 'canceled';
    p.portal = 'expired';
  }
}

/** Records what the channels sent since `from` and applies, in order, what reached the portal. */
async function absorb(from: number) {
  for (const e of sent.slice(from)) {
    const [row] = await t.db
      .select({ event: sandboxCallbacks.event, paymentId: sandboxCallbacks.paymentId })
      .from(sandboxCallbacks)
      .where(eq(sandboxCallbacks.body, e.req.body))
      .limit(1);
    expect(row, 'a callback the sandbox queued').toBeTruthy();
    const p = payments.find((x) => x.channelPaymentId === row.paymentId);
    expect(p, 'a callback about a payment of this test').toBeTruthy();
    const cb: Callback = { req: e.req, at: e.at, kind: row.event as EventKind, payment: p! };
    callbacks.push(cb);
    if (e.status !== null) {
      expect(e.status, `${cb.kind} callback of ${p!.channel} accepted`).toBe(200);
      applyEvent(p!, cb.kind);
    }
  }
}

/** Takes the stored state as the model's (after a sequence that failed half-way, the model may be behind). */
async function resync() {
  const ids = payments.map((p) => p.id);
  if (!ids.length) return;
  const txs = new Map((await t.db.select({ id: paymentTransactions.id, status: paymentTransactions.status }).from(paymentTransactions).where(inArray(paymentTransactions.id, ids))).map((r) => [r.id, r.status]));
  const sps = new Map((await t.db.select({ id: sandboxPayments.id, status: sandboxPayments.status }).from(sandboxPayments)).map((r) => [r.id, r.status]));
  for (const p of payments) {
    p.portal = txs.get(p.id) as PortalStatus;
    p.chan = sps.get(p.channelPaymentId) as ChannelStatus;
  }
}

async function balancesNow() {
  return Promise.all(
    agencies.map(async (a) => {
      const b = await ledger.balances(t.db, a.id, CURRENCY);
      return { cash: b.cash, held: b.held, limit: b.creditLimit };
    }),
  );
}

/** Everything the issue asks to hold, plus the model's prediction of every wallet and payment. */
async function verify(when: string) {
  expect(await ledger.checkInvariants(t.db), `ledger invariants ${when}`).toEqual([]);

  const now = await balancesNow();
  expect(now, `wallets ${when}`).toEqual(wallet);
  for (const b of now) expect(b.cash).toBeGreaterThanOrEqual(-b.limit);

  // One ledger movement per succeeded transaction, none for any other, crediting the agency its net amount.
  const txs = await t.db.select().from(paymentTransactions);
  const moves = await t.db
    .select({ id: ledgerMovements.id, ref: ledgerMovements.referenceId })
    .from(ledgerMovements)
    .where(eq(ledgerMovements.referenceType, 'transaction'));
  const byRef = new Map<string, string[]>();
  for (const m of moves) byRef.set(m.ref!, [...(byRef.get(m.ref!) ?? []), m.id]);
  const credited = new Map<string, number>();
  if (moves.length) {
    const entries = await t.db
      .select({ movementId: ledgerEntries.movementId, amount: ledgerEntries.amount, companyId: ledgerAccounts.companyId, currency: ledgerAccounts.currency })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(inArray(ledgerEntries.movementId, moves.map((m) => m.id)), eq(ledgerAccounts.kind, 'cash')));
    for (const e of entries) credited.set(`${e.movementId}/${e.companyId}/${e.currency}`, (credited.get(`${e.movementId}/${e.companyId}/${e.currency}`) ?? 0) + e.amount);
  }
  for (const tx of txs) {
    const ms = byRef.get(tx.id) ?? [];
    expect(ms.length, `movements of transaction ${tx.id} (${tx.status}) ${when}`).toBeLessThanOrEqual(1);
    expect(ms.length, `movements of transaction ${tx.id} (${tx.status}) ${when}`).toBe(tx.status === 'succeeded' ? 1 : 0);
    if (ms.length === 1) {
      expect(tx.movementId).toBe(ms[0]);
      expect(credited.get(`${ms[0]}/${tx.companyId}/${tx.netCurrency}`), `credit of transaction ${tx.id}`).toBe(tx.netAmount);
    }
  }

  // Every payment where the model says it is, at the portal and at the channel.
  const status = new Map(txs.map((r) => [r.id, r.status]));
  const sps = new Map((await t.db.select({ id: sandboxPayments.id, status: sandboxPayments.status }).from(sandboxPayments)).map((r) => [r.id, r.status]));
  for (const p of payments) {
    expect({ id: p.id, portal: status.get(p.id), chan: sps.get(p.channelPaymentId) }, `payment ${when}`).toEqual({ id: p.id, portal: p.portal, chan: p.chan });
  }
}

/** Settles everything: the expiry job long after every deadline, then the channels' job delivering all they hold. */
async function drain() {
  transport.deliver = true;
  faults.duplicateCallbacks = false;
  // A day on: past every deadline and every retry the sequences can have scheduled, and still within the freshness
  // window of Alipay, whose callbacks carry the (simulated) time of the event rather than of the sending.
  const at = Date.now() + 24 * 3600_000;
  const mark = sent.length;
  const counts = await paymentExpiryJob.run(t.app.deps, new Date(at));
  expect(counts).toMatchObject({ errors: 0 });
  for (const p of payments) if (p.portal === 'pending' && p.portalExpiresAt <= at) reconcile(p, at, true);
  await paymentCallbacksJob.run(t.app.deps, new Date(at));
  for (const p of payments) lapse(p, at);
  await absorb(mark);
}

// ---- the commands ---------------------------------------------------------------------------------------------------

const who = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
// Clock advances around the channels' deadlines: WeChat Pay closes after 15 minutes, the others after 30; the portal
// waits one minute more.
const minutes = fc.constantFrom(0, 15.5, 16.5, 30.5, 31.5, 180);
const pick = fc.nat();
const command = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), who, ch: fc.nat(), amount: fc.integer({ min: 2, max: 30_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recreate' as const), pick }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('payer' as const),
      pick,
      action: fc.constantFrom('pay' as const, 'pay' as const, 'pay' as const, 'cancel' as const),
      deliverNow: fc.boolean(),
      duplicate: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick, times: fc.integer({ min: 1, max: 3 }), old: fc.constantFrom(false, false, false, true) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('poll' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expiryJob' as const), minutes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('channelJob' as const), minutes, deliver: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topUp' as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('credit' as const), who, amount: fc.integer({ min: 0, max: 8_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('capture' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let seq = 0;

interface RunState {
  mine: Payment[];
  firstCallback: number;
  holds: Array<{ id: string; who: number; amount: number; state: 'held' | 'captured' | 'released' }>;
  keys: Array<{ key: string; who: number; amount: number; movementId: string }>;
}

async function step(c: Command, s: RunState) {
  const mark = sent.length;
  switch (c.kind) {
    case 'create': {
      const a = agencies[c.who];
      const channel = a.channels[c.ch % a.channels.length];
      const key = `prop-channels-${TAG}-${++seq}`;
      const res = await call(t.app, 'POST', '/base/v2/wallet/payments', {
        token: a.token,
        body: { channel, amount: c.amount, currency: CURRENCY },
        headers: { 'idempotency-key': key },
      });
      expect(res.code, res.message).toBe(0);
      const fee = Math.ceil((c.amount * t.app.deps.payments.channels.get(channel)!.feeBp) / 10_000);
      expect(res.data).toMatchObject({ channel, status: 'pending', amount: c.amount, currency: CURRENCY, fee, net: c.amount - fee });
      const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.data.id));
      const [sp] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, row.channelPaymentId!));
      const p: Payment = {
        id: row.id,
        who: c.who,
        channel,
        amount: c.amount,
        net: c.amount - fee,
        key,
        redirectUrl: res.data.redirectUrl,
        channelPaymentId: sp.id,
        portalExpiresAt: row.expiresAt!.getTime(),
        channelExpiresAt: sp.expiresAt.getTime(),
        portal: 'pending',
        chan: 'created',
      };
      payments.push(p);
      s.mine.push(p);
      break;
    }
    case 'recreate': {
      // The same Idempotency-Key and body again: the same payment, brought up to date with the channel.
      if (!s.mine.length) break;
      const p = s.mine[c.pick % s.mine.length];
      const res = await call(t.app, 'POST', '/base/v2/wallet/payments', {
        token: agencies[p.who].token,
        body: { channel: p.channel, amount: p.amount, currency: CURRENCY },
        headers: { 'idempotency-key': p.key },
      });
      reconcile(p, Date.now(), false);
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({ id: p.id, status: p.portal });
      break;
    }
    case 'payer': {
      if (!s.mine.length) break;
      const p = s.mine[c.pick % s.mine.length];
      transport.deliver = c.deliverNow;
      faults.duplicateCallbacks = c.duplicate;
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: pathOf(p.redirectUrl),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `action=${c.action}&lang=en`,
        });
        const open = p.chan === 'created';
        expect(res.statusCode, `${c.action} on a ${p.chan} payment`).toBe(open ? 303 : 409);
        if (open) p.chan = c.action === 'pay' ? 'paid' : 'canceled';
      } finally {
        transport.deliver = true;
        faults.duplicateCallbacks = false;
      }
      break;
    }
    case 'deliver': {
      // A callback the channel sent before (this sequence's, or sometimes an older one), delivered again 1-3 times.
      const now = Date.now();
      const pool = (c.old ? callbacks : callbacks.slice(s.firstCallback)).filter((cb) => now - cb.at < 200_000);
      if (!pool.length) break;
      const cb = pool[c.pick % pool.length];
      for (let i = 0; i < c.times; i++) {
        const res = await t.app.inject({ method: 'POST', url: pathOf(cb.req.url), headers: cb.req.headers, payload: cb.req.body });
        expect(res.statusCode, `re-delivered ${cb.kind} callback of ${cb.payment.channel}`).toBe(200);
        applyEvent(cb.payment, cb.kind);
      }
      break;
    }
    case 'poll': {
      if (!s.mine.length) break;
      const p = s.mine[c.pick % s.mine.length];
      const res = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: agencies[p.who].token });
      const now = Date.now();
      reconcile(p, now, p.portalExpiresAt <= now);
      expect(res.data).toMatchObject({ id: p.id, status: p.portal });
      break;
    }
    case 'expiryJob': {
      const at = Date.now() + c.minutes * 60_000;
      const counts = await paymentExpiryJob.run(t.app.deps, new Date(at));
      expect(counts).toMatchObject({ errors: 0 });
      for (const p of payments) if (p.portal === 'pending' && p.portalExpiresAt <= at) reconcile(p, at, true);
      break;
    }
    case 'channelJob': {
      const at = Date.now() + c.minutes * 60_000;
      transport.deliver = c.deliver;
      try {
        await paymentCallbacksJob.run(t.app.deps, new Date(at));
      } finally {
        transport.deliver = true;
      }
      for (const p of payments) lapse(p, at);
      break;
    }
    case 'topUp': {
      const r = await ledger.topUp(t.db, agencies[c.who].id, CURRENCY, c.amount);
      expect(r.ok).toBe(true);
      wallet[c.who].cash += c.amount;
      break;
    }
    case 'credit': {
      const m = wallet[c.who];
      const r = await ledger.setCreditLimit(t.db, agencies[c.who].id, CURRENCY, c.amount);
      expect(r.ok).toBe(m.cash >= -c.amount);
      if (r.ok) m.limit = c.amount;
      break;
    }
    case 'hold': {
      const m = wallet[c.who];
      const r = await ledger.hold(t.db, agencies[c.who].id, CURRENCY, c.amount);
      expect(r.ok).toBe(m.cash - c.amount >= -m.limit);
      if (r.ok) {
        m.cash -= c.amount;
        m.held += c.amount;
        s.holds.push({ id: r.holdId, who: c.who, amount: c.amount, state: 'held' });
      }
      break;
    }
    case 'capture':
    case 'release': {
      if (!s.holds.length) break;
      const h = s.holds[c.pick % s.holds.length];
      const target = c.kind === 'capture' ? 'captured' : 'released';
      const r = c.kind === 'capture' ? await ledger.capture(t.db, h.id) : await ledger.release(t.db, h.id);
      if (h.state === 'held') {
        expect(r).toMatchObject({ ok: true, replayed: false, status: target });
        h.state = target;
        wallet[h.who].held -= h.amount;
        if (target === 'released') wallet[h.who].cash += h.amount;
      } else if (h.state === target) {
        expect(r).toMatchObject({ ok: true, replayed: true });
      } else {
        expect(r).toMatchObject({ ok: false, reason: 'hold_already_resolved' });
      }
      break;
    }
    case 'pay': {
      const m = wallet[c.who];
      const key = `prop-channels-pay-${TAG}-${++seq}`;
      const r = await ledger.pay(t.db, agencies[c.who].id, CURRENCY, c.amount, 'origin-flight', { idempotencyKey: key });
      expect(r.ok).toBe(m.cash - c.amount >= -m.limit);
      if (r.ok) {
        m.cash -= c.amount;
        s.keys.push({ key, who: c.who, amount: c.amount, movementId: r.movementId });
      }
      break;
    }
    case 'refund': {
      const r = await ledger.refund(t.db, agencies[c.who].id, CURRENCY, c.amount, 'refund-flight');
      expect(r.ok).toBe(true);
      wallet[c.who].cash += c.amount;
      break;
    }
    case 'replay': {
      if (!s.keys.length) break;
      const k = s.keys[c.pick % s.keys.length];
      const r = await ledger.pay(t.db, agencies[k.who].id, CURRENCY, k.amount, 'origin-flight', { idempotencyKey: k.key });
      expect(r).toEqual({ ok: true, replayed: true, movementId: k.movementId });
      break;
    }
  }
  // What the channels sent meanwhile (payer's choice, the channels' job), in the order it reached the portal.
  await absorb(mark);
}

describe('ledger properties with payment channels', () => {
  it('keeps the books and every channel payment consistent under random operations, callbacks and jobs', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 30, size: 'medium' }), async (cmds) => {
        await resync();
        wallet = await balancesNow();
        const s: RunState = { mine: [], firstCallback: callbacks.length, holds: [], keys: [] };
        let drained = false;
        try {
          for (const c of cmds) await step(c, s);
          await verify('after the commands');
          await drain();
          drained = true;
          await verify('after draining');
          // Settled: each payment succeeded exactly when the channel took the money.
          for (const p of s.mine) {
            expect(['succeeded', 'canceled', 'expired']).toContain(p.portal);
            expect(p.portal === 'succeeded', `payment ${p.id} at the channel: ${p.chan}`).toBe(p.chan === 'paid');
          }
        } finally {
          transport.deliver = true;
          faults.duplicateCallbacks = false;
          // A failed sequence still leaves nothing pending for the next one (shrinking runs many).
          if (!drained) await drain().catch(() => {});
        }
      }),
      { numRuns: 30 },
    );
  });
});
