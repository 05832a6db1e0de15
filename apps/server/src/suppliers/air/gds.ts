import type { PassengerType } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';
import { applyCallFaults, loadFaults } from './faults.ts';
import { fullServiceBaggage, leastBaggage } from './fares/rules.ts';
import { SimulatedAirSupplier, type SimulatorDeps, type SimulatorProfile } from './simulator.ts';
import type { SupplierContext, SupplierPnr, SupplierPnrSegment } from './types.ts';

export const SIM_GDS = 'sim-gds';

/**
 * A GDS-like supplier of full-service carriers: every non-low-cost carrier, connections between alliance partners on
 * one ticket, booking classes with seat counts (capped at 9 as availability displays do), fare basis codes,
 * advance-purchase classes, per-passenger-type rules with void allowed, child (75%) and infant (10%) fares, round-trip
 * fares 10% below two one-ways on one validating carrier. Quotes CNY. Ticketing is a separate step (PNR then ticket):
 * product type normal-standard (2 h), fast-standard (30 min) for mainland domestic, special-standard (48 h) for the
 * cheapest (saver) classes. Like GDS defaults, it prices at most 3 journeys: a 4- or 5-flight multi-city search is
 * answered with no offers (the platform tells the user which suppliers could not price it) and the other suppliers
 * answer.
 */
export const GDS_PROFILE: SimulatorProfile = {
  code: SIM_GDS,
  kind: 'gds',
  currency: 'CNY',
  maxJourneys: 3,
  carriers: (ref) => ref.allAirlines().filter((a) => !a.lowCost),
  allianceConnections: true,
  style: 'full-service',
  branded: false,
  offerTtlMinutes: null,
  virtualInterline: false,
  maxOffers: 1200,
  sameCarrierDiscount: 0.9,
  channel: 'gds',
  productType: (tier, domesticChina) => (tier === 'saver' ? 'special-standard' : domesticChina ? 'fast-standard' : 'normal-standard'),
  baggage: ({ cabin, legs, airport, americas }) =>
    legs
      .map((q) => fullServiceBaggage(cabin, airport(q.segments[0].origin)!, airport(q.segments[q.segments.length - 1].destination)!, americas))
      .reduce(leastBaggage),
};

/** A booking the simulated GDS holds on a fresh install: its journeys (days after today) and names. */
export interface DemoPnr {
  journeys: { origin: string; destination: string; daysOut: number }[];
  passengers: SupplierPnr['passengers'];
}

/**
 * Demo record locators (docs/decisions/0004): no table behind them. Each retrieval books, in effect, the cheapest
 * direct economy itinerary the GDS sells today for those journeys and names, so its flights and booking classes are
 * ones an accurate search finds and prices. Bookings made through `book` are stored (supplier_bookings) instead; their
 * generated locators never contain an O, so they cannot collide with these.
 */
export const DEMO_PNRS: Readonly<Record<string, DemoPnr>> = {
  /** Domestic return PEK-SHA, one adult. */
  DEMOCN: {
    journeys: [
      { origin: 'PEK', destination: 'SHA', daysOut: 14 },
      { origin: 'SHA', destination: 'PEK', daysOut: 18 },
    ],
    passengers: [{ surname: 'ZHANG', givenName: 'SAN', type: 'adult' }],
  },
  /** Long-haul one-way PVG-LHR, two adults. */
  DEMOLH: {
    journeys: [{ origin: 'PVG', destination: 'LHR', daysOut: 30 }],
    passengers: [
      { surname: 'SMITH', givenName: 'JOHN', type: 'adult' },
      { surname: 'SMITH', givenName: 'JANE', type: 'adult' },
    ],
  },
};

const DAY_MS = 86_400_000;

/**
 * The simulated GDS: the shared simulator plus PNR retrieval, of the demo record locators and of the bookings made
 * through `book` (segments HK while booked, RR once ticketed, none once cancelled).
 */
export class SimulatedGdsSupplier extends SimulatedAirSupplier {
  async retrievePnr(recordLocator: string, ctx: SupplierContext): Promise<SupplierPnr | null> {
    const locator = recordLocator.trim().toUpperCase();
    const demo = DEMO_PNRS[locator];
    if (!demo) {
      // Same fault switches as every other call; a switched-off supplier holds nothing.
      const faults = await loadFaults(this.deps.db, this.code);
      if (!faults.enabled) return null;
      await applyCallFaults(this.code, faults, ctx.signal);
      return this.bookings.pnr(locator, ctx.now ?? new Date());
    }
    const now = ctx.now ?? new Date();
    const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    const passengers: Record<PassengerType, number> = { adult: 0, child: 0, infant: 0 };
    for (const p of demo.passengers) passengers[p.type] += 1;
    const request = (directOnly: boolean) => ({
      journeys: demo.journeys.map((j) => ({
        origins: [j.origin],
        destinations: [j.destination],
        date: new Date(today + j.daysOut * DAY_MS).toISOString().slice(0, 10),
      })),
      passengers,
      cabin: 'economy' as const,
      directOnly,
    });
    let offers = await this.search(request(true), ctx);
    if (offers.length === 0) offers = await this.search(request(false), ctx);
    const offer = offers[0];
    if (!offer) return null;
    const segments: SupplierPnrSegment[] = offer.legs.flatMap((leg) =>
      leg.segments.map((s) => ({
        flightNumber: s.flightNumber,
        bookingClass: s.bookingClass,
        date: s.departure.slice(0, 10),
        origin: s.origin,
        destination: s.destination,
        departureTime: s.departure.slice(11, 16),
        arrivalTime: s.arrival.slice(11, 16),
        arrivalDate: s.arrival.slice(0, 10),
        status: 'HK',
      })),
    );
    return { recordLocator: locator, segments, passengers: demo.passengers.map((p) => ({ ...p })) };
  }
}

export function createGdsSupplier(deps: SimulatorDeps, overrides: { currency?: Currency } = {}): SimulatedGdsSupplier {
  return new SimulatedGdsSupplier({ ...GDS_PROFILE, ...overrides }, deps);
}
