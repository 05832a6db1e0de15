import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { railSeatAssignments, railSeatInventory } from '../../db/schema/index.ts';

/**
 * A railway's seats by segment (rail_seat_inventory, rail_seat_assignments). A ride from stop i to stop j takes one
 * seat on each of the segments i..j-1; availability for a ride is the least left over those segments.
 */

export interface TrainKey {
  serviceDate: string;
  trainNumber: string;
}

export interface TrainInventoryPlan extends TrainKey {
  /** Stops of the run minus one. */
  segments: number;
  /** Each class with its capacity and the seats already sold elsewhere when the rows are created. */
  classes: { seatClass: string; capacity: number; presold: number }[];
}

/** Segment counts of one train, by class: capacity and sold per segment (index = segment). */
export type TrainInventory = Map<string, { capacity: number; sold: number }[]>;

const keyOf = (k: TrainKey) => `${k.serviceDate}|${k.trainNumber}`;

/** Per database handle, the trains whose rows this process has already created (a search need not try again). */
const created = new WeakMap<object, Set<string>>();

/**
 * Creates the rows of these trains where they do not exist yet, each class on every segment at its capacity (less
 * what was sold elsewhere). One statement per call; rows another process created first are left as they are.
 */
export async function ensureInventory(db: DbOrTx, supplier: string, plans: TrainInventoryPlan[]): Promise<void> {
  let seen = created.get(db);
  if (!seen) created.set(db, (seen = new Set()));
  const fresh = plans.filter((p) => !seen.has(`${supplier}|${keyOf(p)}`));
  if (fresh.length === 0) return;
  const rows = fresh.flatMap((p) => p.classes.map((c) => ({ d: p.serviceDate, t: p.trainNumber, c: c.seatClass, n: p.segments, cap: c.capacity, sold: c.presold })));
  // One parameter however many trains: the segments are spread out by the database.
  await db.execute(sql`
    insert into ${railSeatInventory} (supplier, service_date, train_number, seat_class, segment, capacity, sold)
    select ${supplier}, r.d, r.t, r.c, s.segment, r.cap, r.sold
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(d date, t text, c text, n int, cap int, sold int)
    cross join lateral generate_series(0, r.n - 1) as s(segment)
    on conflict do nothing`);
  for (const p of fresh) seen.add(`${supplier}|${keyOf(p)}`);
}

/** The rows of these trains, by train ("date|number") then class. */
export async function readInventory(db: DbOrTx, supplier: string, keys: TrainKey[]): Promise<Map<string, TrainInventory>> {
  const out = new Map<string, TrainInventory>();
  if (keys.length === 0) return out;
  const wanted = new Set(keys.map(keyOf));
  const rows = await db
    .select()
    .from(railSeatInventory)
    .where(
      and(
        eq(railSeatInventory.supplier, supplier),
        inArray(railSeatInventory.serviceDate, [...new Set(keys.map((k) => k.serviceDate))]),
        inArray(railSeatInventory.trainNumber, [...new Set(keys.map((k) => k.trainNumber))]),
      ),
    );
  for (const r of rows) {
    const k = keyOf(r);
    if (!wanted.has(k)) continue;
    let train = out.get(k);
    if (!train) out.set(k, (train = new Map()));
    let segments = train.get(r.seatClass);
    if (!segments) train.set(r.seatClass, (segments = []));
    segments[r.segment] = { capacity: r.capacity, sold: r.sold };
  }
  return out;
}

export const inventoryKey = keyOf;

/** Seats left on every segment from stop `from` to stop `to` (0 when a segment has no row). */
export function seatsLeft(train: TrainInventory | undefined, seatClass: string, from: number, to: number): number {
  const segments = train?.get(seatClass);
  if (!segments) return 0;
  let least = Infinity;
  for (let s = from; s < to; s++) {
    const row = segments[s];
    if (!row) return 0;
    least = Math.min(least, row.capacity - row.sold);
  }
  return Number.isFinite(least) ? Math.max(0, least) : 0;
}

