import { PASSENGER_TYPES, type CabinClass, type PassengerType } from '@portal/contract/api/shopping';
import type { Flight } from '../schedule/network.ts';
import { hash32 } from '../schedule/prng.ts';
import type { Brand } from './brands.ts';
import { CABIN_MULTIPLIER, classCapacities, FULL_SERVICE_LADDERS, LCC_LADDER, preSold, type FareClass, type FareTier } from './ladder.ts';
import { roundFare } from './money.ts';
import { addAmounts, flightTaxes, ZERO, type PaxAmounts } from './taxes.ts';
import type { Airport } from '../../../modules/reference/types.ts';

/** Seats this supplier has sold through the platform, per flight, date and booking class (seat_inventory). */
export type SoldLookup = (flightNumber: string, date: string, rbd: string) => number;

export type PricingStyle = 'full-service' | 'lcc';

/** A priced one-way leg: the flights, the booking class on each, seats left and per-passenger amounts in yuan. */
export interface LegQuote {
  segments: Flight[];
  rbds: string[];
  /** Seats left in the booked class per flight, capped at 9 as availability displays show them. */
  seats: number[];
  /** Per flight, the most seats the booked class may have sold through the platform (see sellableSeats). */
  limits: number[];
  tier: FareTier;
  fareBasis: string[];
  validating: string;
  /** Per passenger of each type, whole yuan. */
  amounts: Record<PassengerType, PaxAmounts>;
  selfTransfer: boolean;
  brand: string | null;
  /** Adult total in yuan (sorting). */
  adultTotal: number;
}

export interface QuoteInput {
  segments: Flight[];
  cabin: CabinClass;
  passengers: Record<PassengerType, number>;
  /** Whole days from today to the first departure. */
  daysOut: number;
  sold: SoldLookup;
  airport: (code: string) => Airport | undefined;
  km: (a: Airport, b: Airport) => number;
}

/** Economy full fare (Y) in yuan for a great-circle distance: ~2,000 for 1,100 km, ~14,500 for 9,200 km. */
export const economyFullFare = (km: number): number => 300 + 1.55 * km;

/** Fares fall with advance purchase: factor by days before departure (low-cost carriers rise more steeply). */
export function advancePurchaseFactor(daysOut: number, style: PricingStyle): number {
  const steps: [number, number, number][] = [
    [60, 0.92, 0.85],
    [30, 1, 1],
    [14, 1.06, 1.15],
    [7, 1.14, 1.35],
    [3, 1.25, 1.6],
  ];
  for (const [days, fsc, lcc] of steps) if (daysOut >= days) return style === 'lcc' ? lcc : fsc;
  return style === 'lcc' ? 1.9 : 1.4;
}

/** Stable per-carrier price level, 0.85..1.15. */
export const carrierFactor = (carrier: string): number => 0.85 + (hash32(`${carrier}|price`) % 300) / 1000;
const CONNECTION_FACTOR = [1, 0.88, 0.8];
const CHILD_SHARE = 0.75;
const INFANT_SHARE = 0.1;
/** Airlines price their own NDC channel a little below their GDS fares. */
export const NDC_DISCOUNT = 0.97;
/** Low-cost base fares as a share of the economy full fare. */
const LCC_BASE_SHARE = 0.2;

/** 0.15..0.95: how fast a flight on a date sells (varies flight by flight, day by day). */
const popularity = (f: Flight) => 0.15 + (hash32(`${f.flightNumber}|${f.date}|pop`) % 800) / 1000;

/** The fare ladder a flight is sold on: low-cost buckets, or the full-service ladder of the cabin. */
export const ladderOf = (style: PricingStyle, cabin: CabinClass): FareClass[] => (style === 'lcc' ? LCC_LADDER : FULL_SERVICE_LADDERS[cabin]);

/**
 * Seats of each class the platform may sell in total on one flight: the class capacity minus what the rest of the
 * world has bought by now. seat_inventory.sold may never pass it (the booking's conditional sale checks exactly this).
 */
export function sellableSeats(f: Flight, ladder: FareClass[], cabin: CabinClass, daysOut: number): number[] {
  const seats = f.cabins[cabin] ?? 0;
  if (!seats) return ladder.map(() => 0);
  const caps = classCapacities(ladder, seats);
  const pre = preSold(caps, popularity(f), daysOut);
  return caps.map((cap, i) => cap - pre[i]);
}

/** Seats left in each class of the ladder on one flight. */
export function classAvailability(f: Flight, ladder: FareClass[], cabin: CabinClass, daysOut: number, sold: SoldLookup): number[] {
  return availableOf(f, ladder, sellableSeats(f, ladder, cabin, daysOut), sold);
}

const availableOf = (f: Flight, ladder: FareClass[], sellable: number[], sold: SoldLookup) =>
  ladder.map((c, i) => Math.max(0, sellable[i] - sold(f.flightNumber, f.date, c.rbd)));

const seatsNeeded = (p: Record<PassengerType, number>) => p.adult + p.child;

