import type { CabinClass } from '@portal/contract/api/shopping';

/** How strict a fare's rules are; drives cancellation policy, product type and fare basis. */
export type FareTier = 'flex' | 'standard' | 'saver' | 'lcc' | 'self-transfer';

/** One booking class (RBD) of a cabin's fare ladder. */
export interface FareClass {
  rbd: string;
  /** Price as a share of the cabin's full fare. */
  share: number;
  tier: FareTier;
  /** Advance purchase: the class is sold only this many days or more before departure. */
  minAdvanceDays: number;
  /** Share of the cabin's seats allotted to this class. */
  allotment: number;
}

const C = (rbd: string, share: number, tier: FareTier, minAdvanceDays: number, allotment: number): FareClass => ({ rbd, share, tier, minAdvanceDays, allotment });

/** Full-service ladders, cheapest first (GDS and NDC sell the same inventory). */
export const FULL_SERVICE_LADDERS: Record<CabinClass, FareClass[]> = {
  economy: [
    C('V', 0.26, 'saver', 21, 0.06),
    C('T', 0.3, 'saver', 14, 0.07),
    C('Q', 0.36, 'saver', 7, 0.08),
    C('L', 0.42, 'saver', 3, 0.09),
    C('K', 0.5, 'standard', 0, 0.1),
    C('H', 0.6, 'standard', 0, 0.11),
    C('M', 0.7, 'standard', 0, 0.12),
    C('B', 0.85, 'flex', 0, 0.12),
    C('Y', 1, 'flex', 0, 0.25),
  ],
  premium_economy: [C('E', 0.7, 'standard', 7, 0.3), C('N', 0.85, 'standard', 0, 0.3), C('W', 1, 'flex', 0, 0.4)],
  business: [C('Z', 0.6, 'saver', 14, 0.15), C('I', 0.7, 'standard', 7, 0.15), C('D', 0.8, 'standard', 0, 0.2), C('C', 0.9, 'flex', 0, 0.2), C('J', 1, 'flex', 0, 0.3)],
  premium_business: [C('R', 0.85, 'standard', 0, 0.4), C('U', 1, 'flex', 0, 0.6)],
  first: [C('A', 0.8, 'standard', 0, 0.4), C('F', 1, 'flex', 0, 0.6)],
  premium_first: [C('O', 0.9, 'standard', 0, 0.5), C('P', 1, 'flex', 0, 0.5)],
};

/** Low-cost price buckets: one cabin, fares rise as the flight fills. */
export const LCC_LADDER: FareClass[] = [
  C('E', 1, 'lcc', 0, 0.12),
  C('G', 1.25, 'lcc', 0, 0.14),
  C('N', 1.55, 'lcc', 0, 0.16),
  C('S', 1.9, 'lcc', 0, 0.18),
  C('W', 2.4, 'lcc', 0, 0.2),
  C('Y', 3, 'lcc', 0, 0.2),
];

/** Full fare of each cabin relative to the economy full fare (Y). */
export const CABIN_MULTIPLIER: Record<CabinClass, number> = {
  economy: 1,
  premium_economy: 1.5,
  business: 3,
  premium_business: 3.8,
  first: 5,
  premium_first: 7,
};

/** Seats of each class on a cabin of `seats`: allotments rounded, the top class takes the rest. */
export function classCapacities(ladder: FareClass[], seats: number): number[] {
  const caps = ladder.map((c) => Math.max(1, Math.floor(seats * c.allotment)));
  const used = caps.slice(0, -1).reduce((a, b) => a + b, 0);
  caps[caps.length - 1] = Math.max(1, seats - used);
  return caps;
}

/**
 * Seats already sold "by the rest of the world" (not through this platform), class by class from the cheapest:
 * a flight fills as departure nears, popular flights faster. `popularity` is 0..1 per flight and date.
 */
export function preSold(caps: number[], popularity: number, daysOut: number): number[] {
  const nearness = Math.max(0, Math.min(1, 1 - daysOut / 100));
  const load = Math.min(0.97, popularity * (0.3 + 0.7 * nearness));
  let remaining = Math.floor(load * caps.reduce((a, b) => a + b, 0));
  return caps.map((cap) => {
    const n = Math.min(cap, remaining);
    remaining -= n;
    return n;
  });
}
