import type { CabinClass } from '@portal/contract/api/shopping';
import type { Airline, Airport } from '../../../modules/reference/types.ts';
import { aircraftFor, cabinsFor, type CabinSeats } from './aircraft.ts';
import { hash32, percentOf, seeded } from './prng.ts';
import { distanceKm, type ReferenceData } from './reference.ts';
import { isoUtc, localToUtc, utcToLocal, weekday } from './tz.ts';

/** One scheduled flight on one local departure date. Marketing and operating carrier are the same (no codeshares). */
export interface Flight {
  carrier: string;
  /** Carrier code and number, "CA937". */
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
  /** Local wall-clock times, "YYYY-MM-DDTHH:mm". */
  departure: string;
  arrival: string;
  depUtc: number;
  arrUtc: number;
  /** ISO instants of depUtc / arrUtc. */
  departureUtc: string;
  arrivalUtc: string;
  blockMinutes: number;
  aircraft: string;
  cabins: CabinSeats;
  originTerminal: string | null;
  destinationTerminal: string | null;
  km: number;
  domestic: boolean;
}

const TAXI_AND_CLIMB_MIN = 35;
const CRUISE_KMH = 830;

/**
 * Block time (gate to gate) from great-circle distance: taxi, climb and descent allowance plus cruise at ~830 km/h,
 * 5% faster eastbound (jet stream) and 5% slower westbound; rounded to 5 minutes.
 */
export function blockMinutes(km: number, from: { lon: number }, to: { lon: number }): number {
  let dLon = to.lon - from.lon;
  if (dLon > 180) dLon -= 360;
  if (dLon < -180) dLon += 360;
  const wind = dLon > 5 ? 0.95 : dLon < -5 ? 1.05 : 1;
  const minutes = TAXI_AND_CLIMB_MIN + (km / CRUISE_KMH) * 60 * wind;
  return Math.round(minutes / 5) * 5;
}

/** Longest segment, great-circle km, flown by a carrier without the `longHaul` flag. */
export const SHORT_HAUL_MAX_KM = 4500;

/** Minimum connection time at `hub`: 60 domestic, 90 international; 75/120 at the busiest hubs. */
export function minimumConnectionMinutes(hub: Airport, inbound: Flight, outbound: Flight): number {
  const international = !inbound.domestic || !outbound.domestic;
  const big = hub.rank <= 15;
  if (international) return big ? 120 : 90;
  return big ? 75 : 60;
}

const SHORT_HAUL_FIRST = 7 * 60;
const SHORT_HAUL_LAST = 22 * 60;
/** Long-haul departure waves, local minutes: late-night and midday banks, evening departures. */
const LONG_HAUL_WAVES = [15, 80, 135, 570, 640, 720, 800, 870, 1020, 1140, 1230, 1320, 1390];

/**
 * The world's airline network as the simulators see it: who flies where, how often, when and with what. Everything
 * is a pure function of (carrier, route, date) so that every supplier selling a carrier sees the same flights.
 * Results are memoised per instance (bounded).
 */
export class Network {
  readonly #operates = new Map<number, boolean>();
  readonly #ids = new Map<string, number>();
  readonly #terminals = new Map<string, string | null>();
  readonly #flights = new Map<string, Flight[]>();
  readonly #km = new Map<string, number>();
  readonly #hubs = new Map<string, Set<string>>();

  constructor(readonly ref: ReferenceData) {}

