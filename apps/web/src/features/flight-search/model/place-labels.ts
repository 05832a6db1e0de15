import type { Location } from '@portal/contract/api/shopping';
import { storage } from '../../../lib/storage';

/**
 * Places the user picked, by code, so a form restored from the URL still shows "Beijing (BJS)" rather than a bare
 * code, and so the same-city check knows an airport's city. Kept small and in local storage.
 */
const KEY = 'portal.flight.places';
const MAX = 60;

export type PlaceInfo = Pick<Location, 'type' | 'code' | 'cityCode' | 'countryCode' | 'name' | 'cityName'>;

let cache: Map<string, PlaceInfo> | null = null;

function load(): Map<string, PlaceInfo> {
  if (!cache) {
    const saved = storage.getJson<PlaceInfo[]>(KEY);
    cache = new Map(Array.isArray(saved) ? saved.filter((p) => p && typeof p.code === 'string').map((p) => [p.code, p]) : []);
  }
  return cache;
}

export function rememberPlace(place: PlaceInfo): void {
  const map = load();
  map.delete(place.code);
  map.set(place.code, {
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

export function placeOf(code: string | null | undefined): PlaceInfo | undefined {
  return code ? load().get(code) : undefined;
}

/** The city an airport (or a city) belongs to, as far as we know: the code itself when we know nothing more. */
export function cityOf(code: string): string {
  return placeOf(code)?.cityCode || code;
}

/** "PEK Beijing Capital" for an airport, "BJS Beijing" for a city, the bare code when unknown: code first, so a narrow box still shows it. */
export function placeLabel(code: string): string {
  const p = placeOf(code);
  return p ? `${p.code} ${p.name}` : code;
}

/** Tests start from an empty cache. */
export function resetPlaces(): void {
  cache = null;
}
