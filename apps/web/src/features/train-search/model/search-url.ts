import { TIME_BANDS, type TimeBand } from '@portal/contract/api/shopping';
import {
  SEAT_CLASSES,
  TRAIN_PRESALE_DAYS,
  TRAIN_SORT_KEYS,
  TRAIN_TYPES,
  type SeatClass,
  type StationItemType,
  type TrainSearchBody,
  type TrainSearchFilters,
  type TrainSortKey,
  type TrainType,
} from '@portal/contract/api/trains';
import { addDays, chinaToday } from '../../../components/train/train-dates';

export type SortOrder = 'asc' | 'desc';

/** What the train search form holds: two places (a station's telegraph code or a city key) and a date. */
export interface TrainDraft {
  from: string | null;
  fromType: StationItemType;
  to: string | null;
  toType: StationItemType;
  /** YYYY-MM-DD, a date in China. */
  date: string | null;
}

export interface TrainFilterState {
  types: TrainType[];
  dep: TimeBand[];
  arr: TimeBand[];
  fs: string[];
  ts: string[];
  cls: SeatClass[];
}

export interface TrainSearchState extends TrainDraft, TrainFilterState {
  sort: TrainSortKey;
  order: SortOrder;
}

export const NO_FILTERS: TrainFilterState = { types: [], dep: [], arr: [], fs: [], ts: [], cls: [] };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const STATION = /^[A-Z]{3}$/;

/** The last day on sale: today + 14 (TRAIN_PRESALE_DAYS counts today). */
export const presaleEnd = (today: string): string => addDays(today, TRAIN_PRESALE_DAYS - 1);

export function inPresale(date: string | null, today: string = chinaToday()): boolean {
  return Boolean(date && ISO.test(date) && date >= today && date <= presaleEnd(today));
}

/** The CSV list of a parameter, keeping only allowed values, without repeats. */
function list<T extends string>(params: URLSearchParams, key: string, allowed: (v: string) => boolean): T[] {
  const raw = params.get(key);
  if (!raw) return [];
  return [...new Set(raw.split(',').map((v) => v.trim()).filter((v) => v && allowed(v)))] as T[];
}
const oneOf = (values: readonly string[]) => (v: string) => values.includes(v);

/** Reads ?from=&ft=&to=&tt=&date=&types=&dep=&arr=&fs=&ts=&cls=&sort= (sort: "price" or "price.desc"). */
export function parseTrainUrl(params: URLSearchParams): TrainSearchState {
  const place = (key: string) => params.get(key)?.trim() || null;
  const [sortKey, sortOrder] = (params.get('sort') ?? '').split('.');
  const date = params.get('date');
  return {
    from: place('from'),
    fromType: params.get('ft') === 'city' ? 'city' : 'station',
    to: place('to'),
    toType: params.get('tt') === 'city' ? 'city' : 'station',
    date: date && ISO.test(date) ? date : null,
    types: list<TrainType>(params, 'types', oneOf(TRAIN_TYPES)),
    dep: list<TimeBand>(params, 'dep', oneOf(TIME_BANDS)),
    arr: list<TimeBand>(params, 'arr', oneOf(TIME_BANDS)),
    fs: list<string>(params, 'fs', (v) => STATION.test(v)),
    ts: list<string>(params, 'ts', (v) => STATION.test(v)),
    cls: list<SeatClass>(params, 'cls', oneOf(SEAT_CLASSES)),
    sort: (TRAIN_SORT_KEYS as readonly string[]).includes(sortKey) ? (sortKey as TrainSortKey) : 'departure',
    order: sortOrder === 'desc' ? 'desc' : 'asc',
  };
}

export function serializeTrainUrl(s: TrainSearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.from) p.set('from', s.from);
  if (s.from && s.fromType === 'city') p.set('ft', 'city');
  if (s.to) p.set('to', s.to);
  if (s.to && s.toType === 'city') p.set('tt', 'city');
  if (s.date) p.set('date', s.date);
  const lists: [string, string[]][] = [
    ['types', s.types],
    ['dep', s.dep],
    ['arr', s.arr],
    ['fs', s.fs],
    ['ts', s.ts],
    ['cls', s.cls],
  ];
  for (const [k, v] of lists) if (v.length) p.set(k, v.join(','));
  if (s.sort !== 'departure' || s.order !== 'asc') p.set('sort', s.order === 'desc' ? `${s.sort}.desc` : s.sort);
  return p;
}

/** A search the URL fully describes (both places and a date), else null: the page then shows the form only. */
export function toTrainSearchBody(s: TrainSearchState): TrainSearchBody | null {
  if (!s.from || !s.to || !s.date) return null;
  const filters: TrainSearchFilters = {};
  if (s.types.length) filters.trainTypes = s.types;
  if (s.dep.length) filters.departureBands = s.dep;
  if (s.arr.length) filters.arrivalBands = s.arr;
  if (s.fs.length) filters.fromStations = s.fs;
  if (s.ts.length) filters.toStations = s.ts;
  if (s.cls.length) filters.seatClasses = s.cls;
  return { from: s.from, to: s.to, date: s.date, filters, sort: { by: s.sort, order: s.order } };
}

export const activeFilterCount = (s: TrainFilterState): number => s.types.length + s.dep.length + s.arr.length + s.fs.length + s.ts.length + s.cls.length;

export type DraftErrors = Partial<Record<'from' | 'to' | 'date', string>>;

/** Message keys of what keeps the form from searching (the server checks the same). */
export function validateDraft(d: TrainDraft, today: string = chinaToday()): DraftErrors {
  const e: DraftErrors = {};
  if (!d.from) e.from = 'train.search.placeRequired';
  if (!d.to) e.to = 'train.search.placeRequired';
  if (d.from && d.to && d.from === d.to && d.fromType === d.toType) e.to = 'train.search.samePlace';
  if (!d.date) e.date = 'train.search.dateRequired';
  else if (!inPresale(d.date, today)) e.date = 'train.search.dateOutOfRange';
  return e;
}
