import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TrainOrderListQuery, TrainOrderStatus, TrainSeat, TrainTicketStatus, TrainTicketType } from '@portal/contract/api/trains';
import type { DbOrTx } from '../../db/client.ts';
import { DEFAULT_TRAIN_CONFIG, type TrainConfig } from '@portal/contract/api/agencies';
import { readsOn } from '../../db/parallel.ts';
import { bookingNumberCounters, companies, trainOrderEvents, trainOrders } from '../../db/schema/index.ts';

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
    /** The new ride's arrival and stations (absent on changes stored before they were kept). */
    arrivalAt?: string | null;
    from?: { code: string; name: string; time: string };
    to?: { code: string; name: string; time: string };
    /** The passenger's index on the railway's new booking (absent before it was kept: see newTicketIndex). */
    passengerIndex?: number;
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

/**
 * Where a changed passenger's new ticket sits on the railway's new booking: as stored, or (changes stored before it
 * was kept) its place among the passengers of the same change by ascending index, the railway's order.
 */
export function newTicketIndex(passengers: StoredTrainPassenger[], p: StoredTrainPassenger): number {
  if (!p.change) throw new Error(`passenger ${p.id} has no change`);
  if (p.change.passengerIndex !== undefined) return p.change.passengerIndex;
  const ref = p.change.reference;
  return passengers.filter((x) => x.change?.reference === ref).sort((a, b) => a.index - b.index).findIndex((x) => x.id === p.id);
}

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

/** Whether the order was paid under this Idempotency-Key (a replayed payment). */
export async function paidWithKey(db: DbOrTx, orderId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: trainOrderEvents.id })
    .from(trainOrderEvents)
    .where(and(eq(trainOrderEvents.orderId, orderId), inArray(trainOrderEvents.event, ['pay', 'pay_for_desk']), sql`${trainOrderEvents.data}->>'idempotencyKey' = ${key}`))
    .limit(1);
  return rows.length > 0;
}

// ---- lists and the sweep -----------------------------------------------------------------------------------------

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Conditions of the order list; `scope` is the tenancy part (company, and the creator when onlyOwnOrders). */
function listConditions(scope: SQL[], q: z.output<typeof TrainOrderListQuery>): SQL[] {
  const where = [...scope];
  if (q.status?.length) where.push(inArray(trainOrders.status, q.status));
  if (q.orderNumber) where.push(ilike(trainOrders.orderNumber, `${escapeLike(q.orderNumber)}%`));
  if (q.trainNumber) where.push(eq(trainOrders.trainNumber, q.trainNumber.toUpperCase().replace(/\s+/g, '')));
  if (q.passengerName) where.push(ilike(trainOrders.passengerNames, `%${escapeLike(q.passengerName)}%`));
  if (q.createdFrom) where.push(gte(trainOrders.createdAt, new Date(`${q.createdFrom}T00:00:00Z`)));
  if (q.createdTo) where.push(lt(trainOrders.createdAt, new Date(`${dayAfter(q.createdTo)}T00:00:00Z`)));
  if (q.departureFrom) where.push(gte(trainOrders.departureDate, q.departureFrom));
  if (q.departureTo) where.push(lte(trainOrders.departureDate, q.departureTo));
  return where;
}

export async function listTrainOrderRows(db: DbOrTx, scope: SQL[], q: z.output<typeof TrainOrderListQuery>): Promise<{ rows: TrainOrderRow[]; total: number }> {
  const where = and(...listConditions(scope, q));
  const dir = q.order === 'asc' ? asc : desc;
  const orderBy = q.sort === 'departure' ? [dir(trainOrders.departureUtc), dir(trainOrders.id)] : [dir(trainOrders.createdAt), dir(trainOrders.id)];
  const [rows, [{ n }]] = await readsOn(db, [
    () => db.select().from(trainOrders).where(where).orderBy(...orderBy).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    () => db.select({ n: sql<number>`count(*)::int` }).from(trainOrders).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function countTrainOrdersByStatus(db: DbOrTx, scope: SQL[], statuses?: TrainOrderStatus[]): Promise<{ status: TrainOrderStatus; cnt: number }[]> {
  const where = statuses?.length ? and(...scope, inArray(trainOrders.status, statuses)) : and(...scope);
  const rows = await db.select({ status: trainOrders.status, cnt: sql<number>`count(*)::int` }).from(trainOrders).where(where).groupBy(trainOrders.status);
  return rows.map((r) => ({ status: r.status, cnt: Number(r.cnt) }));
}

/** Unpaid orders whose payment deadline (the railway's hold) has passed. */
export async function lapsedUnpaidTrainOrderIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: trainOrders.id }).from(trainOrders).where(and(eq(trainOrders.status, 'to_be_paid'), lte(trainOrders.paymentDeadline, now))).limit(limit);
  return rows.map((r) => r.id);
}

/** Orders left ticketing, last touched at or before `before`. */
export async function stuckTicketingTrainOrderIds(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: trainOrders.id }).from(trainOrders).where(and(eq(trainOrders.status, 'ticketing'), lte(trainOrders.updatedAt, before))).limit(limit);
  return rows.map((r) => r.id);
}

/** The agency's train config (manual ticketing, notification URL), read where a payment arrives without a request. */
export async function companyTrainConfig(db: DbOrTx, companyId: string): Promise<TrainConfig> {
  const [company] = await db.select({ trainConfig: companies.trainConfig }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return { ...DEFAULT_TRAIN_CONFIG, ...company?.trainConfig };
}

/** The desk's queue: orders of these agencies in these statuses, the longest waiting (paid first) first. */
export async function deskTrainOrderRows(db: DbOrTx, companyIds: string[], statuses: TrainOrderStatus[], page: number, pageSize: number): Promise<{ rows: TrainOrderRow[]; total: number }> {
  if (companyIds.length === 0) return { rows: [], total: 0 };
  const where = and(inArray(trainOrders.companyId, companyIds), inArray(trainOrders.status, statuses));
  const [rows, [{ n }]] = await readsOn(db, [
    () => db.select().from(trainOrders).where(where).orderBy(asc(trainOrders.paidAt), asc(trainOrders.id)).limit(pageSize).offset((page - 1) * pageSize),
    () => db.select({ n: sql<number>`count(*)::int` }).from(trainOrders).where(where),
  ]);
  return { rows, total: Number(n) };
}
