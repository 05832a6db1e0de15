import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerMovements } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// PGlite is a single connection: nothing runs concurrently there, so this only means something on PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('ledger under concurrency (postgres)', () => {
  let t: TestApp;
  let a: string;
  let b: string;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.code)).limit(2);
    [a, b] = rows.map((r) => r.id);
  });
  afterAll(() => t?.close());

  it('lets exactly k of 200 concurrent payments through and never overdraws', async () => {
    const price = 13_57;
    const k = 37;
    // Balance plus credit covers exactly 37 payments, with change to spare that does not cover a 38th.
    await ledger.topUp(t.db, a, 'CNY', 20 * price);
    await ledger.setCreditLimit(t.db, a, 'CNY', 17 * price + price - 1);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => ledger.pay(t.db, a, 'CNY', price, 'origin-flight', { reference: { type: 'order', id: `c${i}` } })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(k);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'insufficient_funds')).toBe(true);
    const bal = await ledger.balances(t.db, a, 'CNY');
    expect(bal.cash).toBe(20 * price - k * price);
    expect(bal.available).toBe(price - 1);
    expect(bal.cash).toBeGreaterThanOrEqual(-bal.creditLimit);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('moves money once for 50 parallel replays of one idempotency key', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => ledger.topUp(t.db, b, 'USD', 42_00, { idempotencyKey: 'par-1', reference: { type: 'payment', id: 'x' } })),
    );
    const ids = new Set(results.map((r) => (r.ok ? r.movementId : r.reason)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect((await ledger.balances(t.db, b, 'USD')).cash).toBe(42_00);
    expect(await t.db.select().from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, 'par-1'))).toHaveLength(1);

    // Same for holds and captures racing on one hold.
    const holds = await Promise.all(Array.from({ length: 50 }, () => ledger.hold(t.db, b, 'USD', 40_00, { idempotencyKey: 'par-h' })));
    const holdIds = new Set(holds.map((h) => (h.ok ? h.holdId : h.reason)));
    expect(holdIds.size).toBe(1);
    const [holdId] = holdIds;
    const settles = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? ledger.capture(t.db, holdId) : ledger.release(t.db, holdId))),
    );
    expect(settles.filter((s) => s.ok && !s.replayed)).toHaveLength(1);
    expect(await ledger.balances(t.db, b, 'USD')).toMatchObject({ held: 0 });
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('refuses a different body racing on the same key', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ledger.topUp(t.db, i % 2 ? a : b, 'EUR', 1_00, { idempotencyKey: 'par-2' })),
    );
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'idempotency_conflict')).toHaveLength(10);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });
});
