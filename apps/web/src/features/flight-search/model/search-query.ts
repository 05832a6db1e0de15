import dayjs from 'dayjs';
import type { LocationType, SearchBody } from '@portal/contract/api/shopping';
import { BOOKING_TYPES, CABIN_CLASSES, MAX_JOURNEYS, SORT_KEYS, type BookingType, type CabinClass, type SortKey } from '@portal/contract/api/shopping-constants';
import { defaultExactDraft, parseExactCabin, parseSegment, refreshExactDates, serializeSegment, MAX_EXACT_SEGMENTS, type ExactDraft } from './exact-search';

/**
 * One row of the form: codes are IATA city or airport codes, dates ISO (yyyy-MM-dd); null until chosen. A code's type
 * says which place was picked when a city and an airport share it (SHA: Shanghai or Hongqiao); without one (an old
 * link) the code is the city when it is a city code, as the server reads it.
 */
export interface JourneyDraft {
  origin: string | null;
  destination: string | null;
  date: string | null;
  originType?: LocationType | null;
  destinationType?: LocationType | null;
}

export interface PassengerCounts {
  adult: number;
  child: number;
  infant: number;
}

/** Everything the search form holds. One-way and return use journeys[0]; multi-city uses every row. */
export interface SearchDraft {
  bookingType: BookingType;
  journeys: JourneyDraft[];
  returnDate: string | null;
  passengers: PassengerCounts;
  cabin: CabinClass;
  directOnly: boolean;
}

/** 'exact': search by flight number (accurate-search). */
export type SearchMode = BookingType | 'pnr' | 'exact';
export type SortOrder = 'asc' | 'desc';

/** What the URL of /flight/booking carries: the form, the running search and the result order. */
export interface SearchUrlState {
  mode: SearchMode;
  draft: SearchDraft;
  pnr: string;
  /** Search by flight number: the segments, passengers and cabin (only in mode 'exact'). */
  exact?: ExactDraft;
  /** The search whose results are shown, and when it started (epoch ms), so a reload keeps them. */
  searchId: string | null;
  startedAt: number | null;
  sort: SortKey;
  order: SortOrder;
}

export const MAX_PASSENGERS = 9;
/** A pasted itinerary display longer than this stays out of the URL (the tab keeps it while the page is open). */
export const MAX_PNR_IN_URL = 2000;
export const ISO_DATE = 'YYYY-MM-DD';

export const tomorrow = (): string => dayjs().add(1, 'day').format(ISO_DATE);
export const today = (): string => dayjs().format(ISO_DATE);

export function emptyJourney(date: string | null = tomorrow()): JourneyDraft {
  return { origin: null, destination: null, date };
}

/** Spec point 2: one-way, departure tomorrow, 1 adult / 0 / 0, economy, every flight (not only direct). */
export function defaultDraft(): SearchDraft {
  return {
    bookingType: 'oneway',
    journeys: [emptyJourney()],
    returnDate: null,
    passengers: { adult: 1, child: 0, infant: 0 },
    cabin: 'economy',
    directOnly: false,
  };
}

export function defaultUrlState(): SearchUrlState {
  return { mode: 'oneway', draft: defaultDraft(), pnr: '', searchId: null, startedAt: null, sort: 'price', order: 'asc' };
}

/** The body of POST async-shopping for a draft. */
export function toSearchBody(draft: SearchDraft): SearchBody {
  const rows = draft.bookingType === 'multicity' ? draft.journeys : draft.journeys.slice(0, 1);
  return {
    bookingType: draft.bookingType,
    journeys: rows.map((j, i) => ({
      origin: j.origin ?? '',
      destination: j.destination ?? '',
      ...(j.origin && j.originType ? { originType: j.originType } : {}),
      ...(j.destination && j.destinationType ? { destinationType: j.destinationType } : {}),
      date: j.date ?? '',
      ...(draft.bookingType === 'return' && i === 0 ? { returnDate: draft.returnDate } : {}),
    })),
    passengers: { ...draft.passengers },
    cabin: draft.cabin,
    directOnly: draft.directOnly,
  };
}

const CODE = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const code = (v: string | undefined) => (v && CODE.test(v.toUpperCase()) ? v.toUpperCase() : null);
/**
 * In the URL a place is its code, with "-a" when it is an airport ("SHA-a" is Hongqiao). A bare code means what it
 * means to the server, the city when it is a city code, so a city is written bare ("-c" is read too) and links from
 * before types keep working.
 */
const TYPE_MARK: Record<LocationType, string> = { city: 'c', airport: 'a' };
function parsePlace(raw: string | undefined): { code: string | null; type: LocationType | null } {
  const [c, mark] = (raw ?? '').split('-');
  const found = code(c);
  const type = (Object.keys(TYPE_MARK) as LocationType[]).find((t) => TYPE_MARK[t] === mark?.toLowerCase()) ?? null;
  return { code: found, type: found ? type : null };
}
const serializePlace = (c: string | null, type: LocationType | null | undefined) => (c && type === 'airport' ? `${c}-${TYPE_MARK.airport}` : (c ?? ''));
const date = (v: string | null | undefined) => (v && DATE.test(v) && dayjs(v).isValid() ? v : null);
const count = (v: string | null, fallback: number) => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 && n <= MAX_PASSENGERS ? n : fallback;
};
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/**
 * Reads /flight/booking?type=return&j=PEK-a.SHA.2026-12-01&ret=2026-12-05&adt=1&chd=0&inf=0&cabin=economy&direct=1
 * &sid=..&at=..&sort=price&order=asc. Anything missing or malformed falls back to the defaults, so a hand-edited
 * link still opens the page; a code without a type (links from before types) stays untyped.
 */
