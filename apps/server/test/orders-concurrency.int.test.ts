import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { ledgerHolds } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { book, findFare, healthySuppliers, pay } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';

// Row locks and races need the PostgreSQL server (PGlite is one connection).
describe.skipIf(process.env.TEST_DB !== 'postgres')('orders under concurrency', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({ demoMoney: true });
    await healthySuppliers(t);
    operator = await loginAs(t.app, 'operator');
  });
  afterAll(() => t?.close());

  it('20 parallel payments of one order charge it once', async () => {
    const fare = await findFare(t.app, operator);
    const booked = await book(t.app, operator, fare);
    expect(booked.code).toBe(0);
    const agencyId = await companyIdOf(t, 'A00001');
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(t.app, operator, booked.data.id, 'balance', randomUUID())));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.ORDER_STATE)).toHaveLength(19);
    const holds = await t.db.select().from(ledgerHolds).where(eq(ledgerHolds.referenceId, booked.data.id));
    expect(holds).toHaveLength(1);
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(before.cash - after.cash).toBe(booked.data.total);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });
});
