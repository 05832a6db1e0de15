import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerMovements, outboxEmails, paymentTransactions } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';

// PGlite is one connection: requests there run one after the other, so only PostgreSQL can show a race.
describe.skipIf(process.env.TEST_DB !== 'postgres')('agency management under concurrency (postgres)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t?.close());

  it('moves money once for 50 parallel replays of one top-up', async () => {
    const id = await companyIdOf(t, 'A00002');
    // "Send email" needs a contact email to reach (issue 14); the mail is written once, like the money.
    await t.db.update(companies).set({ contactEmail: 'ops@second-agency.example' }).where(eq(companies.id, id));
    const body = { receivedCurrency: 'USD', receivedAmount: 10_000, exchangeRate: '7.1', referenceNumber: 'RACE-1', amount: 71_000, sendEmail: true };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', `/base/v2/agencies/${id}/balance`, { token: admin, body, headers: { 'idempotency-key': 'race-key-0001' } }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(50).fill(0));
    expect(results.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.transactionId)).size).toBe(1);
    expect(new Set(results.map((r) => r.data.movementId)).size).toBe(1);
    expect(await ledger.balances(t.db, id, 'CNY')).toMatchObject({ cash: 71_000 });
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.companyId, id))).toHaveLength(1);
    expect(await t.db.select().from(ledgerMovements).where(eq(ledgerMovements.referenceId, results[0].data.transactionId))).toHaveLength(1);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.companyId, id))).toHaveLength(1);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('gives 20 parallel creations 20 distinct codes', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'POST', '/base/v2/agencies', {
          token: admin,
          body: {
            name: `Race Agency ${i}`,
            contactName: 'Racer',
            contactEmail: `race${i}@race.example`,
            contactPhone: '+86 10 5555 0000',
            settlementCurrency: 'CNY',
            superUser: { username: `racer${i}`, password: 'Race@1234' },
          },
        }),
      ),
    );
    expect(results.map((r) => `${r.code} ${r.message}`)).toEqual(Array(20).fill('0 Success'));
    expect(new Set(results.map((r) => r.data.code)).size).toBe(20);
  });
});