const fareBasisOf = (c: FareClass, brand: Brand | undefined, style: PricingStyle): string => {
  if (style === 'lcc') return `${c.rbd}LITE`;
  if (brand) return `${c.rbd}${brand.code}${c.minAdvanceDays || ''}`;
  const tier = c.tier === 'flex' ? 'FLX' : c.tier === 'standard' ? 'STD' : 'SVR';
  return `${c.rbd}${tier}${c.minAdvanceDays || ''}`;
};

/**
 * Prices one leg on one ticket: the cheapest booking class open on every flight for all seated passengers (and, for a
 * brand, within the brand's classes), a through fare on the origin-destination distance, and taxes flight by flight.
 * Returns null when no class has the seats.
 */
export function quoteLeg(input: QuoteInput, style: PricingStyle, brand?: Brand): LegQuote | null {
  const { segments, cabin, passengers, daysOut, sold } = input;
  if (style === 'lcc' && cabin !== 'economy') return null;
  const ladder = ladderOf(style, cabin);
  const need = Math.max(1, seatsNeeded(passengers));
  const sellable = segments.map((f) => sellableSeats(f, ladder, cabin, daysOut));
  const avail = segments.map((f, i) => availableOf(f, ladder, sellable[i], sold));
  let chosen = -1;
  for (let i = 0; i < ladder.length; i++) {
    const c = ladder[i];
    if (c.minAdvanceDays > daysOut) continue;
    if (brand && !brand.rbds.has(c.rbd)) continue;
    if (avail.every((a) => a[i] >= need)) {
      chosen = i;
      break;
    }
  }
  if (chosen < 0) return null;
  const cls = ladder[chosen];
  const first = input.airport(segments[0].origin);
  const last = input.airport(segments[segments.length - 1].destination);
  if (!first || !last) return null;
  const longest = segments.reduce((a, b) => (b.km > a.km ? b : a));
  const validating = longest.carrier;
  const odKm = input.km(first, last);
  const ap = advancePurchaseFactor(daysOut, style);
  let adultFare: number;
  if (style === 'lcc') adultFare = roundFare(economyFullFare(odKm) * LCC_BASE_SHARE * cls.share * ap * carrierFactor(validating));
  else {
    const raw = economyFullFare(odKm) * CABIN_MULTIPLIER[cabin] * cls.share * ap * carrierFactor(validating) * CONNECTION_FACTOR[segments.length - 1];
    adultFare = roundFare(brand ? raw * NDC_DISCOUNT : raw);
  }
  const fares: Record<PassengerType, number> = {
    adult: adultFare,
    child: style === 'lcc' ? adultFare : roundFare(adultFare * CHILD_SHARE),
    infant: roundFare(adultFare * INFANT_SHARE),
  };
  const amounts = {} as Record<PassengerType, PaxAmounts>;
  for (const pax of PASSENGER_TYPES) {
    let sum: PaxAmounts = { ...ZERO, fare: fares[pax] };
    for (const f of segments) {
      const from = input.airport(f.origin)!;
      const to = input.airport(f.destination)!;
      sum = addAmounts(sum, { fare: 0, ...flightTaxes(from, to, f.km, cabin, pax, style !== 'lcc') });
    }
    amounts[pax] = sum;
  }
  const a = amounts.adult;
  return {
    segments,
    rbds: segments.map(() => cls.rbd),
    seats: avail.map((s) => Math.min(9, s[chosen])),
    limits: sellable.map((s) => s[chosen]),
    tier: brand ? brand.tier : cls.tier,
    fareBasis: segments.map(() => fareBasisOf(cls, brand, style)),
    validating,
    amounts,
    selfTransfer: false,
    brand: brand?.name ?? null,
    adultTotal: a.fare + a.airportTax + a.fuelSurcharge + a.otherTax,
  };
}

/**
 * A self-transfer leg: each flight bought as its own one-way ticket (low-cost or full-service web fare), then joined.
 * The traveller collects and re-checks bags between them; the journey follows self-transfer rules.
 */
export function quoteSelfTransfer(input: QuoteInput, styleOf: (f: Flight) => PricingStyle): LegQuote | null {
  const parts: LegQuote[] = [];
  for (const f of input.segments) {
    const q = quoteLeg({ ...input, segments: [f] }, styleOf(f));
    if (!q) return null;
    parts.push(q);
  }
  const amounts = {} as Record<PassengerType, PaxAmounts>;
  for (const pax of PASSENGER_TYPES) amounts[pax] = parts.reduce((sum, q) => addAmounts(sum, q.amounts[pax]), ZERO);
  return {
    segments: input.segments,
    rbds: parts.flatMap((q) => q.rbds),
    seats: parts.flatMap((q) => q.seats),
    limits: parts.flatMap((q) => q.limits),
    tier: 'self-transfer',
    fareBasis: parts.flatMap((q) => q.fareBasis),
    validating: parts.reduce((a, b) => (b.segments[0].km > a.segments[0].km ? b : a)).validating,
    amounts,
    selfTransfer: true,
    brand: null,
    adultTotal: parts.reduce((s, q) => s + q.adultTotal, 0),
  };
}
