import type { Currency } from '@portal/contract/currency';
import { brandBaggage } from './fares/rules.ts';
import { SimulatedAirSupplier, type SimulatorDeps, type SimulatorProfile } from './simulator.ts';

export const SIM_NDC = 'sim-ndc';

/** Carriers with a direct (NDC) channel in the simulation. */
export const NDC_CARRIERS = new Set([
  'CA', 'MU', 'CZ', 'HU', 'CX', 'SQ', 'EK', 'QR', 'EY', 'LH', 'LX', 'OS', 'SN', 'BA', 'IB', 'AF', 'KL', 'TK', 'QF',
  'AA', 'UA', 'DL', 'AC', 'NH', 'JL', 'KE', 'VS', 'TG', 'MH', 'BR', 'CI',
]);

/**
 * An NDC-like supplier: airlines' own channels, one carrier per journey (no interlining), branded fares Light /
 * Classic / Flex (premium cabins Classic / Flex) that differ in bags and rules, priced 3% below the GDS fare. Offers
 * expire 30 minutes after the quote; verifying an expired offer answers invalid. Quotes USD (the "airline" files in
 * USD; the platform converts). Product type preference-standard (60 min). Prices multi-city searches up to 5 journeys.
 */
export const NDC_PROFILE: SimulatorProfile = {
  code: SIM_NDC,
  kind: 'ndc',
  currency: 'USD',
  maxJourneys: 5,
  carriers: (ref) => ref.allAirlines().filter((a) => !a.lowCost && NDC_CARRIERS.has(a.code)),
  allianceConnections: false,
  style: 'full-service',
  branded: true,
  offerTtlMinutes: 30,
  virtualInterline: false,
  maxOffers: 1500,
  sameCarrierDiscount: 0.92,
  channel: 'ndc',
  productType: () => 'preference-standard',
  baggage: ({ cabin, brand }) => brandBaggage(cabin, brand?.checkedPieces ?? 0),
};

export function createNdcSupplier(deps: SimulatorDeps, overrides: { currency?: Currency } = {}): SimulatedAirSupplier {
  return new SimulatedAirSupplier({ ...NDC_PROFILE, ...overrides }, deps);
}
