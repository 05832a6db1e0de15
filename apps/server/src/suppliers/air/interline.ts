import type { Airline, Airport } from '../../modules/reference/types.ts';
import type { Itinerary } from './schedule/itineraries.ts';
import { hasCabin, type Network } from './schedule/network.ts';
import { addDays } from './schedule/tz.ts';

/** A self-transfer needs time to collect bags, pass immigration where needed, and check in again. */
export const SELF_TRANSFER_MIN_MINUTES = 180;
const SELF_TRANSFER_MAX_MINUTES = 12 * 60;
const MAX_PER_LEG = 16;

/**
 * Virtual interlining: joins two nonstop flights of different carriers that have no agreement with each other (at
 * least one of them low-cost) into one journey through a connecting airport, on separate tickets. The connection
 * is at the same airport and at least SELF_TRANSFER_MIN_MINUTES long; the leg is marked selfTransfer and the offer
 * virtualInterline, and the fare follows the self-transfer rules (no changes, refunds or voids; bags re-checked;
 * a missed connection is the traveller's risk). Deterministic like everything else in the schedule.
 */
export class InterlineComposer {
  readonly #cache = new Map<string, Itinerary[]>();
  readonly #hubs: Airport[];

  constructor(
    readonly network: Network,
    readonly airlines: readonly Airline[],
  ) {
    const codes = new Set(airlines.flatMap((a) => a.hubs));
    this.#hubs = [...codes].map((c) => network.airport(c)).filter((a): a is Airport => !!a);
  }

  compose(o: Airport, d: Airport, date: string): Itinerary[] {
    const key = `${o.code}|${d.code}|${date}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const result = this.#compose(o, d, date);
    if (this.#cache.size > 2_000) this.#cache.delete(this.#cache.keys().next().value as string);
    this.#cache.set(key, result);
    return result;
  }

  #compose(o: Airport, d: Airport, date: string): Itinerary[] {
    const net = this.network;
    const direct = net.km(o, d);
    const domestic = o.countryCode === d.countryCode;
    const out: Itinerary[] = [];
    for (const hub of this.#hubs) {
      if (hub.cityCode === o.cityCode || hub.cityCode === d.cityCode) continue;
      if (domestic && hub.countryCode !== o.countryCode) continue;
      if (net.km(o, hub) + net.km(hub, d) > direct * 1.3 + 300) continue;
      const firsts = this.airlines.filter((a) => net.operates(a, o, hub));
      if (!firsts.length) continue;
      const seconds = this.airlines.filter((a) => net.operates(a, hub, d));
      for (const a of firsts) {
        for (const b of seconds) {
          if (a.code === b.code || (!a.lowCost && !b.lowCost)) continue;
          for (const f1 of net.flightsOn(a, o, hub, date)) {
            if (!hasCabin(f1, 'economy')) continue;
            const day = f1.arrival.slice(0, 10);
            const f2 = [...net.flightsOn(b, hub, d, day), ...net.flightsOn(b, hub, d, addDays(day, 1))].find((f) => {
              const gap = (f.depUtc - f1.arrUtc) / 60_000;
              return gap >= SELF_TRANSFER_MIN_MINUTES && gap <= SELF_TRANSFER_MAX_MINUTES && hasCabin(f, 'economy');
            });
            if (f2) out.push({ segments: [f1, f2] });
          }
        }
      }
    }
    const elapsed = (it: Itinerary) => it.segments[1].arrUtc - it.segments[0].depUtc;
    return out.sort((x, y) => elapsed(x) - elapsed(y)).slice(0, MAX_PER_LEG).sort((x, y) => x.segments[0].depUtc - y.segments[0].depUtc);
  }
}
