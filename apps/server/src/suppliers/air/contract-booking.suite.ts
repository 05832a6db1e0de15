import { randomUUID } from 'node:crypto';
import type { PassengerType } from '@portal/contract/api/shopping';
import { isCurrency } from '@portal/contract/currency';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { seatInventory, supplierBookings } from '../../db/schema/index.ts';
import { LOCATOR_ALPHABET, ticketPrefix } from './booking-rules.ts';
import { setFaults } from './faults.ts';
import { seatsSold, soldKey } from './inventory.ts';
import { SimulatedAirSupplier } from './simulator.ts';
import type { AirSupplier, SupplierBooking, SupplierBookingPassenger, SupplierBookRequest, SupplierContext, SupplierOffer } from './types.ts';

interface Made {
  supplier: AirSupplier;
  db: Db;
}

export interface BookingContractOptions {
  route: { origin: string; destination: string };
  now: Date;
  /** Fault switches and the inventory table apply (simulators). */
  simulator: boolean;
}

type Counts = Record<PassengerType, number>;
const ONE_ADULT: Counts = { adult: 1, child: 0, infant: 0 };
const FAMILY: Counts = { adult: 1, child: 1, infant: 1 };
const BIRTHDAYS: Record<PassengerType, string> = { adult: '1985-04-02', child: '2018-06-01', infant: '2026-05-01' };
const LOCATOR = new RegExp(`^[${LOCATOR_ALPHABET}]{6}$`);

const passenger = (type: PassengerType, surname = 'ZHANG', givenNames = `SAN ${type.toUpperCase()}`): SupplierBookingPassenger => ({
  type,
  surname,
  givenNames,
  gender: 'male',
  birthday: BIRTHDAYS[type],
  nationality: 'CN',
  document: { type: 'passport', number: 'E12345678', expiryDate: '2032-01-01', issuingCountry: 'CN' },
  frequentFlyer: null,
});
const passengersOf = (c: Counts) => (['adult', 'child', 'infant'] as const).flatMap((t) => Array.from({ length: c[t] }, () => passenger(t)));
const totalOf = (o: SupplierOffer, c: Counts) => o.prices.reduce((s, p) => s + c[p.passengerType] * (p.fare + p.airportTax + p.fuelSurcharge + p.otherTax), 0);

/**
 * The booking half of the air supplier contract: book, retrieve, ticket, cancel, their expected refusals and (for
 * simulators) the fault switches and the seat inventory behind them. Each test books on its own date so the seats one
 * sells never move another's prices.
 */
