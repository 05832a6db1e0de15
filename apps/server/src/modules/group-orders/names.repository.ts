import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupPassengers, type GroupPassengerData } from '../../db/schema/index.ts';

export type GroupPassengerRow = typeof groupPassengers.$inferSelect;

export async function groupPassengersOf(db: DbOrTx, groupOrderId: string): Promise<GroupPassengerRow[]> {
  return db.select().from(groupPassengers).where(eq(groupPassengers.groupOrderId, groupOrderId)).orderBy(asc(groupPassengers.seq));
}

/** An upload replaces the whole list (the agency corrects the workbook and sends it again, never row by row). */
export async function replaceGroupPassengers(tx: DbOrTx, groupOrderId: string, rows: { seq: number; passenger: GroupPassengerData }[]): Promise<void> {
  await tx.delete(groupPassengers).where(eq(groupPassengers.groupOrderId, groupOrderId));
  if (rows.length) await tx.insert(groupPassengers).values(rows.map((r) => ({ groupOrderId, seq: r.seq, passenger: r.passenger })));
}

/** Writes each traveller's ticket number, in one statement however long the list. */
export async function setTicketNumbers(tx: DbOrTx, tickets: { id: string; ticketNumber: string }[]): Promise<void> {
  if (!tickets.length) return;
  const byId = sql.join(
    tickets.map((t) => sql`when ${t.id}::uuid then ${t.ticketNumber}`),
    sql` `,
  );
  await tx
    .update(groupPassengers)
    .set({ ticketNumber: sql`(case ${groupPassengers.id} ${byId} end)` })
    .where(inArray(groupPassengers.id, tickets.map((t) => t.id)));
}

/** Of `numbers`, those a group traveller already holds. */
export async function groupTicketNumbersTaken(db: DbOrTx, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await db.select({ n: groupPassengers.ticketNumber }).from(groupPassengers).where(inArray(groupPassengers.ticketNumber, numbers));
  return new Set(rows.map((r) => r.n!).filter(Boolean));
}
