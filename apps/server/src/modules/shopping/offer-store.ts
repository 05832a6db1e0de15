import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { Baggage, CancellationPolicy, Restrictions } from '@portal/contract/api/shopping';
import type { SupplierLeg, SupplierOffer, SupplierPaxPrice, SupplierSegment } from '../../suppliers/air/types.ts';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * The stored form of one supplier answer (flight_search_results.offers, jsonb): `{ format, data }`, data being the
 * base64 of the raw-deflated JSON of the packed answer (below).
 *
 * A return search answer holds ~1,000 offers built from a few hundred legs and a handful of baggage, cancellation-policy
 * and restriction objects, which the supplier shares between offers. As a plain JSON array every offer repeated them:
 * ~2.5 MB per answer to stringify, for the database to parse into jsonb (and TOAST-compress), and to parse back on
 * every read; that was most of a search's cost. Packed, each shared object is written once in a table (deduplicated by
 * identity), legs and segments are tuples, and each offer is one tuple of scalars and table indexes: ~350 KB. Deflated
 * (in the libuv thread pool, off the event loop) that is ~30 KB, which the database stores as one string in a few
 * milliseconds instead of ~12. Any process decodes it (`decodeOffers`); offers come back sharing their legs and
 * policies again. A plain array (rows written before this format) is still read as is; an answer with fields the
 * packed format does not know is deflated as a plain array, so nothing is ever lost.
 */
export interface StoredOffers {
  format: typeof STORED_FORMAT;
  /** base64(deflateRaw(JSON of PackedOffers or SupplierOffer[])) */
  data: string;
}

const STORED_FORMAT = 'offers/1+deflate';

/** What a supplier answer is stored as. */
export async function encodeOffers(offers: readonly SupplierOffer[]): Promise<StoredOffers> {
  const zipped = await deflate(JSON.stringify(packOffers(offers)));
  return { format: STORED_FORMAT, data: zipped.toString('base64') };
}

/** Offers as stored (encoded, or a plain array from older rows); null or anything unknown reads as no offers. */
export async function decodeOffers(stored: unknown): Promise<SupplierOffer[]> {
  if (Array.isArray(stored)) return stored as SupplierOffer[];
  if (typeof stored !== 'object' || stored === null || (stored as { format?: unknown }).format !== STORED_FORMAT) return [];
  const json = (await inflate(Buffer.from((stored as StoredOffers).data, 'base64'))).toString('utf8');
  return unpackOffers(JSON.parse(json));
}

export interface PackedOffers {
  format: 'offers/1';
  /** Leg tuples: [selfTransfer, segment tuples]. */
  legs: [boolean, SegmentTuple[]][];
  baggage: Baggage[];
  policies: CancellationPolicy[][];
  restrictions: Restrictions[];
  offers: OfferTuple[];
}

type SegmentTuple = [
  marketingCarrier: string,
  operatingCarrier: string,
  flightNumber: string,
  origin: string,
  destination: string,
  originTerminal: string | null,
  destinationTerminal: string | null,
  departure: string,
  arrival: string,
  departureUtc: string,
  arrivalUtc: string,
  durationMinutes: number,
  aircraft: string,
  cabin: SupplierSegment['cabin'],
  bookingClass: string,
  seatsLeft: number | null,
];

/** Prices flattened: 5 values per passenger type. */
type OfferTuple = [
  offerId: string,
  supplier: string,
  legs: number[],
  validatingCarrier: string,
  brand: string | null,
  fareBasis: string[],
  cabin: SupplierOffer['cabin'],
  productType: SupplierOffer['productType'],
  baggage: number,
  cancellationPolicy: number,
  restrictions: number,
  currency: SupplierOffer['currency'],
  prices: (string | number)[],
  expiresAt: string | null,
  virtualInterline: boolean,
];

const FORMAT = 'offers/1';
const OFFER_FIELDS: readonly (keyof SupplierOffer)[] = [
  'offerId', 'supplier', 'legs', 'validatingCarrier', 'brand', 'fareBasis', 'cabin', 'productType', 'baggage',
  'cancellationPolicy', 'restrictions', 'currency', 'prices', 'expiresAt', 'virtualInterline',
];
const LEG_FIELDS: readonly (keyof SupplierLeg)[] = ['segments', 'selfTransfer'];
const SEGMENT_FIELDS: readonly (keyof SupplierSegment)[] = [
  'marketingCarrier', 'operatingCarrier', 'flightNumber', 'origin', 'destination', 'originTerminal', 'destinationTerminal',
  'departure', 'arrival', 'departureUtc', 'arrivalUtc', 'durationMinutes', 'aircraft', 'cabin', 'bookingClass', 'seatsLeft',
];
const PRICE_FIELDS: readonly (keyof SupplierPaxPrice)[] = ['passengerType', 'fare', 'airportTax', 'fuelSurcharge', 'otherTax'];
const PRICE_KEYS = PRICE_FIELDS.length;

