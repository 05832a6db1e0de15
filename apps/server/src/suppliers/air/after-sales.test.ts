import { randomUUID } from 'node:crypto';
import type { PassengerType } from '@portal/contract/api/shopping';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../db/client.ts';
import { seatInventory, supplierBookings } from '../../db/schema/index.ts';
import { ticketPrefix } from './booking-rules.ts';
import { offerTotal } from './contract.suite.ts';
import type { SimulatedGdsSupplier } from './gds.ts';
import { setFaults, SupplierError } from './faults.ts';
import { seatsSold } from './inventory.ts';
import { createAirSuppliers, type SupplierRegistry } from './registry.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';
import type { SimulatedAirSupplier } from './simulator.ts';
import { NO_FAULTS, type SupplierBooking, type SupplierBookingPassenger, type SupplierContext, type SupplierOffer } from './types.ts';

/** 16:00 in Beijing, where the simulated issuing offices are: the void window closes at 16:00 UTC. */
const NOW = new Date('2026-12-01T08:00:00Z');
const ctx = (now = NOW, signal = new AbortController().signal): SupplierContext => ({ signal, now });
const at = (iso: string) => ctx(new Date(iso));

type Counts = Record<PassengerType, number>;
const ADULTS = (n: number): Counts => ({ adult: n, child: 0, infant: 0 });

const passenger = (type: PassengerType, i: number): SupplierBookingPassenger => ({
  type,
  surname: 'LI',
  givenNames: `LEI ${'ABCDEFGH'[i]}`,
  gender: 'female',
  birthday: type === 'infant' ? '2026-05-01' : type === 'child' ? '2018-06-01' : '1985-04-02',
  nationality: 'CN',
  document: { type: 'passport', number: `E1234567${i}`, expiryDate: '2032-01-01', issuingCountry: 'CN' },
  frequentFlyer: null,
});
const passengersOf = (c: Counts) => (['adult', 'child', 'infant'] as const).flatMap((t) => Array.from({ length: c[t] }, () => t)).map(passenger);

let database: Database;
let suppliers: SupplierRegistry;
const sim = (code: string) => suppliers.get(code) as SimulatedAirSupplier;
const gds = () => suppliers.get('sim-gds') as SimulatedGdsSupplier;

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  suppliers = createAirSuppliers({ db: database.db, reference: referenceFixture });
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(database.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 0 });
});

async function search(s: SimulatedAirSupplier, dates: string[], counts: Counts, route = { origin: 'PEK', destination: 'SHA' }, now = NOW): Promise<SupplierOffer> {
  const journeys = dates.map((date, i) =>
    i % 2 === 0 ? { origins: [route.origin], destinations: [route.destination], date } : { origins: [route.destination], destinations: [route.origin], date },
  );
  const offers = await s.search({ journeys, passengers: counts, cabin: 'economy', directOnly: true }, ctx(now));
  expect(offers.length, dates.join()).toBeGreaterThan(0);
  return offers[0];
}

/** A ticketed booking of the cheapest direct offer on these dates (one leg per date, there and back). */
async function ticketed(s: SimulatedAirSupplier, dates: string[], counts: Counts = ADULTS(1), now = NOW) {
  const offer = await search(s, dates, counts, undefined, now);
  const booked = await s.book(
    {
      offerId: offer.offerId,
      expectedTotal: offerTotal(offer, counts),
      passengers: passengersOf(counts),
      contact: { name: 'LI LEI', email: 'li.lei@example.com', phone: '+86 13800138000' },
      clientReference: randomUUID(),
    },
    ctx(now),
  );
  if (booked.status !== 'booked') throw new Error(`not booked: ${booked.status}`);
  const t = await s.ticket(refOf(booked.booking), ctx(now));
  if (t.status !== 'ticketed') throw new Error(`not ticketed: ${t.status}`);
  return { offer, booking: t.booking, ref: refOf(t.booking) };
}
const refOf = (b: SupplierBooking) => ({ supplierRef: b.supplierRef, recordLocator: b.recordLocator });

