import { DEFAULT_FLIGHT_CONFIG, type FlightConfig } from '@portal/contract/api/agency-config';
import type { Baggage, CabinClass, CancellationPolicy, PassengerType, Restrictions, Solution } from '@portal/contract/api/shopping';
import type { Currency, RateMap } from '@portal/contract/currency';
import type { SupplierLeg, SupplierOffer, SupplierPaxPrice, SupplierSegment } from '../../../suppliers/air/types.ts';
import { priceOffer, type PricingContext } from './pricing.ts';
import { buildSolutions } from './solutions.ts';

/**
 * Synthetic, deterministic flight offers for engine tests and the bench: realistic shapes (time zones, connections,
 * several suppliers quoting the same flights in their own currencies, brands with and without checked bags) without
 * the supplier simulators. Same seed, same offers.
 */

/** Small seeded PRNG (mulberry32): deterministic across runs and machines. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Rng = ReturnType<typeof rng>;

/** Airports with their country and a fixed UTC offset in minutes (no DST: fixtures only). */
export const FIXTURE_AIRPORTS: Record<string, { country: string; offset: number }> = {
  PEK: { country: 'CN', offset: 480 },
  PKX: { country: 'CN', offset: 480 },
  PVG: { country: 'CN', offset: 480 },
  SHA: { country: 'CN', offset: 480 },
  CAN: { country: 'CN', offset: 480 },
  HKG: { country: 'HK', offset: 480 },
  NRT: { country: 'JP', offset: 540 },
  HND: { country: 'JP', offset: 540 },
  ICN: { country: 'KR', offset: 540 },
  SIN: { country: 'SG', offset: 480 },
  BKK: { country: 'TH', offset: 420 },
  DXB: { country: 'AE', offset: 240 },
  IST: { country: 'TR', offset: 180 },
  LHR: { country: 'GB', offset: 0 },
  LGW: { country: 'GB', offset: 0 },
  CDG: { country: 'FR', offset: 60 },
  FRA: { country: 'DE', offset: 60 },
  HEL: { country: 'FI', offset: 120 },
  JFK: { country: 'US', offset: -300 },
  LAX: { country: 'US', offset: -480 },
  SYD: { country: 'AU', offset: 600 },
};
const HUBS = ['PVG', 'CAN', 'HKG', 'NRT', 'ICN', 'SIN', 'BKK', 'DXB', 'IST', 'CDG', 'FRA', 'HEL'];
export const FIXTURE_CARRIERS = ['CA', 'MU', 'CZ', 'HU', 'CX', 'NH', 'JL', 'KE', 'SQ', 'TG', 'EK', 'TK', 'BA', 'AF', 'LH', 'AY', 'UA'];
/** Supplier code -> the currency it quotes in. */
export const FIXTURE_SUPPLIERS: Record<string, Currency> = { 'sim-gds': 'USD', 'sim-ndc': 'CNY', 'sim-lcc': 'EUR', 'sim-consolidator': 'HKD', 'sim-jp': 'JPY' };
export const FIXTURE_RATES: RateMap = { USD: '7.1', EUR: '7.8', HKD: '0.91', JPY: '0.0468', GBP: '9.05' };

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DDTHH:mm" of a wall-clock instant held as UTC milliseconds. */
export function wallClock(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const MINUTE = 60_000;

/**
 * A segment from local departure time and duration; arrival local time and both UTC instants follow from the fixture
 * time zones. `departure` is "YYYY-MM-DDTHH:mm" local to `origin`.
 */
export function makeSegment(s: { carrier: string; flightNumber: string; origin: string; destination: string; departure: string; durationMinutes: number; cabin?: CabinClass; bookingClass?: string; operatingCarrier?: string }): SupplierSegment {
  const o = FIXTURE_AIRPORTS[s.origin]?.offset ?? 0;
  const d = FIXTURE_AIRPORTS[s.destination]?.offset ?? 0;
  const depLocal = Date.parse(`${s.departure}:00Z`);
  const depUtc = depLocal - o * MINUTE;
  const arrUtc = depUtc + s.durationMinutes * MINUTE;
  return {
    marketingCarrier: s.carrier,
    operatingCarrier: s.operatingCarrier ?? s.carrier,
    flightNumber: s.flightNumber,
    origin: s.origin,
    destination: s.destination,
    originTerminal: null,
    destinationTerminal: null,
    departure: s.departure,
    arrival: wallClock(arrUtc + d * MINUTE),
    departureUtc: new Date(depUtc).toISOString(),
    arrivalUtc: new Date(arrUtc).toISOString(),
    durationMinutes: s.durationMinutes,
    aircraft: '32N',
    cabin: s.cabin ?? 'economy',
    bookingClass: s.bookingClass ?? 'Y',
    seatsLeft: 9,
  };
}

export function makeBaggage(checkedPieces: number): Baggage {
  return {
    carryOn: { pieces: 1, weightKg: 7, dimensions: '55x40x20' },
    checked: { pieces: checkedPieces, weightKg: checkedPieces > 0 ? 23 : null, dimensions: null },
  };
}

export function makePolicy(passengerType: PassengerType, currency: Currency, changeFee: number | null, refundFee: number | null): CancellationPolicy {
  return {
    passengerType,
    currency,
    change: { beforeDeparture: { allowed: changeFee !== null, fee: changeFee }, afterDeparture: { allowed: false, fee: null } },
    refund: { beforeDeparture: { allowed: refundFee !== null, fee: refundFee }, afterDeparture: { allowed: false, fee: null } },
    noShow: { allowed: false, fee: null },
    voidAllowed: true,
  };
}

export const FIXTURE_RESTRICTIONS: Restrictions = {
  minAge: null,
  maxAge: null,
  documents: ['passport'],
  allowedCountries: [],
  forbiddenCountries: [],
  invoiceType: 'Itinerary',
  ticketingChannel: 'BSP',
  productType: 'normal-standard',
};

/** One offer with sensible defaults; `legs` and `prices` are what tests usually set. */
export function makeOffer(o: Partial<SupplierOffer> & { legs: SupplierLeg[] }): SupplierOffer {
  const currency = o.currency ?? 'CNY';
  return {
    offerId: o.offerId ?? 'offer-1',
    supplier: o.supplier ?? 'sim-ndc',
    validatingCarrier: o.validatingCarrier ?? o.legs[0]?.segments[0]?.marketingCarrier ?? 'CA',
    brand: o.brand ?? null,
    fareBasis: o.fareBasis ?? ['YOW'],
    cabin: o.cabin ?? 'economy',
    productType: o.productType ?? 'normal-standard',
    baggage: o.baggage ?? makeBaggage(1),
    cancellationPolicy: o.cancellationPolicy ?? [],
    restrictions: o.restrictions ?? FIXTURE_RESTRICTIONS,
    currency,
    prices: o.prices ?? [{ passengerType: 'adult', fare: 100_000, airportTax: 5_000, fuelSurcharge: 0, otherTax: 0 }],
    expiresAt: o.expiresAt ?? null,
    virtualInterline: o.virtualInterline ?? false,
    ...o,
  };
}

export interface GenerateOptions {
  seed?: number;
  /** Distinct itineraries (each becomes one Solution). */
  itineraries: number;
  /** Each itinerary is quoted by 1..maxFaresPerItinerary offers from different suppliers or brands. */
  maxFaresPerItinerary?: number;
  /** One entry per leg: origin and destination airports to pick from, local date. */
  journeys?: { origins: string[]; destinations: string[]; date: string }[];
  cabin?: CabinClass;
}

const DEFAULT_JOURNEYS = [
  { origins: ['PEK', 'PKX'], destinations: ['LHR', 'LGW'], date: '2026-12-01' },
  { origins: ['LHR', 'LGW'], destinations: ['PEK', 'PKX'], date: '2026-12-15' },
];
const BRANDS = [
  { brand: 'Light', pieces: 0, factor: 1 },
  { brand: 'Standard', pieces: 1, factor: 1.12 },
  { brand: 'Flex', pieces: 2, factor: 1.35 },
] as const;

function generateLeg(r: Rng, j: { origins: string[]; destinations: string[]; date: string }): SupplierLeg {
  const origin = r.pick(j.origins);
  const destination = r.pick(j.destinations);
  const roll = r.next();
  const stops = roll < 0.3 ? 0 : roll < 0.8 ? 1 : 2;
  const points = [origin];
  for (let i = 0; i < stops; i++) {
    let hub = r.pick(HUBS);
    while (points.includes(hub) || hub === destination) hub = r.pick(HUBS);
    points.push(hub);
  }
  points.push(destination);
  const carrier = r.pick(FIXTURE_CARRIERS);
  const segments: SupplierSegment[] = [];
  let departure = `${j.date}T${pad(r.int(0, 23))}:${pad(r.int(0, 11) * 5)}`;
  for (let i = 0; i + 1 < points.length; i++) {
    // Mostly one carrier per leg, sometimes a partner on a connection.
    const segCarrier = i > 0 && r.next() < 0.25 ? r.pick(FIXTURE_CARRIERS) : carrier;
    const seg = makeSegment({
      carrier: segCarrier,
      flightNumber: String(r.int(100, 9899)),
      origin: points[i],
      destination: points[i + 1],
      departure,
      durationMinutes: stops === 0 ? r.int(600, 690) : r.int(90, 600),
    });
    segments.push(seg);
    const nextOffset = FIXTURE_AIRPORTS[points[i + 1]]?.offset ?? 0;
    departure = wallClock(Date.parse(seg.arrivalUtc) + (nextOffset + r.int(9, 60) * 5) * MINUTE);
  }
  return { segments, selfTransfer: stops > 0 && r.next() < 0.05 };
}

function paxPrices(r: Rng, baseMinor: number, currency: Currency): SupplierPaxPrice[] {
  // Rough magnitudes in the supplier currency: JPY has no minor digits, so its minor unit is worth ~100x a cent.
  const unit = currency === 'JPY' ? 0.0468 / 0.071 : currency === 'USD' ? 0.141 : currency === 'EUR' ? 0.128 : currency === 'HKD' ? 1.1 : 1;
  const q = (cny: number) => Math.max(0, Math.round(cny * unit));
  const tax = q(r.int(300, 2500) * 100);
  const fuel = q(r.int(0, 1800) * 100);
  const fare = q(baseMinor);
  return [
    { passengerType: 'adult', fare, airportTax: tax, fuelSurcharge: fuel, otherTax: q(9000) },
    { passengerType: 'child', fare: Math.round(fare * 0.75), airportTax: tax, fuelSurcharge: fuel, otherTax: q(9000) },
    { passengerType: 'infant', fare: Math.round(fare * 0.1), airportTax: 0, fuelSurcharge: 0, otherTax: 0 },
  ];
}

/** Offers for `itineraries` distinct itineraries, several suppliers and brands each. */
export function generateOffers(opts: GenerateOptions): SupplierOffer[] {
  const r = rng(opts.seed ?? 42);
  const journeys = opts.journeys ?? DEFAULT_JOURNEYS;
  const maxFares = opts.maxFaresPerItinerary ?? 3;
  const suppliers = Object.keys(FIXTURE_SUPPLIERS);
  const offers: SupplierOffer[] = [];
  for (let i = 0; i < opts.itineraries; i++) {
    const legs = journeys.map((j) => generateLeg(r, j));
    const stops = legs.reduce((n, l) => n + l.segments.length - 1, 0);
    const base = r.int(2500, 9000) * 100 * (stops === 0 ? 1.3 : 1) * journeys.length;
    const fares = r.int(1, maxFares);
    for (let f = 0; f < fares; f++) {
      const supplier = suppliers[(i + f) % suppliers.length];
      const currency = FIXTURE_SUPPLIERS[supplier];
      const brand = r.pick(BRANDS);
      const cabin = opts.cabin ?? (r.next() < 0.1 ? 'business' : 'economy');
      offers.push(
        makeOffer({
          offerId: `${supplier}-${i}-${f}`,
          supplier,
          legs,
          brand: brand.brand,
          cabin,
          fareBasis: [`${cabin === 'business' ? 'J' : 'Y'}${brand.brand.slice(0, 2).toUpperCase()}${r.int(1, 9)}`],
          baggage: makeBaggage(brand.pieces),
          currency,
          prices: paxPrices(r, Math.round(base * brand.factor * (cabin === 'business' ? 3.5 : 1) * (0.95 + r.next() * 0.1)), currency),
          cancellationPolicy: [makePolicy('adult', currency, 20_000, brand.pieces === 0 ? null : 50_000)],
          expiresAt: '2026-11-01T00:30:00.000Z',
        }),
      );
    }
  }
  return offers;
}

/** An agency config with a markup, an intercontinental adjustment and a booking fee, for benches and smoke tests. */
export const FIXTURE_CONFIG: FlightConfig = {
  ...DEFAULT_FLIGHT_CONFIG,
  markup: { value: 150, unit: 'percent' },
  priceAdjustments: [{ area: 'intercontinental', value: -100, unit: 'percent', limit: 20_000 }],
  serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 3_000, currency: 'CNY' },
  showSuppliers: true,
};

/** Prices offers the way the search does (fare id = supplier:offerId) and groups them into Solutions. */
export function priceAndBuild(offers: readonly SupplierOffer[], ctx: Partial<Omit<PricingContext, 'fareId'>> = {}): Solution[] {
  const base: Omit<PricingContext, 'fareId'> = {
    config: FIXTURE_CONFIG,
    area: 'intercontinental',
    settlementCurrency: 'CNY',
    rateMap: FIXTURE_RATES,
    showSupplier: true,
    passengers: { adult: 2, child: 1, infant: 0 },
    ...ctx,
  };
  return buildSolutions(offers.map((offer) => ({ offer, fare: priceOffer(offer, { ...base, fareId: `${offer.supplier}:${offer.offerId}` }) })));
}

/** Exactly `count` priced Solutions (a return trip by default), several fares each. */
export function generateSolutions(count: number, opts: Omit<GenerateOptions, 'itineraries'> = {}): Solution[] {
  return priceAndBuild(generateOffers({ ...opts, itineraries: count }));
}
