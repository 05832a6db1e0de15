import { isCountryCode } from '@portal/contract/countries';
import { LANGUAGES, type Language } from '@portal/contract/languages';
import type { Location, LocationType } from '@portal/contract/api/shopping';
import { readFileSync } from 'node:fs';
import { CONTINENT_OF_COUNTRY } from './data/continents.ts';
import { ALLIANCES, type Airline, type Airport, type City, type Continent, type CountryEntry } from './types.ts';

/**
 * Airports, cities (IATA metropolitan areas) and airlines: static data shipped in ./data (sources and licences in
 * data/SOURCES.md), checked and indexed once when this module loads. A broken data file fails the start-up, never a
 * request.
 */

// Read and parsed as JSON rather than imported: the server runs under tsx, which turns an imported JSON file into a
// JavaScript module first (about ten times slower for the 1 MB of airports and cities), and the type checker need
// not infer a type for 3,000 records.
const load = <T>(file: string): T => JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T;
const AIRPORTS: readonly Airport[] = load<Airport[]>('airports.json');
const AIRLINES: readonly Airline[] = load<Airline[]>('airlines.json');
const COUNTRIES: readonly CountryEntry[] = load<CountryEntry[]>('countries.json');

/** cities.json carries only a city's own fields (pinyin only for Chinese cities); its airports, point and zone are its airports'. */
type CityRow = Omit<City, 'airports' | 'lat' | 'lon' | 'timeZone' | 'pinyin' | 'pinyinInitials'> & { pinyin?: string; pinyinInitials?: string };

const airportByCode = new Map(AIRPORTS.map((a) => [a.code, a]));
const CITIES: readonly City[] = load<CityRow[]>('cities.json').map((c) => ({
  ...c,
  pinyin: c.pinyin ?? null,
  pinyinInitials: c.pinyinInitials ?? null,
  airports: [],
  lat: NaN,
  lon: NaN,
  timeZone: '',
}));
const cityByCode = new Map(CITIES.map((c) => [c.code, c]));
const airlineByCode = new Map(AIRLINES.map((a) => [a.code, a]));
// Busiest first: the airports file is in rank order, and validate() checks that.
for (const a of AIRPORTS) {
  const city = cityByCode.get(a.cityCode);
  if (!city) continue; // reported by validate()
  if (city.airports.length === 0) Object.assign(city, { lat: a.lat, lon: a.lon, timeZone: a.timeZone });
  city.airports.push(a.code);
}

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

/** Every one of these airports is closed to civil flights (types.ts Airport.suspended); none given is not closed. */
const allSuspended = (codes: readonly string[]) => codes.length > 0 && codes.every((c) => airportByCode.get(c)?.suspended);

/** The place (a city: every one of its airports) is closed to civil flights at present; false for an unknown code. */
export const noCivilFlights = (code: string, type?: LocationType | null): boolean => allSuspended(airportsFor(code, type));

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
// Location search. Every city and airport (~6,500) becomes an entry with its search keys normalised once, indexed by
// the first letters of its keys; a query scores the entries of its index bucket with startsWith/includes on short
// strings (tens of microseconds; a single letter or "机场" a few tenths of a millisecond). Aliases are keys too, and
// country names (a country stands for its main cities).

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
/** A country's whole name: its main cities follow places of that very name (the city of Singapore). */
const COUNTRY_WHOLE = 0.75;
/** The start of a country's name ("thai"): after places whose own name starts so. */
const COUNTRY_PREFIX = 1.5;
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
  /** Other Latin names (old names, islands, abbreviations: "peking", "bali", "hk"), normalised like `words[0]`, and compact. */
  aliases: string[];
  aliasesCompact: string[];
  /** Other Chinese names. */
  hanAliases: string[];
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

