import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../db/client.ts';
import { offerTotal } from './contract.suite.ts';
import { loadFaults, setFaults } from './faults.ts';
import { seatsSold, sellSeats, sellSeatsWithin } from './inventory.ts';
import { createAirSuppliers, type SupplierRegistry } from './registry.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';
import { NO_FAULTS, type SupplierSearchRequest } from './types.ts';

const NOW = new Date('2026-12-01T08:00:00Z');
const ctx = (now = NOW) => ({ signal: new AbortController().signal, now });
const oneWay = (o: string, d: string, over: Partial<SupplierSearchRequest> = {}): SupplierSearchRequest => ({
  journeys: [{ origins: [o], destinations: [d], date: '2027-01-15' }],
  passengers: { adult: 1, child: 0, infant: 0 },
  cabin: 'economy',
  directOnly: false,
  ...over,
});
const roundTrip = (o: string, d: string): SupplierSearchRequest =>
  oneWay(o, d, {
    journeys: [
      { origins: [o], destinations: [d], date: '2027-01-15' },
      { origins: [d], destinations: [o], date: '2027-01-22' },
    ],
  });

let database: Database;
let suppliers: SupplierRegistry;
const sup = (code: string) => suppliers.get(code)!;

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  suppliers = createAirSuppliers({ db: database.db, reference: referenceFixture });
}, 60_000);
afterAll(() => database?.close());