  /** Small integer per airport or airline code, for numeric cache keys (the hot path of itinerary search). */
  #id(code: string): number {
    let id = this.#ids.get(code);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(code, id);
    }
    return id;
  }

  airport(code: string): Airport | undefined {
    return this.ref.getAirport(code) ?? undefined;
  }

  airline(code: string): Airline | undefined {
    return this.ref.getAirline(code) ?? undefined;
  }

  km(a: Airport, b: Airport): number {
    const key = a.code < b.code ? `${a.code}${b.code}` : `${b.code}${a.code}`;
    let km = this.#km.get(key);
    if (km === undefined) {
      km = distanceKm(a, b);
      this.#km.set(key, km);
    }
    return km;
  }

  isHub(airline: Airline, airport: string): boolean {
    let hubs = this.#hubs.get(airline.code);
    if (!hubs) {
      hubs = new Set(airline.hubs);
      this.#hubs.set(airline.code, hubs);
    }
    return hubs.has(airport);
  }

  sameContinent(a: string, b: string): boolean {
    if (a === b) return true;
    const ca = this.ref.continentOf(a);
    return !!ca && ca === this.ref.continentOf(b);
  }

  /**
   * Whether `airline` flies nonstop between X and Y (both directions alike). Carriers fly from their hubs: to their
   * own country, to big airports of their continent and to the world's biggest airports further away; full-service
   * carriers also link big domestic cities point to point, low-cost carriers fly point to point from home more
   * freely but only within narrow-body (or their few wide-bodies') range.
   */
  operates(airline: Airline, x: Airport, y: Airport): boolean {
    const ix = this.#id(x.code);
    const iy = this.#id(y.code);
    const key = (this.#id(airline.code) * 65_536 + Math.min(ix, iy)) * 65_536 + Math.max(ix, iy);
    const hit = this.#operates.get(key);
    if (hit !== undefined) return hit;
    const [a, b] = x.code < y.code ? [x, y] : [y, x];
    const answer = this.#decideOperates(airline, a, b);
    if (this.#operates.size > 500_000) this.#operates.clear();
    this.#operates.set(key, answer);
    return answer;
  }

  #decideOperates(airline: Airline, a: Airport, b: Airport): boolean {
    if (a.cityCode === b.cityCode || a.suspended || b.suspended) return false;
    const km = this.km(a, b);
    if (km < 200 || km > (airline.lowCost ? 7500 : 16500)) return false;
    // Regional and short-haul carriers (no `longHaul` flag) stay within narrow-body range.
    if (!airline.longHaul && km > SHORT_HAUL_MAX_KM) return false;
    const home = airline.countryCode;
    const roll = percentOf(airline.code, a.code, b.code, 'op');
    const ha = this.isHub(airline, a.code);
    const hb = this.isHub(airline, b.code);
    if (ha && hb) return true;
    if (ha || hb) {
      const other = ha ? b : a;
      if (other.countryCode === home) return roll < (airline.lowCost ? 75 : 92);
      const near = this.sameContinent(other.countryCode, home);
      if (airline.lowCost) return near ? roll < (other.rank <= 40 ? 70 : 30) : roll < 20 && other.rank <= 30;
      const p = near
        ? other.rank <= 20 ? 95 : other.rank <= 60 ? 70 : other.rank <= 150 ? 35 : 10
        : other.rank <= 10 ? 95 : other.rank <= 30 ? 75 : other.rank <= 60 ? 35 : 8;
      return roll < p;
    }
    if (a.countryCode === home && b.countryCode === home) {
      if (airline.lowCost) return roll < (a.rank <= 60 && b.rank <= 60 ? 45 : 15);
      return roll < (a.rank <= 15 && b.rank <= 15 ? 70 : a.rank <= 40 && b.rank <= 40 ? 25 : 5);
    }
    if (airline.lowCost && (a.countryCode === home || b.countryCode === home) && km < 4500) {
      const foreign = a.countryCode === home ? b : a;
      return this.sameContinent(foreign.countryCode, home) && foreign.rank <= 60 && roll < 30;
    }
    return false;
  }

  /** Daily frequency (same both ways) and the weekdays flown: thin long-haul routes fly three to six days a week. */
  #frequency(airline: Airline, a: Airport, b: Airport, km: number): { daily: number; days: number } {
    const size = (p: Airport) => (p.rank <= 10 ? 3 : p.rank <= 30 ? 2 : 1);
    const weight = size(a) * size(b);
    const rnd = seeded(airline.code, a.code < b.code ? a.code : b.code, a.code < b.code ? b.code : a.code, 'freq');
    let f: number;
    if (km < 1500) f = 1 + weight * 1.3;
    else if (km < 3000) f = 1 + weight * 0.5;
    else if (km < 6000) f = 1 + weight * 0.22;
    else f = weight >= 6 ? 2 : 1;
    if (!this.isHub(airline, a.code) && !this.isHub(airline, b.code)) f *= 0.5;
    if (airline.lowCost) f *= 0.7;
    const daily = Math.max(1, Math.min(14, Math.round(f * (0.7 + 0.6 * rnd()))));
    let days = 0x7f;
    if (daily === 1 && km > 5000 && weight < 4) {
      const count = 3 + Math.floor(rnd() * 4);
      const start = Math.floor(rnd() * 7);
      days = 0;
      for (let i = 0; i < count; i++) days |= 1 << ((start + i * 2) % 7);
    }
    return { daily, days };
  }

  /** Flights of `airline` from X to Y departing on local `date` (empty when it does not fly the route that day). */
  flightsOn(airline: Airline, x: Airport, y: Airport, date: string): Flight[] {
    const key = `${airline.code}|${x.code}|${y.code}|${date}`;
    const hit = this.#flights.get(key);
    if (hit) return hit;
    const flights = this.operates(airline, x, y) ? this.#build(airline, x, y, date) : [];
    if (this.#flights.size > 100_000) this.#flights.clear();
    this.#flights.set(key, flights);
    return flights;
  }

  /** The flight with this number on this route and date, or undefined (verification rebuilds offers with it). */
  findFlight(carrier: string, flightNumber: string, origin: string, destination: string, date: string): Flight | undefined {
    const airline = this.airline(carrier);
    const x = this.airport(origin);
    const y = this.airport(destination);
    if (!airline || !x || !y) return undefined;
    return this.flightsOn(airline, x, y, date).find((f) => f.flightNumber === flightNumber);
  }

  #build(airline: Airline, x: Airport, y: Airport, date: string): Flight[] {
    const km = this.km(x, y);
    const { daily, days } = this.#frequency(airline, x, y, km);
    if (!(days & (1 << weekday(date)))) return [];
    const domestic = x.countryCode === y.countryCode;
    const trunk = domestic && x.rank <= 15 && y.rank <= 15;
    const block = blockMinutes(km, x, y);
    const outbound = x.code < y.code;
    // Flight numbers are stable per carrier and route: odd one way, even the other, one pair per frequency.
    const routeHash = hash32(`${airline.code}|${outbound ? x.code : y.code}|${outbound ? y.code : x.code}`);
    const longHaul = km >= 4500;
    const base = longHaul && !domestic ? 100 + 2 * (routeHash % 400) : 1000 + 2 * (routeHash % 4000);
    const times = this.#departureTimes(airline, x, y, daily, longHaul);
    const flights: Flight[] = [];
    for (let i = 0; i < times.length; i++) {
      const number = base + 2 * i + (outbound ? 1 : 0);
      const flightNumber = `${airline.code}${number}`;
      const depUtc = localToUtc(date, times[i], x.timeZone);
      const arrUtc = depUtc + block * 60_000;
      const aircraft = aircraftFor(airline, `${airline.code}${base + 2 * i}`, km, trunk);
      flights.push({
        carrier: airline.code,
        flightNumber,
        origin: x.code,
        destination: y.code,
        date,
        departure: utcToLocal(depUtc, x.timeZone),
        arrival: utcToLocal(arrUtc, y.timeZone),
        depUtc,
        arrUtc,
        departureUtc: isoUtc(depUtc),
        arrivalUtc: isoUtc(arrUtc),
        blockMinutes: block,
        aircraft: aircraft.code,
        cabins: cabinsFor(airline, aircraft, km),
        originTerminal: this.#terminal(airline, x),
        destinationTerminal: this.#terminal(airline, y),
        km,
        domestic,
      });
    }
    return flights;
  }

  #departureTimes(airline: Airline, x: Airport, y: Airport, daily: number, longHaul: boolean): number[] {
    const rnd = seeded(airline.code, x.code, y.code, 'times');
    const round5 = (m: number) => Math.round(m / 5) * 5;
    const out: number[] = [];
    if (longHaul) {
      const start = Math.floor(rnd() * LONG_HAUL_WAVES.length);
      const step = 1 + Math.floor(rnd() * 3);
      for (let i = 0; i < daily; i++) out.push(LONG_HAUL_WAVES[(start + i * step) % LONG_HAUL_WAVES.length] + round5(rnd() * 20));
    } else {
      const span = SHORT_HAUL_LAST - SHORT_HAUL_FIRST;
      for (let i = 0; i < daily; i++) out.push(round5(SHORT_HAUL_FIRST + ((i + 0.5) * span) / daily + (rnd() - 0.5) * Math.min(50, span / daily / 2)));
    }
    return [...new Set(out)].sort((p, q) => p - q);
  }

  /** Big airports have terminals; a carrier always uses the same one at an airport. */
  #terminal(airline: Airline, airport: Airport): string | null {
    if (airport.rank > 40) return null;
    const key = `${airline.code}${airport.code}`;
    let t = this.#terminals.get(key);
    if (t === undefined) {
      t = `T${1 + (percentOf(airline.code, airport.code, 'terminal') % (airport.rank <= 10 ? 3 : 2))}`;
      this.#terminals.set(key, t);
    }
    return t;
  }
}

export function hasCabin(flight: Flight, cabin: CabinClass): boolean {
  return (flight.cabins[cabin] ?? 0) > 0;
}
