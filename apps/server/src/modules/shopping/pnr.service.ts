import type { CommonConfig } from '@portal/contract/api/auth';
import type { AnalysisPnrAnswer } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import { AppError, invalid } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { cabinOfBookingClass, groupJourneys, normalizeExactSearch, type SegmentInput } from './exact-search.ts';
import { connectionMinutes, parsePnr } from './pnr-parser.ts';
import { startSearch, type ShoppingContext } from './search.service.ts';

/** Spec point 3, the agency's "hide PNR booking" switch (a row stored before the switch existed lacks it: not hidden). */
export function pnrBookingHidden(commonConfig: Pick<CommonConfig, 'hidePnrBooking'>): boolean {
  return commonConfig.hidePnrBooking === true;
}

/**
 * Search by PNR (spec point 7, analysis-pnr): the pasted itinerary display becomes an exact search of its flights,
 * booking classes and passengers. A bare record locator needs a supplier that can read PNRs; the air supplier
 * interface has no retrieve call yet, so it answers "not found, paste the display".
 */
export async function analysePnr(ctx: ShoppingContext, auth: AuthContext, text: string, now = new Date()): Promise<AnalysisPnrAnswer> {
  if (pnrBookingHidden(auth.company.commonConfig)) throw new AppError(Code.FORBIDDEN, 'shopping.pnr.hidden');
  const parsed = parsePnr(text, now);
  if (parsed.segments.length === 0) {
    throw invalid('pnr', parsed.recordLocator && parsed.passengers.length === 0 ? 'shopping.pnr.notFound' : 'shopping.pnr.unreadable');
  }
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of parsed.passengers) counts[p.type] += 1;
  // A display without names (segments only) prices one adult.
  if (parsed.passengers.length === 0) counts.adult = 1;

  const segments: SegmentInput[] = parsed.segments.map((s, i) => ({
    flightNumber: s.flightNumber,
    date: s.date,
    origin: s.origin,
    destination: s.destination,
    bookingClass: s.bookingClass,
    journey: null,
    connectionMinutes: i > 0 ? connectionMinutes(parsed.segments[i - 1], s) : null,
  }));
  const cabin = cabinOfBookingClass(segments[0].bookingClass);
  const search = normalizeExactSearch({ segments, passengers: counts, cabin }, now);
  const started = await startSearch(ctx, auth, search, now);
  const journeys = groupJourneys(segments);
  return {
    ...started,
    recordLocator: parsed.recordLocator,
    segments: parsed.segments.map((s, i) => ({
      flightNumber: s.flightNumber,
      bookingClass: s.bookingClass,
      date: s.date,
      origin: s.origin,
      destination: s.destination,
      departureTime: s.departureTime,
      arrivalTime: s.arrivalTime,
      status: s.status,
      journey: journeys[i],
    })),
    passengers: parsed.passengers,
    passengerCounts: counts,
    cabin,
  };
}
