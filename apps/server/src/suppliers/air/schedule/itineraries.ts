import type { CabinClass } from '@portal/contract/api/shopping';
import type { Airline, Airport } from '../../../modules/reference/types.ts';
import { hasCabin, minimumConnectionMinutes, type Flight, type Network } from './network.ts';
import { addDays } from './tz.ts';

/** The carriers one supplier sells, and whether it tickets connections between partners of one alliance. */
export interface CarrierSet {
  /** Cache key, e.g. the supplier code. */
  key: string;
  airlines: readonly Airline[];
  allianceConnections: boolean;
}

/** One way from an origin airport to a destination airport on one ticket: 1 to 3 flights. */
export interface Itinerary {
  segments: Flight[];
}

export interface ItineraryQuery {
  origin: Airport;
  destination: Airport;
  /** Local departure date of the first flight. */
  date: string;
  cabin: CabinClass;
  maxStops: 0 | 1 | 2;
}

export const MAX_STOPS = 2;
/** Longest wait at a connecting airport on one ticket. */
const MAX_CONNECTION_MIN = 10 * 60;
/** When a route has fewer one-ticket options than this, two-stop journeys are added. */
const TWO_STOP_THRESHOLD = 8;
const MAX_FOLLOWERS_PER_CARRIER = 2;
const MAX_TWO_STOPS = 24;
const TWO_STOP_HUBS = 10;
const CACHE_LIMIT = 2_000;

const elapsed = (it: Itinerary) => it.segments[it.segments.length - 1].arrUtc - it.segments[0].depUtc;

/**
 * Builds the itineraries a supplier can sell between two airports on a date: nonstop flights, one-stop connections
 * through a hub of one of the carriers (same carrier, or alliance partners when the supplier tickets those), and
 * two-stop journeys when a route is thin. Connections respect the minimum connection time and a detour limit;
 * everything is deterministic and memoised per (carrier set, route, date, cabin, stops).
 */
export class ItineraryFinder {
  readonly #cache = new Map<string, Itinerary[]>();
  readonly #hubs = new Map<string, Airport[]>();

  constructor(readonly network: Network) {}

