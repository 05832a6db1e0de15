import { and, asc, desc, eq, gte, inArray, like, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@portal/contract/api/flight-orders';
import type { OrderListQuery, VoyageQuery } from '@portal/contract/api/flight-orders';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import {
  agencyActivity,
  bookingNumberCounters,
  companies,
  flightOrderEvents,
  flightOrderPassengers,
  flightOrderSegments,
  flightOrders,
  users,
} from '../../db/schema/index.ts';

/** The only code that touches the order tables (architecture habit 8); every function takes a transaction too. */

export type OrderRow = typeof flightOrders.$inferSelect;
export type NewOrderRow = typeof flightOrders.$inferInsert;
export type PassengerRow = typeof flightOrderPassengers.$inferSelect;
export type NewPassengerRow = Omit<typeof flightOrderPassengers.$inferInsert, 'orderId'>;
export type SegmentRow = typeof flightOrderSegments.$inferSelect;
export type NewSegmentRow = Omit<typeof flightOrderSegments.$inferInsert, 'orderId'>;
export type EventRow = typeof flightOrderEvents.$inferSelect & { actorName: string | null };

/** F + yyMMdd (UTC) + a 4-digit daily sequence (5+ digits past 9,999 a day): short enough to read out on the phone. */
export async function nextBookingNumber(db: DbOrTx, now: Date): Promise<string> {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const [row] = await db
    .insert(bookingNumberCounters)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: bookingNumberCounters.day, set: { last: sql`${bookingNumberCounters.last} + 1` } })
    .returning({ last: bookingNumberCounters.last });
  return `F${day}${String(row.last).padStart(4, '0')}`;
}

export async function insertOrder(db: DbOrTx, order: NewOrderRow, passengers: NewPassengerRow[], segments: NewSegmentRow[]): Promise<OrderRow> {
  const [row] = await db.insert(flightOrders).values(order).returning();
  await db.insert(flightOrderPassengers).values(passengers.map((p) => ({ ...p, orderId: row.id })));
  await db.insert(flightOrderSegments).values(segments.map((s) => ({ ...s, orderId: row.id })));
  return row;
}

/** A booking the supplier refused never existed for the agency: its row goes (children cascade). */
export async function deleteOrder(db: DbOrTx, id: string): Promise<void> {
  await db.delete(flightOrders).where(eq(flightOrders.id, id));
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(flightOrders).where(eq(flightOrders.id, id)).limit(1);
  return row;
}

export async function findOrderByKey(db: DbOrTx, key: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(flightOrders).where(eq(flightOrders.idempotencyKey, key)).limit(1);
  return row;
}

/** Locks the order row for the rest of the transaction: every status change goes through here. */
export async function lockOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(flightOrders).where(eq(flightOrders.id, id)).for('update').limit(1);
  return row;
}

export async function updateOrder(db: DbOrTx, id: string, patch: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await db
    .update(flightOrders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(flightOrders.id, id))
    .returning();
  return row;
}

export async function passengersOf(db: DbOrTx, orderId: string): Promise<PassengerRow[]> {
  return db.select().from(flightOrderPassengers).where(eq(flightOrderPassengers.orderId, orderId)).orderBy(asc(flightOrderPassengers.position));
}

export async function setTicketNumber(db: DbOrTx, passengerId: string, ticketNumber: string): Promise<void> {
  await db.update(flightOrderPassengers).set({ ticketNumber }).where(eq(flightOrderPassengers.id, passengerId));
}

export async function segmentsOf(db: DbOrTx, orderId: string): Promise<SegmentRow[]> {
  return db.select().from(flightOrderSegments).where(eq(flightOrderSegments.orderId, orderId)).orderBy(asc(flightOrderSegments.position));
}

export async function insertEvent(
  db: DbOrTx,
  e: { orderId: string; event: string; from: string | null; to: string | null; actorKind: 'user' | 'platform' | 'system'; actorUserId?: string | null; remark?: string | null; data?: unknown },
): Promise<void> {
  await db.insert(flightOrderEvents).values({
    orderId: e.orderId,
    event: e.event,
    fromStatus: e.from,
    toStatus: e.to,
    actorKind: e.actorKind,
    actorUserId: e.actorUserId ?? null,
    remark: e.remark ?? null,
    data: e.data ?? null,
  });
}

export async function eventsOf(db: DbOrTx, orderId: string): Promise<EventRow[]> {
  const rows = await db
    .select({ e: flightOrderEvents, actorName: users.nickname, actorUsername: users.username })
    .from(flightOrderEvents)
    .leftJoin(users, eq(users.id, flightOrderEvents.actorUserId))
    .where(eq(flightOrderEvents.orderId, orderId))
    .orderBy(asc(flightOrderEvents.seq));
  return rows.map((r) => ({ ...r.e, actorName: r.actorName || r.actorUsername || null }));
}

export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, nickname: users.nickname, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickname || r.username]));
}

