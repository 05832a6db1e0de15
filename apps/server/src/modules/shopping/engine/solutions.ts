import type { FareChoice, Leg, Segment, Solution } from '@portal/contract/api/shopping';
import type { SupplierLeg, SupplierOffer } from '../../../suppliers/air/types.ts';
import { dayNumber, instantMinutes } from './time.ts';

/**
 * Identical itineraries from several suppliers (or several brands of one supplier) collapse into one Solution whose
 * fare choices are sorted cheapest first.
 *
 * Identity: per leg, the ordered segments' marketing carrier + flight number + origin + local departure date and time.
 * Booking class, cabin, brand, operating carrier and supplier are deliberately left out: they tell fares of the same
 * flights apart, not different flights. The legs shown for a Solution are those of its cheapest fare's offer (so the
 * booking class, cabin and seats left on the segments belong to the fare listed first).
 */
export function itineraryKey(legs: readonly SupplierLeg[]): string {
  if (legs.length === 1) return legKey(legs[0]);
  let key = '';
  for (let l = 0; l < legs.length; l++) {
    if (l > 0) key += '/';
    key += legKey(legs[l]);
  }
  return key;
}

/** Offers of one supplier answer share their leg objects (treated as immutable): each leg's key is built once. */
const legKeys = new WeakMap<SupplierLeg, string>();

function legKey(leg: SupplierLeg): string {
  let key = legKeys.get(leg);
  if (key !== undefined) return key;
  key = '';
  const segs = leg.segments;
  for (let s = 0; s < segs.length; s++) {
    const g = segs[s];
    if (s > 0) key += '+';
    key += `${g.marketingCarrier}${g.flightNumber}:${g.origin}${g.departure}`;
  }
  legKeys.set(leg, key);
  return key;
}

/** 53-bit string hash (cyrb53), twice with different seeds: 106 bits, stable across processes and releases. */
function cyrb53(str: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const finish53 = (h1: number, h2: number) => {
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (2097151 & b) + (a >>> 0);
};

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `x.toString(36).padStart(11, '0')` for an integer 0 <= x < 2^53 (always 11 digits), without the slow radix path. */
function base36x11(x: number): string {
  let out = '';
  for (let i = 0; i < 11; i++) {
    const d = x % 36;
    out = BASE36[d] + out;
    x = (x - d) / 36;
  }
  return out;
}

/**
 * Stable Solution id from the itinerary key: same flights, same id, whatever the supplier or the search.
 * `cyrb53(key, 0)` and `cyrb53(key, 0x9e3779b9)` in base 36, computed in one pass over the key.
 */
export function solutionId(key: string): string {
  const SEED = 0x9e3779b9;
  let a1 = 0xdeadbeef;
  let a2 = 0x41c6ce57;
  let b1 = 0xdeadbeef ^ SEED;
  let b2 = 0x41c6ce57 ^ SEED;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    a1 = Math.imul(a1 ^ ch, 2654435761);
    a2 = Math.imul(a2 ^ ch, 1597334677);
    b1 = Math.imul(b1 ^ ch, 2654435761);
    b2 = Math.imul(b2 ^ ch, 1597334677);
  }
  return `S${base36x11(finish53(a1, a2))}${base36x11(finish53(b1, b2))}`;
}

/** The reference form of `solutionId` (tests check the one-pass version against it). */
export function solutionIdReference(key: string): string {
  return `S${cyrb53(key, 0).toString(36).padStart(11, '0')}${cyrb53(key, 0x9e3779b9).toString(36).padStart(11, '0')}`;
}

/** The adult sale price of a fare, or the first passenger type's when no adult travels. */
export function adultSalePrice(fare: FareChoice): number {
  const list = fare.priceList;
  for (let i = 0; i < list.length; i++) if (list[i].passengerType === 'adult') return list[i].salePrice;
  return list.length > 0 ? list[0].salePrice : 0;
}

/** Cheapest first: adult sale price, then the total for all passengers, then fare id (a stable order). */
export function compareFares(a: FareChoice, b: FareChoice): number {
  return adultSalePrice(a) - adultSalePrice(b) || a.totalSalePrice - b.totalSalePrice || (a.fareId < b.fareId ? -1 : a.fareId > b.fareId ? 1 : 0);
}

/** Solution legs by supplier leg: solutions sharing a supplier leg share its (immutable) solution leg. */
const solutionLegs = new WeakMap<SupplierLeg, Leg>();

function toLegShared(leg: SupplierLeg): Leg {
  let out = solutionLegs.get(leg);
  if (!out) {
    out = toLeg(leg);
    solutionLegs.set(leg, out);
  }
  return out;
}

export function toLeg(leg: SupplierLeg): Leg {
  const segments: Segment[] = leg.segments.map((s) => ({ ...s }));
  const first = segments[0];
  const last = segments[segments.length - 1];
  return {
    segments,
    // Door to door, from the UTC instants: connection times included, time zones cancelled out.
    durationMinutes: Math.round(instantMinutes(last.arrivalUtc) - instantMinutes(first.departureUtc)),
    stops: segments.length - 1,
    daysLater: dayNumber(last.arrival) - dayNumber(first.departure),
    selfTransfer: leg.selfTransfer,
  };
}

/** Groups priced offers into Solutions (cheapest first, then by id). Fares with an id already seen are ignored. */
export function buildSolutions(fares: readonly { offer: SupplierOffer; fare: FareChoice }[]): Solution[] {
  // Per itinerary, its priced offers in arrival order; a group holds a few fares (suppliers x brands), so duplicates
  // are found by a scan, with a set once a group grows large.
  const groups = new Map<string, { offer: SupplierOffer; fare: FareChoice }[]>();
  const bigGroups = new Map<string, Set<string>>();
  for (const item of fares) {
    const key = itineraryKey(item.offer.legs);
    const g = groups.get(key);
    if (!g) {
      groups.set(key, [item]);
      continue;
    }
    const id = item.fare.fareId;
    const seen = bigGroups.get(key);
    if (seen) {
      if (seen.has(id)) continue;
      seen.add(id);
    } else {
      let dup = false;
      for (let i = 0; i < g.length; i++) {
        if (g[i].fare.fareId === id) {
          dup = true;
          break;
        }
      }
      if (dup) continue;
      if (g.length >= 8) bigGroups.set(key, new Set([...g.map((x) => x.fare.fareId), id]));
    }
    g.push(item);
  }
  const solutions: Solution[] = [];
  for (const [key, g] of groups) {
    if (g.length > 1) g.sort((a, b) => compareFares(a.fare, b.fare));
    const cheapest = g[0].fare;
    const legs = g[0].offer.legs.map(toLegShared);
    const airlines: string[] = [];
    let totalDurationMinutes = 0;
    for (const leg of legs) {
      totalDurationMinutes += leg.durationMinutes;
      for (const s of leg.segments) if (!airlines.includes(s.marketingCarrier)) airlines.push(s.marketingCarrier);
    }
    solutions.push({
      id: solutionId(key),
      legs,
      fares: g.map((x) => x.fare),
      lowestAdultSalePrice: adultSalePrice(cheapest),
      currency: cheapest.currency,
      airlines,
      totalDurationMinutes,
    });
  }
  solutions.sort((a, b) => a.lowestAdultSalePrice - b.lowestAdultSalePrice || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return solutions;
}
