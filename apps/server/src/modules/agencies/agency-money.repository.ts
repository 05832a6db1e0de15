import { and, countDistinct, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencyActivity, paymentTransactions } from '../../db/schema/index.ts';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransaction = Omit<typeof paymentTransactions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findTransactionByKey(db: DbOrTx, idempotencyKey: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/** Null when the idempotency key is already taken (by a request that committed first). */
export async function insertTransaction(db: DbOrTx, values: NewTransaction): Promise<TransactionRow | null> {
  const [row] = await db
    .insert(paymentTransactions)
    .values(values)
    .onConflictDoNothing({ target: paymentTransactions.idempotencyKey })
    .returning();
  return row ?? null;
}

export async function setTransactionMovement(db: DbOrTx, id: string, movementId: string): Promise<void> {
  await db.update(paymentTransactions).set({ movementId, updatedAt: sql`now()` }).where(eq(paymentTransactions.id, id));
}

/** Flight searches the agency started on the UTC days from..to (inclusive), as shopping counts them. */
export async function sumSearches(db: DbOrTx, companyId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${agencyActivity.searches}), 0)` })
    .from(agencyActivity)
    .where(and(eq(agencyActivity.companyId, companyId), gte(agencyActivity.day, from), lte(agencyActivity.day, to)));
  return Number(row.n);
}

/**
 * Flight orders the agency paid for in [from, until): successful payments whose origin is a flight order, each order
 * counted once however many payments it took.
 */
export async function countFlightBookings(db: DbOrTx, companyId: string, from: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(paymentTransactions.originId) })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.companyId, companyId),
        eq(paymentTransactions.kind, 'payment'),
        eq(paymentTransactions.originType, 'flight-order'),
        eq(paymentTransactions.status, 'succeeded'),
        sql`coalesce(${paymentTransactions.paidAt}, ${paymentTransactions.createdAt}) >= ${from.toISOString()}::timestamptz`,
        sql`coalesce(${paymentTransactions.paidAt}, ${paymentTransactions.createdAt}) < ${until.toISOString()}::timestamptz`,
      ),
    );
  return Number(row.n);
}
