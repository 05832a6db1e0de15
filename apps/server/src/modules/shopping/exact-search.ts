import type { AccurateSearchBody, CabinClass, ExactSegment } from '@portal/contract/api/shopping';
import { MAX_JOURNEYS } from '@portal/contract/api/shopping';
import type { z } from 'zod';
import { airportsFor, cityCodeOf } from '../reference/reference.ts';
import { normalizeFlightNumber } from './flight-number.ts';
import { FieldErrors, checkPassengers, localDate, type ExactFlight, type NormalizedSearch } from './search-request.ts';

/** Cabin a booking class (RBD) usually sells, for an exact search that names classes but no cabin. */
export function cabinOfBookingClass(rbd: string | null | undefined): CabinClass {
  if (!rbd) return 'economy';
  if ('FAP'.includes(rbd)) return 'first';
  if ('JCDIZR'.includes(rbd)) return 'business';
  if (rbd === 'W') return 'premium_economy';
  return 'economy';
}

const DAY_MS = 86_400_000;
const dayDiff = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS;
const city = (code: string) => cityCodeOf(code) ?? code;

export type SegmentInput = z.output<typeof ExactSegment> & {
  /** Minutes from the previous segment's arrival to this departure, when known (a PNR gives times). */
  connectionMinutes?: number | null;
};

/**
 * Journey index per segment: an explicit `journey` wins; otherwise a segment continues the journey when it leaves the
 * city the previous one reached, within a day (24 h when times are known), and does not return to the journey's own
 * origin city (PEK-SHA then SHA-PEK is a return, not one journey).
 */
export function groupJourneys(segments: SegmentInput[]): number[] {
  if (segments.every((s) => s.journey !== null && s.journey !== undefined)) return segments.map((s) => s.journey!);
  const out: number[] = [];
  let journey = 0;
  let journeyOrigin = '';
  segments.forEach((s, i) => {
    if (i === 0) {
      journeyOrigin = city(s.origin);
    } else {
      const prev = segments[i - 1];
      const connects =
        city(s.origin) === city(prev.destination) &&
        (s.connectionMinutes != null ? s.connectionMinutes >= 0 && s.connectionMinutes < 24 * 60 : dayDiff(prev.date, s.date) <= 1) &&
        city(s.destination) !== journeyOrigin;
      if (!connects) {
        journey += 1;
        journeyOrigin = city(s.origin);
      }
    }
    out.push(journey);
  });
  return out;
}

/**
 * Validates an exact search (the search rules of spec point 5 per segment) and turns it into a normal search whose
 * journeys run from each group's first origin to its last destination, restricted to exactly these flights.
 */
export function normalizeExactSearch(body: z.output<typeof AccurateSearchBody> & { segments: SegmentInput[] }, now: Date = new Date()): NormalizedSearch {
  const errors = new FieldErrors();
  const segs = body.segments;
  segs.forEach((s, i) => {
    const at = `segments.${i}`;
    if (airportsFor(s.origin).length === 0) errors.add(`${at}.origin`, 'shopping.search.unknownLocation');
    else if (airportsFor(s.destination).length === 0) errors.add(`${at}.destination`, 'shopping.search.unknownLocation');
    else if (city(s.origin) === city(s.destination)) errors.add(`${at}.destination`, 'order.flight.booking.journeyError.rules');
    const valid = !Number.isNaN(Date.parse(`${s.date}T00:00:00Z`)) && new Date(`${s.date}T00:00:00Z`).toISOString().startsWith(s.date);
    if (!valid) errors.add(`${at}.date`, 'validation.invalid');
    else if (airportsFor(s.origin).length > 0 && s.date < localDate(s.origin, now)) errors.add(`${at}.date`, 'shopping.search.datePast');
    // No date order between segments: a connection eastwards over the date line departs on an earlier local date.
  });
  checkPassengers(body.passengers, errors);
  errors.throwIfAny();

  const index = groupJourneys(segs);
  const count = Math.max(...index) + 1;
  if (count > MAX_JOURNEYS) errors.add('segments', 'shopping.search.tooManyJourneys');
  // Explicit journey numbers must run 0, 1, 2... in segment order.
  if (index.some((j, i) => j !== (i === 0 ? 0 : index[i - 1]) && j !== (i === 0 ? 0 : index[i - 1] + 1))) errors.add('segments', 'validation.invalid');
  errors.throwIfAny();

  const groups: SegmentInput[][] = Array.from({ length: count }, () => []);
  segs.forEach((s, i) => groups[index[i]].push(s));
  const journeys = groups.map((g) => ({ origin: g[0].origin, destination: g[g.length - 1].destination, date: g[0].date }));
  journeys.forEach((j, i) => {
    if (city(j.origin) === city(j.destination)) errors.add(`segments.${index.indexOf(i)}`, 'order.flight.booking.journeyError.rules');
  });
  errors.throwIfAny();

  const exact: ExactFlight[][] = groups.map((g) =>
    g.map((s) => ({ flightNumber: normalizeFlightNumber(s.flightNumber), date: s.date, bookingClass: s.bookingClass ?? null })),
  );
  return {
    journeys,
    passengers: body.passengers,
    cabin: body.cabin ?? cabinOfBookingClass(segs[0].bookingClass),
    bookingType: journeys.length === 1 ? 'oneway' : journeys.length === 2 && city(journeys[0].origin) === city(journeys[1].destination) ? 'return' : 'multicity',
    directOnly: false,
    exact,
  };
}
