import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { seatInventory } from '../../db/schema/index.ts';

export interface FlightKey {
  flightNumber: string;
  /** Local departure date, YYYY-MM-DD. */
  date: string;
}

export interface SeatSale extends FlightKey {
  bookingClass: string;
  seats: number;
}

/** Seats sold through the platform, by "flightNumber|date|bookingClass". */
export type SoldMap = Map<string, number>;

export const soldKey = (flightNumber: string, date: string, bookingClass: string) => `${flightNumber}|${date}|${bookingClass}`;

/** One query for every flight of a search: seats each class has sold (absent = 0). */
export async function seatsSold(db: DbOrTx, supplier: string, flights: FlightKey[]): Promise<SoldMap> {
  const sold: SoldMap = new Map();
  if (!flights.length) return sold;
  // By supplier and dates only (a few parameters, the primary key's prefix order aside): the rows sold on the dates of
  // one search are few, and filtering them here is cheaper than binding hundreds of flight numbers.
  const dates = [...new Set(flights.map((f) => f.date))];
  const wanted = new Set(flights.map((f) => `${f.flightNumber}|${f.date}`));
  const rows = await db
    .select({ flightNumber: seatInventory.flightNumber, date: seatInventory.date, bookingClass: seatInventory.bookingClass, sold: seatInventory.sold })
    .from(seatInventory)
    .where(and(eq(seatInventory.supplier, supplier), inArray(seatInventory.date, dates)));
  for (const r of rows) {
    if (wanted.has(`${r.flightNumber}|${r.date}`)) sold.set(soldKey(r.flightNumber, r.date, r.bookingClass), r.sold);
  }
  return sold;
}

/**
 * Records seats sold (positive) or released by a cancellation (negative), atomically per row. Takes a transaction so
 * a booking can sell its seats in the same transaction that creates it. Availability shown by the simulators is the
 * class capacity minus what is recorded here.
 */
export async function sellSeats(db: DbOrTx, supplier: string, sales: SeatSale[]): Promise<void> {
  for (const s of sales) {
    if (!Number.isInteger(s.seats) || s.seats === 0) continue;
    await db
      .insert(seatInventory)
      .values({ supplier, flightNumber: s.flightNumber, date: s.date, bookingClass: s.bookingClass, sold: Math.max(0, s.seats) })
      .onConflictDoUpdate({
        target: [seatInventory.supplier, seatInventory.flightNumber, seatInventory.date, seatInventory.bookingClass],
        set: { sold: sql`greatest(0, ${seatInventory.sold} + ${s.seats})` },
      });
  }
}

export function releaseSeats(db: DbOrTx, supplier: string, sales: SeatSale[]): Promise<void> {
  return sellSeats(db, supplier, sales.map((s) => ({ ...s, seats: -Math.abs(s.seats) })));
}
