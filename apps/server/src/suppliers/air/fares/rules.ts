import type { Baggage, BaggageAllowance, CabinClass, CancellationPolicy, PassengerType, ProductType, Restrictions } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';
import type { Airport } from '../../../modules/reference/types.ts';
import type { FareTier } from './ladder.ts';
import { yuanToMinor } from './money.ts';

const TIER_SEVERITY: Record<FareTier, number> = { flex: 0, standard: 1, saver: 2, lcc: 3, 'self-transfer': 4 };

/** The strictest of several fare components' tiers: a journey follows its most restrictive fare's rules. */
export function strictest(tiers: FareTier[]): FareTier {
  return tiers.reduce((a, b) => (TIER_SEVERITY[b] > TIER_SEVERITY[a] ? b : a));
}

interface FeeTable {
  change: [number | null, number | null];
  refund: [number | null, number | null];
  noShow: number | null;
  voidAllowed: boolean;
}

/**
 * Fees in yuan for an adult, before and after departure; null = not allowed. Long-haul journeys pay double.
 * - flex (Y/B, J/C, W, F, brand Flex): free change before departure, small refund fee.
 * - standard (K/H/M, I/D, E/N, A, brand Classic): change and refund with fees.
 * - saver (V/T/Q/L, Z, brand Light): change with a high fee, no refund, no-show forfeits the ticket.
 * - lcc: change before departure with a fee, otherwise nothing; instant ticketing, no void.
 * - self-transfer (virtual interlining): separate tickets bought on the traveller's behalf: nothing can be changed,
 *   refunded or voided, and a missed connection is the traveller's risk.
 */
const FEES: Record<FareTier, FeeTable> = {
  flex: { change: [0, 200], refund: [200, 400], noShow: 300, voidAllowed: true },
  standard: { change: [300, 600], refund: [600, 1000], noShow: 800, voidAllowed: true },
  saver: { change: [600, 1200], refund: [null, null], noShow: null, voidAllowed: true },
  lcc: { change: [300, null], refund: [null, null], noShow: null, voidAllowed: false },
  'self-transfer': { change: [null, null], refund: [null, null], noShow: null, voidAllowed: false },
};

/** Children pay 75% of an adult's fees; infants without a seat pay none (they follow the adult's ticket). */
const PAX_FEE_SHARE: Record<PassengerType, number> = { adult: 1, child: 0.75, infant: 0 };

export function cancellationPolicies(tier: FareTier, longHaul: boolean, currency: Currency, paxTypes: PassengerType[], voidAllowed = true): CancellationPolicy[] {
  const table = FEES[tier];
  return paxTypes.map((passengerType) => {
    const rule = (fee: number | null) =>
      fee === null
        ? { allowed: false, fee: null }
        : { allowed: true, fee: yuanToMinor(Math.round((fee * (longHaul ? 2 : 1) * PAX_FEE_SHARE[passengerType]) / 10) * 10, currency) };
    return {
      passengerType,
      currency,
      change: { beforeDeparture: rule(table.change[0]), afterDeparture: rule(table.change[1]) },
      refund: { beforeDeparture: rule(table.refund[0]), afterDeparture: rule(table.refund[1]) },
      noShow: rule(table.noShow),
      voidAllowed: table.voidAllowed && voidAllowed,
    };
  });
}

type Size = { sizeCm: [number, number, number] } | { linearCm: number };
/** An allowance with its size limit as numbers, and the wording a supplier sends beside them ("158 cm linear"). */
const bag = (pieces: number, weightKg: number | null, size: Size | null): BaggageAllowance => {
  if (!pieces || !size) return { pieces, weightKg: pieces ? weightKg : null, dimensions: null };
  const dimensions = 'sizeCm' in size ? `${size.sizeCm.join('x')} cm` : `${size.linearCm} cm linear`;
  return { pieces, weightKg, dimensions, ...size };
};
const LINEAR_158 = { linearCm: 158 };
const CARRY_ON = bag(1, 7, { sizeCm: [55, 40, 20] });
const CARRY_ON_PREMIUM = bag(2, 8, { sizeCm: [55, 40, 20] });
const CARRY_ON_LCC = bag(1, 7, { sizeCm: [56, 36, 23] });

/** Full-service allowance by cabin: mainland domestic 20 kg, to or from the Americas two pieces, else one. */
export function fullServiceBaggage(cabin: CabinClass, from: Airport, to: Airport, americas: boolean): Baggage {
  if (cabin === 'first' || cabin === 'premium_first') return { carryOn: CARRY_ON_PREMIUM, checked: bag(3, 32, LINEAR_158) };
  if (cabin === 'business' || cabin === 'premium_business') return { carryOn: CARRY_ON_PREMIUM, checked: bag(2, 32, LINEAR_158) };
  if (cabin === 'premium_economy') return { carryOn: CARRY_ON, checked: bag(2, 23, LINEAR_158) };
  if (from.countryCode === 'CN' && to.countryCode === 'CN') return { carryOn: CARRY_ON, checked: bag(1, 20, null) };
  return { carryOn: CARRY_ON, checked: bag(americas ? 2 : 1, 23, LINEAR_158) };
}

export function brandBaggage(cabin: CabinClass, checkedPieces: number): Baggage {
  const premium = cabin !== 'economy' && cabin !== 'premium_economy';
  return { carryOn: premium ? CARRY_ON_PREMIUM : CARRY_ON, checked: bag(checkedPieces, premium ? 32 : 23, LINEAR_158) };
}

/** Low-cost base fare and self-transfer journeys: cabin bag only; checked bags are sold as extras. */
export const CABIN_BAG_ONLY: Baggage = { carryOn: CARRY_ON_LCC, checked: bag(0, null, null) };

/** The smaller allowance of two (a journey gets what every part of it allows). */
export function leastBaggage(a: Baggage, b: Baggage): Baggage {
  return a.checked.pieces <= b.checked.pieces ? a : b;
}

/** Documents accepted for the areas a journey touches (mainland, Hong Kong/Macao, Taiwan, abroad). */
export function documentsFor(countries: Set<string>): string[] {
  const list = [...countries];
  if (list.every((c) => c === 'CN')) return ['idcard', 'passport', 'tphm', 'tptw', 'fpridcard'];
  if (list.every((c) => c === 'CN' || c === 'HK' || c === 'MO')) return ['eep', 'tphm', 'passport'];
  if (list.every((c) => c === 'CN' || c === 'TW')) return ['tptw', 'ttpmr', 'passport'];
  return ['passport'];
}

export function restrictionsFor(opts: { countries: Set<string>; productType: ProductType; channel: string; minAge?: number | null }): Restrictions {
  const domestic = [...opts.countries].every((c) => c === 'CN');
  return {
    minAge: opts.minAge ?? null,
    maxAge: null,
    documents: documentsFor(opts.countries),
    allowedCountries: [],
    forbiddenCountries: [],
    invoiceType: domestic ? 'Itinerary' : 'Bill',
    ticketingChannel: opts.channel,
    productType: opts.productType,
  };
}
