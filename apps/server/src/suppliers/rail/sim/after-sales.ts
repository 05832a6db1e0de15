import { randomUUID } from 'node:crypto';
import { trainRefundFee } from '@portal/contract/api/trains';
import type { Db } from '../../../db/client.ts';
import { departsAt, findRailBooking, passengersOf, railBookingById, saveTickets, ticketsOf, viewOf, type RailBookingRow, type StoredTicket } from '../booking-store.ts';
import { callFaults, loadRailFaults, railError } from '../faults.ts';
import { ensureInventory } from '../inventory.ts';
import type { RailAfterSalesRefusal, RailBookingRef, RailChange, RailChangeRequest, RailContext, RailRefund, RailRefundRequest, RailResult } from '../types.ts';
import { boardingAt, inSaleWindow, insertOrder, Rollback, rideOf, ticketNumberOf, type RailBookingDesk } from './booking-desk.ts';
import { seatFare } from './fares.ts';
import { fareInputOf, inventoryPlanOf, SALES_CLOSE_MS, stopsOf } from './services.ts';

/** 12306 changes tickets online until this long before departure. */
export const CHANGE_CLOSE_MINUTES = 30;

type Refused = { status: 'refused'; reason: RailAfterSalesRefusal };

/**
 * Refunds and changes of issued tickets. Each request carries the client's own reference: asking again with it answers
 * the first outcome and never acts twice, so a timeout is resolved by asking again. The order row is locked while one
 * request acts on it.
 */
export class RailAfterSales {
  constructor(private readonly deps: { db: Db; code: string; desk: RailBookingDesk }) {}

  async refund(ref: RailBookingRef, request: RailRefundRequest, ctx: RailContext): Promise<RailResult<RailRefund, RailAfterSalesRefusal>> {
    const { db, code, desk } = this.deps;
    const failed = await callFaults(code, await loadRailFaults(db, code), ctx.signal);
    if (failed) return { status: 'error', error: failed };
    const now = ctx.now ?? new Date();
    const found = await findRailBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    return db.transaction(async (tx) => {
      const row = (await railBookingById(tx, found.id, true))!;
      const tickets = ticketsOf(row);
      const done = tickets.filter((t) => t.refund?.by === request.clientReference);
      if (done.length) return { status: 'ok', value: refundOf(row, done) };
      const chosen = this.#chosen(row, request.passengerIndexes);
      if ('status' in chosen) return chosen;
      const feeOf = refundFeeAt(row, now);
      if (!feeOf) return { status: 'refused', reason: 'departed' };
      const at = now.toISOString();
      const next = tickets.map((t): StoredTicket => {
        if (!chosen.includes(t)) return t;
        const fee = feeOf(t.price);
        return { ...t, status: 'refunded', refund: { by: request.clientReference, fare: t.price, fee, refund: t.price - fee, at } };
      });
      await desk.releaseTickets(tx, row, chosen);
      const saved = await saveTickets(tx, row.id, next);
      return { status: 'ok', value: refundOf(saved, ticketsOf(saved).filter((t) => t.refund?.by === request.clientReference)) };
    });
  }

