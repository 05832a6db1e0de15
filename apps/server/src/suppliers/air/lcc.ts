import type { Currency } from '@portal/contract/currency';
import { CABIN_BAG_ONLY } from './fares/rules.ts';
import { SimulatedAirSupplier, type SimulatorDeps, type SimulatorProfile } from './simulator.ts';

export const SIM_LCC = 'sim-lcc';

/**
 * A low-cost supplier: low-cost carriers' own flights (and their own "fly-through" connections at their hubs),
 * economy only, cheap base fares in price buckets that rise as flights fill and departure nears, cabin bag only,
 * strict rules (change before departure for a fee, no refund, no void), children pay the adult fare, instant
 * ticketing (product type website, 30 min). It also sells virtual interlining: self-transfer journeys joining a
 * low-cost flight with another carrier's flight (>= 3 h connection, separate tickets, marked selfTransfer and
 * virtualInterline). Quotes CNY. Each journey is priced on its own, so it answers multi-city searches of any length.
 */
export const LCC_PROFILE: SimulatorProfile = {
  code: SIM_LCC,
  kind: 'lcc',
  currency: 'CNY',
  maxJourneys: 5,
  carriers: (ref) => ref.allAirlines().filter((a) => a.lowCost),
  allianceConnections: false,
  style: 'lcc',
  branded: false,
  offerTtlMinutes: null,
  virtualInterline: true,
  maxOffers: 800,
  sameCarrierDiscount: 1,
  channel: 'website',
  productType: (tier) => (tier === 'self-transfer' ? 'preference-standard' : 'website'),
  baggage: () => CABIN_BAG_ONLY,
};

export function createLccSupplier(deps: SimulatorDeps, overrides: { currency?: Currency } = {}): SimulatedAirSupplier {
  return new SimulatedAirSupplier({ ...LCC_PROFILE, ...overrides }, deps);
}
