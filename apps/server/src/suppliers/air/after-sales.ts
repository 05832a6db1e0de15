import type { Db, DbOrTx } from '../../db/client.ts';
import { newTicketNumber, ticketPrefix } from './booking-rules.ts';
import {
  findBooking,
  lockBooking,
  passengersOf,
  saveCoupons,
  segmentsOf,
  ticketNumbersTaken,
  ticketsOf,
  type BookedSegment,
  type BookingRow,
  type StoredCoupon,
  type StoredTicket,
} from './booking-store.ts';
import type { PricedBooking, Repricing } from './booking.ts';
import { applyCallFaults, hang, loadFaults, SupplierError, throwIfAborted } from './faults.ts';
import { releaseSeats, sellSeatsWithin, soldKey, type SeatSale } from './inventory.ts';
import { decodeOfferId } from './offer-id.ts';
import type { Network } from './schedule/network.ts';
import { localToUtc, utcToLocal } from './schedule/tz.ts';
import type {
  SupplierAfterSalesResult,
  SupplierBookingRef,
  SupplierContext,
  SupplierFaults,
  SupplierRefundRequest,
  SupplierReissueRequest,
  SupplierReissueResult,
  SupplierVoidRequest,
} from './types.ts';

/**
 * After-sales at a simulated airline: void, refund and exchange (reissue) of the coupons of a ticketed booking in
 * supplier_bookings. A coupon is one passenger's ticket on one leg (journey); its state (open, refunded, voided,
 * exchanged) and the client reference of the request that changed it are kept in the `tickets` column, and the seats
 * each passenger holds per flight in the `seats` column, so any process can answer a repeated request from the row.
 *
 * A request is keyed by its client reference: asking again with a reference that already acted answers the first
 * outcome ('done', the same new tickets) and never acts twice, which is how a caller settles a timeout. Refusals are
 * not recorded (nothing happened), so a refused request asked again is decided again.
 */

/**
 * The simulated issuing offices (all three simulators) are in Beijing: the void window is the calendar day of issue
 * there, whatever the time zone of the caller or of the flights.
 */
export const ISSUING_OFFICE_TIME_ZONE = 'Asia/Shanghai';

const TICKET_NUMBER_ATTEMPTS = 5;

const refused = (reason: Extract<SupplierAfterSalesResult, { status: 'refused' }>['reason']): SupplierAfterSalesResult => ({ status: 'refused', reason });
const notReissued = (reason: Extract<SupplierReissueResult, { status: 'refused' }>['reason']): SupplierReissueResult => ({ status: 'refused', reason });
const DONE: SupplierAfterSalesResult = { status: 'done' };

