import { Baggage, CABIN_CLASSES, CancellationPolicy, PRODUCT_TYPES, Restrictions, Segment, TICKETING_CHANNELS, type CabinClass, type PassengerType } from '@portal/contract/api/shopping';
import { isCurrency } from '@portal/contract/currency';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { airSupplierBookingContract } from './contract-booking.suite.ts';
import { setFaults } from './faults.ts';
import type { ReferenceData } from './schedule/reference.ts';
import { offsetMinutes } from './schedule/tz.ts';
import { NO_FAULTS, type AirSupplier, type SupplierOffer, type SupplierSearchRequest } from './types.ts';

export interface ContractOptions {
  /** A route the supplier sells with and without connections (one-way and return are searched on it). */
  route?: { origin: string; destination: string };
  /** A route where the supplier sells something for a direct-only search (defaults to `route`). */
  directRoute?: { origin: string; destination: string };
  /** Cabins the supplier sells; others must answer no offers. */
  cabins?: CabinClass[];
  /** Reference data, to check local times against the airports' time zones. */
  reference?: ReferenceData;
  /** Whether the fault switches apply (simulators; a real adapter behind no switches sets false). */
  faults?: boolean;
  /** A record locator the supplier holds (checked when it implements retrievePnr). */
  knownPnr?: string;
}

interface Made {
  supplier: AirSupplier;
  db: Db;
  close(): Promise<void>;
}

const NOW = new Date('2026-12-01T08:00:00Z');
const OUT = '2027-01-15';
const BACK = '2027-01-22';
const ctx = (signal: AbortSignal = new AbortController().signal) => ({ signal, now: NOW });
const minutes = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

export const offerTotal = (o: SupplierOffer, pax: Record<PassengerType, number>) =>
  o.prices.reduce((s, p) => s + pax[p.passengerType] * (p.fare + p.airportTax + p.fuelSurcharge + p.otherTax), 0);

/**
 * The one contract every air supplier adapter passes, simulated or real: well-formed offers, honoured search
 * options, deterministic answers, verification, fault switches and garbage offer ids, and the booking calls (book,
 * retrieve, ticket, cancel; contract-booking.suite.ts).
 */
