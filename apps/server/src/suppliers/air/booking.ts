import type { PassengerType } from '@portal/contract/api/shopping';
import type { Db, Tx } from '../../db/client.ts';
import { newRecordLocator, newSupplierRef, newTicketNumber, refusedName, ticketingTimeLimit, ticketPrefix } from './booking-rules.ts';
import {
  bookingById,
  cancelBooking,
  findBooking,
  insertBooking,
  issueTickets,
  lapseBooking,
  lapsed,
  lapsedIds,
  passengersOf,
  requestTicketing,
  segmentsOf,
  ticketNumbersTaken,
  viewOf,
  type BookedSegment,
  type BookingRow,
} from './booking-store.ts';
import type { LegQuote } from './fares/quote.ts';
import { applyCallFaults, delay, hang, loadFaults, SupplierError, throwIfAborted } from './faults.ts';
import { releaseSeats, sellSeatsWithin } from './inventory.ts';
import type { OfferKey } from './offer-id.ts';
import type {
  SupplierBookingRef,
  SupplierBookRequest,
  SupplierBookResult,
  SupplierBooking,
  SupplierCancelResult,
  SupplierContext,
  SupplierFaults,
  SupplierOffer,
  SupplierPnr,
  SupplierTicketResult,
} from './types.ts';

/** An offer re-priced for booking by the simulator, exactly as verification prices it. */
export interface PricedBooking {
  offer: SupplierOffer;
  total: number;
  passengers: Record<PassengerType, number>;
  /** Every flight with the class it sells now, the seats it takes and the class's limit (sellableSeats). */
  segments: (BookedSegment & { limit: number })[];
  firstDepartureUtc: number;
  /** The offer id's own expiry (epoch ms), 0 when it has none. */
  quotedExpiresAt: number;
}

export type Repricing = { status: 'invalid' } | { status: 'sold_out' } | { status: 'priced'; priced: PricedBooking };

/** What a booking takes from a re-priced offer: every flight in the class priced now, seated passengers each. */
export function pricedBooking(r: { key: OfferKey; offer: SupplierOffer; quotes: LegQuote[]; passengers: Record<PassengerType, number>; total: number }): PricedBooking {
  const seats = r.passengers.adult + r.passengers.child;
  return {
    offer: r.offer,
    total: r.total,
    passengers: r.passengers,
    segments: r.quotes.flatMap((q) =>
      q.segments.map((f, i) => ({
        carrier: f.carrier,
        flightNumber: f.flightNumber,
        origin: f.origin,
        destination: f.destination,
        date: f.date,
        departure: f.departure,
        arrival: f.arrival,
        bookingClass: q.rbds[i],
        seats,
        limit: q.limits[i],
      })),
    ),
    firstDepartureUtc: r.quotes[0].segments[0].depUtc,
    quotedExpiresAt: r.key.expiresAt,
  };
}

export interface BookingDeskDeps {
  db: Db;
  code: string;
  kind: 'gds' | 'ndc' | 'lcc';
  /** The simulator's verification pricing, shared so a booking can never be priced differently from a check. */
  reprice(offerId: string, now: Date, faults: SupplierFaults, signal: AbortSignal): Promise<Repricing>;
}

/** Thrown inside the booking transaction to roll it back; the answer is made after. */
class Rollback extends Error {
  constructor(readonly reason: 'duplicate' | 'sold_out') {
    super(reason);
  }
}

const LOCATOR_ATTEMPTS = 8;
const TICKET_NUMBER_ATTEMPTS = 5;

/**
 * The booking side of a simulated supplier: book (a PNR holding seats until its ticketing time limit), ticket, cancel
 * and retrieve, over supplier_bookings and seat_inventory, so any server process can continue what another began.
 * Fault switches are read on every call like search's. `enabled: false` stops selling only: bookings already made
 * stay readable, ticketable and cancellable, as an airline's PNRs outlive a closed sales channel.
 */
export class BookingDesk {
  constructor(private readonly deps: BookingDeskDeps) {}

