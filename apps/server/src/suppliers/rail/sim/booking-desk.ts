import { randomInt, randomUUID } from 'node:crypto';
import { TRAIN_MAX_PASSENGERS, type SeatClass } from '@portal/contract/api/trains';
import type { Db, Tx } from '../../../db/client.ts';
import {
  findRailBooking,
  insertRailBooking,
  lapsedHolds,
  leaveHeld,
  railBookingById,
  ticketsOf,
  viewOf,
  type NewRailBooking,
  type RailBookingRow,
  type StoredTicket,
} from '../booking-store.ts';
import { callFaults, loadRailFaults, railError, timedOut, untilAborted } from '../faults.ts';
import { assignSeats, ensureInventory, inventoryKey, occupiedSeats, readInventory, returnSeats, seatsLeft, takeSeats, unassignSeats, type TrainKey } from '../inventory.ts';
import type { RailBooking, RailBookingRef, RailContext, RailHoldRequest, RailHoldResult, RailPassenger, RailResult, RailSeat } from '../types.ts';
import { CONSISTS, matches, seatOf } from './consists.ts';
import { seatFare } from './fares.ts';
import { classesOf, fareInputOf, inPresale, instantOf, inventoryPlanOf, rideIndexes, SALES_CLOSE_MS, stopsOf, trainOfService } from './services.ts';
import { localTime, type Train } from './timetable.ts';

/** How long a hold keeps its seats unpaid (reported 12306 payment window). */
export const HOLD_MINUTES = 30;
const ORDER_NUMBER_ATTEMPTS = 8;

/** Thrown inside a booking transaction to roll it back; the answer is made after. */
export class Rollback extends Error {
  constructor(readonly reason: 'sold_out' | 'duplicate') {
    super(reason);
  }
}

/** A ride on one train: what holding and changing both sell. */
export interface Ride {
  train: Train;
  serviceDate: string;
  from: number;
  to: number;
  seatClass: SeatClass;
}

/** 12306 e-ticket numbers: the order number and the passenger's place on it. */
export const ticketNumberOf = (orderNumber: string, passengerIndex: number) => `${orderNumber}${String(passengerIndex + 1).padStart(3, '0')}`;
const newOrderNumber = () => `E${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * Inserts an order under a fresh order number (its tickets may carry it); a taken client reference means a concurrent
 * retry of the same request got there first, and rolls this one back as a duplicate.
 */
export async function insertOrder(tx: Tx, values: Omit<NewRailBooking, 'orderNumber' | 'tickets'>, tickets: (orderNumber: string) => StoredTicket[]): Promise<RailBookingRow> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const orderNumber = newOrderNumber();
    if (await insertRailBooking(tx, { ...values, orderNumber, tickets: tickets(orderNumber) })) return (await railBookingById(tx, values.id))!;
    if (await findRailBooking(tx, values.supplier, { clientReference: values.clientReference })) throw new Rollback('duplicate');
  }
  throw new Error(`${values.supplier}: no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
}
const keyOf = (r: Ride): TrainKey => ({ serviceDate: r.serviceDate, trainNumber: r.train.trainNumber });

/** The ride a request names, if the train runs then, calls at both stations in order and sells the class. */
export function rideOf(serviceId: string, fromCode: string, toCode: string, seatClass: SeatClass): Ride | null {
  const found = trainOfService(serviceId);
  if (!found) return null;
  const ride = rideIndexes(found.train, new Set([fromCode]), new Set([toCode]));
  if (!ride || !classesOf(found.train).some((c) => c.seatClass === seatClass)) return null;
  return { train: found.train, serviceDate: found.serviceDate, from: ride[0], to: ride[1], seatClass };
}

/** When the ride leaves its boarding station (epoch ms). */
export const boardingAt = (r: Ride) => instantOf(r.serviceDate, r.train.stops[r.from].dep!);
/** Whether the ride's boarding date is in the pre-sale window at `now`. */
export const inSaleWindow = (r: Ride, now: Date) => inPresale(localTime(r.serviceDate, r.train.stops[r.from].dep!).slice(0, 10), now);

/**
 * Holds, tickets, cancellation and retrieval over rail_bookings and the seat tables, so any server process can go on
 * with what another began.
 */
export class RailBookingDesk {
  constructor(private readonly deps: { db: Db; code: string }) {}

