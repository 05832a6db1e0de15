import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { GroupDeadlineKind, GroupOrderStatus, GroupReminderLead } from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { groupOrders, groupReminders, users } from '../../db/schema/index.ts';
import type { GroupRow } from './group.repository.ts';
import { DUE_INSTALMENT, PAYING_STATUSES } from './instalments.ts';

/**
 * A group's open deadline in SQL, so the deadlines page, the reminder job and the lapse job select and sort by it
 * without reading every group: the quote's confirm-by while to_be_confirm, else the deadline of the instalment the
 * paying status waits for (DUE_INSTALMENT, from the quote's plan). The same rule as openDeadlineOf (reminders.ts) reads
 * it from a row.
 */
export const DEADLINE_STATUSES: GroupOrderStatus[] = ['to_be_confirm', ...PAYING_STATUSES];

const kindCases = Object.entries(DUE_INSTALMENT).map(([status, kind]) => sql.raw(`when '${status}' then '${kind}'`));
/** 'confirm', 'deposit1' .. 'final', or null when the status waits on no deadline. */
const deadlineKind = sql<GroupDeadlineKind | null>`(case ${groupOrders.status} when 'to_be_confirm' then 'confirm' ${sql.join(kindCases, sql` `)} end)`;
const deadlineDueAt = sql<Date | null>`(case when ${groupOrders.status} = 'to_be_confirm' then ${groupOrders.confirmBy}
  else (select (p->>'dueAt')::timestamptz from jsonb_array_elements(${groupOrders.quote}->'paymentPlan') p where p->>'kind' = ${deadlineKind} limit 1) end)`;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Groups whose open deadline falls in (now, until] and who have not had the reminder due at `now` yet: '1d' when the
 * deadline is at most a day away (`oneDayAhead`), '3d' otherwise. A pre-filter only: the caller decides again on the
 * locked row, and the unique reminder row decides once and for all.
 */
export async function groupsToRemind(db: DbOrTx, now: Date, until: Date, oneDayAhead: Date, limit = 200): Promise<GroupRow[]> {
  const lead = sql`(case when ${deadlineDueAt} <= ${ts(oneDayAhead)} then '1d' else '3d' end)`;
  return db
    .select()
    .from(groupOrders)
    .where(
      and(
        inArray(groupOrders.status, DEADLINE_STATUSES),
        sql`${deadlineDueAt} > ${ts(now)}`,
        sql`${deadlineDueAt} <= ${ts(until)}`,
        sql`not exists (select 1 from ${groupReminders} r where r.group_order_id = ${groupOrders.id}
          and r.deadline = ${deadlineKind} and r.due_at = ${deadlineDueAt} and r.lead = ${lead})`,
      ),
    )
    .orderBy(asc(deadlineDueAt))
    .limit(limit);
}

/** Groups whose open deadline has passed by `now` (the lapse job closes them), the longest overdue first. */
export async function groupsPastDeadline(db: DbOrTx, now: Date, limit = 200): Promise<GroupRow[]> {
  return db
    .select()
    .from(groupOrders)
    .where(and(inArray(groupOrders.status, DEADLINE_STATUSES), sql`${deadlineDueAt} <= ${ts(now)}`))
    .orderBy(asc(deadlineDueAt))
    .limit(limit);
}

export interface ReminderKey {
  groupOrderId: string;
  deadline: GroupDeadlineKind;
  lead: GroupReminderLead;
  dueAt: Date;
}

/** Records a reminder; false when it was recorded before (the unique (group, deadline, lead, dueAt) row exists). */
export async function recordReminder(db: DbOrTx, key: ReminderKey): Promise<boolean> {
  const inserted = await db.insert(groupReminders).values(key).onConflictDoNothing().returning({ id: groupReminders.id });
  return inserted.length > 0;
}

export async function remindersOf(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupOrderId: groupReminders.groupOrderId, deadline: groupReminders.deadline, lead: groupReminders.lead, dueAt: groupReminders.dueAt, sentAt: groupReminders.sentAt })
    .from(groupReminders)
    .where(inArray(groupReminders.groupOrderId, groupIds))
    .orderBy(asc(groupReminders.sentAt));
}

/** A page of the groups in `scope` with an open deadline due by `until` (past ones not closed yet included), soonest first. */
export async function groupsWithDeadline(db: DbOrTx, scope: SQL[], until: Date, page: { page: number; pageSize: number }) {
  const where = and(...scope, inArray(groupOrders.status, DEADLINE_STATUSES), sql`${deadlineDueAt} <= ${ts(until)}`);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select()
      .from(groupOrders)
      .where(where)
      .orderBy(asc(deadlineDueAt), asc(groupOrders.bookingNumber))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    () => db.select({ total: count() }).from(groupOrders).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** The people of a company who may get its mails: active persons (not the API user) with an email address. */
export async function mailableUsers(db: DbOrTx, companyId: string) {
  return db
    .select({ name: sql<string>`coalesce(${users.nickname}, ${users.username})`, email: sql<string>`${users.email}`, roles: users.roles })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), eq(users.kind, 'person'), isNotNull(users.email), sql`${users.email} <> ''`))
    .orderBy(asc(users.username));
}