/** The coupons and seats of one booking, normalised so that every segment and ticket says what it covers. */
export interface CouponBook {
  row: BookingRow;
  /** Legs of the booking as sold (an exchange replaces flights of a leg, never adds or removes legs). */
  legCount: number;
  segments: BookedSegment[];
  tickets: (StoredTicket & { coupons: StoredCoupon[] })[];
  /** Infants hold no seat. */
  seated(passengerIndex: number): boolean;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Reads the row into a CouponBook. A booking nobody has touched since ticketing keeps its segments in the offer's
 * leg order with every passenger on each, and one open coupon per leg on each ticket: both are filled in here, and
 * the first write stores them explicitly.
 */
export function couponBook(row: BookingRow): CouponBook {
  const list = passengersOf(row).list;
  const raw = segmentsOf(row);
  const key = decodeOfferId(row.offerId);
  const sizes = key?.legs.map((l) => l.flights.length) ?? [raw.length];
  const legOfIndex = sizes.flatMap((n, leg) => Array.from({ length: n }, () => leg));
  const legCount = sizes.length;
  const everyone = range(list.length);
  return {
    row,
    legCount,
    segments: raw.map((s, i) => ({ ...s, leg: s.leg ?? legOfIndex[i] ?? legCount - 1, pax: [...(s.pax ?? everyone)] })),
    tickets: ticketsOf(row).map((t) => ({
      ...t,
      coupons: t.coupons ? t.coupons.map((c) => ({ ...c })) : range(legCount).map((leg) => ({ leg, status: 'open' as const })),
    })),
    seated: (i) => list[i]?.type !== 'infant',
  };
}

/** The passenger's coupon on a leg: the latest ticket of theirs that covers the leg (open coupons move on exchange). */
export function couponOf(book: CouponBook, passengerIndex: number, leg: number): { ticket: CouponBook['tickets'][number]; coupon: StoredCoupon } | null {
  for (let i = book.tickets.length - 1; i >= 0; i--) {
    const ticket = book.tickets[i];
    if (ticket.passengerIndex !== passengerIndex) continue;
    const coupon = ticket.coupons.find((c) => c.leg === leg);
    if (coupon) return { ticket, coupon };
  }
  return null;
}

const currentTicket = (book: CouponBook, passengerIndex: number) => book.tickets.findLast((t) => t.passengerIndex === passengerIndex);

/** Passengers still holding an open coupon on the leg: a schedule change concerns only them. */
export function openPassengers(book: CouponBook, leg: number): number[] {
  return range(passengersOf(book.row).list.length).filter((p) => couponOf(book, p, leg)?.coupon.status === 'open');
}

/** What a client reference already did to this booking, if anything. */
function priorAction(book: CouponBook, clientReference: string): StoredCoupon['status'] | null {
  for (const t of book.tickets) {
    for (const c of t.coupons) if (c.by === clientReference) return c.status;
  }
  return null;
}

/** Distinct, in-range indexes, at least one; null otherwise. */
function validIndexes(values: number[], size: number): number[] | null {
  if (!Array.isArray(values) || values.length === 0) return null;
  if (values.some((v) => !Number.isInteger(v) || v < 0 || v >= size) || new Set(values).size !== values.length) return null;
  return values;
}

/** The UTC instant of a stored local time at an airport (its zone from the network; UTC when unknown). */
export function instantAt(network: Network, airport: string, local: string): number {
  const tz = network.airport(airport)?.timeZone;
  if (!tz) return Date.parse(`${local}:00Z`);
  return localToUtc(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), tz);
}

export const officeDay = (ms: number) => utcToLocal(ms, ISSUING_OFFICE_TIME_ZONE).slice(0, 10);

/**
 * Takes the passengers off the booking's flights (of `legs`, or all), collecting the seats they free. Segments nobody
 * holds any more leave the booking, so `seats` always says exactly what the booking holds in seat_inventory.
 */
function vacate(book: CouponBook, passengers: number[], legs: Set<number> | null, sales: SeatSale[]): void {
  const leaving = new Set(passengers);
  for (const s of book.segments) {
    if (legs && !legs.has(s.leg!)) continue;
    const gone = s.pax!.filter((p) => leaving.has(p));
    if (!gone.length) continue;
    s.pax = s.pax!.filter((p) => !leaving.has(p));
    const seats = gone.filter((p) => book.seated(p)).length;
    if (seats > 0) {
      s.seats -= seats;
      sales.push({ flightNumber: s.flightNumber, date: s.date, bookingClass: s.bookingClass, seats });
    }
  }
  book.segments = book.segments.filter((s) => s.pax!.length > 0);
}

/**
 * One release per flight and class, in key order: two bookings releasing seats on the same flights lock the inventory
 * rows in the same order, so they cannot deadlock on PostgreSQL.
 */
function merged(sales: SeatSale[]): SeatSale[] {
  const out = new Map<string, SeatSale>();
  for (const s of sales) {
    const k = soldKey(s.flightNumber, s.date, s.bookingClass);
    const seen = out.get(k);
    out.set(k, seen ? { ...seen, seats: seen.seats + s.seats } : { ...s });
  }
  return [...out.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => s)
    .filter((s) => s.seats > 0);
}

export interface AfterSalesDeps {
  db: Db;
  code: string;
  kind: 'gds' | 'ndc' | 'lcc';
  /** Airports' time zones (departure instants of the stored local times). */
  network: Network;
  /** The simulator's verification pricing: an exchange sells the new flights exactly as a booking would. */
  reprice(offerId: string, now: Date, faults: SupplierFaults, signal: AbortSignal): Promise<Repricing>;
}

/** Thrown inside the exchange's transaction to roll the released seats back too. */
class SoldOut extends Error {}