  async hold(request: RailHoldRequest, ctx: RailContext): Promise<RailHoldResult> {
    const { db, code } = this.deps;
    const faults = await loadRailFaults(db, code);
    if (!faults.enabled) return { status: 'error', error: railError('unavailable', `${code}: switched off`) };
    const failed = await callFaults(code, faults, ctx.signal);
    if (failed) return { status: 'error', error: failed };
    if (faults.bookFail) return { status: 'error', error: railError('booking_failed', `${code}: simulated booking failure`) };
    const now = ctx.now ?? new Date();

    const existing = await findRailBooking(db, code, { clientReference: request.clientReference });
    if (existing) return this.#answered(faults.bookTimeout, await this.settle(existing, now), ctx);
    const n = request.passengers.length;
    if (n < 1 || n > TRAIN_MAX_PASSENGERS) return { status: 'refused', reason: 'too_many_passengers' };
    const ride = rideOf(request.serviceId, request.from, request.to, request.seatClass);
    if (!ride || !inSaleWindow(ride, now)) return { status: 'refused', reason: 'invalid_service' };
    if (boardingAt(ride) < now.getTime() + SALES_CLOSE_MS) return { status: 'refused', reason: 'departed' };
    if (faults.soldOut) return { status: 'error', error: railError('sold_out', `${code}: no seats`) };

    await this.releaseLapsed([ride.serviceDate], now);
    await ensureInventory(db, code, [inventoryPlanOf(ride.train, ride.serviceDate)]);
    let row: RailBookingRow;
    try {
      row = await db.transaction((tx) => this.#create(tx, ride, request, now));
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      if (err.reason === 'sold_out') return { status: 'error', error: railError('sold_out', `${code}: not enough seats on ${ride.train.trainNumber}`) };
      row = (await findRailBooking(db, code, { clientReference: request.clientReference }))!;
    }
    return this.#answered(faults.bookTimeout, row, ctx);
  }

  async ticket(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'expired' | 'cancelled'>> {
    const { db, code } = this.deps;
    const faults = await loadRailFaults(db, code);
    const failed = await callFaults(code, faults, ctx.signal);
    if (failed) return { status: 'error', error: failed };
    if (faults.ticketFail) return { status: 'error', error: railError('ticketing_failed', `${code}: simulated ticketing failure`) };
    const now = ctx.now ?? new Date();
    const found = await findRailBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    let row = await this.settle(found, now);
    if (row.status === 'held') {
      const tickets = ticketsOf(row).map((t) => ({ ...t, status: 'issued' as const, ticketNumber: ticketNumberOf(row.orderNumber, t.passengerIndex) }));
      row = (await leaveHeld(db, row.id, 'ticketed', { tickets, before: now })) ?? (await this.settle((await railBookingById(db, row.id))!, now));
    }
    if (row.status === 'expired' || row.status === 'cancelled') return { status: 'refused', reason: row.status };
    if (faults.ticketTimeout) {
      await untilAborted(ctx.signal);
      return { status: 'error', error: timedOut(code) };
    }
    return { status: 'ok', value: viewOf(row) };
  }

  async cancel(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'ticketed'>> {
    const { db, code } = this.deps;
    const failed = await callFaults(code, await loadRailFaults(db, code), ctx.signal);
    if (failed) return { status: 'error', error: failed };
    const found = await findRailBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    const row = await this.settle(found, ctx.now ?? new Date());
    if (row.status === 'held') {
      const after = await db.transaction(async (tx) => {
        const gone = await leaveHeld(tx, row.id, 'cancelled');
        if (gone) await this.#release(tx, gone);
        return gone ?? (await railBookingById(tx, row.id))!;
      });
      // Lost a race to the ticketing of the same order: it stands.
      return after.status === 'ticketed' ? { status: 'refused', reason: 'ticketed' } : { status: 'ok', value: viewOf(after) };
    }
    return row.status === 'ticketed' ? { status: 'refused', reason: 'ticketed' } : { status: 'ok', value: viewOf(row) };
  }

  async retrieve(by: RailBookingRef | { clientReference: string }, ctx: RailContext): Promise<RailResult<RailBooking | null>> {
    const { db, code } = this.deps;
    const failed = await callFaults(code, await loadRailFaults(db, code), ctx.signal);
    if (failed) return { status: 'error', error: failed };
    const row = await findRailBooking(db, code, by);
    return { status: 'ok', value: row ? viewOf(await this.settle(row, ctx.now ?? new Date())) : null };
  }

  /** The order as the railway sees it at `now`: a hold past its time has lapsed and its seats are back on sale. */
  async settle(row: RailBookingRow, now: Date): Promise<RailBookingRow> {
    if (row.status !== 'held' || now.getTime() <= row.holdUntil.getTime()) return row;
    return this.deps.db.transaction(async (tx) => {
      const gone = await leaveHeld(tx, row.id, 'expired');
      if (gone) await this.#release(tx, gone);
      return gone ?? (await railBookingById(tx, row.id))!;
    });
  }

  /** Lapses the holds nobody came back for on these service dates, so their seats can be sold again. */
  async releaseLapsed(serviceDates: string[], now: Date): Promise<void> {
    // settle re-checks each under its own conditional update: one another process released first is left alone.
    for (const row of await lapsedHolds(this.deps.db, this.deps.code, serviceDates, now)) await this.settle(row, now);
  }

  /**
   * Takes seats for the passengers on every segment of the ride and picks their seat numbers: the lowest free ones,
   * meeting each passenger's wish where a free seat does (`strict`: only such a seat, else sold out). Standing tickets
   * take no seat number.
   */
  async sellSeats(
    tx: Tx,
    ride: Ride,
    bookingId: string,
    passengers: Pick<RailPassenger, 'seatPreference'>[],
    o: { strict?: boolean } = {},
  ): Promise<{ seatNo: number | null; seat: RailSeat }[]> {
    const { code } = this.deps;
    const k = keyOf(ride);
    const consist = CONSISTS[ride.train.consist];
    if (ride.seatClass === 'no_seat' && consist.standing) {
      // Standing is sold once the seats of its class are gone.
      const seated = seatsLeft((await readInventory(tx, code, [k])).get(inventoryKey(k)), consist.standing.in, ride.from, ride.to);
      if (seated > 0) throw new Rollback('sold_out');
    }
    if (!(await takeSeats(tx, code, k, ride.seatClass, ride.from, ride.to, passengers.length))) throw new Rollback('sold_out');
    if (ride.seatClass === 'no_seat') return passengers.map(() => ({ seatNo: null, seat: seatOf(consist, 'no_seat', randomInt(0, 1000)) }));
    const capacity = classesOf(ride.train).find((c) => c.seatClass === ride.seatClass)!.capacity;
    const taken = await occupiedSeats(tx, code, k, ride.seatClass, ride.from, ride.to);
    const free = Array.from({ length: capacity }, (_, i) => i).filter((i) => !taken.has(i));
    const picked = passengers.map((p) => {
      const at = free.findIndex((i) => matches(seatOf(consist, ride.seatClass, i), p.seatPreference));
      // A strict wish (a change priced by its berth) is met or not sold at all.
      if (at < 0 && o.strict) throw new Rollback('sold_out');
      const [seatNo] = free.splice(at >= 0 ? at : 0, 1);
      return { seatNo, seat: seatOf(consist, ride.seatClass, seatNo) };
    });
    await assignSeats(
      tx,
      code,
      k,
      ride.seatClass,
      ride.from,
      ride.to,
      bookingId,
      picked.map((p) => p.seatNo),
    );
    return picked;
  }

  /** Gives back the seats of these tickets of an order (all of its live ones when not told). */
  async releaseTickets(tx: Tx, row: RailBookingRow, tickets: StoredTicket[]): Promise<void> {
    if (tickets.length === 0) return;
    const k = { serviceDate: row.serviceDate, trainNumber: row.trainNumber };
    await returnSeats(tx, this.deps.code, k, row.seatClass, row.fromIndex, row.toIndex, tickets.length);
    await unassignSeats(
      tx,
      row.id,
      tickets.flatMap((t) => (t.seatNo === null ? [] : [t.seatNo])),
    );
  }

  async #release(tx: Tx, row: RailBookingRow): Promise<void> {
    await this.releaseTickets(
      tx,
      row,
      ticketsOf(row).filter((t) => t.status === 'held' || t.status === 'issued'),
    );
  }

  async #create(tx: Tx, ride: Ride, request: RailHoldRequest, now: Date): Promise<RailBookingRow> {
    const { code } = this.deps;
    const id = randomUUID();
    const seats = await this.sellSeats(tx, ride, id, request.passengers);
    const fare = fareInputOf(ride.train, ride.train.stops[ride.to].km - ride.train.stops[ride.from].km);
    const tickets: StoredTicket[] = request.passengers.map((p, i) => ({
      passengerIndex: i,
      seatClass: ride.seatClass,
      seat: seats[i].seat,
      seatNo: seats[i].seatNo,
      price: seatFare(ride.seatClass, seats[i].seat.berth, fare, p.type === 'child'),
      ticketNumber: null,
      status: 'held',
    }));
    const stops = stopsOf(ride.train, ride.serviceDate);
    return insertOrder(
      tx,
      {
        id,
        supplier: code,
        clientReference: request.clientReference,
        serviceDate: ride.serviceDate,
        trainNumber: ride.train.trainNumber,
        seatClass: ride.seatClass,
        fromIndex: ride.from,
        toIndex: ride.to,
        status: 'held',
        ride: { serviceId: request.serviceId, from: stops[ride.from], to: stops[ride.to] },
        passengers: request.passengers.map(({ name, type, document }) => ({ name, type, document })),
        total: tickets.reduce((s, t) => s + t.price, 0),
        currency: 'CNY',
        // Never past the sale's close: an unpaid hold must lapse while the seats can still be sold to someone else.
        holdUntil: new Date(Math.min(now.getTime() + HOLD_MINUTES * 60_000, boardingAt(ride) - SALES_CLOSE_MS)),
      },
      () => tickets,
    );
  }

  /** With the hold-timeout switch on, the seats are held and kept, but the answer never reaches the caller. */
  async #answered(timeout: boolean, row: RailBookingRow, ctx: RailContext): Promise<RailHoldResult> {
    if (timeout) {
      await untilAborted(ctx.signal);
      return { status: 'error', error: timedOut(this.deps.code) };
    }
    return { status: 'ok', value: viewOf(row) };
  }
}