  async book(request: SupplierBookRequest, ctx: SupplierContext): Promise<SupplierBookResult> {
    const { db, code } = this.deps;
    const faults = await this.#callFaults(ctx);
    if (faults.bookFail) throw new SupplierError(code, `${code}: simulated booking failure`);
    const now = ctx.now ?? new Date();
    const existing = await findBooking(db, code, { clientReference: request.clientReference });
    if (existing) return this.#answered(faults.bookTimeout, { status: 'duplicate', booking: viewOf(await this.#settle(existing, now)) }, ctx);

    // Holds nobody came back for must not keep the seats this booking may need.
    await this.sweep(now);
    const repriced = await this.deps.reprice(request.offerId, now, faults, ctx.signal);
    if (repriced.status === 'invalid') return { status: 'invalid_offer' };
    if (repriced.status === 'sold_out') return { status: 'sold_out' };
    const { priced } = repriced;
    if (!samePassengers(priced.passengers, request.passengers)) return { status: 'invalid_offer' };
    const refused = refusedName(request.passengers);
    if (refused) return { status: 'name_refused', ...refused };
    if (priced.total !== request.expectedTotal) return { status: 'price_changed', newTotal: priced.total, currency: priced.offer.currency };
    throwIfAborted(ctx.signal);

    let result: SupplierBookResult;
    try {
      result = { status: 'booked', booking: viewOf(await db.transaction((tx) => this.#create(tx, request, priced, now))) };
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      if (err.reason === 'sold_out') return { status: 'sold_out' };
      const other = (await findBooking(db, code, { clientReference: request.clientReference }))!;
      result = { status: 'duplicate', booking: viewOf(await this.#settle(other, now)) };
    }
    return this.#answered(faults.bookTimeout, result, ctx);
  }

  async ticket(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierTicketResult> {
    const { db, code } = this.deps;
    const faults = await this.#callFaults(ctx);
    if (faults.ticketFail) throw new SupplierError(code, `${code}: simulated ticketing failure`);
    const started = Date.now();
    const now = ctx.now ?? new Date();
    const found = await findBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    let row = await this.#settle(found, now);
    if (row.status === 'booked') {
      // The wait runs on the wall clock: it is the airline's processing time, whatever "now" the caller simulates.
      const requestedAt = await requestTicketing(db, row.id, new Date());
      const wait = requestedAt.getTime() + faults.ticketingDelaySeconds * 1000 - Date.now();
      if (wait > 0) await delay(wait, ctx.signal);
      row = await this.#issue(row, new Date(now.getTime() + (Date.now() - started)));
    }
    if (row.status === 'cancelled') return { status: 'refused', reason: lapsed(row) ? 'time_limit_passed' : 'cancelled' };
    if (faults.ticketTimeout) await hang(ctx.signal);
    return { status: 'ticketed', booking: viewOf(row) };
  }

  async cancel(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierCancelResult> {
    const { db, code } = this.deps;
    await this.#callFaults(ctx);
    const found = await findBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    const row = await this.#settle(found, ctx.now ?? new Date());
    if (row.status === 'ticketed') return { status: 'refused', reason: 'ticketed' };
    if (row.status === 'cancelled') return { status: 'cancelled' };
    const after = await db.transaction(async (tx) => {
      const cancelled = await cancelBooking(tx, row.id);
      if (cancelled) await releaseSeats(tx, code, segmentsOf(cancelled));
      return cancelled ?? (await bookingById(tx, row.id))!;
    });
    // Lost a race to the ticketing of the same booking: it stands.
    return after.status === 'ticketed' ? { status: 'refused', reason: 'ticketed' } : { status: 'cancelled' };
  }

  async retrieve(by: SupplierBookingRef | { clientReference: string }, ctx: SupplierContext): Promise<SupplierBooking | null> {
    await this.#callFaults(ctx);
    const row = await findBooking(this.deps.db, this.deps.code, by);
    return row ? viewOf(await this.#settle(row, ctx.now ?? new Date())) : null;
  }

  /**
   * The PNR display of a booking by its record locator (call faults already applied by the caller): segments HK
   * while booked, RR once ticketed (the eTerm convention), none once cancelled ("no active itinerary").
   */
  async pnr(recordLocator: string, now: Date): Promise<SupplierPnr | null> {
    const found = await findBooking(this.deps.db, this.deps.code, { recordLocator });
    if (!found) return null;
    const row = await this.#settle(found, now);
    const status = row.status === 'ticketed' ? 'RR' : 'HK';
    return {
      recordLocator: row.recordLocator,
      segments:
        row.status === 'cancelled'
          ? []
          : segmentsOf(row).map((s) => ({
              flightNumber: s.flightNumber,
              bookingClass: s.bookingClass,
              date: s.date,
              origin: s.origin,
              destination: s.destination,
              departureTime: s.departure.slice(11, 16),
              arrivalTime: s.arrival.slice(11, 16),
              arrivalDate: s.arrival.slice(0, 10),
              // UN: the airline cancelled the flight and offered nothing (schedule-changes.ts).
              status: s.cancelled ? 'UN' : status,
            })),
      passengers: passengersOf(row).list.map((p) => ({ surname: p.surname, givenName: p.givenNames, type: p.type })),
    };
  }

  /**
   * Cancels unticketed bookings past their time limit and releases their seats, as an airline's queue does on its
   * own; a read of one booking does the same for that booking. Returns how many lapsed.
   */
  async sweep(now: Date, limit = 100): Promise<number> {
    let n = 0;
    for (const id of await lapsedIds(this.deps.db, this.deps.code, now, limit)) {
      const row = await bookingById(this.deps.db, id);
      if (row && lapsed(await this.#settle(row, now))) n++;
    }
    return n;
  }

  async #callFaults(ctx: SupplierContext): Promise<SupplierFaults> {
    const faults = await loadFaults(this.deps.db, this.deps.code);
    await applyCallFaults(this.deps.code, faults, ctx.signal);
    return faults;
  }

  /** With the matching timeout switch on, the work is done and kept, but the answer never reaches the caller. */
  async #answered<T extends SupplierBookResult>(timeout: boolean, result: T, ctx: SupplierContext): Promise<T> {
    if (timeout && (result.status === 'booked' || result.status === 'duplicate')) await hang(ctx.signal);
    return result;
  }

  /** Seats and the booking record in one transaction: either both exist, or neither. */
  async #create(tx: Tx, request: SupplierBookRequest, priced: PricedBooking, now: Date): Promise<BookingRow> {
    const { code, kind } = this.deps;
    const segments: BookedSegment[] = priced.segments.map(({ limit: _limit, ...s }) => s);
    const base = {
      supplier: code,
      clientReference: request.clientReference,
      offerId: priced.offer.offerId,
      status: 'booked',
      // Void is decided later from the fare sold now: the row does not keep the offer's cancellation policy.
      passengers: { validatingCarrier: priced.offer.validatingCarrier, list: request.passengers, voidAllowed: priced.offer.cancellationPolicy.every((p) => p.voidAllowed) },
      contact: request.contact,
      seats: segments,
      total: priced.total,
      currency: priced.offer.currency,
      ticketingTimeLimit: ticketingTimeLimit(kind, { now: now.getTime(), firstDepartureUtc: priced.firstDepartureUtc, quotedExpiresAt: priced.quotedExpiresAt }),
    };
    let id: string | null = null;
    for (let i = 0; i < LOCATOR_ATTEMPTS && !id; i++) {
      const candidate = { ...base, id: newSupplierRef(code), recordLocator: newRecordLocator() };
      if (await insertBooking(tx, candidate)) id = candidate.id;
      // Taken by a booking with our reference (a concurrent retry of the same order): that one stands.
      else if (await findBooking(tx, code, { clientReference: request.clientReference })) throw new Rollback('duplicate');
    }
    if (!id) throw new Error(`${code}: no free record locator after ${LOCATOR_ATTEMPTS} attempts`);
    if (!(await sellSeatsWithin(tx, code, priced.segments))) throw new Rollback('sold_out');
    return (await bookingById(tx, id))!;
  }

  /** Issues one ticket per passenger (infants too) on the validating carrier's stock, once. */
  async #issue(row: BookingRow, at: Date): Promise<BookingRow> {
    const { db } = this.deps;
    const { validatingCarrier, list } = passengersOf(row);
    const prefix = ticketPrefix(validatingCarrier);
    for (let attempt = 0; attempt < TICKET_NUMBER_ATTEMPTS; attempt++) {
      const numbers = list.map(() => newTicketNumber(prefix));
      if (new Set(numbers).size !== numbers.length || (await ticketNumbersTaken(db, numbers)).size > 0) continue;
      // The issue instant is kept on the simulated clock: the void window is the issuing office's day of it.
      const issuedAt = at.toISOString();
      const issued = await issueTickets(db, row.id, numbers.map((ticketNumber, passengerIndex) => ({ passengerIndex, ticketNumber, issuedAt })), at);
      if (issued) return issued;
      // Someone else ticketed or cancelled it meanwhile, or the time limit ran out during the wait.
      return this.#settle((await bookingById(db, row.id))!, at);
    }
    throw new Error(`${this.deps.code}: no free ticket numbers after ${TICKET_NUMBER_ATTEMPTS} attempts`);
  }

  /**
   * The booking as the airline sees it at `now`: one still unticketed after its time limit is cancelled (and its
   * seats go back), which the airline does on its own; whoever reads it first makes that happen, once.
   */
  async #settle(row: BookingRow, now: Date): Promise<BookingRow> {
    if (row.status !== 'booked' || now.getTime() <= row.ticketingTimeLimit.getTime()) return row;
    const { db, code } = this.deps;
    return db.transaction(async (tx) => {
      const gone = await lapseBooking(tx, row.id, now);
      if (gone) await releaseSeats(tx, code, segmentsOf(gone));
      return gone ?? (await bookingById(tx, row.id))!;
    });
  }
}

function samePassengers(expected: Record<PassengerType, number>, passengers: SupplierBookRequest['passengers']): boolean {
  const counts: Record<PassengerType, number> = { adult: 0, child: 0, infant: 0 };
  for (const p of passengers) {
    if (!(p.type in counts)) return false;
    counts[p.type] += 1;
  }
  return counts.adult === expected.adult && counts.child === expected.child && counts.infant === expected.infant;
}

