import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { supplierBookings } from '../../db/schema/index.ts';
import type { SeatSale } from './inventory.ts';
import type { SupplierBooking, SupplierBookingPassenger, SupplierBookingRef } from './types.ts';

/**
 * The simulated suppliers' booking records (supplier_bookings): what a GDS or an airline keeps on its side. Every
 * change of status is a conditional update (`where status = 'booked'`), so two processes acting on one booking at
 * once (a ticketing worker and an expiry sweep, say) cannot both win.
 */

export type BookingRow = typeof supplierBookings.$inferSelect;

/** A flight of the booking as sold (the `seats` column): enough to release the seats and to display the PNR. */
export interface BookedSegment extends SeatSale {
  carrier: string;
  origin: string;
  destination: string;
  /** Local wall-clock times, "YYYY-MM-DDTHH:mm". */
  departure: string;
  arrival: string;
  /**
   * Set once after-sales or a schedule change touched the booking (after-sales.ts): the leg (journey) the flight
   * belongs to and the passengers holding it, since a refund or an exchange moves some passengers only. Absent: the
   * offer's legs in order, every passenger.
   */
  leg?: number;
  pax?: number[];
  /** The airline cancelled the flight without protection (schedule-changes.ts). */
  cancelled?: boolean;
}

/** The `passengers` column: the names as booked and the carrier whose tickets will be issued. */
export interface StoredPassengers {
  validatingCarrier: string;
  list: SupplierBookingPassenger[];
  /** Whether the fare allowed void, kept at booking time (absent on older bookings: after-sales.ts derives it). */
  voidAllowed?: boolean;
}

/**
 * One element of the `tickets` column. Every ticket ever issued on the booking stays there (ticketNumbersTaken must
 * keep seeing exchanged numbers); a passenger's current ticket is the last one listed for that passenger.
 */
export interface StoredTicket {
  passengerIndex: number;
  ticketNumber: string;
  /** ISO instant of issue on the simulated clock (the void window runs from it); absent on older tickets. */
  issuedAt?: string;
  /** The client reference of the exchange that issued it; absent for the first issue. */
  issuedBy?: string;
  /** Per leg the ticket covers, its coupon's state; absent = one open coupon per leg of the booking. */
  coupons?: StoredCoupon[];
}

export interface StoredCoupon {
  leg: number;
  status: 'open' | 'refunded' | 'voided' | 'exchanged';
  /** The client reference of the request that refunded, voided or exchanged it. */
  by?: string;
  at?: string;
}

export type BookingLookup = SupplierBookingRef | { clientReference: string } | { recordLocator: string };

export const segmentsOf = (row: BookingRow) => row.seats as BookedSegment[];
export const passengersOf = (row: BookingRow) => row.passengers as StoredPassengers;
export const ticketsOf = (row: BookingRow) => (row.tickets ?? []) as StoredTicket[];

/** Each passenger's current ticket (an exchange replaces it), in passenger order, without the stored extras. */
export function currentTickets(row: BookingRow): SupplierBooking['tickets'] {
  const latest = new Map<number, string>();
  for (const t of ticketsOf(row)) latest.set(t.passengerIndex, t.ticketNumber);
  return [...latest].sort((a, b) => a[0] - b[0]).map(([passengerIndex, ticketNumber]) => ({ passengerIndex, ticketNumber }));
}

/**
 * An unticketed booking the airline cancelled at its time limit: the lapse stamps updated_at with the time limit
 * itself, which no cancellation by the client can do (a booking past its limit is lapsed before anything else).
 */
export const lapsed = (row: BookingRow) => row.status === 'cancelled' && row.updatedAt.getTime() === row.ticketingTimeLimit.getTime();

export function viewOf(row: BookingRow): SupplierBooking {
  return {
    supplierRef: row.id,
    recordLocator: row.recordLocator,
    clientReference: row.clientReference,
    status: row.status as SupplierBooking['status'],
    ticketingTimeLimit: row.ticketingTimeLimit.toISOString(),
    total: row.total,
    currency: row.currency as SupplierBooking['currency'],
    tickets: currentTickets(row),
  };
}

export async function findBooking(db: DbOrTx, supplier: string, by: BookingLookup): Promise<BookingRow | undefined> {
  const where =
    'supplierRef' in by
      ? and(eq(supplierBookings.id, by.supplierRef), eq(supplierBookings.recordLocator, by.recordLocator.trim().toUpperCase()))
      : 'clientReference' in by
        ? eq(supplierBookings.clientReference, by.clientReference)
        : eq(supplierBookings.recordLocator, by.recordLocator.trim().toUpperCase());
  const rows = await db
    .select()
    .from(supplierBookings)
    .where(and(eq(supplierBookings.supplier, supplier), where))
    .limit(1);
  return rows[0];
}