export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const base = defaultUrlState();
  const mode = oneOf<SearchMode>([...BOOKING_TYPES, 'pnr', 'exact'], params.get('type'), 'oneway');
  const journeys = params
    .getAll('j')
    .slice(0, MAX_JOURNEYS)
    .map((raw) => {
      const [o, d, dt] = raw.split('.');
      const origin = parsePlace(o);
      const destination = parsePlace(d);
      return {
        origin: origin.code,
        destination: destination.code,
        date: date(dt),
        ...(origin.type ? { originType: origin.type } : {}),
        ...(destination.type ? { destinationType: destination.type } : {}),
      };
    });
  const bookingType: BookingType = mode === 'pnr' || mode === 'exact' ? 'oneway' : mode;
  const draft: SearchDraft = {
    bookingType,
    journeys: journeys.length ? journeys : base.draft.journeys,
    returnDate: date(params.get('ret')),
    passengers: {
      adult: Math.max(1, count(params.get('adt'), 1)),
      child: count(params.get('chd'), 0),
      infant: count(params.get('inf'), 0),
    },
    cabin: oneOf(CABIN_CLASSES, params.get('cabin'), 'economy'),
    directOnly: params.get('direct') === '1',
  };
  const at = Number(params.get('at'));
  const segments = params.getAll('seg').slice(0, MAX_EXACT_SEGMENTS).map(parseSegment);
  const exact: ExactDraft | undefined =
    mode === 'exact'
      ? { ...defaultExactDraft(draft.passengers), ...(segments.length ? { segments } : {}), cabin: parseExactCabin(params.get('cabin')) }
      : undefined;
  return {
    mode,
    draft,
    pnr: (params.get('pnr') ?? '').slice(0, MAX_PNR_IN_URL),
    ...(exact ? { exact } : {}),
    searchId: params.get('sid') || null,
    startedAt: Number.isFinite(at) && at > 0 ? at : null,
    sort: oneOf(SORT_KEYS, params.get('sort'), 'price'),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function serializeSearchUrl(state: SearchUrlState): URLSearchParams {
  const p = new URLSearchParams();
  p.set('type', state.mode);
  if (state.mode === 'pnr') {
    if (state.pnr && state.pnr.length <= MAX_PNR_IN_URL) p.set('pnr', state.pnr);
  } else if (state.mode === 'exact') {
    const exact = state.exact ?? defaultExactDraft(state.draft.passengers);
    for (const s of exact.segments) p.append('seg', serializeSegment(s));
    p.set('adt', String(exact.passengers.adult));
    p.set('chd', String(exact.passengers.child));
    p.set('inf', String(exact.passengers.infant));
    if (exact.cabin) p.set('cabin', exact.cabin);
  } else {
    const { draft } = state;
    const rows = draft.bookingType === 'multicity' ? draft.journeys : draft.journeys.slice(0, 1);
    for (const j of rows) p.append('j', [serializePlace(j.origin, j.originType), serializePlace(j.destination, j.destinationType), j.date ?? ''].join('.'));
    if (draft.bookingType === 'return' && draft.returnDate) p.set('ret', draft.returnDate);
    p.set('adt', String(draft.passengers.adult));
    p.set('chd', String(draft.passengers.child));
    p.set('inf', String(draft.passengers.infant));
    p.set('cabin', draft.cabin);
    if (draft.directOnly) p.set('direct', '1');
  }
  if (state.searchId) p.set('sid', state.searchId);
  if (state.startedAt) p.set('at', String(state.startedAt));
  if (state.sort !== 'price') p.set('sort', state.sort);
  if (state.order !== 'asc') p.set('order', state.order);
  return p;
}

/** A remembered search whose dates have passed is brought forward: past dates become tomorrow, the results are dropped. */
export function refreshPastDates(state: SearchUrlState): SearchUrlState {
  const now = today();
  const past = (d: string | null) => d !== null && d < now;
  const { draft } = state;
  if (state.mode === 'exact' && state.exact) {
    const exact = refreshExactDates(state.exact);
    return exact ? { ...state, exact, searchId: null, startedAt: null } : state;
  }
  if (!draft.journeys.some((j) => past(j.date)) && !past(draft.returnDate)) return state;
  return {
    ...state,
    searchId: null,
    startedAt: null,
    draft: {
      ...draft,
      journeys: draft.journeys.map((j) => (past(j.date) ? { ...j, date: tomorrow() } : j)),
      returnDate: past(draft.returnDate) ? null : draft.returnDate,
    },
  };
}