function entryOf(code: string, cityCode: string, rank: number, names: City['name'], city: City | null, aliasList: readonly string[] = []): Entry {
  const pinyin = city?.pinyin ? [...new Set([city.pinyin, city.pinyin.replace(/v/g, 'u')])] : [];
  const latinAliases = [...new Set(aliasList.filter((a) => !HAN.test(a)).map(latin).filter(Boolean))];
  return {
    code,
    cityCode,
    rank,
    words: wordStarts(names.en),
    compact: [latin(names.en).replace(/ /g, '')],
    pinyin,
    initials: city?.pinyinInitials ?? null,
    han: [...new Set([names['zh-CN'], names['zh-TW']].filter((n) => HAN.test(n)))],
    aliases: latinAliases,
    aliasesCompact: latinAliases.map((a) => a.replace(/ /g, '')),
    hanAliases: [...new Set(aliasList.filter((a) => HAN.test(a)).map((a) => a.replace(/\s+/g, '')))],
  };
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

const cityRank = (c: City) => (c.airports.length ? airportByCode.get(c.airports[0])?.rank ?? Infinity : Infinity);
const CITY_ENTRIES = new Map(CITIES.map((c) => [c.code, entryOf(c.code, c.code, cityRank(c), c.name, c, c.aliases)]));
const AIRPORT_ENTRIES = new Map(AIRPORTS.map((a) => [a.code, entryOf(a.code, a.cityCode, a.rank, a.name, null)]));
/**
 * Entries by the first one and two letters of each key they can match by (codes, name words, pinyin, initials,
 * aliases) and by each Chinese character of their names: a Latin match always starts with the query (keys only ever
 * match from a word start) and a Chinese one contains its first character, so a query scans only those entries (a
 * tenth of the data for one letter, far fewer for more).
 */
function indexOf(entries: Iterable<Entry>): Map<string, Entry[]> {
  const index = new Map<string, Entry[]>();
  for (const e of entries) {
    // Latin keys by their first letter and by their first two (without spaces: "new york" matches "newy"), so a
    // query of two letters or more scans only the entries that have a key starting with them.
    const latinKeys = [e.code.toLowerCase(), ...e.words.map((w) => w.replace(/ /g, '')), ...e.compact, ...e.pinyin, ...e.aliasesCompact];
    if (e.initials) latinKeys.push(e.initials);
    const keys = new Set<string>();
    for (const k of latinKeys) {
      if (k.length >= 1) keys.add(k.slice(0, 1));
      if (k.length >= 2) keys.add(k.slice(0, 2));
    }
    for (const h of [...e.han, ...e.hanAliases]) for (const ch of h) keys.add(ch);
    for (const k of keys) (index.get(k) ?? index.set(k, []).get(k)!).push(e);
  }
  return index;
}
const CITY_INDEX = indexOf(CITY_ENTRIES.values());
const AIRPORT_INDEX = indexOf(AIRPORT_ENTRIES.values());
/** Countries as entries (code '' : a country code never matches as a location code). */
const COUNTRY_ENTRIES = COUNTRIES.map((c) => ({ country: c, entry: entryOf('', '', 0, c.name, null, c.aliases) }));

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
    for (const h of e.hanAliases) {
      if (h === q.han) return WHOLE;
      if (h.startsWith(q.han)) best = Math.min(best, PREFIX);
    }
    return best;
  }
  if (q.upper.length === 3 && e.code === q.upper) return EXACT;
  if (e.words[0] === q.words || e.compact[0] === q.compact || e.pinyin.includes(q.compact)) return WHOLE;
  // An alias said in full is as good as the name ("hk" is Hong Kong before Haikou, whose initials are hk).
  if (e.aliases.includes(q.words) || e.aliasesCompact.includes(q.compact)) return WHOLE;
  if (e.words[0].startsWith(q.words) || e.compact[0].startsWith(q.compact)) return PREFIX;
  // From four letters on: "pek" is Beijing Capital's code, not yet Peking.
  if (q.compact.length >= 4) for (const a of e.aliasesCompact) if (a.startsWith(q.compact)) return PREFIX;
  for (const p of e.pinyin) if (p.startsWith(q.compact)) return PREFIX;
  if (e.initials !== null && e.initials === q.compact) return PREFIX;
  for (let i = 1; i < e.words.length; i++) if (e.words[i].startsWith(q.words)) return PARTIAL;
  if (e.initials !== null && q.compact.length >= 2 && e.initials.startsWith(q.compact)) return PARTIAL;
  // A short code prefix ("PE") is a weak hint: names and pinyin initials ("cd" is Chengdu, not CDG) come first.
  if (q.upper.length < 3 && e.code.startsWith(q.upper)) return PARTIAL;
  return NONE;
}

