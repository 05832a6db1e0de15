import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { railBookings } from '../../db/schema/index.ts';
import type { RailBooking, RailBookingRef, RailPassenger, RailStop, RailTicket } from './types.ts';

/**
 * The rail simulator's orders (rail_bookings). Every change of status is a conditional update on the status it
 * leaves, so two processes acting on one order at once (a ticketing request and the hold's expiry) cannot both win.
 */

export type RailBookingRow = typeof railBookings.$inferSelect;

/** One element of the `tickets` column: the ticket as the railway keeps it, with what after-sales did to it. */
export interface StoredTicket extends RailTicket {
  /** The seat's number within its class (rail_seat_assignments), null standing. */
  seatNo: number | null;
  /** Issued by a change: 12306 changes a ticket once. */
  fromChange?: boolean;
  refund?: { by: string; fare: number; fee: number; refund: number; at: string };
  change?: { by: string; bookingId: string; oldFare: number; newFare: number; difference: number; fee: number; at: string };
}

export interface StoredRide {
  serviceId: string;
  from: RailStop;
  to: RailStop;
}

export const ticketsOf = (row: RailBookingRow) => row.tickets as StoredTicket[];
export const storedRide = (row: RailBookingRow) => row.ride as StoredRide;
/** When the order's ride leaves its boarding station (epoch ms; the times are China's, UTC+8). */
export const departsAt = (row: RailBookingRow) => Date.parse(`${storedRide(row).from.departure}:00+08:00`);
export const passengersOf = (row: RailBookingRow) => row.passengers as Pick<RailPassenger, 'name' | 'type' | 'document'>[];

export function viewOf(row: RailBookingRow): RailBooking {
  const ride = storedRide(row);
  return {
    bookingId: row.id,
    orderNumber: row.orderNumber,
    clientReference: row.clientReference,
    status: row.status as RailBooking['status'],
    serviceId: ride.serviceId,
    trainNumber: row.trainNumber,
    serviceDate: row.serviceDate,
    from: ride.from,
    to: ride.to,
    seatClass: row.seatClass as RailBooking['seatClass'],
    holdUntil: row.holdUntil.toISOString(),
    total: row.total,
    currency: 'CNY',
    passengers: passengersOf(row),
    tickets: ticketsOf(row).map(({ passengerIndex, seatClass, seat, price, ticketNumber, status }) => ({ passengerIndex, seatClass, seat, price, ticketNumber, status })),
  };
}

export async function findRailBooking(db: DbOrTx, supplier: string, by: RailBookingRef | { clientReference: string }): Promise<RailBookingRow | undefined> {
  const where =
    'bookingId' in by
      ? // A garbled id is simply not found (rather than a uuid syntax error from the database).
        /^[0-9a-f-]{36}$/i.test(by.bookingId)
        ? and(eq(railBookings.id, by.bookingId), eq(railBookings.orderNumber, by.orderNumber))
        : sql`false`
      : eq(railBookings.clientReference, by.clientReference);
  return (await db.select().from(railBookings).where(and(eq(railBookings.supplier, supplier), where)).limit(1))[0];
}

export async function railBookingById(db: DbOrTx, id: string, lock = false): Promise<RailBookingRow | undefined> {
  const q = db.select().from(railBookings).where(eq(railBookings.id, id));
  return (await (lock ? q.for('update') : q))[0];
}

export type NewRailBooking = Omit<typeof railBookings.$inferInsert, 'createdAt' | 'updatedAt'> & { id: string; tickets: StoredTicket[]; ride: StoredRide };

/** Inserts unless the order number or client reference is taken; says whether it went in (keeps the transaction usable). */
export async function insertRailBooking(tx: DbOrTx, values: NewRailBooking): Promise<boolean> {
  return (await tx.insert(railBookings).values(values).onConflictDoNothing().returning({ id: railBookings.id })).length > 0;
}

/** held -> `to`, when still held (and, for ticketing, not past its hold at `before`); undefined otherwise. */
export async function leaveHeld(tx: DbOrTx, id: string, to: 'ticketed' | 'cancelled' | 'expired', set: { tickets?: StoredTicket[]; before?: Date } = {}) {
  const rows = await tx
    .update(railBookings)
    .set({ status: to, ...(set.tickets ? { tickets: set.tickets } : {}), updatedAt: sql`now()` })
    .where(
      and(
        eq(railBookings.id, id),
        eq(railBookings.status, 'held'),
        set.before ? sql`${railBookings.holdUntil} >= ${set.before.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning();
  return rows[0];
}

export async function saveTickets(tx: DbOrTx, id: string, tickets: StoredTicket[]): Promise<RailBookingRow> {
  return (await tx.update(railBookings).set({ tickets, updatedAt: sql`now()` }).where(eq(railBookings.id, id)).returning())[0];
}

/** Holds past their time on these service dates (they still keep seats until someone releases them). */
export async function lapsedHolds(db: DbOrTx, supplier: string, serviceDates: string[], now: Date): Promise<RailBookingRow[]> {
  if (serviceDates.length === 0) return [];
  return db
    .select()
    .from(railBookings)
    .where(
      and(
        eq(railBookings.supplier, supplier),
        eq(railBookings.status, 'held'),
        inArray(railBookings.serviceDate, serviceDates),
        lt(railBookings.holdUntil, now),
      ),
    )
    .limit(200);
}