export async function companyName(db: DbOrTx, id: string): Promise<{ name: string; code: string; parentId: string | null }> {
  const [row] = await db.select({ name: companies.name, code: companies.code, parentId: companies.parentId }).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** Look-to-book (agency management): one more booking today. */
export async function countBooking(db: DbOrTx, companyId: string, day: string): Promise<void> {
  await db
    .insert(agencyActivity)
    .values({ companyId, day, bookings: 1 })
    .onConflictDoUpdate({ target: [agencyActivity.companyId, agencyActivity.day], set: { bookings: sql`${agencyActivity.bookings} + 1` } });
}

// ---- lists -------------------------------------------------------------------------------------------------------

export type ListFilter = z.output<typeof OrderListQuery>;
export type VoyageFilter = z.output<typeof VoyageQuery>;

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function nameMatch(name: string): SQL {
  // "ZHANG/SAN", "ZHANG SAN" or a part of either name.
  // Names are stored upper case (the validation normalizes them), so a case-sensitive prefix can use the indexes.
  const parts = name.toUpperCase().split(/[\s/]+/).filter(Boolean);
  const conds = parts.map((p) => or(like(flightOrderPassengers.surname, `${escapeLike(p)}%`), like(flightOrderPassengers.givenNames, `${escapeLike(p)}%`))!);
  return and(...conds)!;
}

/** Conditions of the order list; `scope` is the tenancy part (company, and the creator when onlyOwnOrders). */
export function listConditions(scope: SQL[], q: Omit<Partial<ListFilter>, 'page' | 'pageSize' | 'sort' | 'order'>): SQL[] {
  const where = [...scope];
  if (q.type && q.type !== 'all') where.push(eq(flightOrders.type, q.type));
  if (q.status?.length) where.push(inArray(flightOrders.status, q.status));
  if (q.bookingNumber) where.push(like(flightOrders.bookingNumber, `${escapeLike(q.bookingNumber.toUpperCase())}%`));
  if (q.pnr) where.push(eq(flightOrders.recordLocator, q.pnr.toUpperCase()));
  if (q.paymentStatus) where.push(eq(flightOrders.paymentStatus, q.paymentStatus));
  if (q.createdBy) where.push(eq(flightOrders.createdBy, q.createdBy));
  if (q.createdFrom) where.push(gte(flightOrders.createdAt, new Date(`${q.createdFrom}T00:00:00Z`)));
  if (q.createdTo) where.push(lt(flightOrders.createdAt, new Date(`${dayAfter(q.createdTo)}T00:00:00Z`)));
  if (q.departureFrom) where.push(gte(flightOrders.departureDate, q.departureFrom));
  if (q.departureTo) where.push(lte(flightOrders.departureDate, q.departureTo));
  const pax = (cond: SQL) => sql`exists (select 1 from ${flightOrderPassengers} where ${flightOrderPassengers.orderId} = ${flightOrders.id} and ${cond})`;
  if (q.ticketNumber) where.push(pax(eq(flightOrderPassengers.ticketNumber, q.ticketNumber.replace(/\D/g, ''))));
  if (q.passengerName) where.push(pax(nameMatch(q.passengerName)));
  if (q.flightNumber) {
    const fn = q.flightNumber.toUpperCase().replace(/\s+/g, '');
    where.push(sql`exists (select 1 from ${flightOrderSegments} where ${flightOrderSegments.orderId} = ${flightOrders.id} and ${flightOrderSegments.flightNumber} = ${fn})`);
  }
  return where;
}

export interface ListedOrder {
  order: OrderRow;
  segments: SegmentRow[];
  passengers: PassengerRow[];
  createdByName: string | null;
}

export async function listOrders(db: DbOrTx, scope: SQL[], q: ListFilter): Promise<{ rows: ListedOrder[]; total: number }> {
  const where = and(...listConditions(scope, q));
  const dir = q.order === 'asc' ? asc : desc;
  const orderBy = q.sort === 'departure' ? [dir(flightOrders.departureAt), dir(flightOrders.id)] : [dir(flightOrders.createdAt), dir(flightOrders.id)];
  const [orders, [{ n }]] = await readsOn(db, [
    () => db
      .select()
      .from(flightOrders)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ n: sql<number>`count(*)::int` }).from(flightOrders).where(where),
  ]);
  return { rows: await withChildren(db, orders), total: Number(n) };
}

export async function withChildren(db: DbOrTx, orders: OrderRow[]): Promise<ListedOrder[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const [segs, paxs, names] = await readsOn(db, [
    () => db.select().from(flightOrderSegments).where(inArray(flightOrderSegments.orderId, ids)).orderBy(asc(flightOrderSegments.position)),
    () => db.select().from(flightOrderPassengers).where(inArray(flightOrderPassengers.orderId, ids)).orderBy(asc(flightOrderPassengers.position)),
    () => userNames(db, [...new Set(orders.map((o) => o.createdBy).filter((x): x is string => !!x))]),
  ]);
  const group = <T extends { orderId: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) (m.get(r.orderId) ?? m.set(r.orderId, []).get(r.orderId)!).push(r);
    return m;
  };
  const s = group(segs);
  const p = group(paxs);
  return orders.map((order) => ({ order, segments: s.get(order.id) ?? [], passengers: p.get(order.id) ?? [], createdByName: order.createdBy ? (names.get(order.createdBy) ?? null) : null }));
}

