import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seatInventory, supplierBookings } from '../src/db/schema/index.ts';
import * as reference from '../src/modules/reference/reference.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { createGdsSupplier } from '../src/suppliers/air/gds.ts';
import type { SimulatedAirSupplier } from '../src/suppliers/air/simulator.ts';
import type { SupplierBookResult, SupplierOffer } from '../src/suppliers/air/types.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const ONE_ADULT = { adult: 1, child: 0, infant: 0 };
const totalOf = (o: SupplierOffer) => o.prices.reduce((s, p) => s + p.fare + p.airportTax + p.fuelSurcharge + p.otherTax, 0);

// PGlite is a single connection: nothing runs concurrently there, so this only means something on PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('supplier booking under concurrency (postgres)', () => {
  let t: TestApp;
  // A second connection pool on the same database: a second server process.
  let other: Database;

  beforeAll(async () => {
    t = await createTestApp();
    other = await openDatabase({ url: t.url });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('sells the last 9 seats once to 50 parallel bookings from two processes: 9 booked, 41 sold out', async () => {
    const now = new Date();
    const date = new Date(now.getTime() + 75 * 86_400_000).toISOString().slice(0, 10);
    const ctx = () => ({ signal: new AbortController().signal, now });
    const processes: SimulatedAirSupplier[] = [createGdsSupplier({ db: t.db, reference }), createGdsSupplier({ db: other.db, reference })];
    const [a] = processes;
    const search = () =>
      a.search({ journeys: [{ origins: ['PEK'], destinations: ['SHA'], date }], passengers: ONE_ADULT, cabin: 'economy', directOnly: true }, ctx());

    // Bring one flight to exactly 9 seats left, all in its top class: every cheaper class full.
    const [first] = await search();
    const seg = first.legs[0].segments[0];
    const limits = a.classLimits({ carrier: seg.marketingCarrier, flightNumber: seg.flightNumber, origin: seg.origin, destination: seg.destination, date }, 'economy', now)!;
    const rbds = [...limits.keys()];
    const top = rbds[rbds.length - 1];
    const capacity = limits.get(top)!;
    expect(capacity).toBeGreaterThanOrEqual(9);
    await t.db
      .insert(seatInventory)
      .values(rbds.map((rbd) => ({ supplier: a.code, flightNumber: seg.flightNumber, date, bookingClass: rbd, sold: rbd === top ? capacity - 9 : limits.get(rbd)! })));
    const offer = (await search()).find((o) => o.legs[0].segments[0].flightNumber === seg.flightNumber)!;
    expect(offer.legs[0].segments[0]).toMatchObject({ bookingClass: top, seatsLeft: 9 });

    const soldNow = async () =>
      (
        await t.db
          .select({ sold: seatInventory.sold })
          .from(seatInventory)
          .where(and(eq(seatInventory.supplier, a.code), eq(seatInventory.flightNumber, seg.flightNumber), eq(seatInventory.date, date), eq(seatInventory.bookingClass, top)))
      )[0].sold;
    // Watch the row while the bookings race: it must never pass the class capacity, not even for a moment.
    let watching = true;
    let highest = 0;
    const watcher = (async () => {
      while (watching) {
        highest = Math.max(highest, await soldNow());
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const results: SupplierBookResult[] = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        processes[i % 2].book(
          {
            offerId: offer.offerId,
            expectedTotal: totalOf(offer),
            passengers: [
              {
                type: 'adult',
                surname: 'RACE',
                givenNames: `PASSENGER ${String.fromCharCode(65 + (i % 26))}`,
                gender: 'female',
                birthday: '1990-01-01',
                nationality: 'CN',
                document: { type: 'passport', number: `E${String(i).padStart(8, '0')}`, expiryDate: '2035-01-01', issuingCountry: 'CN' },
                frequentFlyer: null,
              },
            ],
            contact: { name: 'RACE', email: 'race@example.com', phone: '+86 13800138000' },
            clientReference: randomUUID(),
          },
          ctx(),
        ),
      ),
    );
    watching = false;
    await watcher;

    const booked = results.filter((r) => r.status === 'booked');
    expect(booked).toHaveLength(9);
    expect(results.filter((r) => r.status === 'sold_out')).toHaveLength(41);
    expect(await soldNow()).toBe(capacity);
    expect(highest).toBeLessThanOrEqual(capacity);
    const rows = await t.db.select().from(supplierBookings).where(eq(supplierBookings.supplier, a.code));
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.recordLocator)).size).toBe(9);
    // Nothing left to sell: the next search shows the flight without seats.
    expect((await search()).some((o) => o.legs[0].segments[0].flightNumber === seg.flightNumber)).toBe(false);

    // Racing on one booking: parallel ticketing issues one set of tickets; parallel cancels release the seat once.
    await setFaults(t.db, a.code, { ticketingDelaySeconds: 0 });
    const [x, y] = booked.flatMap((r) => (r.status === 'booked' ? [{ supplierRef: r.booking.supplierRef, recordLocator: r.booking.recordLocator }] : []));
    const tickets = await Promise.all(Array.from({ length: 10 }, (_, i) => processes[i % 2].ticket(x, ctx())));
    expect(new Set(tickets.map((r) => (r.status === 'ticketed' ? r.booking.tickets.map((n) => n.ticketNumber).join() : r.status))).size).toBe(1);
    expect(tickets[0].status).toBe('ticketed');
    const cancels = await Promise.all(Array.from({ length: 10 }, (_, i) => processes[i % 2].cancel(y, ctx())));
    expect(cancels.every((r) => r.status === 'cancelled')).toBe(true);
    expect(await soldNow()).toBe(capacity - 1);
  });
});