/** Seats the supplier has sold on the flight of a leg's first segment, every class together. */
async function soldOn(code: string, flight: { flightNumber: string; departure: string }): Promise<number> {
  const date = flight.departure.slice(0, 10);
  const map = await seatsSold(database.db, code, [{ flightNumber: flight.flightNumber, date }]);
  return [...map.values()].reduce((a, b) => a + b, 0);
}
const legFlight = (offer: SupplierOffer, leg: number) => offer.legs[leg].segments[0];
const rowOf = async (id: string) => (await database.db.select().from(supplierBookings).where(eq(supplierBookings.id, id)))[0];

describe('voidTickets', () => {
  it('voids the tickets on the day of issue in Beijing, releases their seats, and answers a repeat without acting again', async () => {
    const { offer, ref, booking } = await ticketed(gds(), ['2027-01-10'], ADULTS(2));
    const flight = legFlight(offer, 0);
    expect(await soldOn('sim-gds', flight)).toBe(2);
    const clientReference = randomUUID();

    // 15:59 UTC is 23:59 in Beijing: still the day of issue.
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference }, at('2026-12-01T15:59:00Z'))).toEqual({ status: 'done' });
    expect(await soldOn('sim-gds', flight)).toBe(1);
    // The same reference later (even after the window): the first outcome, nothing released twice.
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference }, at('2026-12-03T10:00:00Z'))).toEqual({ status: 'done' });
    expect(await soldOn('sim-gds', flight)).toBe(1);

    // The voided coupon cannot be voided or refunded again under another reference.
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'already_used' });
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference: randomUUID() }, ctx())).toEqual({
      status: 'refused',
      reason: 'already_used',
    });
    // The booking stands for the other passenger; its tickets read as before.
    expect(await gds().retrieve(ref, ctx())).toEqual(booking);
  });

  it('refuses the next day in Beijing (though still the same UTC day), and after the first departure', async () => {
    const { ref } = await ticketed(gds(), ['2027-01-11']);
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, at('2026-12-01T16:00:00Z'))).toEqual({
      status: 'refused',
      reason: 'void_window_closed',
    });
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, at('2026-12-02T09:00:00Z'))).toEqual({
      status: 'refused',
      reason: 'void_window_closed',
    });

    // A flight leaving this evening: voidable until it departs, not after, though the day has not ended.
    const today = await ticketed(gds(), ['2026-12-01']);
    const departs = Date.parse(legFlight(today.offer, 0).departureUtc);
    expect(departs).toBeLessThan(Date.parse('2026-12-01T16:00:00Z'));
    const after = new Date(departs + 60_000);
    expect(await gds().voidTickets(today.ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx(after))).toEqual({
      status: 'refused',
      reason: 'void_window_closed',
    });
    expect(await gds().voidTickets(today.ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx(new Date(departs - 60_000)))).toEqual({
      status: 'done',
    });
  });

  it('refuses low-cost fares (no void), which refund instead', async () => {
    const lcc = sim('sim-lcc');
    const { offer, ref } = await ticketed(lcc, ['2027-01-12']);
    expect(offer.cancellationPolicy.every((p) => !p.voidAllowed)).toBe(true);
    expect(await lcc.voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_allowed' });
    const before = await soldOn('sim-lcc', legFlight(offer, 0));
    expect(await lcc.refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    expect(await soldOn('sim-lcc', legFlight(offer, 0))).toBe(before - 1);
  });

  it('derives the rule for bookings stored before it was kept', async () => {
    const { ref, booking } = await ticketed(gds(), ['2027-01-13']);
    const row = await rowOf(booking.supplierRef);
    const { voidAllowed: _gone, ...older } = row.passengers as { voidAllowed?: boolean };
    await database.db.update(supplierBookings).set({ passengers: older }).where(eq(supplierBookings.id, row.id));
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
  });

  it('refuses what it cannot find or is not ticketed', async () => {
    const offer = await search(gds(), ['2027-01-14'], ADULTS(1));
    const booked = await gds().book(
      { offerId: offer.offerId, expectedTotal: offerTotal(offer, ADULTS(1)), passengers: passengersOf(ADULTS(1)), contact: { name: 'A', email: 'a@example.com', phone: '1' }, clientReference: randomUUID() },
      ctx(),
    );
    if (booked.status !== 'booked') throw new Error(booked.status);
    const ref = refOf(booked.booking);
    const req = () => ({ passengerIndexes: [0], clientReference: randomUUID() });
    expect(await gds().voidTickets(ref, req(), ctx())).toEqual({ status: 'refused', reason: 'not_ticketed' });
    expect(await gds().refundTickets(ref, { ...req(), legs: [0] }, ctx())).toEqual({ status: 'refused', reason: 'not_ticketed' });
    expect(await gds().voidTickets({ ...ref, recordLocator: 'ZZZZZZ' }, req(), ctx())).toEqual({ status: 'refused', reason: 'not_found' });
    const t = await ticketed(gds(), ['2027-01-14']);
    expect(await gds().voidTickets(t.ref, { passengerIndexes: [1], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
    expect(await gds().voidTickets(t.ref, { passengerIndexes: [], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
  });
});

describe('refundTickets', () => {
  it('refunds the coupons of some passengers on some legs and gives exactly their seats back (infants hold none)', async () => {
    const family: Counts = { adult: 2, child: 0, infant: 1 };
    const { offer, ref } = await ticketed(gds(), ['2027-01-20', '2027-01-25'], family);
    const out = legFlight(offer, 0);
    const back = legFlight(offer, 1);
    expect([await soldOn('sim-gds', out), await soldOn('sim-gds', back)]).toEqual([2, 2]);
    const clientReference = randomUUID();

    expect(await gds().refundTickets(ref, { passengerIndexes: [1], legs: [1], clientReference }, at('2026-12-20T00:00:00Z'))).toEqual({ status: 'done' });
    expect([await soldOn('sim-gds', out), await soldOn('sim-gds', back)]).toEqual([2, 1]);
    expect(await gds().refundTickets(ref, { passengerIndexes: [1], legs: [1], clientReference }, ctx())).toEqual({ status: 'done' });
    expect([await soldOn('sim-gds', out), await soldOn('sim-gds', back)]).toEqual([2, 1]);

    // The infant's coupon: refunded, no seat moves.
    expect(await gds().refundTickets(ref, { passengerIndexes: [2], legs: [0, 1], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    expect([await soldOn('sim-gds', out), await soldOn('sim-gds', back)]).toEqual([2, 1]);

    // Part of a request already used refuses the whole request.
    expect(await gds().refundTickets(ref, { passengerIndexes: [0, 1], legs: [1], clientReference: randomUUID() }, ctx())).toEqual({
      status: 'refused',
      reason: 'already_used',
    });
    expect([await soldOn('sim-gds', out), await soldOn('sim-gds', back)]).toEqual([2, 1]);
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [2], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
    // A reference used for a refund is no void.
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference }, ctx())).toEqual({ status: 'refused', reason: 'already_used' });

    // The coupons kept per passenger and leg, with the reference that used them.
    const row = await rowOf(ref.supplierRef);
    const tickets = row.tickets as { passengerIndex: number; coupons: { leg: number; status: string; by?: string }[] }[];
    expect(tickets.find((t) => t.passengerIndex === 1)!.coupons).toEqual([
      { leg: 0, status: 'open' },
      { leg: 1, status: 'refunded', by: clientReference, at: '2026-12-20T00:00:00.000Z' },
    ]);
  });

  it('answers a refund it did under ticketTimeout with done when asked again, having refunded once', async () => {
    const { offer, ref } = await ticketed(gds(), ['2027-01-21'], ADULTS(2));
    const flight = legFlight(offer, 0);
    await setFaults(database.db, 'sim-gds', { ticketTimeout: true });
    const clientReference = randomUUID();
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('budget')), 300);
    await expect(gds().refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference }, ctx(NOW, ac.signal))).rejects.toThrow('budget');
    expect(await soldOn('sim-gds', flight)).toBe(1);

    await setFaults(database.db, 'sim-gds', { ticketTimeout: false });
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference }, ctx())).toEqual({ status: 'done' });
    expect(await soldOn('sim-gds', flight)).toBe(1);
  });

  it('fails with ticketFail, fail and timeout without acting', async () => {
    const { offer, ref } = await ticketed(gds(), ['2027-01-22']);
    const req = { passengerIndexes: [0], legs: [0], clientReference: randomUUID() };
    await setFaults(database.db, 'sim-gds', { ticketFail: true });
    await expect(gds().refundTickets(ref, req, ctx())).rejects.toBeInstanceOf(SupplierError);
    await setFaults(database.db, 'sim-gds', { ticketFail: false, fail: true });
    await expect(gds().voidTickets(ref, req, ctx())).rejects.toBeInstanceOf(SupplierError);
    await setFaults(database.db, 'sim-gds', { fail: false, timeout: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('budget')), 100);
    await expect(gds().refundTickets(ref, req, ctx(NOW, ac.signal))).rejects.toThrow('budget');
    expect(await soldOn('sim-gds', legFlight(offer, 0))).toBe(1);
  });
});