export function airSupplierContract(name: string, make: () => Promise<Made>, options: ContractOptions = {}): void {
  const route = options.route ?? { origin: 'PEK', destination: 'SHA' };
  const directRoute = options.directRoute ?? route;
  const cabins = options.cabins ?? ['economy', 'business'];
  const withFaults = options.faults ?? true;

  describe(`air supplier contract: ${name}`, () => {
    let made: Made;
    beforeAll(async () => {
      made = await make();
    }, 60_000);
    afterAll(async () => {
      await made?.close();
    });
    afterEach(async () => {
      if (withFaults) await setFaults(made.db, made.supplier.code, NO_FAULTS);
    });

    const request = (over: Partial<SupplierSearchRequest> = {}): SupplierSearchRequest => ({
      journeys: [{ origins: [route.origin], destinations: [route.destination], date: OUT }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabin: 'economy',
      directOnly: false,
      ...over,
    });
    const returnRequest = (over: Partial<SupplierSearchRequest> = {}) =>
      request({
        journeys: [
          { origins: [route.origin], destinations: [route.destination], date: OUT },
          { origins: [route.destination], destinations: [route.origin], date: BACK },
        ],
        passengers: { adult: 2, child: 1, infant: 1 },
        ...over,
      });

    function expectWellFormed(o: SupplierOffer, req: SupplierSearchRequest) {
      expect(o.supplier).toBe(made.supplier.code);
      expect(typeof o.offerId).toBe('string');
      expect(o.offerId.length).toBeGreaterThan(0);
      expect(isCurrency(o.currency)).toBe(true);
      expect(o.cabin).toBe(req.cabin);
      expect(PRODUCT_TYPES).toContain(o.productType);
      expect(Restrictions.parse(o.restrictions).productType).toBe(o.productType);
      Baggage.parse(o.baggage);
      // A size limit comes as numbers the portal words in the user's language, not only as the supplier's text.
      for (const a of [o.baggage.carryOn, o.baggage.checked]) if (a.dimensions) expect(Boolean(a.sizeCm) || Boolean(a.linearCm)).toBe(true);
      // Ticketing channels are codes the portal labels ("ndc", "website+virtual-interline").
      for (const part of o.restrictions.ticketingChannel.split('+')) expect(TICKETING_CHANNELS).toContain(part);
      expect(o.fareBasis.length).toBeGreaterThan(0);
      expect(o.legs).toHaveLength(req.journeys.length);
      expect(o.virtualInterline).toBe(o.legs.some((l) => l.selfTransfer));
      if (o.expiresAt !== null) expect(Date.parse(o.expiresAt)).toBeGreaterThan(NOW.getTime());

      const wanted = (['adult', 'child', 'infant'] as const).filter((t) => req.passengers[t] > 0);
      expect(o.prices.map((p) => p.passengerType).sort()).toEqual([...wanted].sort());
      for (const p of o.prices) {
        for (const v of [p.fare, p.airportTax, p.fuelSurcharge, p.otherTax]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }
      expect(o.cancellationPolicy.map((p) => p.passengerType).sort()).toEqual([...wanted].sort());
      for (const p of o.cancellationPolicy) {
        CancellationPolicy.parse(p);
        expect(p.currency).toBe(o.currency);
      }

      const carriers = new Set<string>();
      o.legs.forEach((leg, li) => {
        const j = req.journeys[li];
        expect(leg.segments.length).toBeGreaterThanOrEqual(1);
        expect(leg.segments.length).toBeLessThanOrEqual(3);
        if (req.directOnly) expect(leg.segments).toHaveLength(1);
        expect(j.origins).toContain(leg.segments[0].origin);
        expect(j.destinations).toContain(leg.segments[leg.segments.length - 1].destination);
        expect(leg.segments[0].departure.slice(0, 10)).toBe(j.date);
        leg.segments.forEach((s, si) => {
          Segment.parse(s);
          carriers.add(s.marketingCarrier);
          expect(s.cabin).toBe(req.cabin);
          expect(s.bookingClass).toMatch(/^[A-Z]$/);
          expect(s.durationMinutes).toBe(minutes(s.departureUtc, s.arrivalUtc));
          expect(s.durationMinutes).toBeGreaterThan(0);
          if (s.seatsLeft !== null) expect(s.seatsLeft).toBeGreaterThanOrEqual(req.passengers.adult + req.passengers.child);
          // Local wall-clock = UTC + the zone offset of that airport at that instant.
          for (const [local, utc, code] of [
            [s.departure, s.departureUtc, s.origin],
            [s.arrival, s.arrivalUtc, s.destination],
          ] as const) {
            expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
            const offset = minutes(utc, `${local}:00Z`);
            expect(offset % 15).toBe(0);
            expect(Math.abs(offset)).toBeLessThanOrEqual(14 * 60);
            const airport = options.reference?.getAirport(code);
            if (airport) expect(offset).toBe(offsetMinutes(airport.timeZone, Date.parse(utc)));
          }
          if (si > 0) {
            const prev = leg.segments[si - 1];
            expect(s.origin).toBe(prev.destination);
            expect(minutes(prev.arrivalUtc, s.departureUtc)).toBeGreaterThanOrEqual(leg.selfTransfer ? 180 : 60);
          }
        });
        if (li > 0) {
          const prevLeg = o.legs[li - 1];
          expect(Date.parse(leg.segments[0].departureUtc)).toBeGreaterThan(Date.parse(prevLeg.segments[prevLeg.segments.length - 1].arrivalUtc));
        }
      });
      expect(carriers.has(o.validatingCarrier)).toBe(true);
    }

    it('answers a one-way search with well-formed offers', async () => {
      const req = request({ passengers: { adult: 1, child: 1, infant: 1 } });
      const offers = await made.supplier.search(req, ctx());
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) expectWellFormed(o, req);
    });

    it('answers a return search with two chronological legs, policies for every passenger type', async () => {
      const req = returnRequest();
      const offers = await made.supplier.search(req, ctx());
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) expectWellFormed(o, req);
    });

    it('is deterministic: the same question gets the same answer', async () => {
      const req = returnRequest();
      const a = await made.supplier.search(req, ctx());
      const b = await made.supplier.search(req, ctx());
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    });

    it('honours directOnly', async () => {
      const req = request({ journeys: [{ origins: [directRoute.origin], destinations: [directRoute.destination], date: OUT }], directOnly: true });
      const offers = await made.supplier.search(req, ctx());
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) expectWellFormed(o, req);
    });

    it('honours the cabin: sold cabins come back as asked, others answer no offers', async () => {
      for (const cabin of CABIN_CLASSES) {
        const req = request({ cabin });
        const offers = await made.supplier.search(req, ctx());
        if (cabins.includes(cabin)) expect(offers.length, cabin).toBeGreaterThan(0);
        if (!cabins.includes(cabin) && cabin === 'economy') expect(offers).toEqual([]);
        for (const o of offers) for (const leg of o.legs) for (const s of leg.segments) expect(s.cabin).toBe(cabin);
      }
    });

    it('answers a 5-journey multi-city search without failing: offers for all five, or none if it cannot price it', async () => {
      const j = (o: string, d: string, date: string) => ({ origins: [o], destinations: [d], date });
      const req = request({
        journeys: [
          j(route.origin, route.destination, '2027-01-10'),
          j(route.destination, route.origin, '2027-01-13'),
          j(route.origin, route.destination, '2027-01-16'),
          j(route.destination, route.origin, '2027-01-19'),
          j(route.origin, route.destination, '2027-01-22'),
        ],
      });
      const offers = await made.supplier.search(req, ctx());
      if ((made.supplier.maxJourneys ?? 5) < 5) expect(offers).toEqual([]);
      for (const o of offers) expectWellFormed(o, req);
    });

    it('verifies a fresh offer as unchanged with the same total', async () => {
      const req = returnRequest();
      const offers = await made.supplier.search(req, ctx());
      const picks = [offers[0], offers[Math.floor(offers.length / 2)], offers[offers.length - 1]];
      for (const offer of picks) {
        const v = await made.supplier.verify(offer.offerId, ctx());
        expect(v.status).toBe('unchanged');
        if (v.status === 'invalid') continue;
        expect(offerTotal(v.offer, req.passengers)).toBe(offerTotal(offer, req.passengers));
        expectWellFormed(v.offer, req);
      }
    });

    it('answers invalid for unknown, garbled or foreign offer ids', async () => {
      const [offer] = await made.supplier.search(request(), ctx());
      const flipped = offer.offerId.slice(0, 10) + (offer.offerId[10] === 'A' ? 'B' : 'A') + offer.offerId.slice(11);
      for (const id of ['', 'nonsense', '{}', offer.offerId.slice(0, -3), offer.offerId.slice(5), flipped, `${offer.offerId}x`]) {
        expect((await made.supplier.verify(id, ctx())).status, id).toBe('invalid');
      }
    });

    it('retrievePnr (optional): an unknown record locator answers null, a held one its live segments and names', async () => {
      const retrieve = made.supplier.retrievePnr?.bind(made.supplier);
      if (!retrieve) return;
      expect(await retrieve('ZZ9ZZ9', ctx())).toBeNull();
      if (!options.knownPnr) return;
      const pnr = await retrieve(options.knownPnr.toLowerCase(), ctx());
      expect(pnr).not.toBeNull();
      if (!pnr) return;
      expect(pnr.recordLocator).toBe(options.knownPnr.toUpperCase());
      expect(pnr.segments.length).toBeGreaterThan(0);
      expect(pnr.passengers.length).toBeGreaterThan(0);
      for (const s of pnr.segments) {
        expect(s.flightNumber).toMatch(/^[A-Z0-9]{2}\d{1,4}$/);
        expect(s.bookingClass).toMatch(/^[A-Z]$/);
        expect(s.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(s.date > NOW.toISOString().slice(0, 10)).toBe(true);
        expect(s.origin).not.toBe(s.destination);
        expect(s.status).toMatch(/^[A-Z]{2}$/);
      }
      for (const p of pnr.passengers) expect(['adult', 'child', 'infant']).toContain(p.type);
      expect(JSON.stringify(await retrieve(options.knownPnr, ctx()))).toBe(JSON.stringify(pnr));
    });

    airSupplierBookingContract(() => made, { route: directRoute, now: NOW, simulator: withFaults });

    describe.runIf(withFaults)('fault switches', () => {
      it('latency delays the answer and stays abortable', async () => {
        await setFaults(made.db, made.supplier.code, { latencyMs: 300 });
        let t = Date.now();
        expect((await made.supplier.search(request(), ctx())).length).toBeGreaterThan(0);
        expect(Date.now() - t).toBeGreaterThanOrEqual(290);
        t = Date.now();
        await expect(made.supplier.search(request(), ctx(AbortSignal.timeout(50)))).rejects.toBeDefined();
        expect(Date.now() - t).toBeLessThan(280);
      });

      it('timeout never answers until the caller aborts', async () => {
        await setFaults(made.db, made.supplier.code, { timeout: true });
        const t = Date.now();
        await expect(made.supplier.search(request(), ctx(AbortSignal.timeout(80)))).rejects.toBeDefined();
        expect(Date.now() - t).toBeGreaterThanOrEqual(70);
        await expect(made.supplier.verify('anything', ctx(AbortSignal.timeout(30)))).rejects.toBeDefined();
      });

      it('fail answers with an error on search and verify', async () => {
        const [offer] = await made.supplier.search(request(), ctx());
        await setFaults(made.db, made.supplier.code, { fail: true });
        await expect(made.supplier.search(request(), ctx())).rejects.toThrow();
        await expect(made.supplier.verify(offer.offerId, ctx())).rejects.toThrow();
      });

      it('soldOut answers no offers and invalid verification', async () => {
        const [offer] = await made.supplier.search(request(), ctx());
        await setFaults(made.db, made.supplier.code, { soldOut: true });
        expect(await made.supplier.search(request(), ctx())).toEqual([]);
        expect((await made.supplier.verify(offer.offerId, ctx())).status).toBe('invalid');
      });

      it('priceChangePercent answers price_changed with a higher total', async () => {
        const req = returnRequest();
        const [offer] = await made.supplier.search(req, ctx());
        await setFaults(made.db, made.supplier.code, { priceChangePercent: 10 });
        const v = await made.supplier.verify(offer.offerId, ctx());
        expect(v.status).toBe('price_changed');
        if (v.status !== 'price_changed') return;
        expect(offerTotal(v.offer, req.passengers)).toBeGreaterThan(offerTotal(offer, req.passengers));
        // The new offer is what the supplier now sells: verifying it again holds.
        expect((await made.supplier.verify(v.offer.offerId, ctx())).status).toBe('unchanged');
      });
    });
  });
}
