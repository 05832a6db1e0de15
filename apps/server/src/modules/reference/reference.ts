import { isCountryCode } from '@portal/contract/countries';
import { LANGUAGES, type Language } from '@portal/contract/languages';
import type { Location, LocationType } from '@portal/contract/api/shopping';
import airlinesData from './data/airlines.json' with { type: 'json' };
import airportsData from './data/airports.json' with { type: 'json' };
import citiesData from './data/cities.json' with { type: 'json' };
import { CONTINENT_OF_COUNTRY } from './data/continents.ts';
import { ALLIANCES, type Airline, type Airport, type City, type Continent } from './types.ts';

/**
 * Airports, cities (IATA metropolitan areas) and airlines: static data shipped in ./data (sources and licences in
 * data/SOURCES.md), checked and indexed once when this module loads. A broken data file fails the start-up, never a
 * request.
 */

const AIRPORTS: readonly Airport[] = airportsData as Airport[];
const CITIES: readonly City[] = citiesData as City[];
const AIRLINES: readonly Airline[] = airlinesData as Airline[];

const airportByCode = new Map(AIRPORTS.map((a) => [a.code, a]));
const cityByCode = new Map(CITIES.map((c) => [c.code, c]));
const airlineByCode = new Map(AIRLINES.map((a) => [a.code, a]));

validate();

export const getAirport = (code: string): Airport | undefined => airportByCode.get(code.toUpperCase());
export const getCity = (code: string): City | undefined => cityByCode.get(code.toUpperCase());
export const getAirline = (code: string): Airline | undefined => airlineByCode.get(code.toUpperCase());
export const allAirports = (): readonly Airport[] => AIRPORTS;
export const allCities = (): readonly City[] => CITIES;
export const allAirlines = (): readonly Airline[] => AIRLINES;

/**
 * City code of a city or airport code (a city code wins when a code is both, as SHA is); undefined when unknown. With
 * type 'airport', the city of that airport only.
 */
export function cityCodeOf(code: string, type?: LocationType | null): string | undefined {
  const c = code.toUpperCase();
  if (type === 'airport') return airportByCode.get(c)?.cityCode;
  if (cityByCode.has(c)) return c;
  return airportByCode.get(c)?.cityCode;
}

/**
 * A city code expands to its airports, busiest first; an airport code gives itself; [] when unknown. With type
 * 'airport' the code is only ever that airport (SHA is Hongqiao, not Shanghai), [] when it is no airport.
 */
export function airportsFor(code: string, type?: LocationType | null): string[] {
  const c = code.toUpperCase();
  if (type === 'airport') return airportByCode.has(c) ? [c] : [];
  const city = cityByCode.get(c);
  if (city) return [...city.airports];
  return airportByCode.has(c) ? [c] : [];
}

/** ISO country of an airport or city code; undefined when unknown. */
export function countryOf(code: string): string | undefined {
  const c = code.toUpperCase();
  return (airportByCode.get(c) ?? cityByCode.get(c))?.countryCode;
}

