import { CABIN_CLASSES, PRODUCT_TYPES, TIME_BANDS, type Facets, type Solution, type SolutionFilters, type SortKey } from '@portal/contract/api/shopping';
import { adultSalePrice } from './solutions.ts';
import { wallClockMinutes } from './time.ts';

/**
 * Filtering, sorting, paging and facets over the solutions of one search, in a few milliseconds for thousands of them.
 *
 * `prepareSolutions` turns the Solutions into flat typed columns once (per search and result version); every query then
 * scans those columns. `querySolutions` accepts either the prepared structure or the plain array (then prepared once and
 * kept in a WeakMap by array identity; pass a new array whenever the results change).
 *
 * Filter semantics (SolutionFilters; an empty list or a missing field means "no constraint"):
 * - airlines: the solution has at least one segment whose MARKETING carrier is selected (the validating carrier is a
 *   fare detail and is not on the Solution); the airline facet counts the solutions each carrier markets a segment of.
 * - maxStops / directOnly: every leg has at most that many stops (directOnly = 0).
 * - departureBands / arrivalBands: keyed by journey (leg) index; the local hour of the leg's first departure / last
 *   arrival must fall in one of the bands [00-06), [06-12), [12-18), [18-24).
 * - maxDurationMinutes: every leg, door to door, takes at most that long; the duration facet is the range of the
 *   longest leg so the slider and the filter agree.
 * - minPrice / maxPrice: inclusive, on the lowest adult sale price among the fares that pass the fare filters.
 * - originAirports / destinationAirports: a leg is constrained when the selection contains an airport that some
 *   solution's same leg departs from (arrives at); so [PKX] on a PEK/PKX-LHR return trip constrains the outbound only,
 *   and [PKX, LGW] constrains both legs. A selection known to no leg constrains the first leg (nothing matches).
 * - cabins, suppliers, freeBaggageOnly (>= 1 checked piece) are fare filters: non-matching fare choices are removed,
 *   the lowest price is recomputed and a solution without fares left is dropped. The suppliers filter is ignored when
 *   suppliers are hidden (every fare's supplier is null).
 * Facets follow faceted-search practice: each is computed over the solutions that match every filter except its own
 * dimension (for suppliers: every filter except suppliers, each supplier priced with its own cheapest fare). Entries
 * with a count of 0 are left out. Sorting: the key asked for, then price, duration, departure and id, so the order is
 * total and pages never overlap; `desc` reverses the key asked for only.
 */
