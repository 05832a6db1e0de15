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

export interface LimitedSale extends SeatSale {
  /** The most seats this class may have sold in total (sellableSeats). */
  limit: number;
}

/**
 * Sells seats only where they are left, and says whether every flight had them. Each row is one atomic conditional
 * upsert: the update's WHERE is re-checked on the latest committed row under its row lock, so two processes racing
 * for the last seat cannot both pass it. A false answer leaves earlier rows sold: call this inside the booking's
 * transaction and roll it back.
 */
export async function sellSeatsWithin(tx: DbOrTx, supplier: string, sales: LimitedSale[]): Promise<boolean> {
  const merged = new Map<string, LimitedSale>();
  for (const s of sales) {
    const key = soldKey(s.flightNumber, s.date, s.bookingClass);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, seats: seen.seats + s.seats, limit: Math.min(seen.limit, s.limit) } : { ...s });
  }
  for (const s of merged.values()) {
    if (!Number.isInteger(s.seats) || s.seats < 1) continue;
    // A fresh row never reaches the update's check: refuse it here.
    if (s.seats > s.limit) return false;
    const rows = await tx
      .insert(seatInventory)
      .values({ supplier, flightNumber: s.flightNumber, date: s.date, bookingClass: s.bookingClass, sold: s.seats })
      .onConflictDoUpdate({
        target: [seatInventory.supplier, seatInventory.flightNumber, seatInventory.date, seatInventory.bookingClass],
        set: { sold: sql`${seatInventory.sold} + ${s.seats}` },
        setWhere: sql`${seatInventory.sold} + ${s.seats} <= ${s.limit}`,
      })
      .returning({ sold: seatInventory.sold });
    if (rows.length === 0) return false;
  }
  return true;
}