export async function countByStatus(db: DbOrTx, scope: SQL[], statuses?: OrderStatus[]): Promise<{ status: OrderStatus; cnt: number }[]> {
  const where = statuses?.length ? and(...scope, inArray(flightOrders.status, statuses)) : and(...scope);
  const rows = await db.select({ status: flightOrders.status, cnt: sql<number>`count(*)::int` }).from(flightOrders).where(where).groupBy(flightOrders.status);
  return rows.map((r) => ({ status: r.status, cnt: Number(r.cnt) }));
}

export interface VoyageRowData {
  order: Pick<OrderRow, 'id' | 'bookingNumber' | 'recordLocator' | 'status'>;
  passenger: Pick<PassengerRow, 'surname' | 'givenNames' | 'type' | 'ticketNumber'>;
  segment: SegmentRow;
}

/** One row per passenger and flight, by departure: the travel view. */
export async function listVoyage(db: DbOrTx, scope: SQL[], q: VoyageFilter): Promise<{ rows: VoyageRowData[]; total: number }> {
  const where: SQL[] = [...scope];
  if (q.departureFrom) where.push(gte(flightOrderSegments.departureDate, q.departureFrom));
  if (q.departureTo) where.push(lte(flightOrderSegments.departureDate, q.departureTo));
  if (q.flightNumber) where.push(eq(flightOrderSegments.flightNumber, q.flightNumber.toUpperCase().replace(/\s+/g, '')));
  if (q.passengerName) where.push(nameMatch(q.passengerName));
  if (q.status?.length) where.push(inArray(flightOrders.status, q.status));
  const cond = and(...where);
  const base = () =>
    db
      .select({
        order: { id: flightOrders.id, bookingNumber: flightOrders.bookingNumber, recordLocator: flightOrders.recordLocator, status: flightOrders.status },
        passenger: { surname: flightOrderPassengers.surname, givenNames: flightOrderPassengers.givenNames, type: flightOrderPassengers.type, ticketNumber: flightOrderPassengers.ticketNumber },
        segment: flightOrderSegments,
      })
      .from(flightOrderSegments)
      .innerJoin(flightOrders, eq(flightOrders.id, flightOrderSegments.orderId))
      .innerJoin(flightOrderPassengers, eq(flightOrderPassengers.orderId, flightOrders.id));
  const [rows, [{ n }]] = await readsOn(db, [
    () => base()
      .where(cond)
      .orderBy(asc(flightOrderSegments.departureUtc), asc(flightOrders.bookingNumber), asc(flightOrderPassengers.position))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db
      .select({ n: sql<number>`count(*)::int` })
      .from(flightOrderSegments)
      .innerJoin(flightOrders, eq(flightOrders.id, flightOrderSegments.orderId))
      .innerJoin(flightOrderPassengers, eq(flightOrderPassengers.orderId, flightOrders.id))
      .where(cond),
  ]);
  return { rows: rows as VoyageRowData[], total: Number(n) };
}

// ---- background work ----------------------------------------------------------------------------------------------

/** Orders whose next step is due and that nobody holds: what the sweep job hands to the worker. */
export async function dueOrderIds(db: DbOrTx, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: flightOrders.id })
    .from(flightOrders)
    .where(and(lte(flightOrders.nextActionAt, now), or(isNull(flightOrders.leaseUntil), lt(flightOrders.leaseUntil, now))))
    .orderBy(asc(flightOrders.nextActionAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Claims one order for background work until `until`: a conditional update, so of two workers (or two processes) only
 * one wins; a worker killed mid-step leaves a lease that simply runs out, and the next sweep takes the order over.
 */
export async function claimOrder(db: DbOrTx, id: string, now: Date, until: Date, force = false): Promise<OrderRow | undefined> {
  const due = force ? sql`true` : sql`${flightOrders.nextActionAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(flightOrders)
    .set({ leaseUntil: until })
    .where(and(eq(flightOrders.id, id), sql`${flightOrders.nextActionAt} is not null`, due, or(isNull(flightOrders.leaseUntil), lt(flightOrders.leaseUntil, now))))
    .returning();
  return row;
}

/** Desk views: orders that need a person, across the platform's agencies (`companyIds`). */
export async function deskOrders(db: DbOrTx, cond: SQL, page: number, pageSize: number): Promise<{ rows: ListedOrder[]; total: number }> {
  const [orders, [{ n }]] = await readsOn(db, [
    () => db.select().from(flightOrders).where(cond).orderBy(asc(flightOrders.paymentDeadline), desc(flightOrders.createdAt)).limit(pageSize).offset((page - 1) * pageSize),
    () => db.select({ n: sql<number>`count(*)::int` }).from(flightOrders).where(cond),
  ]);
  return { rows: await withChildren(db, orders), total: Number(n) };
}

export async function companiesUnder(db: DbOrTx, parentId: string): Promise<Map<string, { name: string; code: string }>> {
  const rows = await db.select({ id: companies.id, name: companies.name, code: companies.code }).from(companies).where(or(eq(companies.parentId, parentId), eq(companies.id, parentId)));
  return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code }]));
}