/** Continent of an ISO 3166-1 alpha-2 country (GeoNames convention); throws RangeError for a code that is not one. */
export function continentOf(countryCode: string): Continent {
  const continent = CONTINENT_OF_COUNTRY.get(countryCode.toUpperCase());
  if (!continent) throw new RangeError(`unknown country code ${countryCode}`);
  return continent;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in km between two airports (a city code stands for its busiest airport). */
export function greatCircleKm(a: string, b: string): number {
  const p = pointOf(a);
  const q = pointOf(b);
  const rad = Math.PI / 180;
  const h = Math.sin(((q.lat - p.lat) * rad) / 2) ** 2 + Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(((q.lon - p.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function pointOf(code: string): Airport {
  const airport = getAirport(code) ?? getAirport(airportsFor(code)[0] ?? '');
  if (!airport) throw new RangeError(`unknown airport ${code}`);
  return airport;
}

// ---------------------------------------------------------------------------------------------------------------
// Location search. Every city and airport becomes an entry with its search keys normalised once; a query is a scan
// of ~1,200 entries with startsWith/includes on short strings (well under a millisecond).

export interface LocationSearch {
  lang: Language;
  limit: number;
  airportsOnly: boolean;
  /** The caller's favourite city codes: their matches come first (after an exact code match). */
  favourites: readonly string[];
  /** ISO countries whose cities and airports are left out (an agency that hides mainland China passes ["CN"]). */
  excludeCountries?: readonly string[];
}

/** How well an entry matched: lower is better. */
const EXACT = 0;
/** The whole name or the whole pinyin ("dali" finds Dali before the busier Dalian). */
const WHOLE = 0.5;
const PREFIX = 1;
const PARTIAL = 2;
const NONE = 9;

interface Entry {
  code: string;
  cityCode: string;
  /** Busiest airport rank of the city, or the airport's own. */
  rank: number;
  /** Latin names (English), lower case without accents or punctuation, from each word start: "new york", "york". The first is the whole name. */
  words: string[];
  /** Latin names with the spaces taken out ("newyork", "xian"). */
  compact: string[];
  /** Full pinyin (and its ü→u spelling). */
  pinyin: string[];
  initials: string | null;
  /** Chinese names in both scripts. */
  han: string[];
}

/** Words that start almost every airport name: matching them would only add noise. */
const NOISE_WORDS = new Set(['airport', 'international', 'intl', 'airfield', 'regional', 'municipal', 'field']);

function latin(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function wordStarts(name: string): string[] {
  const n = latin(name);
  const out = [n];
  for (let i = n.indexOf(' '); i >= 0; i = n.indexOf(' ', i + 1)) {
    const rest = n.slice(i + 1);
    if (!NOISE_WORDS.has(rest.split(' ', 1)[0])) out.push(rest);
  }
  return out;
}

function entryOf(code: string, cityCode: string, rank: number, names: City['name'], city: City | null): Entry {
  const pinyin = city?.pinyin ? [...new Set([city.pinyin, city.pinyin.replace(/v/g, 'u')])] : [];
  return {
    code,
    cityCode,
    rank,
    words: wordStarts(names.en),
    compact: [latin(names.en).replace(/ /g, '')],
    pinyin,
    initials: city?.pinyinInitials ?? null,
    han: [...new Set([names['zh-CN'], names['zh-TW']])],
  };
}

const cityRank = (c: City) => Math.min(...c.airports.map((a) => airportByCode.get(a)!.rank));
const CITY_ENTRIES = new Map(CITIES.map((c) => [c.code, entryOf(c.code, c.code, cityRank(c), c.name, c)]));
const AIRPORT_ENTRIES = new Map(AIRPORTS.map((a) => [a.code, entryOf(a.code, a.cityCode, a.rank, a.name, null)]));

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

interface Query {
  han: string | null;
  words: string;
  compact: string;
  upper: string;
}

function parseQuery(q: string): Query | null {
  const trimmed = q.normalize('NFKC').trim();
  if (!trimmed) return null;
  if (HAN.test(trimmed)) return { han: trimmed.replace(/\s+/g, ''), words: '', compact: '', upper: '' };
  const words = latin(trimmed);
  if (!words) return null;
  const compact = words.replace(/ /g, '');
  return { han: null, words, compact, upper: compact.toUpperCase() };
}

function score(e: Entry, q: Query): number {
  if (q.han !== null) {
    let best = NONE;
    for (const h of e.han) {
      if (h === q.han) return WHOLE;
      if (h.startsWith(q.han)) best = Math.min(best, PREFIX);
      else if (h.includes(q.han)) best = Math.min(best, PARTIAL);
    }
    return best;
  }
  if (q.upper.length === 3 && e.code === q.upper) return EXACT;
  if (e.words[0] === q.words || e.compact[0] === q.compact || e.pinyin.includes(q.compact)) return WHOLE;
  if (e.words[0].startsWith(q.words) || e.compact[0].startsWith(q.compact)) return PREFIX;
  for (const p of e.pinyin) if (p.startsWith(q.compact)) return PREFIX;
  if (e.initials !== null && e.initials === q.compact) return PREFIX;
  for (let i = 1; i < e.words.length; i++) if (e.words[i].startsWith(q.words)) return PARTIAL;
  if (e.initials !== null && q.compact.length >= 2 && e.initials.startsWith(q.compact)) return PARTIAL;
  // A short code prefix ("PE") is a weak hint: names and pinyin initials ("cd" is Chengdu, not CDG) come first.
  if (q.upper.length < 3 && e.code.startsWith(q.upper)) return PARTIAL;
  return NONE;
}

interface Group {
  cityCode: string;
  /** Whether the city itself matched (then all its airports follow it). */
  cityMatched: boolean;
  airports: string[];
  exact: boolean;
  favourite: boolean;
  quality: number;
  rank: number;
}

/**
 * Location search for the airport/city pickers: a code ("PEK", "lon"), English name words ("new y", "heathrow"),
 * Chinese names in either script ("北京", "臺北") and pinyin, full or initials ("beijing", "bj"). Order: an exact code
 * match, then the caller's favourite cities, then the rest by match quality and traffic; each city comes before its
 * airports. `airportsOnly` lists airports only (a matching city contributes all of its airports).
 */
export function searchLocations(q: string, opts: LocationSearch): Location[] {
  const query = parseQuery(q);
  if (!query || opts.limit <= 0) return [];
  const favourites = new Set(opts.favourites.map((f) => cityCodeOf(f) ?? f.toUpperCase()));
  const groups = new Map<string, Group>();
  const groupOf = (cityCode: string, rank: number): Group => {
    let g = groups.get(cityCode);
    if (!g) {
      g = { cityCode, cityMatched: false, airports: [], exact: false, favourite: favourites.has(cityCode), quality: NONE, rank };
      groups.set(cityCode, g);
    }
    return g;
  };
  for (const e of CITY_ENTRIES.values()) {
    const s = score(e, query);
    if (s === NONE) continue;
    const g = groupOf(e.code, e.rank);
    g.cityMatched = true;
    g.exact ||= s === EXACT;
    g.quality = Math.min(g.quality, s);
  }
  for (const e of AIRPORT_ENTRIES.values()) {
    const s = score(e, query);
    if (s === NONE) continue;
    const g = groupOf(e.cityCode, CITY_ENTRIES.get(e.cityCode)!.rank);
    g.airports.push(e.code);
    g.exact ||= s === EXACT;
    g.quality = Math.min(g.quality, s);
  }
  const ordered = [...groups.values()].sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      Number(b.favourite) - Number(a.favourite) ||
      a.quality - b.quality ||
      a.rank - b.rank ||
      (a.cityCode < b.cityCode ? -1 : 1),
  );
  const out: Location[] = [];
  const excluded = new Set((opts.excludeCountries ?? []).map((c) => c.toUpperCase()));
  for (const g of ordered) {
    const city = cityByCode.get(g.cityCode)!;
    const cityName = city.name[opts.lang];
    if (g.cityMatched && !opts.airportsOnly && !excluded.has(city.countryCode)) {
      out.push({ type: 'city', code: city.code, cityCode: city.code, countryCode: city.countryCode, name: cityName, cityName, airports: [...city.airports], favourite: g.favourite });
    }
    const codes = g.cityMatched ? city.airports : city.airports.filter((a) => g.airports.includes(a));
    for (const code of codes) {
      if (out.length >= opts.limit) break;
      const a = airportByCode.get(code)!;
      if (excluded.has(a.countryCode)) continue;
      out.push({ type: 'airport', code, cityCode: city.code, countryCode: a.countryCode, name: a.name[opts.lang], cityName, airports: [], favourite: g.favourite });
    }
    if (out.length >= opts.limit) break;
  }
  return out.slice(0, opts.limit);
}

// ---------------------------------------------------------------------------------------------------------------

function validate(): void {
  const problems: string[] = [];
  const unique = (kind: string, codes: string[]) => {
    const seen = new Set<string>();
    for (const c of codes) (seen.has(c) ? problems.push(`duplicate ${kind} ${c}`) : seen.add(c));
  };
  unique('airport', AIRPORTS.map((a) => a.code));
  unique('city', CITIES.map((c) => c.code));
  unique('airline', AIRLINES.map((a) => a.code));
  const zoneOk = new Map<string, boolean>();
  const validZone = (tz: string) => {
    if (!zoneOk.has(tz)) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        zoneOk.set(tz, true);
      } catch {
        zoneOk.set(tz, false);
      }
    }
    return zoneOk.get(tz)!;
  };
  const names = (what: string, n: City['name']) => {
    for (const l of LANGUAGES) if (!n?.[l]?.trim()) problems.push(`${what}: no ${l} name`);
  };
  const place = (what: string, p: { countryCode: string; lat: number; lon: number; timeZone: string }) => {
    if (!isCountryCode(p.countryCode) || !CONTINENT_OF_COUNTRY.has(p.countryCode)) problems.push(`${what}: country ${p.countryCode}`);
    if (!(Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180)) problems.push(`${what}: coordinates ${p.lat},${p.lon}`);
    if (!validZone(p.timeZone)) problems.push(`${what}: time zone ${p.timeZone}`);
  };
  for (const a of AIRPORTS) {
    const what = `airport ${a.code}`;
    if (!/^[A-Z]{3}$/.test(a.code)) problems.push(`${what}: code`);
    names(what, a.name);
    place(what, a);
    if (!Number.isInteger(a.rank) || a.rank < 1) problems.push(`${what}: rank ${a.rank}`);
    const city = cityByCode.get(a.cityCode);
    if (!city) problems.push(`${what}: city ${a.cityCode} does not exist`);
    else if (!city.airports.includes(a.code)) problems.push(`${what}: not listed by its city ${a.cityCode}`);
    const other = cityByCode.get(a.code);
    if (other && other.code !== a.cityCode) problems.push(`${what}: is also the code of another city`);
  }
  for (const c of CITIES) {
    const what = `city ${c.code}`;
    names(what, c.name);
    place(what, c);
    if (c.airports.length === 0) problems.push(`${what}: no airports`);
    for (const code of c.airports) if (airportByCode.get(code)?.cityCode !== c.code) problems.push(`${what}: lists ${code}, which is not its airport`);
    const chinese = ['CN', 'HK', 'MO', 'TW'].includes(c.countryCode);
    if (chinese && !(c.pinyin && /^[a-z]+$/.test(c.pinyin) && c.pinyinInitials)) problems.push(`${what}: Chinese city without pinyin`);
    // Busiest first, whatever order the file has.
    c.airports.sort((x, y) => (airportByCode.get(x)?.rank ?? 0) - (airportByCode.get(y)?.rank ?? 0));
  }
  for (const al of AIRLINES) {
    const what = `airline ${al.code}`;
    if (!/^[A-Z0-9]{2}$/.test(al.code)) problems.push(`${what}: code`);
    names(what, al.name);
    if (!isCountryCode(al.countryCode)) problems.push(`${what}: country ${al.countryCode}`);
    if (al.alliance !== null && !ALLIANCES.includes(al.alliance)) problems.push(`${what}: alliance ${al.alliance}`);
    if (typeof al.lowCost !== 'boolean') problems.push(`${what}: lowCost`);
    if (al.longHaul !== undefined && typeof al.longHaul !== 'boolean') problems.push(`${what}: longHaul`);
    for (const h of al.hubs) if (!airportByCode.has(h)) problems.push(`${what}: hub ${h} is not a known airport`);
  }
  if (problems.length) throw new Error(`reference data is invalid:\n${problems.join('\n')}`);
}
