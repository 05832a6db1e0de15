import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerEntries, ledgerMovements } from '../src/db/schema/index.ts';
import { checkBooksJob } from '../src/modules/ledger/ledger.jobs.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let a: string; // agency under test
let b: string; // a second agency, to prove isolation

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.code)).limit(2);
  [a, b] = rows.map((r) => r.id);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

describe('ledger', () => {
  it('tops up and derives balances from the journal', async () => {
    const r = await ledger.topUp(t.db, a, 'CNY', 100_00, { reference: { type: 'payment', id: 'p1' }, idempotencyKey: 'tu-1' });
    expect(r).toMatchObject({ ok: true, replayed: false });
    expect(await ledger.balances(t.db, a, 'CNY')).toEqual({
      currency: 'CNY', cash: 100_00, creditLimit: 0, usedCredit: 0, availableCredit: 0, held: 0, available: 100_00,
    });
    expect(await ledger.balances(t.db, b, 'CNY')).toMatchObject({ cash: 0, available: 0 });
    // Other currencies are separate accounts.
    expect(await ledger.balances(t.db, a, 'USD')).toMatchObject({ cash: 0 });
  });

  it('replays an idempotency key and refuses the same key with a different body', async () => {
    const first = await ledger.topUp(t.db, a, 'USD', 5_00, { idempotencyKey: 'tu-usd' });
    const again = await ledger.topUp(t.db, a, 'USD', 5_00, { idempotencyKey: 'tu-usd' });
    expect(first.ok && again.ok && again.movementId === first.movementId && again.replayed).toBe(true);
    expect(await ledger.topUp(t.db, a, 'USD', 6_00, { idempotencyKey: 'tu-usd' })).toEqual({ ok: false, reason: 'idempotency_conflict' });
    expect(await ledger.pay(t.db, a, 'USD', 5_00, 'origin-flight', { idempotencyKey: 'tu-usd' })).toEqual({ ok: false, reason: 'idempotency_conflict' });
    expect(await ledger.topUp(t.db, b, 'USD', 5_00, { idempotencyKey: 'tu-usd' })).toEqual({ ok: false, reason: 'idempotency_conflict' });
    expect((await ledger.balances(t.db, a, 'USD')).cash).toBe(5_00);
  });

  it('holds, then captures exactly once', async () => {
    const h = await ledger.hold(t.db, a, 'CNY', 30_00, { reference: { type: 'order', id: 'o1' }, idempotencyKey: 'h-1' });
    if (!h.ok) throw new Error('hold refused');
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 70_00, held: 30_00, available: 70_00 });
    const replay = await ledger.hold(t.db, a, 'CNY', 30_00, { reference: { type: 'order', id: 'o1' }, idempotencyKey: 'h-1' });
    expect(replay).toMatchObject({ ok: true, replayed: true, holdId: h.holdId, movementId: h.movementId });

    const c1 = await ledger.capture(t.db, h.holdId, { reason: 'origin-flight' });
    expect(c1).toMatchObject({ ok: true, status: 'captured', replayed: false });
    const c2 = await ledger.capture(t.db, h.holdId);
    expect(c2).toMatchObject({ ok: true, status: 'captured', replayed: true, movementId: c1.ok ? c1.movementId : '' });
    expect(await ledger.release(t.db, h.holdId)).toEqual({ ok: false, reason: 'hold_already_resolved', status: 'captured' });
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 70_00, held: 0 });
    const [m] = await t.db.select().from(ledgerMovements).where(eq(ledgerMovements.id, c1.ok ? c1.movementId : ''));
    expect(m.reason).toBe('origin-flight');
  });

  it('holds, then releases exactly once', async () => {
    const h = await ledger.hold(t.db, a, 'CNY', 20_00);
    if (!h.ok) throw new Error('hold refused');
    const r1 = await ledger.release(t.db, h.holdId);
    const r2 = await ledger.release(t.db, h.holdId);
    expect(r1).toMatchObject({ ok: true, status: 'released', replayed: false });
    expect(r2).toMatchObject({ ok: true, status: 'released', replayed: true });
    expect(await ledger.capture(t.db, h.holdId)).toMatchObject({ ok: false, reason: 'hold_already_resolved' });
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 70_00, held: 0 });
    expect(await ledger.capture(t.db, '00000000-0000-0000-0000-000000000000')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('refuses spending beyond balance without credit, then allows it within the credit line', async () => {
    expect(await ledger.pay(t.db, b, 'CNY', 1, 'origin-train')).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect(await ledger.hold(t.db, b, 'CNY', 1)).toEqual({ ok: false, reason: 'insufficient_funds' });
    await ledger.topUp(t.db, b, 'CNY', 10_00);
    expect(await ledger.pay(t.db, b, 'CNY', 10_01, 'origin-flight')).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect(await ledger.setCreditLimit(t.db, b, 'CNY', 50_00)).toEqual({ ok: true });
    expect(await ledger.pay(t.db, b, 'CNY', 40_00, 'origin-flight')).toMatchObject({ ok: true });
    expect(await ledger.balances(t.db, b, 'CNY')).toEqual({
      currency: 'CNY', cash: -30_00, creditLimit: 50_00, usedCredit: 30_00, availableCredit: 20_00, held: 0, available: 20_00,
    });
    expect(await ledger.hold(t.db, b, 'CNY', 20_01)).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect(await ledger.hold(t.db, b, 'CNY', 20_00)).toMatchObject({ ok: true });
    expect(await ledger.pay(t.db, b, 'CNY', 1, 'origin-flight')).toEqual({ ok: false, reason: 'insufficient_funds' });
    // Credit in use cannot be taken away.
    expect(await ledger.setCreditLimit(t.db, b, 'CNY', 10_00)).toEqual({ ok: false, reason: 'credit_in_use' });
    expect(await ledger.balances(t.db, b, 'CNY')).toMatchObject({ cash: -50_00, held: 20_00, available: 0, availableCredit: 0 });
  });

  it('corrects by a reversing movement, once, and never through the floor', async () => {
    const p = await ledger.pay(t.db, a, 'CNY', 10_00, 'origin-flight', { reference: { type: 'order', id: 'o2' } });
    if (!p.ok) throw new Error('pay refused');
    expect((await ledger.balances(t.db, a, 'CNY')).cash).toBe(60_00);
    const r = await ledger.reverse(t.db, p.movementId, { actor: null });
    expect(r).toMatchObject({ ok: true });
    expect((await ledger.balances(t.db, a, 'CNY')).cash).toBe(70_00);
    expect(await ledger.reverse(t.db, p.movementId)).toEqual({ ok: false, reason: 'already_reversed' });
    if (r.ok) expect(await ledger.reverse(t.db, r.movementId)).toEqual({ ok: false, reason: 'not_reversible' });
    // Reversing a top-up the agency already spent would overdraw it.
    const tu = await ledger.topUp(t.db, a, 'EUR', 10_00);
    await ledger.pay(t.db, a, 'EUR', 8_00, 'origin-flight');
    if (tu.ok) expect(await ledger.reverse(t.db, tu.movementId)).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect((await ledger.balances(t.db, a, 'EUR')).cash).toBe(2_00);
    const refund = await ledger.refund(t.db, a, 'EUR', 8_00, 'refund-flight', { idempotencyKey: 'rf-1' });
    expect(refund).toMatchObject({ ok: true });
    if (tu.ok) expect(await ledger.reverse(t.db, tu.movementId)).toMatchObject({ ok: true });
    expect((await ledger.balances(t.db, a, 'EUR')).cash).toBe(0);
  });

  it('expires forgotten holds and refuses a late capture', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const h1 = await ledger.hold(t.db, a, 'CNY', 5_00, { ttlMinutes: 10, now });
    const h2 = await ledger.hold(t.db, a, 'CNY', 6_00, { ttlMinutes: 60, now });
    const h3 = await ledger.hold(t.db, a, 'CNY', 7_00, { ttlMinutes: 10, now });
    if (!h1.ok || !h2.ok || !h3.ok) throw new Error('hold refused');
    expect((await ledger.balances(t.db, a, 'CNY')).held).toBe(18_00);
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await ledger.capture(t.db, h3.holdId, { now: later })).toEqual({ ok: false, reason: 'hold_expired', status: 'expired' });
    // h1, plus the hold agency b left open in an earlier test (its 30 minutes ran out long before 2030).
    expect(await ledger.expireHolds(t.db, later)).toBe(2);
    expect(await ledger.balances(t.db, b, 'CNY')).toMatchObject({ held: 0, cash: -30_00 });
    expect(await ledger.expireHolds(t.db, later)).toBe(0);
    expect(await ledger.capture(t.db, h1.holdId, { now: later })).toMatchObject({ ok: false, reason: 'hold_already_resolved', status: 'expired' });
    expect(await ledger.capture(t.db, h2.holdId, { now: later })).toMatchObject({ ok: true, status: 'captured' });
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 64_00, held: 0 });
  });

  it('keeps the journal append-only', async () => {
    await expect(t.db.update(ledgerEntries).set({ amount: 1 })).rejects.toThrow();
    await expect(t.db.delete(ledgerMovements)).rejects.toThrow();
    const res = (await t.db.execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as { rows: Array<{ n: number }> };
    const [{ n }] = res.rows;
    expect(n).toBeGreaterThan(0);
  });

  it('detects a tampered running balance', async () => {
    await t.db.execute(sql`update ledger_accounts set balance = balance + 1 where kind = 'cash' and currency = 'CNY'`);
    const v = await ledger.checkInvariants(t.db);
    expect(v.map((x) => x.check)).toContain('balance_equals_entries');
    await expect(checkBooksJob.run({ db: t.db } as never, new Date())).rejects.toThrow(/balance_equals_entries/);
    await t.db.execute(sql`update ledger_accounts set balance = balance - 1 where kind = 'cash' and currency = 'CNY'`);
  });
});