/**
 * Void, refund and reissue of one simulated supplier. Each call reads the fault switches like booking does: the
 * call-level ones (latency, timeout, fail), then ticketFail (an error answer, nothing done) and ticketTimeout (the
 * action is done and kept, the answer never arrives: asking again with the same reference answers 'done').
 */
export class AfterSalesDesk {
  constructor(private readonly deps: AfterSalesDeps) {}

  async voidTickets(ref: SupplierBookingRef, request: SupplierVoidRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult> {
    const faults = await this.#faults(ctx);
    const now = ctx.now ?? new Date();
    const found = await findBooking(this.deps.db, this.deps.code, ref);
    if (!found) return refused('not_found');
    const result = await this.deps.db.transaction(async (tx) => {
      const book = couponBook((await lockBooking(tx, found.id))!);
      const prior = priorAction(book, request.clientReference);
      if (prior) return prior === 'voided' ? DONE : refused('already_used');
      if (book.row.status !== 'ticketed') return refused('not_ticketed');
      const passengers = validIndexes(request.passengerIndexes, passengersOf(book.row).list.length);
      if (!passengers) return refused('not_found');
      if (!this.#voidAllowed(book.row)) return refused('not_allowed');
      const tickets = passengers.map((p) => currentTicket(book, p));
      if (tickets.some((t) => !t)) return refused('not_found');
      // Voiding an exchange would have to bring the exchanged ticket back to life; the simulated airline does not.
      if (tickets.some((t) => t!.issuedBy)) return refused('not_allowed');
      if (tickets.some((t) => t!.coupons.some((c) => c.status !== 'open'))) return refused('already_used');
      const today = officeDay(now.getTime());
      const issuedAt = (t: StoredTicket) => (t.issuedAt ? Date.parse(t.issuedAt) : (book.row.ticketingRequestedAt ?? book.row.updatedAt).getTime());
      if (tickets.some((t) => officeDay(issuedAt(t!)) !== today)) return refused('void_window_closed');
      const held = book.segments.filter((s) => s.pax!.some((p) => passengers.includes(p)));
      const firstDeparture = Math.min(...held.map((s) => instantAt(this.deps.network, s.origin, s.departure)));
      if (now.getTime() >= firstDeparture) return refused('void_window_closed');

      const at = now.toISOString();
      for (const t of tickets) for (const c of t!.coupons) Object.assign(c, { status: 'voided', by: request.clientReference, at });
      const sales: SeatSale[] = [];
      vacate(book, passengers, null, sales);
      await releaseSeats(tx, this.deps.code, merged(sales));
      await saveCoupons(tx, book.row.id, book.segments, book.tickets);
      return DONE;
    });
    return this.#answered(faults, result, ctx);
  }

  async refundTickets(ref: SupplierBookingRef, request: SupplierRefundRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult> {
    const faults = await this.#faults(ctx);
    const now = ctx.now ?? new Date();
    const found = await findBooking(this.deps.db, this.deps.code, ref);
    if (!found) return refused('not_found');
    const result = await this.deps.db.transaction(async (tx) => {
      const book = couponBook((await lockBooking(tx, found.id))!);
      const answer = refundAnswer(book, request);
      if (answer) return answer;

      const at = now.toISOString();
      for (const p of request.passengerIndexes) {
        for (const leg of request.legs) Object.assign(couponOf(book, p, leg)!.coupon, { status: 'refunded', by: request.clientReference, at });
      }
      const sales: SeatSale[] = [];
      vacate(book, request.passengerIndexes, new Set(request.legs), sales);
      await releaseSeats(tx, this.deps.code, merged(sales));
      await saveCoupons(tx, book.row.id, book.segments, book.tickets);
      return DONE;
    });
    return this.#answered(faults, result, ctx);
  }

  async reissueTickets(ref: SupplierBookingRef, request: SupplierReissueRequest, ctx: SupplierContext): Promise<SupplierReissueResult> {
    const { db, code } = this.deps;
    const faults = await this.#faults(ctx);
    const now = ctx.now ?? new Date();
    const found = await findBooking(db, code, ref);
    if (!found) return notReissued('not_found');
    // A repeated request is answered from the record before anything is priced: its offer may be long gone.
    const early = reissueAnswer(couponBook(found), request);
    if (early) return this.#answered(faults, early, ctx);

    const repriced = await this.deps.reprice(request.newOfferId, now, faults, ctx.signal);
    if (repriced.status === 'invalid') return notReissued('invalid_offer');
    if (repriced.status === 'sold_out') return notReissued('sold_out');
    const { priced } = repriced;
    if (!fitsExchange(priced, couponBook(found), request)) return notReissued('invalid_offer');
    throwIfAborted(ctx.signal);

    let result: SupplierReissueResult;
    try {
      result = await db.transaction(async (tx) => {
        const book = couponBook((await lockBooking(tx, found.id))!);
        const answer = reissueAnswer(book, request);
        if (answer) return answer;

        // Old seats first: an exchange to another class of the same flight must not be refused for its own seats.
        const sales: SeatSale[] = [];
        vacate(book, request.passengerIndexes, new Set(request.legs), sales);
        await releaseSeats(tx, code, merged(sales));
        if (!(await sellSeatsWithin(tx, code, priced.segments))) throw new SoldOut();
        addSegments(book, newSegments(priced, request));

        const numbers = await this.#ticketNumbers(tx, passengersOf(book.row).validatingCarrier, request.passengerIndexes.length);
        const at = now.toISOString();
        const changed = new Set(request.legs);
        const issued = request.passengerIndexes.map((passengerIndex, i) => {
          const old = currentTicket(book, passengerIndex)!;
          // The whole ticket is reissued: coupons of the other legs still open move to the new ticket with it.
          const legs = old.coupons.filter((c) => c.status === 'open').map((c) => c.leg);
          for (const c of old.coupons) if (c.status === 'open') Object.assign(c, { status: 'exchanged', by: request.clientReference, at });
          for (const leg of changed) if (!legs.includes(leg)) legs.push(leg);
          const ticket = {
            passengerIndex,
            ticketNumber: numbers[i],
            issuedAt: at,
            issuedBy: request.clientReference,
            coupons: legs.sort((a, b) => a - b).map((leg) => ({ leg, status: 'open' as const })),
          };
          book.tickets.push(ticket);
          return { passengerIndex, ticketNumber: ticket.ticketNumber };
        });
        await saveCoupons(tx, book.row.id, book.segments, book.tickets);
        return { status: 'done' as const, tickets: issued.sort((a, b) => a.passengerIndex - b.passengerIndex) };
      });
    } catch (err) {
      if (!(err instanceof SoldOut)) throw err;
      result = notReissued('sold_out');
    }
    return this.#answered(faults, result, ctx);
  }

  async #faults(ctx: SupplierContext): Promise<SupplierFaults> {
    const faults = await loadFaults(this.deps.db, this.deps.code);
    await applyCallFaults(this.deps.code, faults, ctx.signal);
    if (faults.ticketFail) throw new SupplierError(this.deps.code, `${this.deps.code}: simulated after-sales failure`);
    return faults;
  }

  /** With ticketTimeout on, what was done stays done, but the answer never reaches the caller. */
  async #answered<T extends SupplierAfterSalesResult | SupplierReissueResult>(faults: SupplierFaults, result: T, ctx: SupplierContext): Promise<T> {
    if (faults.ticketTimeout && result.status === 'done') await hang(ctx.signal);
    return result;
  }

  /**
   * Bookings since the fare's rule was stored say it; older ones follow the fare rules (fares/rules.ts): low-cost and
   * self-transfer fares are never voidable, every full-service fare the simulators sell is.
   */
  #voidAllowed(row: BookingRow): boolean {
    const stored = passengersOf(row).voidAllowed;
    if (stored !== undefined) return stored;
    return this.deps.kind !== 'lcc' && !decodeOfferId(row.offerId)?.legs.some((l) => l.selfTransfer);
  }