export type NewBooking = Omit<typeof supplierBookings.$inferInsert, 'createdAt' | 'updatedAt' | 'tickets' | 'ticketingRequestedAt'> & {
  seats: BookedSegment[];
  passengers: StoredPassengers;
};

/**
 * Inserts the booking unless its id, record locator or client reference is taken; says whether it went in. "Do
 * nothing" rather than an error keeps the surrounding transaction usable (PostgreSQL aborts a transaction on a
 * unique violation), and it waits for a concurrent insert of the same key to commit or roll back before deciding.
 */
export async function insertBooking(tx: DbOrTx, values: NewBooking): Promise<boolean> {
  const rows = await tx.insert(supplierBookings).values(values).onConflictDoNothing().returning({ id: supplierBookings.id });
  return rows.length > 0;
}

/** Unticketed bookings past their time limit at `now` that nobody has read since (they still hold seats). */
export async function lapsedIds(db: DbOrTx, supplier: string, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: supplierBookings.id })
    .from(supplierBookings)
    .where(and(eq(supplierBookings.supplier, supplier), eq(supplierBookings.status, 'booked'), lt(supplierBookings.ticketingTimeLimit, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** booked -> cancelled by the client; undefined when it was not booked any more. */
export async function cancelBooking(tx: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(supplierBookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(supplierBookings.id, id), eq(supplierBookings.status, 'booked')))
    .returning();
  return rows[0];
}

/** booked -> cancelled by the airline, when `now` is past the time limit; undefined otherwise. */
export async function lapseBooking(tx: DbOrTx, id: string, now: Date): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(supplierBookings)
    .set({ status: 'cancelled', updatedAt: sql`${supplierBookings.ticketingTimeLimit}` })
    .where(and(eq(supplierBookings.id, id), eq(supplierBookings.status, 'booked'), lt(supplierBookings.ticketingTimeLimit, now)))
    .returning();
  return rows[0];
}

/**
 * The moment ticketing was first asked for: set once, so a retry after a crash or a timeout keeps waiting for the
 * same issue time instead of starting the wait again.
 */
export async function requestTicketing(db: DbOrTx, id: string, at: Date): Promise<Date> {
  const rows = await db
    .update(supplierBookings)
    .set({ ticketingRequestedAt: sql`coalesce(${supplierBookings.ticketingRequestedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(supplierBookings.id, id))
    .returning({ at: supplierBookings.ticketingRequestedAt });
  return rows[0]?.at ?? at;
}

/** booked -> ticketed, if still booked and within its time limit at `at`; undefined otherwise. */
export async function issueTickets(db: DbOrTx, id: string, tickets: StoredTicket[], at: Date): Promise<BookingRow | undefined> {
  const rows = await db
    .update(supplierBookings)
    .set({ status: 'ticketed', tickets, updatedAt: sql`now()` })
    .where(and(eq(supplierBookings.id, id), eq(supplierBookings.status, 'booked'), sql`${supplierBookings.ticketingTimeLimit} >= ${at.toISOString()}::timestamptz`))
    .returning();
  return rows[0];
}

/** Which of these ticket numbers some booking (of any supplier: one airline issues through every channel) holds. */
export async function ticketNumbersTaken(db: DbOrTx, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const res = (await db.execute(sql`
    select t->>'ticketNumber' as n
    from ${supplierBookings}, jsonb_array_elements(${supplierBookings.tickets}) t
    where ${supplierBookings.tickets} is not null and t->>'ticketNumber' in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})
  `)) as unknown as { rows: { n: string }[] };
  return new Set(res.rows.map((r) => r.n));
}

export async function bookingById(db: DbOrTx, id: string): Promise<BookingRow | undefined> {
  return (await db.select().from(supplierBookings).where(eq(supplierBookings.id, id)).limit(1))[0];
}

/** The booking row locked for the rest of the transaction: after-sales and schedule changes act on it one at a time. */
export async function lockBooking(tx: DbOrTx, id: string): Promise<BookingRow | undefined> {
  return (await tx.select().from(supplierBookings).where(eq(supplierBookings.id, id)).for('update'))[0];
}

/** Writes the flights and tickets after-sales or a schedule change left (the caller holds the row lock). */
export async function saveCoupons(tx: DbOrTx, id: string, seats: BookedSegment[], tickets: StoredTicket[]): Promise<void> {
  await tx.update(supplierBookings).set({ seats, tickets, updatedAt: sql`now()` }).where(eq(supplierBookings.id, id));
}