describe('reissueTickets', () => {
  it('sells the new flights, releases the old coupons, issues new numbers on the carrier stock, once', async () => {
    const { offer, ref, booking } = await ticketed(gds(), ['2027-02-01', '2027-02-05']);
    const back = legFlight(offer, 1);
    const newOffer = await search(gds(), ['2027-02-07'], ADULTS(1), { origin: 'SHA', destination: 'PEK' });
    const newFlight = legFlight(newOffer, 0);
    const soldNew = await soldOn('sim-gds', newFlight);
    const clientReference = randomUUID();
    const request = { passengerIndexes: [0], legs: [1], newOfferId: newOffer.offerId, clientReference };

    const done = await gds().reissueTickets(ref, request, ctx());
    if (done.status !== 'done') throw new Error(done.reason);
    expect(done.tickets).toHaveLength(1);
    const [{ passengerIndex, ticketNumber }] = done.tickets;
    expect(passengerIndex).toBe(0);
    expect(ticketNumber).toMatch(new RegExp(`^${ticketPrefix(offer.validatingCarrier)}\\d{10}$`));
    expect(ticketNumber).not.toBe(booking.tickets[0].ticketNumber);
    expect(await soldOn('sim-gds', back)).toBe(0);
    expect(await soldOn('sim-gds', newFlight)).toBe(soldNew + 1);
    // The booking now shows the new ticket; its PNR the new flight.
    expect((await gds().retrieve(ref, ctx()))!.tickets).toEqual([{ passengerIndex: 0, ticketNumber }]);
    const pnr = await gds().retrievePnr(ref.recordLocator, ctx());
    expect(pnr!.segments.map((s) => s.flightNumber)).toEqual([legFlight(offer, 0).flightNumber, newFlight.flightNumber]);

    // Asked again: the same tickets, nothing sold twice, even once the offer is gone.
    expect(await gds().reissueTickets(ref, { ...request, newOfferId: 'garbled' }, ctx())).toEqual(done);
    expect(await soldOn('sim-gds', newFlight)).toBe(soldNew + 1);
    // The exchange's reference is spent on an exchange; the other leg moved to the new ticket and can still be refunded.
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [1], clientReference }, ctx())).toEqual({ status: 'refused', reason: 'already_used' });
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    // An exchanged ticket is not voided.
    expect(await gds().voidTickets(ref, { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_allowed' });
    // Its new coupon for leg 1 is open and can be exchanged again.
    const again = await search(gds(), ['2027-02-08'], ADULTS(1), { origin: 'SHA', destination: 'PEK' });
    const second = await gds().reissueTickets(ref, { passengerIndexes: [0], legs: [1], newOfferId: again.offerId, clientReference: randomUUID() }, ctx());
    expect(second.status).toBe('done');
    expect(await soldOn('sim-gds', newFlight)).toBe(soldNew);
  });

  it('refuses a sold-out flight (nothing changes), a garbled, foreign or mismatched offer, used coupons', async () => {
    const { offer, ref } = await ticketed(gds(), ['2027-02-10'], ADULTS(2));
    const newOffer = await search(gds(), ['2027-02-12'], ADULTS(1));
    const target = legFlight(newOffer, 0);
    const limits = gds().classLimits({ carrier: target.marketingCarrier, flightNumber: target.flightNumber, origin: target.origin, destination: target.destination, date: '2027-02-12' }, 'economy', NOW)!;
    await database.db
      .insert(seatInventory)
      .values([...limits].map(([bookingClass, sold]) => ({ supplier: 'sim-gds', flightNumber: target.flightNumber, date: '2027-02-12', bookingClass, sold })));
    const request = { passengerIndexes: [0], legs: [0], newOfferId: newOffer.offerId, clientReference: randomUUID() };
    expect(await gds().reissueTickets(ref, request, ctx())).toEqual({ status: 'refused', reason: 'sold_out' });
    expect(await soldOn('sim-gds', legFlight(offer, 0))).toBe(2);
    await database.db.delete(seatInventory).where(eq(seatInventory.flightNumber, target.flightNumber));

    expect(await gds().reissueTickets(ref, { ...request, newOfferId: `${newOffer.offerId}x` }, ctx())).toEqual({ status: 'refused', reason: 'invalid_offer' });
    const ndcOffer = await search(sim('sim-ndc'), ['2027-02-12'], ADULTS(1));
    expect(await gds().reissueTickets(ref, { ...request, newOfferId: ndcOffer.offerId }, ctx())).toEqual({ status: 'refused', reason: 'invalid_offer' });
    // One adult's offer for two passengers, a one-leg offer for two legs.
    expect(await gds().reissueTickets(ref, { ...request, passengerIndexes: [0, 1] }, ctx())).toEqual({ status: 'refused', reason: 'invalid_offer' });
    expect(await gds().reissueTickets(ref, { ...request, legs: [0, 1] }, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
    expect(await gds().refundTickets(ref, { passengerIndexes: [0], legs: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'done' });
    expect(await gds().reissueTickets(ref, request, ctx())).toEqual({ status: 'refused', reason: 'already_used' });
    expect(await gds().reissueTickets(ref, { ...request, passengerIndexes: [1] }, ctx())).toMatchObject({ status: 'done' });
  });

  it('reissues under ticketTimeout, then answers the same tickets to the retry', async () => {
    const { ref } = await ticketed(gds(), ['2027-02-15']);
    const newOffer = await search(gds(), ['2027-02-16'], ADULTS(1));
    const request = { passengerIndexes: [0], legs: [0], newOfferId: newOffer.offerId, clientReference: randomUUID() };
    await setFaults(database.db, 'sim-gds', { ticketTimeout: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('budget')), 300);
    await expect(gds().reissueTickets(ref, request, ctx(NOW, ac.signal))).rejects.toThrow('budget');
    await setFaults(database.db, 'sim-gds', { ticketTimeout: false });
    const sold = await soldOn('sim-gds', legFlight(newOffer, 0));
    const retry = await gds().reissueTickets(ref, request, ctx());
    expect(retry.status).toBe('done');
    expect((await gds().retrieve(ref, ctx()))!.tickets).toEqual(retry.status === 'done' ? retry.tickets : []);
    expect(await soldOn('sim-gds', legFlight(newOffer, 0))).toBe(sold);
  });
});