  async change(ref: RailBookingRef, request: RailChangeRequest, ctx: RailContext): Promise<RailResult<RailChange, RailAfterSalesRefusal>> {
    const { db, code, desk } = this.deps;
    const faults = await loadRailFaults(db, code);
    const failed = await callFaults(code, faults, ctx.signal);
    if (failed) return { status: 'error', error: failed };
    if (faults.bookFail) return { status: 'error', error: railError('booking_failed', `${code}: simulated booking failure`) };
    const now = ctx.now ?? new Date();
    const found = await findRailBooking(db, code, ref);
    if (!found) return { status: 'refused', reason: 'not_found' };
    const again = await this.#changed(found.id, request.clientReference);
    if (again) return { status: 'ok', value: again };

    const ride = rideOf(request.serviceId, request.from, request.to, request.seatClass);
    if (!ride || !inSaleWindow(ride, now) || boardingAt(ride) < now.getTime() + SALES_CLOSE_MS) {
      return { status: 'refused', reason: 'not_allowed' };
    }
    if (faults.soldOut) return { status: 'error', error: railError('sold_out', `${code}: no seats`) };
    await ensureInventory(db, code, [inventoryPlanOf(ride.train, ride.serviceDate)]);
    try {
      return await db.transaction(async (tx) => {
        const row = (await railBookingById(tx, found.id, true))!;
        const chosen = this.#chosen(row, request.passengerIndexes);
        if ('status' in chosen) return chosen;
        if (chosen.some((t) => t.fromChange)) return { status: 'refused', reason: 'not_allowed' } satisfies Refused;
        const feeOf = refundFeeAt(row, now);
        if (!feeOf) return { status: 'refused', reason: 'departed' } satisfies Refused;
        if (departsAt(row) - now.getTime() < CHANGE_CLOSE_MINUTES * 60_000) return { status: 'refused', reason: 'not_allowed' } satisfies Refused;

        const people = passengersOf(row);
        const id = randomUUID();
        const seats = await desk.sellSeats(
          tx,
          ride,
          id,
          chosen.map(() => ({ seatPreference: request.berth })),
          { strict: Boolean(request.berth) },
        );
        const fare = fareInputOf(ride.train, ride.train.stops[ride.to].km - ride.train.stops[ride.from].km);
        const at = now.toISOString();
        const newTickets: StoredTicket[] = chosen.map((old, i) => ({
          passengerIndex: i,
          seatClass: ride.seatClass,
          seat: seats[i].seat,
          seatNo: seats[i].seatNo,
          price: seatFare(ride.seatClass, seats[i].seat.berth, fare, people[old.passengerIndex].type === 'child'),
          ticketNumber: null,
          status: 'issued',
          fromChange: true,
        }));
        const stops = stopsOf(ride.train, ride.serviceDate);
        await insertOrder(
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
            // A change is paid as it is made: the new tickets are issued at once.
            status: 'ticketed',
            ride: { serviceId: request.serviceId, from: stops[ride.from], to: stops[ride.to] },
            passengers: chosen.map((t) => people[t.passengerIndex]),
            total: newTickets.reduce((s, t) => s + t.price, 0),
            currency: 'CNY',
            holdUntil: now,
            changedFrom: row.id,
          },
          (orderNumber) => newTickets.map((t) => ({ ...t, ticketNumber: ticketNumberOf(orderNumber, t.passengerIndex) })),
        );
        const next = ticketsOf(row).map((t): StoredTicket => {
          const i = chosen.indexOf(t);
          if (i < 0) return t;
          const newFare = newTickets[i].price;
          const difference = newFare - t.price;
          // A cheaper train refunds the difference less the refund fee on it.
          const fee = difference < 0 ? feeOf(-difference) : 0;
          return { ...t, status: 'changed', change: { by: request.clientReference, bookingId: id, oldFare: t.price, newFare, difference, fee, at } };
        });
        await desk.releaseTickets(tx, row, chosen);
        await saveTickets(tx, row.id, next);
        return { status: 'ok', value: (await this.#changed(row.id, request.clientReference, tx))! };
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      if (err.reason === 'sold_out') return { status: 'error', error: railError('sold_out', `${code}: not enough seats on ${ride.train.trainNumber}`) };
      const first = await this.#changed(found.id, request.clientReference);
      return first ? { status: 'ok', value: first } : { status: 'refused', reason: 'already_done' };
    }
  }

  /** The issued tickets of these passengers, or why they cannot be refunded or changed. */
  #chosen(row: RailBookingRow, indexes: number[]): StoredTicket[] | Refused {
    if (row.status !== 'ticketed') return { status: 'refused', reason: 'not_ticketed' };
    const tickets = ticketsOf(row);
    const unique = [...new Set(indexes)];
    if (unique.length === 0 || unique.some((i) => !Number.isInteger(i) || i < 0 || i >= tickets.length)) return { status: 'refused', reason: 'not_allowed' };
    const chosen = tickets.filter((t) => unique.includes(t.passengerIndex));
    if (chosen.some((t) => t.status !== 'issued')) return { status: 'refused', reason: 'already_done' };
    return chosen;
  }

  /** The outcome of a change already made with this reference, from the tickets it marked. */
  async #changed(oldId: string, clientReference: string, tx?: Parameters<typeof railBookingById>[0]): Promise<RailChange | null> {
    const db = tx ?? this.deps.db;
    const previous = await railBookingById(db, oldId);
    const marked = previous ? ticketsOf(previous).filter((t) => t.change?.by === clientReference) : [];
    if (!previous || marked.length === 0) return null;
    const next = (await railBookingById(db, marked[0].change!.bookingId))!;
    return {
      booking: viewOf(next),
      previous: viewOf(previous),
      lines: marked.map((t) => ({ passengerIndex: t.passengerIndex, oldFare: t.change!.oldFare, newFare: t.change!.newFare, difference: t.change!.difference, fee: t.change!.fee })),
    };
  }
}

/**
 * The railway's refund fee on a fare at `now` for this order's departure: the platform's one rule (the contract's
 * trainRefundFee, which quotes agencies the same figure). Null once the train has left.
 */
function refundFeeAt(row: RailBookingRow, now: Date): ((fare: number) => number) | null {
  const departure = new Date(departsAt(row));
  if (!trainRefundFee(0, departure, now)) return null;
  return (fare) => trainRefundFee(fare, departure, now)!.fee;
}

function refundOf(row: RailBookingRow, tickets: StoredTicket[]): RailRefund {
  return {
    lines: tickets.map((t) => ({ passengerIndex: t.passengerIndex, fare: t.refund!.fare, fee: t.refund!.fee, refund: t.refund!.refund })),
    booking: viewOf(row),
  };
}
