import type { CommonConfig } from '@portal/contract/api/auth';
import type { AnalysisPnrAnswer } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import { AppError, invalid } from '../../plugins/errors.ts';
import { airportsFor } from '../reference/reference.ts';
import type { AirSupplier, SupplierPnr } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { chooseSuppliers, flightConfigOf } from './agency-filters.ts';
import { cabinOfBookingClass, groupJourneys, normalizeExactSearch, type SegmentInput } from './exact-search.ts';
import { normalizeFlightNumber } from './flight-number.ts';
import { connectionMinutes, parsePnr, PnrReadError, sortSegments, type ParsedPnr } from './pnr-parser.ts';
import { MAX_PASSENGERS } from './search-request.ts';
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
    group: null,
    segments: pnr.segments.map((s, i) => {
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
        seats: null,
        // A retrieved booking has no pasted lines: its segments are numbered in order.
        line: i + 1,
        text: `${flightNumber} ${s.date} ${s.origin}${s.destination}`,
        skip: null,
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

/** A line the parser refused, as the 400 on the pnr field: "line N: why", in the caller's language. */
function readError(e: PnrReadError): AppError {
  const key: MessageKey = `shopping.pnr.line.${e.reason}`;
  const params = { line: e.line, text: e.text };
  return new AppError(Code.VALIDATION, key, params, { pnr: { key, params } });
}

/**
 * Search by PNR (spec point 7, analysis-pnr): the pasted itinerary display, or the booking a supplier holds under a
 * bare record locator, becomes an exact search of its flights, booking classes and passengers. A group booking
 * (a group name element, or more than MAX_PASSENGERS passengers) starts no search: the answer offers the group request.
 */
export async function analysePnr(
  ctx: ShoppingContext,
  auth: AuthContext,
  text: string,
  now = new Date(),
  lang: Language = 'en',
): Promise<AnalysisPnrAnswer> {
  if (pnrBookingHidden(auth.company.commonConfig)) throw new AppError(Code.FORBIDDEN, 'shopping.pnr.hidden');
  const compact = text.trim().toUpperCase();
  let parsed: ParsedPnr;
  if (RECORD_LOCATOR.test(compact)) {
    const held = await retrievePnr(ctx, auth, compact, now);
    if (!held) throw invalid('pnr', 'shopping.pnr.notFound');
    parsed = parsedFromSupplier(held);
  } else {
    try {
      parsed = parsePnr(text, now);
    } catch (e) {
      if (e instanceof PnrReadError) throw readError(e);
      throw e;
    }
  }
  if (parsed.segments.length === 0) {
    throw invalid('pnr', parsed.recordLocator && parsed.passengers.length === 0 ? 'shopping.pnr.notFound' : 'shopping.pnr.unreadable');
  }
  const { active, skipped } = sortSegments(parsed.segments, (code) => airportsFor(code).length > 0);
  const skippedOut = skipped.map(({ segment: s, reason, code }) => ({
    line: s.line,
    text: s.text,
    flightNumber: s.flightNumber,
    reason,
    message: translate(`shopping.pnr.skip.${reason}`, lang, { line: s.line, flight: s.flightNumber, status: s.status ?? '', code: code ?? '' }),
  }));
  if (active.length === 0) {
    const params = { detail: skippedOut.map((k) => k.message).join('; ') };
    throw new AppError(Code.VALIDATION, 'shopping.pnr.nothingLeft', params, { pnr: { key: 'shopping.pnr.nothingLeft', params } });
  }

  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of parsed.passengers) counts[p.type] += 1;
  // A display without names (segments only) prices one adult.
  if (parsed.passengers.length === 0) counts.adult = 1;

  const cabin = cabinOfBookingClass(active[0].bookingClass);
  const answerSegments = (journeys: number[]) =>
    active.map((s, i) => ({
      flightNumber: s.flightNumber,
      bookingClass: s.bookingClass,
      date: s.date,
      origin: s.origin,
      destination: s.destination,
      departureTime: s.departureTime,
      arrivalTime: s.arrivalTime,
      status: s.status,
      journey: journeys[i],
    }));
  const segments: SegmentInput[] = active.map((s, i) => ({
    flightNumber: s.flightNumber,
    date: s.date,
    origin: s.origin,
    destination: s.destination,
    bookingClass: s.bookingClass,
    journey: null,
    connectionMinutes: i > 0 ? connectionMinutes(active[i - 1], s) : null,
  }));

  // A group: the group name element's seats, or the party the names (or the seats held) count, over one search's limit.
  const named = counts.adult + counts.child + counts.infant;
  const held = Math.max(0, ...active.map((s) => s.seats ?? 0));
  const seats = Math.max(parsed.group?.seats ?? 0, named, held);
  if (parsed.group || seats > MAX_PASSENGERS) {
    return {
      searchId: null,
      expiresAt: null,
      suppliersAsked: 0,
      recordLocator: parsed.recordLocator,
      segments: answerSegments(groupJourneys(segments)),
      passengers: parsed.passengers,
      passengerCounts: counts,
      cabin,
      group: { seats, name: parsed.group?.name || null, message: translate('shopping.pnr.group', lang, { seats }) },
      skipped: skippedOut,
    };
  }

  const search = normalizeExactSearch({ segments, passengers: counts, cabin }, now);
  const started = await startSearch(ctx, auth, search, now);
  return {
    ...started,
    recordLocator: parsed.recordLocator,
    segments: answerSegments(groupJourneys(segments)),
    passengers: parsed.passengers,
    passengerCounts: counts,
    cabin,
    group: null,
    skipped: skippedOut,
  };
}
