import { asc, eq, sql } from 'drizzle-orm';
import type { TrainSeat, TrainTicketStatus, TrainTicketType } from '@portal/contract/api/trains';
import type { DbOrTx } from '../../db/client.ts';
import { bookingNumberCounters, trainOrderEvents, trainOrders } from '../../db/schema/index.ts';

export type TrainOrderRow = typeof trainOrders.$inferSelect;
export type NewTrainOrderRow = typeof trainOrders.$inferInsert;
export type TrainEventRow = typeof trainOrderEvents.$inferSelect;

/** One passenger as stored in the order's jsonb list (the document number unmasked; masked when shown). */
export interface StoredTrainPassenger {
  id: string;
  /** The supplier's passenger index. */
  index: number;
  ticketType: TrainTicketType;
  name: string;
  surname: string;
  givenNames: string;
  gender: string;
  birthday: string;
  nationality: string;
  document: { type: string; number: string; expiryDate: string | null };
  seatPreference: string | null;
  seat: TrainSeat | null;
  price: number;
  ticketNumber: string | null;
  ticketStatus: TrainTicketStatus;
  refund: { fee: number; amount: number; at: string; reference: string } | null;
  /** The new ticket after a change: it lives on the railway's new booking (bookingId, orderNumber). */
  change: {
    trainNumber: string;
    departureAt: string;
    seatClass: string;
    seat: TrainSeat | null;
    difference: number;
    fee: number;
    at: string;
    reference: string;
    bookingId: string;
    orderNumber: string;
    ticketNumber: string | null;
  } | null;
}

export const passengersOfRow = (o: Pick<TrainOrderRow, 'passengers'>) => o.passengers as StoredTrainPassenger[];

/** Train order numbers: T + yyMMdd + a daily sequence (the flight counters' table, under a key of its own). */
export async function nextTrainOrderNumber(db: DbOrTx, now: Date): Promise<string> {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const [row] = await db
    .insert(bookingNumberCounters)
    .values({ day: `T${day}`, last: 1 })
    .onConflictDoUpdate({ target: bookingNumberCounters.day, set: { last: sql`${bookingNumberCounters.last} + 1` } })
    .returning({ last: bookingNumberCounters.last });
  return `T${day}${String(row.last).padStart(4, '0')}`;
}

export async function insertTrainOrder(db: DbOrTx, order: NewTrainOrderRow): Promise<TrainOrderRow> {
  const [row] = await db.insert(trainOrders).values(order).returning();
  return row;
}

export async function findTrainOrder(db: DbOrTx, id: string): Promise<TrainOrderRow | undefined> {
  const [row] = await db.select().from(trainOrders).where(eq(trainOrders.id, id)).limit(1);
  return row;
}

export async function findTrainOrderByKey(db: DbOrTx, key: string): Promise<TrainOrderRow | undefined> {
  const [row] = await db.select().from(trainOrders).where(eq(trainOrders.idempotencyKey, key)).limit(1);
  return row;
}

/** The row, locked for the rest of the caller's transaction (one writer per order at a time). */
export async function lockTrainOrder(tx: DbOrTx, id: string): Promise<TrainOrderRow | undefined> {
  const [row] = await tx.select().from(trainOrders).where(eq(trainOrders.id, id)).for('update').limit(1);
  return row;
}

export async function updateTrainOrder(db: DbOrTx, id: string, patch: Partial<NewTrainOrderRow>): Promise<TrainOrderRow> {
  const [row] = await db
    .update(trainOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(trainOrders.id, id))
    .returning();
  return row;
}

export async function insertTrainEvent(db: DbOrTx, e: typeof trainOrderEvents.$inferInsert): Promise<void> {
  await db.insert(trainOrderEvents).values(e);
}

export function trainEventsOf(db: DbOrTx, orderId: string): Promise<TrainEventRow[]> {
  return db.select().from(trainOrderEvents).where(eq(trainOrderEvents.orderId, orderId)).orderBy(asc(trainOrderEvents.seq));
}