const rideOf = (supplier: string, k: TrainKey, seatClass: string, from: number, to: number) =>
  and(
    eq(railSeatInventory.supplier, supplier),
    eq(railSeatInventory.serviceDate, k.serviceDate),
    eq(railSeatInventory.trainNumber, k.trainNumber),
    eq(railSeatInventory.seatClass, seatClass),
    gte(railSeatInventory.segment, from),
    lt(railSeatInventory.segment, to),
  );

/**
 * Takes `seats` on every segment of the ride, or on none: one conditional UPDATE whose WHERE is re-checked on each
 * row's latest committed version under its lock, so racing bookings cannot both take the last seat. The rows are
 * locked first in segment order, which keeps two overlapping rides from deadlocking on PostgreSQL. A false answer
 * may leave some segments taken: call inside the booking's transaction and roll it back.
 */
export async function takeSeats(tx: DbOrTx, supplier: string, k: TrainKey, seatClass: string, from: number, to: number, seats: number): Promise<boolean> {
  const ride = rideOf(supplier, k, seatClass, from, to);
  const locked = await tx.select({ segment: railSeatInventory.segment }).from(railSeatInventory).where(ride).orderBy(railSeatInventory.segment).for('update');
  if (locked.length !== to - from) return false;
  const taken = await tx
    .update(railSeatInventory)
    .set({ sold: sql`${railSeatInventory.sold} + ${seats}` })
    .where(and(ride, sql`${railSeatInventory.sold} + ${seats} <= ${railSeatInventory.capacity}`))
    .returning({ segment: railSeatInventory.segment });
  return taken.length === to - from;
}

/** Gives `seats` back on every segment of the ride (a cancelled hold, a refund, a change). */
export async function returnSeats(tx: DbOrTx, supplier: string, k: TrainKey, seatClass: string, from: number, to: number, seats: number): Promise<void> {
  await tx
    .update(railSeatInventory)
    .set({ sold: sql`${railSeatInventory.sold} - ${seats}` })
    .where(rideOf(supplier, k, seatClass, from, to));
}

/** Seat numbers some booking holds on any segment of the ride. Read after takeSeats: its row locks order the readers. */
export async function occupiedSeats(tx: DbOrTx, supplier: string, k: TrainKey, seatClass: string, from: number, to: number): Promise<Set<number>> {
  const rows = await tx
    .selectDistinct({ seatNo: railSeatAssignments.seatNo })
    .from(railSeatAssignments)
    .where(
      and(
        eq(railSeatAssignments.supplier, supplier),
        eq(railSeatAssignments.serviceDate, k.serviceDate),
        eq(railSeatAssignments.trainNumber, k.trainNumber),
        eq(railSeatAssignments.seatClass, seatClass),
        gte(railSeatAssignments.segment, from),
        lt(railSeatAssignments.segment, to),
      ),
    );
  return new Set(rows.map((r) => r.seatNo));
}

export async function assignSeats(
  tx: DbOrTx,
  supplier: string,
  k: TrainKey,
  seatClass: string,
  from: number,
  to: number,
  bookingId: string,
  seatNos: number[],
): Promise<void> {
  const values = seatNos.flatMap((seatNo) =>
    Array.from({ length: to - from }, (_, i) => ({ supplier, serviceDate: k.serviceDate, trainNumber: k.trainNumber, seatClass, seatNo, segment: from + i, bookingId })),
  );
  if (values.length) await tx.insert(railSeatAssignments).values(values);
}

export async function unassignSeats(tx: DbOrTx, bookingId: string, seatNos: number[]): Promise<void> {
  if (seatNos.length === 0) return;
  await tx.delete(railSeatAssignments).where(and(eq(railSeatAssignments.bookingId, bookingId), inArray(railSeatAssignments.seatNo, seatNos)));
}