export function airSupplierBookingContract(get: () => Made, options: BookingContractOptions): void {
  const { route, now: NOW, simulator } = options;
  const ctx = (signal: AbortSignal = new AbortController().signal, now = NOW): SupplierContext => ({ signal, now });
  const fastTicketing = async () => {
    if (simulator) await setFaults(get().db, get().supplier.code, { ticketingDelaySeconds: 0 });
  };

  async function offerOn(date: string, counts: Counts = ONE_ADULT): Promise<SupplierOffer> {
    const req = { journeys: [{ origins: [route.origin], destinations: [route.destination], date }], passengers: counts, cabin: 'economy' as const, directOnly: true };
    const offers = await get().supplier.search(req, ctx());
    expect(offers.length, date).toBeGreaterThan(0);
    return offers[0];
  }
  const bookRequest = (offer: SupplierOffer, counts: Counts, over: Partial<SupplierBookRequest> = {}): SupplierBookRequest => ({
    offerId: offer.offerId,
    expectedTotal: totalOf(offer, counts),
    passengers: passengersOf(counts),
    contact: { name: 'ZHANG SAN', email: 'zhang.san@example.com', phone: '+86 13800138000' },
    clientReference: randomUUID(),
    ...over,
  });
  async function book(offer: SupplierOffer, counts: Counts, over: Partial<SupplierBookRequest> = {}): Promise<SupplierBooking> {
    const r = await get().supplier.book(bookRequest(offer, counts, over), ctx());
    expect(r.status).toBe('booked');
    if (r.status !== 'booked') throw new Error(`not booked: ${r.status}`);
    return r.booking;
  }
  const refOf = (b: SupplierBooking) => ({ supplierRef: b.supplierRef, recordLocator: b.recordLocator });
  async function soldOn(offer: SupplierOffer) {
    const s = offer.legs[0].segments[0];
    const date = s.departure.slice(0, 10);
    const map = await seatsSold(get().db, get().supplier.code, [{ flightNumber: s.flightNumber, date }]);
    return (rbd = s.bookingClass) => map.get(soldKey(s.flightNumber, date, rbd)) ?? 0;
  }
  async function setSold(flightNumber: string, date: string, bookingClass: string, sold: number) {
    await get()
      .db.insert(seatInventory)
      .values({ supplier: get().supplier.code, flightNumber, date, bookingClass, sold })
      .onConflictDoUpdate({ target: [seatInventory.supplier, seatInventory.flightNumber, seatInventory.date, seatInventory.bookingClass], set: { sold: sql`${sold}` } });
  }

  describe('booking', () => {
    it('books, retrieves, tickets one 13-digit number per passenger (idempotently), then refuses to cancel', async () => {
      await fastTicketing();
      const { supplier } = get();
      const offer = await offerOn('2027-02-03', FAMILY);
      const clientReference = randomUUID();
      const booking = await book(offer, FAMILY, { clientReference });
      expect(booking).toMatchObject({ status: 'booked', clientReference, total: totalOf(offer, FAMILY), currency: offer.currency, tickets: [] });
      expect(isCurrency(booking.currency)).toBe(true);
      expect(booking.recordLocator).toMatch(LOCATOR);
      expect(booking.supplierRef.length).toBeGreaterThan(0);
      expect(Date.parse(booking.ticketingTimeLimit)).toBeGreaterThan(NOW.getTime());
      expect(Date.parse(booking.ticketingTimeLimit)).toBeLessThan(Date.parse(offer.legs[0].segments[0].departureUtc));

      expect(await supplier.retrieve(refOf(booking), ctx())).toEqual(booking);
      expect(await supplier.retrieve({ clientReference }, ctx())).toEqual(booking);
      expect(await supplier.retrieve({ clientReference: randomUUID() }, ctx())).toBeNull();
      expect(await supplier.retrieve({ supplierRef: booking.supplierRef, recordLocator: 'ZZZZZZ' }, ctx())).toBeNull();
      if (supplier.retrievePnr) {
        const pnr = await supplier.retrievePnr(booking.recordLocator.toLowerCase(), ctx());
        expect(pnr?.recordLocator).toBe(booking.recordLocator);
        expect(pnr?.segments.map((s) => [s.flightNumber, s.status])).toEqual(offer.legs[0].segments.map((s) => [s.flightNumber, 'HK']));
        expect(pnr?.passengers.map((p) => p.type)).toEqual(['adult', 'child', 'infant']);
      }

      const t = await supplier.ticket(refOf(booking), ctx());
      expect(t.status).toBe('ticketed');
      if (t.status !== 'ticketed') return;
      expect(t.booking.status).toBe('ticketed');
      expect(t.booking.tickets.map((x) => x.passengerIndex)).toEqual([0, 1, 2]);
      const prefix = simulator ? ticketPrefix(offer.validatingCarrier) : t.booking.tickets[0].ticketNumber.slice(0, 3);
      for (const x of t.booking.tickets) expect(x.ticketNumber).toMatch(new RegExp(`^${prefix}\\d{10}$`));
      expect(new Set(t.booking.tickets.map((x) => x.ticketNumber)).size).toBe(3);

      const again = await supplier.ticket(refOf(booking), ctx());
      expect(again).toEqual(t);
      expect(await supplier.retrieve({ clientReference }, ctx())).toEqual(t.booking);
      expect(await supplier.cancel(refOf(booking), ctx())).toEqual({ status: 'refused', reason: 'ticketed' });
      if (supplier.retrievePnr) expect((await supplier.retrievePnr(booking.recordLocator, ctx()))?.segments.every((s) => s.status === 'RR')).toBe(true);
    });

    it('cancels a booking (idempotently) and gives its seats back; a cancelled booking is not ticketed', async () => {
      const { supplier } = get();
      const offer = await offerOn('2027-02-05', { adult: 2, child: 0, infant: 0 });
      const before = simulator ? (await soldOn(offer))() : 0;
      const booking = await book(offer, { adult: 2, child: 0, infant: 0 });
      if (simulator) expect((await soldOn(offer))()).toBe(before + 2);
      expect(await supplier.cancel(refOf(booking), ctx())).toEqual({ status: 'cancelled' });
      if (simulator) expect((await soldOn(offer))()).toBe(before);
      expect(await supplier.cancel(refOf(booking), ctx())).toEqual({ status: 'cancelled' });
      if (simulator) expect((await soldOn(offer))()).toBe(before);
      expect((await supplier.retrieve(refOf(booking), ctx()))?.status).toBe('cancelled');
      expect(await supplier.ticket(refOf(booking), ctx())).toEqual({ status: 'refused', reason: 'cancelled' });
      if (supplier.retrievePnr) expect((await supplier.retrievePnr(booking.recordLocator, ctx()))?.segments).toEqual([]);
      const unknown = { supplierRef: 'nope', recordLocator: 'ZZZZZZ' };
      expect(await supplier.cancel(unknown, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
      expect(await supplier.ticket(unknown, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
    });

    it('answers price_changed with the new total when the expected total differs', async () => {
      const offer = await offerOn('2027-02-07');
      const r = await get().supplier.book(bookRequest(offer, ONE_ADULT, { expectedTotal: totalOf(offer, ONE_ADULT) - 100 }), ctx());
      expect(r).toEqual({ status: 'price_changed', newTotal: totalOf(offer, ONE_ADULT), currency: offer.currency });
    });

    it('answers duplicate with the first booking for a second booking with the same client reference', async () => {
      const offer = await offerOn('2027-02-09');
      const before = simulator ? (await soldOn(offer))() : 0;
      const clientReference = randomUUID();
      const first = await book(offer, ONE_ADULT, { clientReference });
      const second = await get().supplier.book(bookRequest(offer, ONE_ADULT, { clientReference }), ctx());
      expect(second).toEqual({ status: 'duplicate', booking: first });
      if (simulator) expect((await soldOn(offer))()).toBe(before + 1);
    });

    it('answers invalid_offer for garbled or foreign offer ids and passengers that do not match the offer', async () => {
      const offer = await offerOn('2027-02-09');
      for (const offerId of ['', 'nonsense', offer.offerId.slice(0, -3), `${offer.offerId}x`]) {
        expect((await get().supplier.book(bookRequest(offer, ONE_ADULT, { offerId }), ctx())).status, offerId).toBe('invalid_offer');
      }
      const twoAdults = bookRequest(offer, ONE_ADULT, { passengers: passengersOf({ adult: 2, child: 0, infant: 0 }) });
      expect((await get().supplier.book(twoAdults, ctx())).status).toBe('invalid_offer');
    });

    it('answers name_refused for names the airline cannot take', async () => {
      const offer = await offerOn('2027-02-09');
      const long = bookRequest(offer, ONE_ADULT, { passengers: [passenger('adult', 'WOLFESCHLEGELSTEINHAUSENBERGER', 'HUBERT BLAINE ALEXANDER WILLIAM')] });
      expect(await get().supplier.book(long, ctx())).toMatchObject({ status: 'name_refused', passengerIndex: 0 });
      const couple = await offerOn('2027-02-09', { adult: 2, child: 0, infant: 0 });
      const single = bookRequest(couple, { adult: 2, child: 0, infant: 0 }, { passengers: [passenger('adult'), passenger('adult', 'O', 'MARY')] });
      expect(await get().supplier.book(single, ctx())).toMatchObject({ status: 'name_refused', passengerIndex: 1 });
    });
  });

  describe.runIf(simulator)('booking: inventory and time limits (simulators)', () => {
    const sim = () => get().supplier as SimulatedAirSupplier;
    async function onlyTopClassLeft(date: string, left: number) {
      const offer = await offerOn(date);
      const s = offer.legs[0].segments[0];
      const limits = sim().classLimits({ carrier: s.marketingCarrier, flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, date }, 'economy', NOW)!;
      const rbds = [...limits.keys()];
      const top = rbds[rbds.length - 1];
      expect(limits.get(top)).toBeGreaterThanOrEqual(left);
      for (const rbd of rbds) await setSold(s.flightNumber, date, rbd, rbd === top ? limits.get(rbd)! - left : limits.get(rbd)!);
      const req = { journeys: [{ origins: [s.origin], destinations: [s.destination], date }], passengers: ONE_ADULT, cabin: 'economy' as const, directOnly: true };
      const last = (await get().supplier.search(req, ctx())).find((o) => o.legs[0].segments[0].flightNumber === s.flightNumber);
      expect(last?.legs[0].segments[0]).toMatchObject({ bookingClass: top, seatsLeft: left });
      return { offer, last: last!, top, limit: limits.get(top)! };
    }

    it('answers sold_out once the flight has no seats left', async () => {
      expect(get().supplier).toBeInstanceOf(SimulatedAirSupplier);
      const { offer, last } = await onlyTopClassLeft('2027-02-11', 1);
      await book(last, ONE_ADULT);
      expect((await get().supplier.book(bookRequest(last, ONE_ADULT), ctx())).status).toBe('sold_out');
      expect((await get().supplier.book(bookRequest(offer, ONE_ADULT), ctx())).status).toBe('sold_out');
    });

    it('sells the last seats once: of parallel books for 3 seats left, 3 book and the rest are sold out', async () => {
      const { last, top, limit } = await onlyTopClassLeft('2027-02-13', 3);
      const results = await Promise.all(Array.from({ length: 8 }, () => get().supplier.book(bookRequest(last, ONE_ADULT), ctx())));
      expect(results.filter((r) => r.status === 'booked')).toHaveLength(3);
      expect(results.filter((r) => r.status === 'sold_out')).toHaveLength(5);
      expect((await soldOn(last))(top)).toBe(limit);
    });

    it('cancels a booking still unticketed after its time limit, gives its seats back and refuses to ticket it', async () => {
      await fastTicketing();
      const offer = await offerOn('2027-02-15');
      const before = (await soldOn(offer))();
      const booking = await book(offer, ONE_ADULT);
      const late = new Date(Date.parse(booking.ticketingTimeLimit) + 60_000);
      expect(await get().supplier.retrieve(refOf(booking), ctx(undefined, late))).toEqual({ ...booking, status: 'cancelled' });
      expect((await soldOn(offer))()).toBe(before);
      expect(await get().supplier.ticket(refOf(booking), ctx(undefined, late))).toEqual({ status: 'refused', reason: 'time_limit_passed' });
      expect(await get().supplier.ticket(refOf(booking), ctx())).toEqual({ status: 'refused', reason: 'time_limit_passed' });
      expect(await get().supplier.cancel(refOf(booking), ctx())).toEqual({ status: 'cancelled' });
      expect((await soldOn(offer))()).toBe(before);

      // A hold nobody reads again: the next booking attempt past its limit sweeps it, and its seats are back.
      const second = await book(offer, ONE_ADULT);
      expect((await soldOn(offer))()).toBe(before + 1);
      expect((await get().supplier.book(bookRequest(offer, ONE_ADULT, { offerId: 'nonsense' }), ctx(undefined, late))).status).toBe('invalid_offer');
      expect((await soldOn(offer))()).toBe(before);
      const [row] = await get().db.select({ status: supplierBookings.status }).from(supplierBookings).where(eq(supplierBookings.id, second.supplierRef));
      expect(row.status).toBe('cancelled');
    });

    it('priceChangePercent: book answers price_changed with the higher total', async () => {
      const offer = await offerOn('2027-02-17');
      await setFaults(get().db, get().supplier.code, { priceChangePercent: 10 });
      const r = await get().supplier.book(bookRequest(offer, ONE_ADULT), ctx());
      expect(r.status).toBe('price_changed');
      if (r.status === 'price_changed') expect(r.newTotal).toBeGreaterThan(totalOf(offer, ONE_ADULT));
    });

    it('soldOut answers sold_out', async () => {
      const offer = await offerOn('2027-02-17');
      await setFaults(get().db, get().supplier.code, { soldOut: true });
      expect((await get().supplier.book(bookRequest(offer, ONE_ADULT), ctx())).status).toBe('sold_out');
    });

    it('bookFail throws and books nothing', async () => {
      const offer = await offerOn('2027-02-19');
      await setFaults(get().db, get().supplier.code, { bookFail: true });
      const req = bookRequest(offer, ONE_ADULT);
      await expect(get().supplier.book(req, ctx())).rejects.toThrow(/booking failure/);
      await setFaults(get().db, get().supplier.code, { bookFail: false });
      expect(await get().supplier.retrieve({ clientReference: req.clientReference }, ctx())).toBeNull();
    });

    it('bookTimeout books, then never answers: the caller aborts, and retrieve by client reference finds the booking', async () => {
      const offer = await offerOn('2027-02-19');
      const before = (await soldOn(offer))();
      await setFaults(get().db, get().supplier.code, { bookTimeout: true });
      const req = bookRequest(offer, ONE_ADULT);
      const started = Date.now();
      await expect(get().supplier.book(req, ctx(AbortSignal.timeout(500)))).rejects.toBeDefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      await setFaults(get().db, get().supplier.code, { bookTimeout: false });
      const found = await get().supplier.retrieve({ clientReference: req.clientReference }, ctx());
      expect(found).toMatchObject({ status: 'booked', clientReference: req.clientReference, total: req.expectedTotal });
      expect((await soldOn(offer))()).toBe(before + 1);
      // A blind retry would be told it is a duplicate, never sold twice.
      expect(await get().supplier.book(req, ctx())).toEqual({ status: 'duplicate', booking: found });
    });

    it('ticketFail throws and leaves the booking as it was', async () => {
      const booking = await book(await offerOn('2027-02-21'), ONE_ADULT);
      await setFaults(get().db, get().supplier.code, { ticketFail: true, ticketingDelaySeconds: 0 });
      await expect(get().supplier.ticket(refOf(booking), ctx())).rejects.toThrow(/ticketing failure/);
      expect(await get().supplier.retrieve(refOf(booking), ctx())).toEqual(booking);
    });

    it('ticketTimeout issues the tickets, then never answers', async () => {
      const booking = await book(await offerOn('2027-02-21'), ONE_ADULT);
      await setFaults(get().db, get().supplier.code, { ticketTimeout: true, ticketingDelaySeconds: 0 });
      await expect(get().supplier.ticket(refOf(booking), ctx(AbortSignal.timeout(300)))).rejects.toBeDefined();
      const found = await get().supplier.retrieve(refOf(booking), ctx());
      expect(found?.status).toBe('ticketed');
      expect(found?.tickets).toHaveLength(1);
    });

    it('ticketingDelaySeconds delays ticketing; a retry after an abort waits only for the rest', async () => {
      const booking = await book(await offerOn('2027-02-23'), ONE_ADULT);
      await setFaults(get().db, get().supplier.code, { ticketingDelaySeconds: 1 });
      const started = Date.now();
      await expect(get().supplier.ticket(refOf(booking), ctx(AbortSignal.timeout(300)))).rejects.toBeDefined();
      expect((await get().supplier.retrieve(refOf(booking), ctx()))?.status).toBe('booked');
      const t = await get().supplier.ticket(refOf(booking), ctx());
      expect(t.status).toBe('ticketed');
      const total = Date.now() - started;
      expect(total).toBeGreaterThanOrEqual(950);
      // The first call's request time holds: the retry did not start another full second.
      expect(total).toBeLessThan(1_250);
    });
  });
}