// Per-query scratch state by city index (searchLocations is synchronous, so one set serves every call): a query
// touches up to a few thousand cities ("机场" matches nearly every airport) and allocating a group object for each
// made the garbage collector pause for milliseconds.
const CITY_LIST = [...CITY_ENTRIES.values()];
const cityIndexOf = new Map(CITY_LIST.map((e, i) => [e.code, i]));
const seenIn = new Int32Array(CITY_LIST.length);
const qualityOf = new Float64Array(CITY_LIST.length);
const flagsOf = new Uint8Array(CITY_LIST.length);
const touched: number[] = [];
let searchNo = 0;
const EXACT_FLAG = 1;
const FAVOURITE_FLAG = 2;
const CITY_FLAG = 4;

/** Negative when city index x comes before y: an exact code match, then favourites, match quality, traffic, code. */
function compareCities(x: number, y: number): number {
  return (
    (flagsOf[y] & EXACT_FLAG) - (flagsOf[x] & EXACT_FLAG) ||
    (flagsOf[y] & FAVOURITE_FLAG) - (flagsOf[x] & FAVOURITE_FLAG) ||
    qualityOf[x] - qualityOf[y] ||
    CITY_LIST[x].rank - CITY_LIST[y].rank ||
    (CITY_LIST[x].code < CITY_LIST[y].code ? -1 : 1)
  );
}

/**
 * Location search for the airport/city pickers: a code ("PEK", "lon"), English name words ("new y", "heathrow"),
 * Chinese names in either script ("北京", "臺北") and pinyin, full or initials ("beijing", "bj"), other names
 * ("Peking", "Bali", "hk") and countries ("Japan", "日本": their main cities). Order: an exact code match, then the
 * caller's favourite cities, then the rest by match quality and traffic; each city comes before its airports.
 * `airportsOnly` lists airports only (a matching city contributes all of its airports).
 */
