import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { TransactionStatus } from '@portal/contract/api/bills';
import type { PaymentFailure } from '@portal/contract/api/payment-failure';
import type { DbOrTx } from '../../db/client.ts';
import { paymentTransactions } from '../../db/schema/index.ts';

/** Channel payments as the portal records them (payment_transactions rows of kind top-up or payment). */

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransaction = typeof paymentTransactions.$inferInsert;

export async function insertTransaction(db: DbOrTx, values: NewTransaction): Promise<TransactionRow> {
  const [row] = await db.insert(paymentTransactions).values(values).returning();
  return row;
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
  return row ?? null;
}

/** Scoped by company: another agency's id finds nothing. */
export async function findCompanyTransaction(db: DbOrTx, companyId: string, id: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export async function findTransactionByKey(db: DbOrTx, idempotencyKey: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/** The transaction holding one of `idempotencyKeys` (the candidates a request's key may have opened), if any. */
export async function findTransactionByAnyKey(db: DbOrTx, idempotencyKeys: string[]): Promise<TransactionRow | null> {
  if (idempotencyKeys.length === 0) return null;
  const [row] = await db.select().from(paymentTransactions).where(inArray(paymentTransactions.idempotencyKey, idempotencyKeys)).limit(1);
  return row ?? null;
}

export async function findTransactionByChannelPayment(db: DbOrTx, channel: string, channelPaymentId: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.method, channel as TransactionRow['method']), eq(paymentTransactions.channelPaymentId, channelPaymentId)))
    .limit(1);
  return row ?? null;
}

/** Records the channel's payment id once; a second writer (a replayed create) leaves the first id in place. */
export async function attachChannelPayment(db: DbOrTx, id: string, channelPaymentId: string): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ channelPaymentId, externalReference: channelPaymentId, updatedAt: sql`now()` })
    .where(and(eq(paymentTransactions.id, id), isNull(paymentTransactions.channelPaymentId)))
    .returning();
  return row ?? null;
}

/**
 * The one step that decides a payment succeeded: a conditional update from any other status, so of any number of
 * concurrent callers exactly one gets the row back (the others wait on the row lock, then find it succeeded).
 */
export async function markSucceeded(db: DbOrTx, id: string, paidAt: Date): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ status: 'succeeded', paidAt, lastFailure: null, updatedAt: sql`now()` })
    .where(and(eq(paymentTransactions.id, id), ne(paymentTransactions.status, 'succeeded')))
    .returning();
  return row ?? null;
}

/**
 * Records why an attempt at a still pending payment of `channel` failed. Only a newer failure replaces the one kept
 * (a provider retries and reorders its deliveries), and a payment no longer pending keeps none: a decline delivered
 * after the success, or after the payment closed, says nothing about it any more. Null when nothing was recorded.
 */
export async function recordFailure(db: DbOrTx, id: string, channel: string, failure: PaymentFailure): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ lastFailure: failure, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.method, channel as TransactionRow['method']),
        eq(paymentTransactions.status, 'pending'),
        sql`(${paymentTransactions.lastFailure} is null or (${paymentTransactions.lastFailure}->>'at')::timestamptz <= ${failure.at}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function setMovement(db: DbOrTx, id: string, movementId: string): Promise<void> {
  await db.update(paymentTransactions).set({ movementId }).where(eq(paymentTransactions.id, id));
}

/** pending -> canceled | expired | failed, only from pending: a final status is never undone this way. */
export async function closePending(db: DbOrTx, id: string, to: Exclude<TransactionStatus, 'pending' | 'succeeded'>): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function overduePending(db: DbOrTx, now: Date, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, 'pending'), lte(paymentTransactions.expiresAt, now)))
    .orderBy(asc(paymentTransactions.expiresAt))
    .limit(limit);
}