describe('simulated suppliers', () => {
  it('registry lists the three simulators by code', () => {
    expect(suppliers.all().map((s) => [s.code, s.kind])).toEqual([
      ['sim-gds', 'gds'],
      ['sim-ndc', 'ndc'],
      ['sim-lcc', 'lcc'],
    ]);
    expect(suppliers.get('nope')).toBeUndefined();
  });

  it('fault switches: a missing row is NO_FAULTS; setFaults upserts and keeps other switches', async () => {
    expect(await loadFaults(database.db, 'sim-x')).toEqual(NO_FAULTS);
    await setFaults(database.db, 'sim-x', { latencyMs: 100 });
    await setFaults(database.db, 'sim-x', { soldOut: true });
    expect(await loadFaults(database.db, 'sim-x')).toEqual({ ...NO_FAULTS, latencyMs: 100, soldOut: true });
    await expect(setFaults(database.db, 'sim-x', { latencyMs: -1 })).rejects.toThrow(RangeError);
    await setFaults(database.db, 'sim-x', { bookFail: true, bookTimeout: true, ticketFail: true, ticketTimeout: true, ticketingDelaySeconds: 600 });
    expect(await loadFaults(database.db, 'sim-x')).toEqual({
      ...NO_FAULTS,
      latencyMs: 100,
      soldOut: true,
      bookFail: true,
      bookTimeout: true,
      ticketFail: true,
      ticketTimeout: true,
      ticketingDelaySeconds: 600,
    });
    for (const bad of [-1, 601, 1.5]) await expect(setFaults(database.db, 'sim-x', { ticketingDelaySeconds: bad })).rejects.toThrow(RangeError);
    expect((await loadFaults(database.db, 'sim-x')).ticketingDelaySeconds).toBe(600);
  });

  it('sellSeatsWithin never sells past a class limit, and a refused sale inside a transaction rolls back whole', async () => {
    const a = { flightNumber: 'XX1', date: '2027-03-01', bookingClass: 'Y', seats: 2, limit: 3 };
    const b = { flightNumber: 'XX2', date: '2027-03-01', bookingClass: 'Y', seats: 2, limit: 3 };
    const sold = async () => seatsSold(database.db, 'sim-t', [a, b]);
    expect(await sellSeatsWithin(database.db, 'sim-t', [a])).toBe(true);
    expect(await sellSeatsWithin(database.db, 'sim-t', [a])).toBe(false);
    expect(await sellSeatsWithin(database.db, 'sim-t', [{ ...b, seats: 4 }])).toBe(false);
    expect(await sellSeatsWithin(database.db, 'sim-t', [{ ...a, seats: 1 }])).toBe(true);
    expect((await sold()).get('XX1|2027-03-01|Y')).toBe(3);
    // Two flights, the second full: the first one's sale must not stay behind.
    await expect(
      database.db.transaction(async (tx) => {
        if (!(await sellSeatsWithin(tx, 'sim-t', [{ ...b, seats: 1 }, { ...a, seats: 1 }]))) throw new Error('sold out');
      }),
    ).rejects.toThrow('sold out');
    expect((await sold()).get('XX2|2027-03-01|Y')).toBeUndefined();
    // The same flight twice in one sale counts once against the limit.
    expect(await sellSeatsWithin(database.db, 'sim-t', [b, { ...b, seats: 2 }])).toBe(false);
  });

  it('a return search on a busy route yields >= 1,000 distinct itineraries across suppliers, quickly', async () => {
    const req = roundTrip('PVG', 'LHR');
    for (const s of suppliers.all()) await s.search(req, ctx()); // warm caches
    const itineraries = new Set<string>();
    const started = performance.now();
    const answers = await Promise.all(suppliers.all().map((s) => s.search(req, ctx())));
    const elapsed = performance.now() - started;
    for (const offers of answers) for (const o of offers) itineraries.add(o.legs.map((l) => l.segments.map((s) => `${s.flightNumber}@${s.departureUtc}`).join()).join('/'));
    expect(itineraries.size).toBeGreaterThanOrEqual(1000);
    // Typically ~15 ms per supplier on a quiet machine; generous here so a loaded CI box does not flake.
    expect(elapsed).toBeLessThan(1500);
  });

  it('runs on the real reference data by default', async () => {
    const real = createAirSuppliers({ db: database.db });
    for (const s of real.all()) {
      const offers = await s.search(roundTrip('PVG', 'LHR'), ctx());
      expect(offers.length, s.code).toBeGreaterThan(0);
      expect((await s.verify(offers[0].offerId, ctx())).status).toBe('unchanged');
    }
  });

  it('GDS: booking classes with seat counts, fare basis, void allowed, CNY', async () => {
    const offers = await sup('sim-gds').search(oneWay('PVG', 'LHR', { passengers: { adult: 1, child: 1, infant: 1 } }), ctx());
    const o = offers[0];
    expect(o.currency).toBe('CNY');
    expect(o.brand).toBeNull();
    expect(o.expiresAt).toBeNull();
    expect(o.legs[0].segments.every((s) => s.seatsLeft !== null && s.seatsLeft <= 9)).toBe(true);
    expect(o.fareBasis[0]).toMatch(/^[A-Z](SVR|STD|FLX)\d*$/);
    expect(o.cancellationPolicy.every((p) => p.voidAllowed)).toBe(true);
    const adult = o.prices.find((p) => p.passengerType === 'adult')!;
    const infant = o.prices.find((p) => p.passengerType === 'infant')!;
    expect(infant.fare).toBeLessThan(adult.fare / 5);
  });

  it('GDS refuses multi-city searches of more than 3 journeys (answers no offers); NDC and LCC answer them', async () => {
    const j = (o: string, d: string, date: string) => ({ origins: [o], destinations: [d], date });
    const req = oneWay('PEK', 'SHA', {
      journeys: [j('PEK', 'SHA', '2027-01-10'), j('SHA', 'CAN', '2027-01-12'), j('CAN', 'PEK', '2027-01-14'), j('PEK', 'SHA', '2027-01-16'), j('SHA', 'PEK', '2027-01-18')],
    });
    expect(sup('sim-gds').maxJourneys).toBe(3);
    expect(await sup('sim-gds').search(req, ctx())).toEqual([]);
    const ndc = await sup('sim-ndc').search(req, ctx());
    expect(ndc.length).toBeGreaterThan(0);
    expect(ndc[0].legs).toHaveLength(5);
    const three = { ...req, journeys: req.journeys.slice(0, 3) };
    expect((await sup('sim-gds').search(three, ctx())).length).toBeGreaterThan(0);
  });

  it('NDC: branded fares with different bags, USD, offers that expire after 30 minutes', async () => {
    const offers = await sup('sim-ndc').search(oneWay('PVG', 'LHR'), ctx());
    expect(new Set(offers.map((o) => o.brand))).toEqual(new Set(['Light', 'Classic', 'Flex']));
    expect(offers.every((o) => o.currency === 'USD')).toBe(true);
    const light = offers.find((o) => o.brand === 'Light')!;
    const flex = offers.find((o) => o.brand === 'Flex')!;
    expect(light.baggage.checked.pieces).toBe(0);
    expect(flex.baggage.checked.pieces).toBe(2);
    expect(light.cancellationPolicy[0].refund.beforeDeparture.allowed).toBe(false);
    expect(flex.cancellationPolicy[0].change.beforeDeparture).toEqual({ allowed: true, fee: 0 });
    expect(Date.parse(light.expiresAt!)).toBe(NOW.getTime() + 30 * 60_000);
    expect((await sup('sim-ndc').verify(light.offerId, ctx(new Date(NOW.getTime() + 29 * 60_000)))).status).toBe('unchanged');
    expect((await sup('sim-ndc').verify(light.offerId, ctx(new Date(NOW.getTime() + 31 * 60_000)))).status).toBe('invalid');
  });

  it('LCC: cheap base fares, no checked bag, strict rules, instant ticketing; economy only', async () => {
    const offers = await sup('sim-lcc').search(oneWay('PEK', 'SHA', { directOnly: true }), ctx());
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.baggage.checked.pieces).toBe(0);
      expect(o.productType).toBe('website');
      expect(o.cancellationPolicy[0].refund.beforeDeparture.allowed).toBe(false);
      expect(o.cancellationPolicy[0].voidAllowed).toBe(false);
      expect(o.prices[0].fuelSurcharge).toBe(0);
    }
    const gdsCheapest = (await sup('sim-gds').search(oneWay('PEK', 'SHA', { directOnly: true }), ctx()))[0].prices[0].fare;
    expect(offers[0].prices[0].fare).toBeLessThan(gdsCheapest);
    expect(await sup('sim-lcc').search(oneWay('PEK', 'SHA', { cabin: 'business' }), ctx())).toEqual([]);
  });

  it('virtual interlining: two carriers, a self-transfer of at least 3 hours, marked on the leg and the offer', async () => {
    const offers = (await sup('sim-lcc').search(oneWay('PVG', 'LHR'), ctx())).filter((o) => o.virtualInterline);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      const [leg] = o.legs;
      expect(leg.selfTransfer).toBe(true);
      expect(leg.segments).toHaveLength(2);
      const [a, b] = leg.segments;
      expect(a.marketingCarrier).not.toBe(b.marketingCarrier);
      expect(a.destination).toBe(b.origin);
      expect((Date.parse(b.departureUtc) - Date.parse(a.arrivalUtc)) / 60_000).toBeGreaterThanOrEqual(180);
      expect(o.cancellationPolicy[0].change.beforeDeparture.allowed).toBe(false);
      expect(o.restrictions.ticketingChannel).toContain('virtual-interline');
      expect((await sup('sim-lcc').verify(o.offerId, ctx())).status).toBe('unchanged');
    }
  });

  it('seat availability is persisted: selling seats lowers what is shown, then moves the price up', async () => {
    const gds = sup('sim-gds');
    const req = oneWay('PEK', 'SHA', { directOnly: true });
    const [before] = await gds.search(req, ctx());
    const seg = before.legs[0].segments[0];
    const date = seg.departure.slice(0, 10);
    await sellSeats(database.db, 'sim-gds', [{ flightNumber: seg.flightNumber, date, bookingClass: seg.bookingClass, seats: 1 }]);
    expect((await seatsSold(database.db, 'sim-gds', [{ flightNumber: seg.flightNumber, date }])).get(`${seg.flightNumber}|${date}|${seg.bookingClass}`)).toBe(1);
    const same = (await gds.search(req, ctx())).find((o) => o.legs[0].segments[0].flightNumber === seg.flightNumber)!;
    if (seg.seatsLeft! <= 9 && same.legs[0].segments[0].bookingClass === seg.bookingClass) expect(same.legs[0].segments[0].seatsLeft).toBeLessThanOrEqual(seg.seatsLeft!);
    // Sell out the class: the offer moves to a dearer class and verification reports the new price.
    await sellSeats(database.db, 'sim-gds', [{ flightNumber: seg.flightNumber, date, bookingClass: seg.bookingClass, seats: 500 }]);
    const v = await gds.verify(before.offerId, ctx());
    expect(v.status).toBe('price_changed');
    if (v.status === 'price_changed') {
      expect(v.offer.legs[0].segments[0].bookingClass).not.toBe(seg.bookingClass);
      expect(offerTotal(v.offer, req.passengers)).toBeGreaterThan(offerTotal(before, req.passengers));
    }
  });
});