export function searchLocations(q: string, opts: LocationSearch): Location[] {
  const query = parseQuery(q);
  if (!query || opts.limit <= 0) return [];
  const favourites = new Set(opts.favourites.map((f) => cityCodeOf(f) ?? f.toUpperCase()));
  const excluded = new Set((opts.excludeCountries ?? []).map((c) => c.toUpperCase()));
  const no = ++searchNo;
  touched.length = 0;
  const touch = (i: number, quality: number, flags: number) => {
    if (seenIn[i] !== no) {
      if (excluded.has(cityByCode.get(CITY_LIST[i].code)!.countryCode)) return;
      seenIn[i] = no;
      qualityOf[i] = NONE;
      flagsOf[i] = favourites.has(CITY_LIST[i].code) ? FAVOURITE_FLAG : 0;
      touched.push(i);
    }
    qualityOf[i] = Math.min(qualityOf[i], quality);
    flagsOf[i] |= flags;
  };
  const key = query.han !== null ? query.han[0] : query.compact.slice(0, 2);
  for (const e of CITY_INDEX.get(key) ?? []) {
    const s = score(e, query);
    if (s !== NONE) touch(cityIndexOf.get(e.code)!, s, CITY_FLAG | (s === EXACT ? EXACT_FLAG : 0));
  }
  for (const e of AIRPORT_INDEX.get(key) ?? []) {
    const s = score(e, query);
    if (s !== NONE) touch(cityIndexOf.get(e.cityCode)!, s, s === EXACT ? EXACT_FLAG : 0);
  }
  // A country ("Japan", "日本", "泰国") lists its main cities, after the places that match by their own name.
  if (query.han !== null ? query.han.length >= 2 : query.compact.length >= 3) {
    for (const { country, entry } of COUNTRY_ENTRIES) {
      const s = score(entry, query);
      if (s !== WHOLE && s !== PREFIX) continue;
      for (const code of country.cities) touch(cityIndexOf.get(code)!, s === WHOLE ? COUNTRY_WHOLE : COUNTRY_PREFIX, CITY_FLAG);
    }
  }
  // Every city kept gives at least one row (itself or an airport), so the best `limit` cities are all we need: an
  // insertion into a short sorted list instead of sorting every match.
  const best: number[] = [];
  for (const i of touched) {
    if (best.length === opts.limit && compareCities(i, best[best.length - 1]) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareCities(i, best[at - 1]) < 0) at--;
    best.splice(at, 0, i);
    if (best.length > opts.limit) best.pop();
  }
  const out: Location[] = [];
  for (const i of best) {
    const city = cityByCode.get(CITY_LIST[i].code)!;
    const cityName = city.name[opts.lang];
    const favourite = (flagsOf[i] & FAVOURITE_FLAG) !== 0;
    const cityMatched = (flagsOf[i] & CITY_FLAG) !== 0;
    if (cityMatched && !opts.airportsOnly) {
      const closed = allSuspended(city.airports);
      out.push({ type: 'city', code: city.code, cityCode: city.code, countryCode: city.countryCode, name: cityName, cityName, airports: [...city.airports], favourite, ...(closed ? { noCivilFlights: true } : {}) });
    }
    for (const code of city.airports) {
      if (out.length >= opts.limit) break;
      // A city that did not match itself lists only its airports that did.
      if (!cityMatched && score(AIRPORT_ENTRIES.get(code)!, query) === NONE) continue;
      const a = airportByCode.get(code)!;
      out.push({ type: 'airport', code, cityCode: city.code, countryCode: a.countryCode, name: a.name[opts.lang], cityName, airports: [], favourite, ...(a.suspended ? { noCivilFlights: true } : {}) });
    }
    if (out.length >= opts.limit) break;
  }
  return out.slice(0, opts.limit);
}

// ---------------------------------------------------------------------------------------------------------------

/** ISO 3166-1 countries, and Kosovo's XK (user-assigned in ISO, used by IATA and OurAirports for PRN). */
function knownCountry(code: string): boolean {
  return isCountryCode(code) || code === 'XK';
}

function validate(): void {
  const problems: string[] = [];
  const unique = (kind: string, codes: string[]) => {
    const seen = new Set<string>();
    for (const c of codes) (seen.has(c) ? problems.push(`duplicate ${kind} ${c}`) : seen.add(c));
  };
  unique('airport', AIRPORTS.map((a) => a.code));
  unique('city', CITIES.map((c) => c.code));
  unique('airline', AIRLINES.map((a) => a.code));
  // The canonical zones in one call; others (links such as Asia/Calcutta) are tried one by one, which costs about
  // half a millisecond each.
  const zoneOk = new Map<string, boolean>(Intl.supportedValuesOf('timeZone').map((z) => [z, true]));
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
    if (!knownCountry(p.countryCode) || !CONTINENT_OF_COUNTRY.has(p.countryCode)) problems.push(`${what}: country ${p.countryCode}`);
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
    else if (city.countryCode !== a.countryCode) problems.push(`${what}: in ${a.countryCode}, its city ${a.cityCode} in ${city.countryCode}`);
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
  }
  for (const c of COUNTRIES) {
    const what = `country ${c.code}`;
    if (!knownCountry(c.code)) problems.push(`${what}: code`);
    names(what, c.name);
    if (c.cities.length === 0) problems.push(`${what}: no cities`);
    for (const code of c.cities) if (cityByCode.get(code)?.countryCode !== c.code) problems.push(`${what}: lists ${code}, which is not its city`);
  }
  for (let i = 1; i < AIRPORTS.length; i++) if (AIRPORTS[i].rank <= AIRPORTS[i - 1].rank) problems.push(`airport ${AIRPORTS[i].code}: out of rank order`);
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
