import type { CommonConfig } from '@portal/contract/api/auth';
import type { AnalysisPnrAnswer } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import { AppError, invalid } from '../../plugins/errors.ts';
import type { AirSupplier, SupplierPnr } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { chooseSuppliers, flightConfigOf } from './agency-filters.ts';
import { cabinOfBookingClass, groupJourneys, normalizeExactSearch, type SegmentInput } from './exact-search.ts';
import { normalizeFlightNumber } from './flight-number.ts';
import { connectionMinutes, parsePnr, type ParsedPnr } from './pnr-parser.ts';
import { startSearch, type ShoppingContext } from './search.service.ts';

/** Spec point 3, the agency's "hide PNR booking" switch (a row stored before the switch existed lacks it: not hidden). */
export function pnrBookingHidden(commonConfig: Pick<CommonConfig, 'hidePnrBooking'>): boolean {
  return commonConfig.hidePnrBooking === true;
}

/** A bare record locator (GDS locators are 5 to 8 letters and digits), as opposed to a pasted display. */
const RECORD_LOCATOR = /^[A-Z0-9]{5,8}$/;

/** A retrieved booking in the shape the display parser produces, so both are searched the same way. */
export function parsedFromSupplier(pnr: SupplierPnr): ParsedPnr {
  return {
    recordLocator: pnr.recordLocator,
    segments: pnr.segments.map((s) => {
      const flightNumber = normalizeFlightNumber(s.flightNumber);
      return {
        flightNumber,
        carrier: flightNumber.slice(0, 2),
        bookingClass: s.bookingClass,
        date: s.date,
        origin: s.origin,
        destination: s.destination,
        departureTime: s.departureTime ?? null,
        arrivalTime: s.arrivalTime ?? null,
        arrivalDate: s.arrivalTime ? (s.arrivalDate ?? s.date) : null,
        status: s.status,
      };
    }),
    passengers: pnr.passengers.map((p) => ({ surname: p.surname, givenName: p.givenName, title: null, type: p.type })),
  };
}

/**
 * Asks the agency's suppliers that can read PNRs, all at once within the agency's time budget; the first supplier (in
 * registry order) holding the booking wins. A supplier that fails or runs out of time counts as not holding it.
 */
export async function retrievePnr(ctx: ShoppingContext, auth: AuthContext, recordLocator: string, now = new Date()): Promise<SupplierPnr | null> {
  const config = flightConfigOf(auth.company);
  const codes = chooseSuppliers(
    ctx.suppliers.all().map((s) => s.code),
    config,
    [],
  );
  const readers = codes
    .map((c) => ctx.suppliers.get(c))
    .filter((s): s is AirSupplier & Required<Pick<AirSupplier, 'retrievePnr'>> => typeof s?.retrievePnr === 'function');
  if (readers.length === 0) return null;
  const signal = AbortSignal.timeout(config.maxResponseTimeMs);
  const answers = await Promise.allSettled(readers.map((s) => s.retrievePnr(recordLocator, { signal, now })));
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i];
    if (a.status === 'fulfilled' && a.value && a.value.segments.length > 0) return a.value;
    if (a.status === 'rejected') ctx.log?.warn({ supplier: readers[i].code, err: a.reason }, 'PNR retrieval failed');
  }
  return null;
}

/**
 * Search by PNR (spec point 7, analysis-pnr): the pasted itinerary display, or the booking a supplier holds under a
 * bare record locator, becomes an exact search of its flights, booking classes and passengers.
 */
export async function analysePnr(ctx: ShoppingContext, auth: AuthContext, text: string, now = new Date()): Promise<AnalysisPnrAnswer> {
  if (pnrBookingHidden(auth.company.commonConfig)) throw new AppError(Code.FORBIDDEN, 'shopping.pnr.hidden');
  const compact = text.trim().toUpperCase();
  let parsed: ParsedPnr;
  if (RECORD_LOCATOR.test(compact)) {
    const held = await retrievePnr(ctx, auth, compact, now);
    if (!held) throw invalid('pnr', 'shopping.pnr.notFound');
    parsed = parsedFromSupplier(held);
  } else {
    parsed = parsePnr(text, now);
  }
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
