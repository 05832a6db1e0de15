import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { ledgerHolds, seatInventory } from '../src/db/schema/index.ts';
import type { SimulatedAirSupplier } from '../src/suppliers/air/simulator.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { inDays } from './helpers/shopping.ts';
import { adult, book, findFare, healthySuppliers, pay } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';

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

  it('50 parallel bookings for the last 9 seats of a flight sell exactly 9', async () => {
    // Bring the fare's flight to exactly 9 seats left, all in its top class, then search again so the fare shows them.
    const gds = t.app.deps.airSuppliers.get('sim-gds') as SimulatedAirSupplier;
    const date = inDays(40);
    const probe = await gds.search({ journeys: [{ origins: ['PEK'], destinations: ['SHA'], date }], passengers: { adult: 1, child: 0, infant: 0 }, cabin: 'economy', directOnly: true }, { signal: new AbortController().signal });
    const seg = probe[0].legs[0].segments[0];
    const limits = gds.classLimits({ carrier: seg.marketingCarrier, flightNumber: seg.flightNumber, origin: seg.origin, destination: seg.destination, date }, 'economy', new Date())!;
    const rbds = [...limits.keys()];
    const top = rbds[rbds.length - 1];
    await t.db.insert(seatInventory).values(rbds.map((rbd) => ({ supplier: 'sim-gds', flightNumber: seg.flightNumber, date, bookingClass: rbd, sold: rbd === top ? limits.get(rbd)! - 9 : limits.get(rbd)! })));
    // Only sim-gds answers the search: another supplier selling the same flight cheaper (in its own inventory) would
    // lead the collapsed itinerary, and its segment's class and seats would be shown instead of sim-gds's.
    for (const code of ['sim-ndc', 'sim-lcc']) await setFaults(t.db, code, { enabled: false });
    const again = await findFare(t.app, operator, { days: 40 });
    await healthySuppliers(t);
    const solutions = await call(t.app, 'POST', '/shopping/v2/flight/async-shopping/solutions', { token: operator, body: { searchId: again.searchId, pageSize: 200 } });
    const target = solutions.data.items.find((s: any) => s.legs[0].segments[0].flightNumber === seg.flightNumber);
    const last = target.fares.find((f: any) => f.fareId.startsWith('sim-gds:'));
    expect(target.legs[0].segments[0]).toMatchObject({ bookingClass: top, seatsLeft: 9 });
    const lastFare = { ...again, solutionId: target.id, fareId: last.fareId, total: last.totalSalePrice };

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(t.app, operator, lastFare, { passengers: [adult('RACE', `P${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`)] })));
    const booked = answers.filter((a) => a.code === 0);
    expect(booked).toHaveLength(9);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === Code.SOLD_OUT || a.code === Code.BOOKING_REFUSED)).toBe(true);
    const [row] = await t.db
      .select({ sold: seatInventory.sold })
      .from(seatInventory)
      .where(and(eq(seatInventory.supplier, 'sim-gds'), eq(seatInventory.flightNumber, seg.flightNumber), eq(seatInventory.date, date), eq(seatInventory.bookingClass, top)));
    expect(row.sold).toBe(limits.get(top)!);
  });

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