export interface SolutionsQuery {
  filters: SolutionFilters;
  sort: SortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface SolutionsPage {
  items: Solution[];
  total: number;
  facets: Facets;
}

class Dictionary {
  readonly ids = new Map<string, number>();
  readonly codes: string[] = [];
  id(code: string): number {
    let id = this.ids.get(code);
    if (id === undefined) {
      id = this.codes.length;
      this.ids.set(code, id);
      this.codes.push(code);
    }
    return id;
  }
}

/** Columns derived once per solution set. Treat as opaque outside this module. */
export interface PreparedSolutions {
  readonly solutions: readonly Solution[];
  readonly n: number;
  readonly airlines: Dictionary;
  readonly airports: Dictionary;
  readonly suppliers: Dictionary;
  readonly maxLegs: number;
  readonly legCount: Uint8Array;
  readonly maxLegStops: Uint8Array;
  readonly totalDuration: Float64Array;
  readonly longestLeg: Float64Array;
  readonly departureKey: Float64Array;
  readonly arrivalKey: Float64Array;
  readonly idRank: Float64Array;
  readonly basePrice: Float64Array;
  readonly airlineStart: Int32Array;
  readonly airlineIds: Int32Array;
  /** Per leg index: band (0-3) per solution, 255 where the solution has no such leg. */
  readonly departureBand: Uint8Array[];
  readonly arrivalBand: Uint8Array[];
  /** Per leg index: airport id per solution, -1 where the solution has no such leg. */
  readonly legOrigin: Int32Array[];
  readonly legDestination: Int32Array[];
  /** Per leg index: which airports that leg departs from / arrives at in some solution. */
  readonly legOriginSeen: Uint8Array[];
  readonly legDestinationSeen: Uint8Array[];
  readonly fareStart: Int32Array;
  readonly fareSupplier: Int32Array;
  readonly fareCabin: Uint8Array;
  readonly fareFreeBag: Uint8Array;
  /** Index into PRODUCT_TYPES (the ticketing speed). */
  readonly fareProduct: Uint8Array;
  readonly farePrice: Float64Array;
  readonly hasSuppliers: boolean;
  /** Full orders per sort and direction over the unfiltered prices, built on first use. */
  readonly orders: Map<string, Int32Array>;
}

/** Time-of-day band (0-3) of the hour in "YYYY-MM-DDTHH:mm", read from the char codes (Number(slice) is ~10x slower). */
const bandOf = (wallClock: string) => (((wallClock.charCodeAt(11) - 48) * 10 + wallClock.charCodeAt(12) - 48) / 6) | 0;
const CABIN_INDEX = new Map<string, number>(CABIN_CLASSES.map((c, i) => [c, i]));
const PRODUCT_INDEX = new Map<string, number>(PRODUCT_TYPES.map((t, i) => [t, i]));

export function prepareSolutions(solutions: readonly Solution[]): PreparedSolutions {
  const n = solutions.length;
  const airlines = new Dictionary();
  const airports = new Dictionary();
  const suppliers = new Dictionary();
  let maxLegs = 0;
  let fareTotal = 0;
  for (let i = 0; i < n; i++) {
    const s = solutions[i];
    if (s.legs.length > maxLegs) maxLegs = s.legs.length;
    fareTotal += s.fares.length;
  }
  const airlineIds: number[] = [];
  const p = {
    solutions,
    n,
    airlines,
    airports,
    suppliers,
    maxLegs,
    legCount: new Uint8Array(n),
    maxLegStops: new Uint8Array(n),
    totalDuration: new Float64Array(n),
    longestLeg: new Float64Array(n),
    departureKey: new Float64Array(n),
    arrivalKey: new Float64Array(n),
    idRank: new Float64Array(n),
    basePrice: new Float64Array(n),
    airlineStart: new Int32Array(n + 1),
    airlineIds: new Int32Array(0),
    departureBand: Array.from({ length: maxLegs }, () => new Uint8Array(n).fill(255)),
    arrivalBand: Array.from({ length: maxLegs }, () => new Uint8Array(n).fill(255)),
    legOrigin: Array.from({ length: maxLegs }, () => new Int32Array(n).fill(-1)),
    legDestination: Array.from({ length: maxLegs }, () => new Int32Array(n).fill(-1)),
    legOriginSeen: [] as Uint8Array[],
    legDestinationSeen: [] as Uint8Array[],
    fareStart: new Int32Array(n + 1),
    fareSupplier: new Int32Array(fareTotal),
    fareCabin: new Uint8Array(fareTotal),
    fareFreeBag: new Uint8Array(fareTotal),
    fareProduct: new Uint8Array(fareTotal),
    farePrice: new Float64Array(fareTotal),
    hasSuppliers: false,
    orders: new Map<string, Int32Array>(),
  };
  let a = 0;
  let f = 0;
  const airlineStamp: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = solutions[i];
    p.legCount[i] = s.legs.length;
    let maxStops = 0;
    let longest = 0;
    let total = 0;
    p.airlineStart[i] = a;
    // Carriers of the Solution (its `airlines`, then any segment's marketing carrier), each once: a stamp per id.
    for (const code of s.airlines) {
      const id = airlines.id(code);
      if (airlineStamp[id] === i + 1) continue;
      airlineStamp[id] = i + 1;
      airlineIds[a++] = id;
    }
    for (let l = 0; l < s.legs.length; l++) {
      const leg = s.legs[l];
      const first = leg.segments[0];
      const last = leg.segments[leg.segments.length - 1];
      maxStops = Math.max(maxStops, leg.stops);
      longest = Math.max(longest, leg.durationMinutes);
      total += leg.durationMinutes;
      p.departureBand[l][i] = bandOf(first.departure);
      p.arrivalBand[l][i] = bandOf(last.arrival);
      p.legOrigin[l][i] = airports.id(first.origin);
      p.legDestination[l][i] = airports.id(last.destination);
      for (const g of leg.segments) {
        const id = airlines.id(g.marketingCarrier);
        if (airlineStamp[id] === i + 1) continue;
        airlineStamp[id] = i + 1;
        airlineIds[a++] = id;
      }
      if (l === 0) {
        p.departureKey[i] = wallClockMinutes(first.departure);
        p.arrivalKey[i] = wallClockMinutes(last.arrival);
      }
    }
    p.maxLegStops[i] = Math.min(255, maxStops);
    p.longestLeg[i] = longest;
    p.totalDuration[i] = s.totalDurationMinutes || total;
    p.basePrice[i] = s.lowestAdultSalePrice;
    p.fareStart[i] = f;
    for (const fare of s.fares) {
      p.fareSupplier[f] = fare.supplier === null ? -1 : suppliers.id(fare.supplier);
      if (fare.supplier !== null) p.hasSuppliers = true;
      p.fareCabin[f] = CABIN_INDEX.get(fare.cabin) ?? 0;
      p.fareFreeBag[f] = fare.baggage.checked.pieces >= 1 ? 1 : 0;
      p.fareProduct[f] = PRODUCT_INDEX.get(fare.productType) ?? 255;
      p.farePrice[f] = adultSalePrice(fare);
      f++;
    }
  }
  p.airlineStart[n] = a;
  p.airlineIds = Int32Array.from(airlineIds);
  p.fareStart[n] = f;
  for (let l = 0; l < maxLegs; l++) {
    const o = new Uint8Array(airports.codes.length);
    const d = new Uint8Array(airports.codes.length);
    for (let i = 0; i < n; i++) {
      if (p.legOrigin[l][i] >= 0) o[p.legOrigin[l][i]] = 1;
      if (p.legDestination[l][i] >= 0) d[p.legDestination[l][i]] = 1;
    }
    p.legOriginSeen.push(o);
    p.legDestinationSeen.push(d);
  }
  const ids = solutions.map((x) => x.id);
  const byId = Array.from({ length: n }, (_, i) => i).sort((x, y) => (ids[x] < ids[y] ? -1 : ids[x] > ids[y] ? 1 : x - y));
  for (let r = 0; r < n; r++) p.idRank[byId[r]] = r;
  return p;
}

