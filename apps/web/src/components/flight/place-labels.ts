import type { Location, LocationType } from '@portal/contract/api/shopping';
import { storage } from '../../lib/storage';

/**
 * Places the user picked, by type and code (SHA is both the city Shanghai and its airport Hongqiao), so a form restored from the URL still shows "Beijing (BJS)" rather than a bare
 * code, and so the same-city check knows an airport's city. Kept small and in local storage.
 */
const KEY = 'portal.flight.places';
const MAX = 60;

export type PlaceInfo = Pick<Location, 'type' | 'code' | 'cityCode' | 'countryCode' | 'name' | 'cityName'>;

let cache: Map<string, PlaceInfo> | null = null;

const keyOf = (type: LocationType, code: string) => `${type}:${code}`;

function load(): Map<string, PlaceInfo> {
  if (!cache) {
    const saved = storage.getJson<PlaceInfo[]>(KEY);
    cache = new Map(Array.isArray(saved) ? saved.filter((p) => p && typeof p.code === 'string').map((p) => [keyOf(p.type, p.code), p]) : []);
  }
  return cache;
}

export function rememberPlace(place: PlaceInfo): void {
  const map = load();
  const key = keyOf(place.type, place.code);
  map.delete(key);
  map.set(key, {
    type: place.type,
    code: place.code,
    cityCode: place.cityCode,
    countryCode: place.countryCode,
    name: place.name,
    cityName: place.cityName,
  });
  while (map.size > MAX) map.delete(map.keys().next().value as string);
  storage.setJson(KEY, [...map.values()]);
}

/**
 * The place a code names. Without a type, as the server reads an untyped code: the city when the code is a city code,
 * else the airport. An airport whose city has its code (Hongqiao, SHA) does not answer for it: that code is the city.
 */
export function placeOf(code: string | null | undefined, type?: LocationType | null): PlaceInfo | undefined {
  if (!code) return undefined;
  const map = load();
  if (type) return map.get(keyOf(type, code));
  const airport = map.get(keyOf('airport', code));
  return map.get(keyOf('city', code)) ?? (airport && airport.cityCode !== code ? airport : undefined);
}

/** The city an airport (or a city) belongs to, as far as we know: the code itself when we know nothing more. */
export function cityOf(code: string, type?: LocationType | null): string {
  return placeOf(code, type)?.cityCode || code;
}

/** "PEK Beijing Capital" for an airport, "BJS Beijing" for a city, the bare code when unknown: code first, so a narrow box still shows it. */
export function placeLabel(code: string, type?: LocationType | null): string {
  const p = placeOf(code, type);
  return p ? `${p.code} ${p.name}` : code;
}

/** Tests start from an empty cache. */
export function resetPlaces(): void {
  cache = null;
}