  async #ticketNumbers(tx: DbOrTx, validatingCarrier: string, count: number): Promise<string[]> {
    // An exchange is issued on the stock of the tickets it replaces.
    const prefix = ticketPrefix(validatingCarrier);
    for (let attempt = 0; attempt < TICKET_NUMBER_ATTEMPTS; attempt++) {
      const numbers = Array.from({ length: count }, () => newTicketNumber(prefix));
      if (new Set(numbers).size === numbers.length && (await ticketNumbersTaken(tx, numbers)).size === 0) return numbers;
    }
    throw new Error(`${this.deps.code}: no free ticket numbers after ${TICKET_NUMBER_ATTEMPTS} attempts`);
  }
}

type Checked = 'ok' | { prior: StoredCoupon['status'] } | 'not_ticketed' | 'not_found' | 'already_used';

/**
 * The common checks of a refund or exchange on coupons (passengers x legs): 'ok' to go ahead, what the request's
 * reference already did (a repeat), or a refusal.
 */
function check(book: CouponBook, request: { passengerIndexes: number[]; legs: number[]; clientReference: string }): Checked {
  const prior = priorAction(book, request.clientReference);
  if (prior) return { prior };
  if (book.row.status !== 'ticketed') return 'not_ticketed';
  if (!validIndexes(request.passengerIndexes, passengersOf(book.row).list.length) || !validIndexes(request.legs, book.legCount)) return 'not_found';
  for (const p of request.passengerIndexes) {
    for (const leg of request.legs) {
      const found = couponOf(book, p, leg);
      if (!found) return 'not_found';
      if (found.coupon.status !== 'open') return 'already_used';
    }
  }
  return 'ok';
}