const AIRLINE = 1;
const STOPS = 2;
const TIME = 4;
const DURATION = 8;
const PRICE = 16;
const ORIGIN = 32;
const DESTINATION = 64;
const FARE = 128;

function flagsOf(dict: Dictionary, codes: readonly string[] | undefined): Uint8Array | null {
  if (!codes || codes.length === 0) return null;
  const flags = new Uint8Array(dict.codes.length);
  for (const c of codes) {
    const id = dict.ids.get(c.toUpperCase()) ?? dict.ids.get(c);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

function bandMasks(maxLegs: number, bands: Record<string, readonly string[]> | undefined): Uint8Array {
  const masks = new Uint8Array(maxLegs);
  if (!bands) return masks;
  for (const [key, list] of Object.entries(bands)) {
    const l = Number(key);
    if (!Number.isInteger(l) || l < 0 || l >= maxLegs || !list) continue;
    for (const b of list) {
      const bit = (TIME_BANDS as readonly string[]).indexOf(b);
      if (bit >= 0) masks[l] |= 1 << bit;
    }
  }
  return masks;
}

/** Legs an airport selection constrains (see the module comment), or null when there is no selection. */
function constrainedLegs(sel: Uint8Array | null, seen: Uint8Array[]): boolean[] | null {
  if (!sel) return null;
  const legs = seen.map((s) => s.some((v, id) => v === 1 && sel[id] === 1));
  if (legs.length > 0 && !legs.includes(true)) legs[0] = true;
  return legs;
}

type Order = 'asc' | 'desc';

function sortKeyColumn(p: PreparedSolutions, sort: SortKey, price: Float64Array): Float64Array {
  switch (sort) {
    case 'duration':
      return p.totalDuration;
    case 'departure':
      return p.departureKey;
    case 'arrival':
      return p.arrivalKey;
    default:
      return price;
  }
}

function comparator(p: PreparedSolutions, sort: SortKey, order: Order, price: Float64Array) {
  const key = sortKeyColumn(p, sort, price);
  const dir = order === 'desc' ? -1 : 1;
  const { totalDuration, departureKey, idRank } = p;
  return (x: number, y: number) =>
    (key[x] - key[y]) * dir || price[x] - price[y] || totalDuration[x] - totalDuration[y] || departureKey[x] - departureKey[y] || idRank[x] - idRank[y];
}

function fullOrder(p: PreparedSolutions, sort: SortKey, order: Order): Int32Array {
  const k = `${sort}:${order}`;
  let o = p.orders.get(k);
  if (!o) {
    o = Int32Array.from({ length: p.n }, (_, i) => i).sort(comparator(p, sort, order, p.basePrice));
    p.orders.set(k, o);
  }
  return o;
}

const cache = new WeakMap<readonly Solution[], PreparedSolutions>();

function prepared(all: readonly Solution[] | PreparedSolutions): PreparedSolutions {
  if (!Array.isArray(all)) return all as PreparedSolutions;
  const list = all as readonly Solution[];
  let p = cache.get(list);
  if (!p || p.n !== list.length) {
    p = prepareSolutions(list);
    cache.set(list, p);
  }
  return p;
}

interface Range {
  min: number;
  max: number;
}
const widen = (r: Range | null, v: number): Range => (r ? { min: Math.min(r.min, v), max: Math.max(r.max, v) } : { min: v, max: v });

export function querySolutions(all: readonly Solution[] | PreparedSolutions, query: SolutionsQuery): SolutionsPage {
  const p = prepared(all);
  const { n, maxLegs } = p;
  const filters = query.filters ?? {};

  // Compile the filters against this solution set's dictionaries.
  const airlineSel = flagsOf(p.airlines, filters.airlines);
  let stopsMax = Infinity;
  if (filters.maxStops !== undefined) stopsMax = filters.maxStops;
  if (filters.directOnly) stopsMax = 0;
  const depMasks = bandMasks(maxLegs, filters.departureBands);
  const arrMasks = bandMasks(maxLegs, filters.arrivalBands);
  const maxDuration = filters.maxDurationMinutes ?? Infinity;
  const minPrice = filters.minPrice ?? -Infinity;
  const maxPrice = filters.maxPrice ?? Infinity;
  const originSel = flagsOf(p.airports, filters.originAirports);
  const destSel = flagsOf(p.airports, filters.destinationAirports);
  const originLegs = constrainedLegs(originSel, p.legOriginSeen);
  const destLegs = constrainedLegs(destSel, p.legDestinationSeen);
  const supplierSel = p.hasSuppliers ? flagsOf(p.suppliers, filters.suppliers) : null;
  let cabinMask = 0;
  for (const c of filters.cabins ?? []) cabinMask |= 1 << (CABIN_INDEX.get(c) ?? 31);
  const freeBagOnly = filters.freeBaggageOnly === true;
  // Ticketing speed: `all` (or none) constrains nothing; one product type keeps only its fares.
  const product = filters.productType && filters.productType !== 'all' ? (PRODUCT_INDEX.get(filters.productType) ?? 254) : -1;
  const fareFiltered = supplierSel !== null || cabinMask !== 0 || freeBagOnly || product >= 0;

  const { fareStart, fareSupplier, fareCabin, fareFreeBag, fareProduct, farePrice } = p;
  // A fare passes the cabin, baggage and speed filters (the supplier one is checked apart for the supplier facet).
  const fareOk = (j: number) =>
    (cabinMask === 0 || (cabinMask & (1 << fareCabin[j])) !== 0) && (!freeBagOnly || fareFreeBag[j] === 1) && (product < 0 || fareProduct[j] === product);

  // Pass 1: which filter dimensions each solution fails, and its price under the fare filters.
  const masks = new Uint8Array(n);
  const price = fareFiltered ? new Float64Array(n) : p.basePrice;
  const firstFare = fareFiltered ? new Int32Array(n) : null;
  for (let i = 0; i < n; i++) {
    let mask = 0;
    if (airlineSel) {
      let hit = false;
      for (let k = p.airlineStart[i]; k < p.airlineStart[i + 1]; k++) {
        if (airlineSel[p.airlineIds[k]] === 1) {
          hit = true;
          break;
        }
      }
      if (!hit) mask |= AIRLINE;
    }
    if (p.maxLegStops[i] > stopsMax) mask |= STOPS;
    const legs = p.legCount[i];
    for (let l = 0; l < legs; l++) {
      const dm = depMasks[l];
      const am = arrMasks[l];
      if ((dm !== 0 && (dm & (1 << p.departureBand[l][i])) === 0) || (am !== 0 && (am & (1 << p.arrivalBand[l][i])) === 0)) {
        mask |= TIME;
        break;
      }
    }
    if (p.longestLeg[i] > maxDuration) mask |= DURATION;
    if (originLegs) for (let l = 0; l < legs; l++) if (originLegs[l] && originSel![p.legOrigin[l][i]] !== 1) mask |= ORIGIN;
    if (destLegs) for (let l = 0; l < legs; l++) if (destLegs[l] && destSel![p.legDestination[l][i]] !== 1) mask |= DESTINATION;
    let v = p.basePrice[i];
    if (fareFiltered) {
      let found = -1;
      for (let j = fareStart[i]; j < fareStart[i + 1]; j++) {
        if (fareOk(j) && (supplierSel === null || (fareSupplier[j] >= 0 && supplierSel[fareSupplier[j]] === 1))) {
          found = j;
          break;
        }
      }
      firstFare![i] = found;
      if (found < 0) mask |= FARE;
      else v = farePrice[found];
      price[i] = v;
    }
    if ((mask & FARE) === 0 && (v < minPrice || v > maxPrice)) mask |= PRICE;
    masks[i] = mask;
  }

  // Pass 2: facets, each over the solutions failing nothing but (at most) its own dimension.
  const airlineCount = new Int32Array(p.airlines.codes.length);
  const airlineLow = new Float64Array(p.airlines.codes.length).fill(Infinity);
  const stopsCount = new Map<number, { count: number; lowestPrice: number }>();
  const supplierCount = new Int32Array(p.suppliers.codes.length);
  const supplierStamp = new Int32Array(p.suppliers.codes.length).fill(-1);
  const originCount = new Int32Array(p.airports.codes.length);
  const destCount = new Int32Array(p.airports.codes.length);
  const airportStamp = new Int32Array(p.airports.codes.length).fill(-1);
  const destStamp = new Int32Array(p.airports.codes.length).fill(-1);
  let priceRange: Range | null = null;
  let durationRange: Range | null = null;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = masks[i];
    if (m === 0) total++;
    if ((m & ~AIRLINE) === 0) {
      for (let k = p.airlineStart[i]; k < p.airlineStart[i + 1]; k++) {
        const id = p.airlineIds[k];
        airlineCount[id]++;
        if (price[i] < airlineLow[id]) airlineLow[id] = price[i];
      }
    }
    if ((m & ~STOPS) === 0) {
      const e = stopsCount.get(p.maxLegStops[i]);
      if (e) {
        e.count++;
        e.lowestPrice = Math.min(e.lowestPrice, price[i]);
      } else stopsCount.set(p.maxLegStops[i], { count: 1, lowestPrice: price[i] });
    }
    if ((m & ~ORIGIN) === 0) {
      for (let l = 0; l < p.legCount[i]; l++) {
        const id = p.legOrigin[l][i];
        if (airportStamp[id] !== i) {
          airportStamp[id] = i;
          originCount[id]++;
        }
      }
    }
    if ((m & ~DESTINATION) === 0) {
      for (let l = 0; l < p.legCount[i]; l++) {
        const id = p.legDestination[l][i];
        if (destStamp[id] !== i) {
          destStamp[id] = i;
          destCount[id]++;
        }
      }
    }
    if ((m & ~PRICE) === 0) priceRange = widen(priceRange, price[i]);
    if ((m & ~DURATION) === 0) durationRange = widen(durationRange, p.longestLeg[i]);
    if (p.hasSuppliers && (m & ~(FARE | PRICE)) === 0) {
      // Fares are cheapest first, so the first fare seen of a supplier is its price for this solution.
      for (let j = fareStart[i]; j < fareStart[i + 1]; j++) {
        const sid = fareSupplier[j];
        if (sid < 0 || supplierStamp[sid] === i || !fareOk(j)) continue;
        supplierStamp[sid] = i;
        if (farePrice[j] >= minPrice && farePrice[j] <= maxPrice) supplierCount[sid]++;
      }
    }
  }

  // Page: walk a cached full order when prices are the unfiltered ones, else sort the matches.
  const pageSize = Math.max(1, Math.floor(query.pageSize) || 1);
  const start = (Math.max(1, Math.floor(query.page) || 1) - 1) * pageSize;
  const end = start + pageSize;
  const pageIdx: number[] = [];
  if (!fareFiltered) {
    const order = fullOrder(p, query.sort, query.order);
    let seen = 0;
    for (let r = 0; r < n && seen < end; r++) {
      const i = order[r];
      if (masks[i] !== 0) continue;
      if (seen >= start) pageIdx.push(i);
      seen++;
    }
  } else {
    const matched = new Int32Array(total);
    let k = 0;
    for (let i = 0; i < n; i++) if (masks[i] === 0) matched[k++] = i;
    matched.sort(comparator(p, query.sort, query.order, price));
    for (let r = start; r < end && r < total; r++) pageIdx.push(matched[r]);
  }
  const items = pageIdx.map((i) => {
    const s = p.solutions[i];
    if (!fareFiltered) return s;
    const fares = s.fares.filter((_, x) => {
      const j = fareStart[i] + x;
      return fareOk(j) && (supplierSel === null || (fareSupplier[j] >= 0 && supplierSel[fareSupplier[j]] === 1));
    });
    return { ...s, fares, lowestAdultSalePrice: price[i] };
  });

  const byCode = (x: { code: string }, y: { code: string }) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0);
  const counted = (dict: Dictionary, counts: Int32Array) =>
    dict.codes.flatMap((code, id) => (counts[id] > 0 ? [{ code, count: counts[id] }] : [])).sort(byCode);
  const facets: Facets = {
    airlines: p.airlines.codes
      .flatMap((code, id) => (airlineCount[id] > 0 ? [{ code, count: airlineCount[id], lowestPrice: airlineLow[id] }] : []))
      .sort((x, y) => x.lowestPrice - y.lowestPrice || byCode(x, y)),
    stops: [...stopsCount].map(([stops, e]) => ({ stops, count: e.count, lowestPrice: e.lowestPrice })).sort((x, y) => x.stops - y.stops),
    suppliers: counted(p.suppliers, supplierCount),
    originAirports: counted(p.airports, originCount),
    destinationAirports: counted(p.airports, destCount),
    price: priceRange,
    duration: durationRange,
  };
  return { items, total, facets };
}
