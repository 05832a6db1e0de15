import type { Currency } from '@portal/contract/currency';
import { fullServiceBaggage, leastBaggage } from './fares/rules.ts';
import { SimulatedAirSupplier, type SimulatorDeps, type SimulatorProfile } from './simulator.ts';

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

export function createGdsSupplier(deps: SimulatorDeps, overrides: { currency?: Currency } = {}): SimulatedAirSupplier {
  return new SimulatedAirSupplier({ ...GDS_PROFILE, ...overrides }, deps);
}