  find(set: CarrierSet, q: ItineraryQuery): Itinerary[] {
    const key = `${set.key}|${q.origin.code}|${q.destination.code}|${q.date}|${q.cabin}|${q.maxStops}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const result = this.#find(set, q);
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.delete(this.#cache.keys().next().value as string);
    this.#cache.set(key, result);
    return result;
  }

  #hubsOf(set: CarrierSet): Airport[] {
    let hubs = this.#hubs.get(set.key);
    if (!hubs) {
      const codes = new Set(set.airlines.flatMap((a) => a.hubs));
      hubs = [...codes].map((c) => this.network.airport(c)).filter((a): a is Airport => !!a);
      this.#hubs.set(set.key, hubs);
    }
    return hubs;
  }

  #find(set: CarrierSet, q: ItineraryQuery): Itinerary[] {
    const net = this.network;
    const { origin: o, destination: d, date, cabin } = q;
    const out: Itinerary[] = [];
    const cabinOk = (f: Flight) => hasCabin(f, cabin);
    for (const airline of set.airlines) {
      for (const f of net.flightsOn(airline, o, d, date)) if (cabinOk(f)) out.push({ segments: [f] });
    }
    if (q.maxStops === 0) return sortItineraries(out);
    const direct = net.km(o, d);
    const directBlock = out.length ? Math.min(...out.map((i) => i.segments[0].blockMinutes)) : 35 + (direct / 830) * 60;
    const maxElapsed = (directBlock * 2.2 + 180) * 60_000;
    // A domestic journey connects at a domestic hub; detours are bounded (35% plus a little for short hops).
    const domestic = o.countryCode === d.countryCode;
    const candidates = this.#hubsOf(set).filter(
      (h) =>
        h.cityCode !== o.cityCode &&
        h.cityCode !== d.cityCode &&
        (!domestic || h.countryCode === o.countryCode) &&
        net.km(o, h) + net.km(h, d) <= direct * 1.35 + 250,
    );
    for (const hub of candidates) {
      const firsts = set.airlines.filter((a) => net.operates(a, o, hub));
      if (!firsts.length) continue;
      const seconds = set.airlines.filter((a) => net.operates(a, hub, d));
      for (const first of firsts) {
        for (const second of seconds) {
          if (!this.#canConnect(set, first, second, hub.code)) continue;
          for (const f1 of net.flightsOn(first, o, hub, date)) {
            if (!cabinOk(f1)) continue;
            for (const f2 of this.#followers(second, hub, d, f1, cabin)) {
              const it = { segments: [f1, f2] };
              if (elapsed(it) <= maxElapsed) out.push(it);
            }
          }
        }
      }
    }
    if (q.maxStops >= 2 && out.length < TWO_STOP_THRESHOLD) {
      const twoStops: Itinerary[] = [];
      // Only the hubs closest to the straight line: two-stop search is cubic in hubs and carriers.
      const detour = (h: Airport) => net.km(o, h) + net.km(h, d);
      const nearest = [...candidates].sort((a, b) => detour(a) - detour(b)).slice(0, TWO_STOP_HUBS);
      this.#twoStops(set, q, nearest, direct, maxElapsed * 1.3, twoStops);
      out.push(...twoStops.sort((a, b) => elapsed(a) - elapsed(b)).slice(0, MAX_TWO_STOPS));
    }
    return sortItineraries(out);
  }

  #canConnect(set: CarrierSet, a: Airline, b: Airline, hub: string): boolean {
    const viaHub = this.network.isHub(a, hub) || this.network.isHub(b, hub);
    if (!viaHub) return false;
    if (a.code === b.code) return true;
    return set.allianceConnections && !!a.alliance && a.alliance === b.alliance;
  }

  /** The first flights of `airline` from hub to dest that make the connection from `inbound` (today or tomorrow). */
  #followers(airline: Airline, hub: Airport, dest: Airport, inbound: Flight, cabin: CabinClass): Flight[] {
    const out: Flight[] = [];
    const arrivalDay = inbound.arrival.slice(0, 10);
    const days = [arrivalDay, addDays(arrivalDay, 1)];
    for (const day of days) {
      for (const f of this.network.flightsOn(airline, hub, dest, day)) {
        if (!hasCabin(f, cabin)) continue;
        const gap = (f.depUtc - inbound.arrUtc) / 60_000;
        if (gap < minimumConnectionMinutes(hub, inbound, f) || gap > MAX_CONNECTION_MIN) continue;
        out.push(f);
        if (out.length >= MAX_FOLLOWERS_PER_CARRIER) return out;
      }
    }
    return out;
  }

  #twoStops(set: CarrierSet, q: ItineraryQuery, hubs: Airport[], direct: number, maxElapsed: number, out: Itinerary[]): void {
    const net = this.network;
    const { origin: o, destination: d, date, cabin } = q;
    const firsts = new Map(hubs.map((h) => [h, set.airlines.filter((a) => net.operates(a, o, h))]));
    const lasts = new Map(hubs.map((h) => [h, set.airlines.filter((a) => net.operates(a, h, d))]));
    for (const h1 of hubs) {
      const as = firsts.get(h1)!;
      if (!as.length) continue;
      for (const h2 of hubs) {
        const cs = lasts.get(h2)!;
        if (!cs.length || h1 === h2 || h1.cityCode === h2.cityCode) continue;
        if (net.km(o, h1) + net.km(h1, h2) + net.km(h2, d) > direct * 1.5 + 400) continue;
        const bs = set.airlines.filter((b) => net.operates(b, h1, h2));
        for (const a of as) {
          for (const b of bs) {
            if (!this.#canConnect(set, a, b, h1.code)) continue;
            for (const c of cs) {
              if (!this.#canConnect(set, b, c, h2.code)) continue;
              if (a.code !== c.code && !(set.allianceConnections && a.alliance && a.alliance === c.alliance)) continue;
              for (const f1 of net.flightsOn(a, o, h1, date)) {
                if (!hasCabin(f1, cabin)) continue;
                const f2 = this.#followers(b, h1, h2, f1, cabin)[0];
                if (!f2) continue;
                const f3 = this.#followers(c, h2, d, f2, cabin)[0];
                if (!f3) continue;
                const it = { segments: [f1, f2, f3] };
                if (elapsed(it) <= maxElapsed) out.push(it);
              }
            }
          }
        }
      }
    }
  }
}

function sortItineraries(list: Itinerary[]): Itinerary[] {
  return list.sort((a, b) => a.segments[0].depUtc - b.segments[0].depUtc || elapsed(a) - elapsed(b) || a.segments.length - b.segments.length);
}

export { elapsed as itineraryElapsedMs };
