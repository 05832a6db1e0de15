import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxCallbacks, sandboxPayments } from '../../db/schema/index.ts';

/** The sandbox channels' own books (what a provider keeps on its side); the portal never reads these tables. */

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type SandboxCallbackRow = typeof sandboxCallbacks.$inferSelect;
// created -> paid | canceled | expired; PayPal: created -> approved (the buyer approved) -> paid (the merchant captured).
export type SandboxStatus = 'created' | 'approved' | 'paid' | 'canceled' | 'expired';
/** Statuses still open: the payment can still be paid (approved: captured) and still lapses. */
export const OPEN_STATUSES: readonly SandboxStatus[] = ['created', 'approved'];

export async function insertPayment(db: DbOrTx, values: typeof sandboxPayments.$inferInsert): Promise<SandboxPaymentRow> {
  const [row] = await db.insert(sandboxPayments).values(values).returning();
  return row;
}

export async function findPayment(db: DbOrTx, channel: string, id: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPaymentByReference(db: DbOrTx, channel: string, merchantReference: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.merchantReference, merchantReference)))
    .orderBy(asc(sandboxPayments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Moves an open payment to its final state, only if it is still open (a conditional update, so a pay racing a cancel
 * or the expiry sweep has exactly one winner). `payableAt` additionally requires the payment not to have lapsed.
 */
export async function closePayment(
  db: DbOrTx,
  id: string,
  to: Exclude<SandboxStatus, 'created'>,
  at: Date,
  o: { payableAt?: Date; lapsedAt?: Date; from?: readonly SandboxStatus[] } = {},
): Promise<SandboxPaymentRow | null> {
  const conds = [eq(sandboxPayments.id, id), inArray(sandboxPayments.status, [...(o.from ?? ['created'])])];
  if (o.payableAt) conds.push(gt(sandboxPayments.expiresAt, o.payableAt));
  if (o.lapsedAt) conds.push(lte(sandboxPayments.expiresAt, o.lapsedAt));
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: to, ...(to === 'paid' ? { paidAt: at } : {}) })
    .where(and(...conds))
    .returning();
  return row ?? null;
}

/** The payment row under a row lock, for a change that depends on what it already holds (refunds). */
export async function lockPayment(db: DbOrTx, channel: string, id: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function setRefunds(db: DbOrTx, id: string, refunds: SandboxPaymentRow['refunds']): Promise<void> {
  await db.update(sandboxPayments).set({ refunds }).where(eq(sandboxPayments.id, id));
}

export async function lapsedPayments(db: DbOrTx, now: Date, limit: number): Promise<SandboxPaymentRow[]> {
  return db
    .select()
    .from(sandboxPayments)
    .where(and(inArray(sandboxPayments.status, [...OPEN_STATUSES]), lte(sandboxPayments.expiresAt, now)))
    .orderBy(asc(sandboxPayments.expiresAt))
    .limit(limit);
}

export async function insertCallbacks(db: DbOrTx, rows: (typeof sandboxCallbacks.$inferInsert)[]): Promise<SandboxCallbackRow[]> {
  if (rows.length === 0) return [];
  return db.insert(sandboxCallbacks).values(rows).returning();
}

export async function dueCallbackIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: sandboxCallbacks.id })
    .from(sandboxCallbacks)
    .where(and(isNull(sandboxCallbacks.deliveredAt), lte(sandboxCallbacks.nextAttemptAt, now)))
    .orderBy(asc(sandboxCallbacks.nextAttemptAt), asc(sandboxCallbacks.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes one due callback for a delivery attempt: counts the attempt and pushes its next time past `leaseUntil`, so a
 * second process running the same job does not send it at the same moment. Null when it is not due (any more).
 */
export async function claimCallback(db: DbOrTx, id: string, now: Date, leaseUntil: Date): Promise<SandboxCallbackRow | null> {
  const [row] = await db
    .update(sandboxCallbacks)
    .set({ attempts: sql`${sandboxCallbacks.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(eq(sandboxCallbacks.id, id), isNull(sandboxCallbacks.deliveredAt), lte(sandboxCallbacks.nextAttemptAt, now)))
    .returning();
  return row ?? null;
}

export async function markDelivered(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(sandboxCallbacks).set({ deliveredAt: at, lastError: null }).where(eq(sandboxCallbacks.id, id));
}

export async function scheduleRetry(db: DbOrTx, id: string, next: Date, error: string): Promise<void> {
  await db.update(sandboxCallbacks).set({ nextAttemptAt: next, lastError: error.slice(0, 500) }).where(eq(sandboxCallbacks.id, id));
}

export async function callbacksOf(db: DbOrTx, paymentIds: string[]): Promise<SandboxCallbackRow[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(sandboxCallbacks).where(inArray(sandboxCallbacks.paymentId, paymentIds)).orderBy(asc(sandboxCallbacks.createdAt));
}