/** Whether an object has exactly these fields, none undefined (what a JSON round trip keeps), and nothing else. */
function exactly<T extends object>(o: T, fields: readonly (keyof T)[]): boolean {
  let n = 0;
  for (const _ in o) n++;
  if (n !== fields.length) return false;
  for (const f of fields) if (o[f] === undefined) return false;
  return true;
}

class Table<T extends object> {
  readonly items: T[] = [];
  readonly #ids = new Map<T, number>();
  id(item: T): number {
    let id = this.#ids.get(item);
    if (id === undefined) {
      id = this.items.length;
      this.#ids.set(item, id);
      this.items.push(item);
    }
    return id;
  }
}

const segmentTuple = (s: SupplierSegment): SegmentTuple => [
  s.marketingCarrier,
  s.operatingCarrier,
  s.flightNumber,
  s.origin,
  s.destination,
  s.originTerminal,
  s.destinationTerminal,
  s.departure,
  s.arrival,
  s.departureUtc,
  s.arrivalUtc,
  s.durationMinutes,
  s.aircraft,
  s.cabin,
  s.bookingClass,
  s.seatsLeft,
];

/** The packed form of a supplier answer, or the offers themselves when one carries a field the format does not know. */
export function packOffers(offers: readonly SupplierOffer[]): PackedOffers | SupplierOffer[] {
  const legs = new Table<SupplierLeg>();
  const baggage = new Table<Baggage>();
  const policies = new Table<CancellationPolicy[]>();
  const restrictions = new Table<Restrictions>();
  const tuples: OfferTuple[] = [];
  for (const o of offers) {
    if (!exactly(o, OFFER_FIELDS)) return [...offers];
    const prices: (string | number)[] = [];
    for (const p of o.prices) {
      if (!exactly(p, PRICE_FIELDS)) return [...offers];
      prices.push(p.passengerType, p.fare, p.airportTax, p.fuelSurcharge, p.otherTax);
    }
    tuples.push([
      o.offerId,
      o.supplier,
      o.legs.map((l) => legs.id(l)),
      o.validatingCarrier,
      o.brand,
      o.fareBasis,
      o.cabin,
      o.productType,
      baggage.id(o.baggage),
      policies.id(o.cancellationPolicy),
      restrictions.id(o.restrictions),
      o.currency,
      prices,
      o.expiresAt,
      o.virtualInterline,
    ]);
  }
  const legTuples: PackedOffers['legs'] = [];
  for (const leg of legs.items) {
    if (!exactly(leg, LEG_FIELDS)) return [...offers];
    const segments: SegmentTuple[] = [];
    for (const s of leg.segments) {
      if (!exactly(s, SEGMENT_FIELDS)) return [...offers];
      segments.push(segmentTuple(s));
    }
    legTuples.push([leg.selfTransfer, segments]);
  }
  return { format: FORMAT, legs: legTuples, baggage: baggage.items, policies: policies.items, restrictions: restrictions.items, offers: tuples };
}

const isPacked = (stored: unknown): stored is PackedOffers =>
  typeof stored === 'object' && stored !== null && !Array.isArray(stored) && (stored as { format?: unknown }).format === FORMAT;

/** Offers from their packed form (or a plain array); anything unknown reads as no offers. */
export function unpackOffers(stored: unknown): SupplierOffer[] {
  if (Array.isArray(stored)) return stored as SupplierOffer[];
  if (!isPacked(stored)) return [];
  const legs: SupplierLeg[] = stored.legs.map(([selfTransfer, segments]) => ({
    segments: segments.map((t) => ({
      marketingCarrier: t[0],
      operatingCarrier: t[1],
      flightNumber: t[2],
      origin: t[3],
      destination: t[4],
      originTerminal: t[5],
      destinationTerminal: t[6],
      departure: t[7],
      arrival: t[8],
      departureUtc: t[9],
      arrivalUtc: t[10],
      durationMinutes: t[11],
      aircraft: t[12],
      cabin: t[13],
      bookingClass: t[14],
      seatsLeft: t[15],
    })),
    selfTransfer,
  }));
  return stored.offers.map((t) => {
    const flat = t[12];
    const prices: SupplierPaxPrice[] = [];
    for (let i = 0; i + 4 < flat.length; i += PRICE_KEYS) {
      prices.push({
        passengerType: flat[i] as SupplierPaxPrice['passengerType'],
        fare: flat[i + 1] as number,
        airportTax: flat[i + 2] as number,
        fuelSurcharge: flat[i + 3] as number,
        otherTax: flat[i + 4] as number,
      });
    }
    return {
      offerId: t[0],
      supplier: t[1],
      legs: t[2].map((i) => legs[i]),
      validatingCarrier: t[3],
      brand: t[4],
      fareBasis: t[5],
      cabin: t[6],
      productType: t[7],
      baggage: stored.baggage[t[8]],
      cancellationPolicy: stored.policies[t[9]],
      restrictions: stored.restrictions[t[10]],
      currency: t[11],
      prices,
      expiresAt: t[13],
      virtualInterline: t[14],
    };
  });
}
