import type { Language } from '@portal/contract/languages';
import type { RailStation } from '../../suppliers/rail/types.ts';
import { getStation, stationsFor } from '../reference/stations.ts';

/**
 * Reads a search's from and to as the station picker offers them: a city key (BJS, or a pinyin key such as
 * "langfang") stands for all of the city's stations, a telegraph code (VNP) for its station; the railway station
 * reference decides, so the picker and the search agree (HGH is Hangzhou, the city, as the picker offers it). A place
 * the reference does not know may still be one the rail suppliers sell: their own codes, city keys and station names.
 */
export class TrainPlaces {
  readonly #byCode = new Map<string, RailStation>();
  readonly #byCity = new Map<string, string[]>();
  readonly #byName = new Map<string, string>();

  constructor(supplierStations: RailStation[]) {
    for (const s of supplierStations) {
      if (this.#byCode.has(s.code)) continue;
      this.#byCode.set(s.code, s);
      const city = s.city.toLowerCase();
      this.#byCity.set(city, [...(this.#byCity.get(city) ?? []), s.code]);
      for (const name of [s.name, ...Object.values(s.names ?? {})]) if (name) this.#byName.set(name.toLowerCase(), s.code);
    }
  }

  /** The station codes a place names, or null when nobody knows it. */
  resolve(place: string): string[] | null {
    const p = place.trim();
    const known = stationsFor(p);
    if (known.length) return known;
    const code = p.toUpperCase();
    if (this.#byCode.has(code)) return [code];
    const name = this.#byName.get(p.toLowerCase());
    return this.#byCity.get(p.toLowerCase()) ?? (name ? [name] : null);
  }

  cityOf(code: string): string | undefined {
    return getStation(code)?.cityCode ?? this.#byCode.get(code)?.city;
  }

  /** The station's name in the reader's language, else as on the ticket. */
  name(code: string, lang: Language): string {
    const s = this.#byCode.get(code);
    return getStation(code)?.name[lang] ?? s?.names?.[lang] ?? s?.name ?? code;
  }
}
