import type { StationItem, StationItemType } from '@portal/contract/api/trains';
import { storage } from '../../lib/storage';

/**
 * Stations and railway cities the user picked, by type and code, so a form restored from the URL still shows
 * "Beijing South (VNP)" rather than a bare code. Kept small and in local storage.
 */
const KEY = 'portal.train.stations';
const MAX = 40;

export type StationInfo = Pick<StationItem, 'type' | 'code' | 'name' | 'cityCode' | 'cityName'>;

let cache: Map<string, StationInfo> | null = null;
const keyOf = (type: StationItemType, code: string) => `${type}:${code}`;

function load(): Map<string, StationInfo> {
  if (!cache) {
    const saved = storage.getJson<StationInfo[]>(KEY);
    cache = new Map(Array.isArray(saved) ? saved.filter((s) => s && typeof s.code === 'string').map((s) => [keyOf(s.type, s.code), s]) : []);
  }
  return cache;
}

export function rememberStation(item: StationInfo): void {
  const map = load();
  const key = keyOf(item.type, item.code);
  map.delete(key);
  map.set(key, { type: item.type, code: item.code, name: item.name, cityCode: item.cityCode, cityName: item.cityName });
  while (map.size > MAX) map.delete(map.keys().next().value as string);
  storage.setJson(KEY, [...map.values()]);
}

export function stationOf(code: string | null | undefined, type: StationItemType): StationInfo | undefined {
  return code ? load().get(keyOf(type, code)) : undefined;
}

/** "Beijing South (VNP)" for a station, "Beijing" for a city, the bare code when unknown. */
export function stationLabel(code: string, type: StationItemType): string {
  const s = stationOf(code, type);
  if (!s) return code;
  return type === 'station' ? `${s.name} (${s.code})` : s.name;
}

/** Forget what this browser remembered (tests). */
export function resetStations(): void {
  cache = null;
}
