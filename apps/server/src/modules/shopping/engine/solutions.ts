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
  let key = '';
  for (let l = 0; l < legs.length; l++) {
    if (l > 0) key += '/';
    const segs = legs[l].segments;
    for (let s = 0; s < segs.length; s++) {
      const g = segs[s];
      if (s > 0) key += '+';
      key += `${g.marketingCarrier}${g.flightNumber}:${g.origin}${g.departure}`;
    }
  }
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

/** Stable Solution id from the itinerary key: same flights, same id, whatever the supplier or the search. */
export function solutionId(key: string): string {
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
  const groups = new Map<string, { offers: Map<string, SupplierOffer>; fares: FareChoice[]; fareIds: Set<string> }>();
  for (const { offer, fare } of fares) {
    const key = itineraryKey(offer.legs);
    let g = groups.get(key);
    if (!g) {
      g = { offers: new Map(), fares: [], fareIds: new Set() };
      groups.set(key, g);
    }
    if (g.fareIds.has(fare.fareId)) continue;
    g.fareIds.add(fare.fareId);
    g.fares.push(fare);
    g.offers.set(fare.fareId, offer);
  }
  const solutions: Solution[] = [];
  for (const [key, g] of groups) {
    g.fares.sort(compareFares);
    const cheapest = g.fares[0];
    const legs = g.offers.get(cheapest.fareId)!.legs.map(toLeg);
    const airlines: string[] = [];
    let totalDurationMinutes = 0;
    for (const leg of legs) {
      totalDurationMinutes += leg.durationMinutes;
      for (const s of leg.segments) if (!airlines.includes(s.marketingCarrier)) airlines.push(s.marketingCarrier);
    }
    solutions.push({
      id: solutionId(key),
      legs,
      fares: g.fares,
      lowestAdultSalePrice: adultSalePrice(cheapest),
      currency: cheapest.currency,
      airlines,
      totalDurationMinutes,
    });
  }
  solutions.sort((a, b) => a.lowestAdultSalePrice - b.lowestAdultSalePrice || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return solutions;
}
