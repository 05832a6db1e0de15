import dayjs from 'dayjs';
import type { AccurateSearchBody } from '@portal/contract/api/shopping';
import { CABIN_CLASSES, type CabinClass } from '@portal/contract/api/shopping-constants';
import { MAX_PASSENGERS, today, tomorrow, type PassengerCounts } from './search-query';
import { cityOf } from '../../../components/flight/place-labels';
import type { ErrorKey, SearchErrors } from './validate-search';

/**
 * Search by flight number (spec point 2 "search by PNR or code"; accurate-search): these flights on these dates,
 * optionally in these booking classes. The server groups connecting segments into journeys.
 */
export interface ExactSegmentDraft {
  flightNumber: string;
  date: string | null;
  origin: string | null;
  destination: string | null;
  /** One letter (RBD) or empty for any class. */
  bookingClass: string;
}

export interface ExactDraft {
  segments: ExactSegmentDraft[];
  passengers: PassengerCounts;
  /** null: the server derives the cabin from the first booking class. */
  cabin: CabinClass | null;
}

/** The contract's limit (AccurateSearchBody.segments). */
export const MAX_EXACT_SEGMENTS = 16;

/** The contract's pattern (ExactSegment.flightNumber), applied after upper-casing and removing spaces. */
export const FLIGHT_NUMBER = /^[A-Z0-9]{2}\d{1,4}[A-Z]?$/;
const CODE = /^[A-Z]{3}$/;
const RBD = /^[A-Z]$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const normalizeFlightNumber = (v: string) => v.trim().toUpperCase().replace(/\s+/g, '');

export function emptySegment(date: string | null = tomorrow()): ExactSegmentDraft {
  return { flightNumber: '', date, origin: null, destination: null, bookingClass: '' };
}

export function defaultExactDraft(passengers: PassengerCounts = { adult: 1, child: 0, infant: 0 }): ExactDraft {
  return { segments: [emptySegment()], passengers: { ...passengers }, cabin: null };
}

/** The next segment continues from the last one: its destination becomes the origin, same date. */
export function nextSegment(prev: ExactSegmentDraft | undefined): ExactSegmentDraft {
  return { ...emptySegment(prev?.date ?? tomorrow()), origin: prev?.destination ?? null };
}

/** The body of POST accurate-search for a draft. */
export function toAccurateBody(draft: ExactDraft): AccurateSearchBody {
  return {
    segments: draft.segments.map((s) => ({
      flightNumber: normalizeFlightNumber(s.flightNumber),
      date: s.date ?? '',
      origin: s.origin ?? '',
      destination: s.destination ?? '',
      ...(s.bookingClass.trim() ? { bookingClass: s.bookingClass.trim().toUpperCase() } : {}),
    })),
    passengers: { ...draft.passengers },
    ...(draft.cabin ? { cabin: draft.cabin } : {}),
  };
}

const RULES: ErrorKey = { key: 'order.flight.booking.journeyError.rules' };

/** The contract's rules with its keys, by the server's field paths (segments.0.flightNumber...). */
export function validateExact(draft: ExactDraft): SearchErrors {
  const errors: SearchErrors = {};
  const now = today();
  if (draft.segments.length === 0) errors.segments = { key: 'flight.booking.journeyError.empty' };
  if (draft.segments.length > MAX_EXACT_SEGMENTS) errors.segments = { key: 'validation.invalid' };
  draft.segments.forEach((s, i) => {
    const at = `segments.${i}`;
    const number = normalizeFlightNumber(s.flightNumber);
    if (!number) errors[`${at}.flightNumber`] = { key: 'validation.required' };
    else if (!FLIGHT_NUMBER.test(number)) errors[`${at}.flightNumber`] = { key: 'shopping.flightNumber' };
    if (!s.origin) errors[`${at}.origin`] = RULES;
    else if (!CODE.test(s.origin)) errors[`${at}.origin`] = { key: 'validation.city' };
    if (!s.destination) errors[`${at}.destination`] = RULES;
    else if (!CODE.test(s.destination)) errors[`${at}.destination`] = { key: 'validation.city' };
    else if (s.origin && cityOf(s.origin) === cityOf(s.destination)) errors[`${at}.destination`] = RULES;
    if (!s.date) errors[`${at}.date`] = { key: 'validation.required' };
    else if (!DATE.test(s.date) || !dayjs(s.date).isValid()) errors[`${at}.date`] = { key: 'validation.invalid' };
    else if (s.date < now) errors[`${at}.date`] = { key: 'shopping.search.datePast' };
    if (s.bookingClass.trim() && !RBD.test(s.bookingClass.trim().toUpperCase())) errors[`${at}.bookingClass`] = { key: 'validation.invalid' };
  });
  const { adult, child, infant } = draft.passengers;
  if (adult + child + infant === 0) errors['passengers.adult'] = { key: 'shopping.search.passengersEmpty' };
  else if (adult < 1) errors['passengers.adult'] = { key: 'shopping.search.childAlone' };
  else if (infant > adult) errors['passengers.infant'] = { key: 'shopping.search.infants' };
  if (adult + child + infant > MAX_PASSENGERS) errors.passengers = { key: 'shopping.search.passengersMax' };
  return errors;
}

/** URL form of a segment: seg=CA981.2030-01-10.PEK.JFK.Y (the class may be empty). */
export function serializeSegment(s: ExactSegmentDraft): string {
  return [normalizeFlightNumber(s.flightNumber), s.date ?? '', s.origin ?? '', s.destination ?? '', s.bookingClass.trim().toUpperCase()].join('.');
}

export function parseSegment(raw: string): ExactSegmentDraft {
  const [fn = '', dt = '', o = '', d = '', rbd = ''] = raw.split('.');
  const code = (v: string) => (CODE.test(v.toUpperCase()) ? v.toUpperCase() : null);
  return {
    flightNumber: normalizeFlightNumber(fn).slice(0, 8),
    date: DATE.test(dt) && dayjs(dt).isValid() ? dt : null,
    origin: code(o),
    destination: code(d),
    bookingClass: RBD.test(rbd.toUpperCase()) ? rbd.toUpperCase() : '',
  };
}

export function parseExactCabin(v: string | null): CabinClass | null {
  return v !== null && (CABIN_CLASSES as readonly string[]).includes(v) ? (v as CabinClass) : null;
}

/** Past dates move forward together so the first is tomorrow: connections keep their day offsets. */
export function refreshExactDates(draft: ExactDraft): ExactDraft | null {
  const now = today();
  const first = draft.segments.map((s) => s.date).filter((d): d is string => !!d && d < now)[0];
  if (!first) return null;
  const earliest = draft.segments.reduce<string | null>((m, s) => (s.date && (!m || s.date < m) ? s.date : m), null) ?? first;
  const shift = dayjs(tomorrow()).diff(dayjs(earliest), 'day');
  return { ...draft, segments: draft.segments.map((s) => (s.date ? { ...s, date: dayjs(s.date).add(shift, 'day').format('YYYY-MM-DD') } : s)) };
}
