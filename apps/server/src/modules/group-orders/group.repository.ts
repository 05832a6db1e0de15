import { and, asc, count, desc, eq, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { GroupOrderStatus } from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { bookingNumberCounters, groupOrderEvents, groupOrders, users } from '../../db/schema/index.ts';

export type GroupRow = typeof groupOrders.$inferSelect;
export type NewGroupRow = typeof groupOrders.$inferInsert;
export type NewGroupEventRow = typeof groupOrderEvents.$inferInsert;

/**
 * Group booking numbers read like the flight orders' (yyMMdd + a daily sequence) with the prefix G. They count in the
 * same counters table under their own key ("G" + day), so flight and group numbers of a day never share a sequence.
 */
export async function nextGroupBookingNumber(db: DbOrTx, now: Date): Promise<string> {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const [row] = await db
    .insert(bookingNumberCounters)
    .values({ day: `G${day}`, last: 1 })
    .onConflictDoUpdate({ target: bookingNumberCounters.day, set: { last: sql`${bookingNumberCounters.last} + 1` } })
    .returning({ last: bookingNumberCounters.last });
  return `G${day}${String(row.last).padStart(4, '0')}`;
}

export async function insertGroup(db: DbOrTx, row: NewGroupRow): Promise<GroupRow> {
  const [inserted] = await db.insert(groupOrders).values(row).returning();
  return inserted;
}

export async function findGroup(db: DbOrTx, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groupOrders).where(eq(groupOrders.id, id)).limit(1);
  return row;
}

export async function findGroupByKey(db: DbOrTx, key: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groupOrders).where(eq(groupOrders.idempotencyKey, key)).limit(1);
  return row;
}

/** Locks the group row for the rest of the transaction: every status change goes through here. */
export async function lockGroup(db: DbOrTx, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groupOrders).where(eq(groupOrders.id, id)).for('update').limit(1);
  return row;
}

export async function updateGroup(db: DbOrTx, id: string, patch: Partial<NewGroupRow>): Promise<GroupRow> {
  const [row] = await db
    .update(groupOrders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(groupOrders.id, id))
    .returning();
  return row;
}

export async function insertGroupEvent(db: DbOrTx, event: NewGroupEventRow): Promise<void> {
  await db.insert(groupOrderEvents).values(event);
}

export async function groupEventsOf(db: DbOrTx, id: string) {
  return db
    .select({
      createdAt: groupOrderEvents.createdAt,
      event: groupOrderEvents.event,
      fromStatus: groupOrderEvents.fromStatus,
      toStatus: groupOrderEvents.toStatus,
      actorKind: groupOrderEvents.actorKind,
      actorName: sql<string | null>`coalesce(${users.nickname}, ${users.username})`,
      remark: groupOrderEvents.remark,
      data: groupOrderEvents.data,
    })
    .from(groupOrderEvents)
    .leftJoin(users, eq(users.id, groupOrderEvents.actorUserId))
    .where(eq(groupOrderEvents.groupOrderId, id))
    .orderBy(asc(groupOrderEvents.seq));
}

export interface GroupFilter {
  statuses?: GroupOrderStatus[];
  bookingNumberPrefix?: string;
}

function filterOf(scope: SQL[], f: GroupFilter): SQL | undefined {
  const where = [...scope];
  if (f.statuses?.length) where.push(inArray(groupOrders.status, f.statuses));
  // Escaped so a "%" or "_" typed by the user matches itself.
  if (f.bookingNumberPrefix) where.push(like(groupOrders.bookingNumber, `${f.bookingNumberPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...where);
}

export async function listGroups(db: DbOrTx, scope: SQL[], f: GroupFilter, page: { page: number; pageSize: number }, order: 'newest' | 'oldest' = 'newest') {
  const where = filterOf(scope, f);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select()
      .from(groupOrders)
      .where(where)
      .orderBy(order === 'newest' ? desc(groupOrders.createdAt) : asc(groupOrders.createdAt), asc(groupOrders.bookingNumber))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    () => db.select({ total: count() }).from(groupOrders).where(where),
  ]);
  return { rows, total };
}

export async function countGroupsByStatus(db: DbOrTx, scope: SQL[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: groupOrders.status, cnt: count() })
    .from(groupOrders)
    .where(and(...scope))
    .groupBy(groupOrders.status);
  return new Map(rows.map((r) => [r.status, r.cnt]));
}

/** Groups whose simulated quote is due: still to_be_quote, requested at or before `cutoff`. */
export async function groupsAwaitingQuote(db: DbOrTx, cutoff: Date, limit = 50): Promise<GroupRow[]> {
  return db
    .select()
    .from(groupOrders)
    .where(and(eq(groupOrders.status, 'to_be_quote'), lte(groupOrders.createdAt, cutoff)))
    .orderBy(asc(groupOrders.createdAt))
    .limit(limit);
}

/** Groups in one of `statuses` not moved since `cutoff` (the simulated desk's seat work). */
export async function groupsIdleIn(db: DbOrTx, statuses: GroupOrderStatus[], cutoff: Date, limit = 200): Promise<GroupRow[]> {
  return db
    .select()
    .from(groupOrders)
    .where(and(inArray(groupOrders.status, statuses), lte(groupOrders.updatedAt, cutoff)))
    .orderBy(asc(groupOrders.updatedAt))
    .limit(limit);
}

/** Groups paid in full whose passenger list was confirmed at or before `cutoff`: the simulated desk tickets them. */
export async function groupsNamesConfirmedBy(db: DbOrTx, cutoff: Date, limit = 50): Promise<GroupRow[]> {
  return db
    .select()
    .from(groupOrders)
    .where(and(eq(groupOrders.status, 'proceeding'), lte(groupOrders.namesConfirmedAt, cutoff)))
    .orderBy(asc(groupOrders.namesConfirmedAt))
    .limit(limit);
}

/** The pay event a request with this Idempotency-Key recorded on the group, if any. */
export async function groupPayEventByKey(db: DbOrTx, id: string, key: string) {
  const [row] = await db
    .select({ data: groupOrderEvents.data })
    .from(groupOrderEvents)
    .where(and(eq(groupOrderEvents.groupOrderId, id), inArray(groupOrderEvents.event, ['pay', 'pay_last_deposit']), sql`${groupOrderEvents.data}->>'idempotencyKey' = ${key}`))
    .limit(1);
  return row;
}
