import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import * as reference from '../src/modules/reference/reference.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { createGdsSupplier } from '../src/suppliers/air/gds.ts';
import { seatsSold } from '../src/suppliers/air/inventory.ts';
import type { SimulatedAirSupplier } from '../src/suppliers/air/simulator.ts';
import type { SupplierOffer, SupplierSegment } from '../src/suppliers/air/types.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const NOW = new Date('2026-12-01T08:00:00Z');
const ctx = () => ({ signal: new AbortController().signal, now: NOW });
const total = (o: SupplierOffer, adults: number) => adults * o.prices.reduce((s, p) => s + p.fare + p.airportTax + p.fuelSurcharge + p.otherTax, 0);

/**
 * After-sales at the simulated GDS from two server processes at once (two connection pools on PostgreSQL; one PGlite
 * otherwise): a request repeated in parallel acts once, and two requests for one coupon cannot both use it.
 */
describe(`simulated after-sales under concurrency (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let other: Database | undefined;
  let processes: SimulatedAirSupplier[];

  beforeAll(async () => {
    t = await createTestApp();
    other = t.url ? await openDatabase({ url: t.url }) : undefined;
    processes = [t.app.deps.airSuppliers.get('sim-gds') as SimulatedAirSupplier, createGdsSupplier({ db: other?.db ?? t.db, reference })];
    await setFaults(t.db, 'sim-gds', { ticketingDelaySeconds: 0 });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  async function offerOn(date: string, adults: number, from = 'PEK', to = 'SHA') {
    const [offer] = await processes[0].search(
      { journeys: [{ origins: [from], destinations: [to], date }], passengers: { adult: adults, child: 0, infant: 0 }, cabin: 'economy', directOnly: true },
      ctx(),
    );
    return offer;
  }
  async function ticketed(date: string, adults: number) {
    const offer = await offerOn(date, adults);
    const booked = await processes[0].book(
      {
        offerId: offer.offerId,
        expectedTotal: total(offer, adults),
        passengers: Array.from({ length: adults }, (_, i) => ({
          type: 'adult' as const,
          surname: 'ZHOU',
          givenNames: `JIE ${'ABCDEFG'[i]}`,
          gender: 'male' as const,
          birthday: '1988-08-08',
          nationality: 'CN',
          document: { type: 'passport', number: `E5555555${i}`, expiryDate: null, issuingCountry: 'CN' },
          frequentFlyer: null,
        })),
        contact: { name: 'ZHOU JIE', email: 'z@example.com', phone: '1' },
        clientReference: randomUUID(),
      },
      ctx(),
    );
    if (booked.status !== 'booked') throw new Error(booked.status);
    const issued = await processes[0].ticket(booked.booking, ctx());
    if (issued.status !== 'ticketed') throw new Error(issued.status);
    return { offer, ref: { supplierRef: issued.booking.supplierRef, recordLocator: issued.booking.recordLocator } };
  }
  const sold = async (s: SupplierSegment) =>
    [...(await seatsSold(t.db, 'sim-gds', [{ flightNumber: s.flightNumber, date: s.departure.slice(0, 10) }])).values()].reduce((a, b) => a + b, 0);

  it('a refund repeated in parallel acts once; refunds of one coupon under different references: one wins', async () => {
    const { offer, ref } = await ticketed('2027-01-05', 3);
    const flight = offer.legs[0].segments[0];
    expect(await sold(flight)).toBe(3);

    const clientReference = randomUUID();
    const same = await Promise.all(Array.from({ length: 10 }, (_, i) => processes[i % 2].refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference }, ctx())));
    expect(same.every((r) => r.status === 'done')).toBe(true);
    expect(await sold(flight)).toBe(2);

    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 3 === 0
          ? processes[i % 2].voidTickets(ref, { passengerIndexes: [1], clientReference: randomUUID() }, ctx())
          : processes[i % 2].refundTickets(ref, { passengerIndexes: [1], legs: [0], clientReference: randomUUID() }, ctx()),
      ),
    );
    expect(racing.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(racing.filter((r) => r.status === 'refused' && r.reason === 'already_used')).toHaveLength(9);
    expect(await sold(flight)).toBe(1);
  });

  it('an exchange repeated in parallel sells the new seat and issues new tickets once', async () => {
    const { offer, ref } = await ticketed('2027-01-06', 1);
    const next = await offerOn('2027-01-09', 1);
    const newFlight = next.legs[0].segments[0];
    const before = await sold(newFlight);
    const clientReference = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => processes[i % 2].reissueTickets(ref, { passengerIndexes: [0], legs: [0], newOfferId: next.offerId, clientReference }, ctx())),
    );
    expect(answers.every((a) => a.status === 'done')).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await sold(newFlight)).toBe(before + 1);
    expect(await sold(offer.legs[0].segments[0])).toBe(0);
    expect((await processes[1].retrieve(ref, ctx()))!.tickets).toEqual(answers[0].status === 'done' ? answers[0].tickets : []);
  });
});