/** The answer a refund gets without acting (a repeat or a refusal), or null to go ahead. */
function refundAnswer(book: CouponBook, request: SupplierRefundRequest): SupplierAfterSalesResult | null {
  const checked = check(book, request);
  if (checked === 'ok') return null;
  if (typeof checked === 'object') return checked.prior === 'refunded' ? DONE : refused('already_used');
  return refused(checked);
}

/** The answer an exchange gets without acting (a repeat or a refusal), or null to go ahead. */
function reissueAnswer(book: CouponBook, request: SupplierReissueRequest): SupplierReissueResult | null {
  const checked = check(book, request);
  if (checked === 'ok') return null;
  if (typeof checked === 'object') {
    if (checked.prior !== 'exchanged') return notReissued('already_used');
    const tickets = book.tickets.filter((t) => t.issuedBy === request.clientReference).map((t) => ({ passengerIndex: t.passengerIndex, ticketNumber: t.ticketNumber }));
    return { status: 'done', tickets: tickets.sort((a, b) => a.passengerIndex - b.passengerIndex) };
  }
  return notReissued(checked);
}

/** The new offer must be for exactly these passengers (by type) and one leg per leg exchanged. */
function fitsExchange(priced: PricedBooking, book: CouponBook, request: SupplierReissueRequest): boolean {
  if (priced.offer.legs.length !== request.legs.length) return false;
  const list = passengersOf(book.row).list;
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of request.passengerIndexes) {
    const type = list[p]?.type;
    if (!type) return false;
    counts[type] += 1;
  }
  return counts.adult === priced.passengers.adult && counts.child === priced.passengers.child && counts.infant === priced.passengers.infant;
}

/** The new offer's flights as the booking's segments: offer leg i replaces booking leg legs[i]. */
function newSegments(priced: PricedBooking, request: SupplierReissueRequest): BookedSegment[] {
  const out: BookedSegment[] = [];
  let next = 0;
  priced.offer.legs.forEach((leg, i) => {
    for (let k = 0; k < leg.segments.length; k++) {
      const { limit: _limit, ...s } = priced.segments[next++];
      out.push({ ...s, leg: request.legs[i], pax: [...request.passengerIndexes] });
    }
  });
  return out;
}

function addSegments(book: CouponBook, added: BookedSegment[]): void {
  for (const s of added) {
    const same = book.segments.find(
      (x) => x.leg === s.leg && !x.cancelled && x.flightNumber === s.flightNumber && x.date === s.date && x.bookingClass === s.bookingClass && x.departure === s.departure,
    );
    if (same) {
      same.pax = [...same.pax!, ...s.pax!].sort((a, b) => a - b);
      same.seats += s.seats;
    } else book.segments.push(s);
  }
  book.segments.sort((a, b) => a.leg! - b.leg! || a.departure.localeCompare(b.departure));
}
