import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@portal/contract/api/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { companies, flightOrders, webhookDeliveries, webhookSecrets } from '../../db/schema/index.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookSecretRow = typeof webhookSecrets.$inferSelect;

export async function companyFlightConfig(db: DbOrTx, companyId: string) {
  const [row] = await db.select({ flightConfig: companies.flightConfig }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

export async function findSecret(db: DbOrTx, companyId: string): Promise<WebhookSecretRow | null> {
  const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, companyId));
  return row ?? null;
}

/** Creates the agency's secret unless it has one; the existing one wins a race. Returns the secret in force. */
export async function ensureSecret(db: DbOrTx, companyId: string, secret: string): Promise<WebhookSecretRow> {
  const [inserted] = await db.insert(webhookSecrets).values({ companyId, secret }).onConflictDoNothing().returning();
  return inserted ?? (await findSecret(db, companyId))!;
}

/** Replaces the agency's secret (or creates its first). */
export async function replaceSecret(db: DbOrTx, companyId: string, secret: string, at: Date): Promise<WebhookSecretRow> {
  const [row] = await db
    .insert(webhookSecrets)
    .values({ companyId, secret, createdAt: at })
    .onConflictDoUpdate({ target: webhookSecrets.companyId, set: { secret, createdAt: at } })
    .returning();
  return row;
}

export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert): Promise<void> {
  await db.insert(webhookDeliveries).values(values);
}

/**
 * Takes up to `limit` due pending deliveries (`ids`: only those) and leases them until `leaseUntil` by moving their
 * next attempt there, in one short transaction: rows another worker has locked are skipped (SKIP LOCKED), and a
 * leased row is not due for anybody else until its lease runs out (a crashed worker's row simply comes back).
 * The lease instant is the claim token that the outcome update checks.
 */
export async function claimDue(
  db: DbOrTx,
  o: { now: Date; leaseUntil: Date; limit: number; ids?: readonly string[]; companyId?: string },
): Promise<WebhookDeliveryRow[]> {
  const where: SQL[] = [eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, o.now)];
  if (o.ids) where.push(o.ids.length ? inArray(webhookDeliveries.id, [...o.ids]) : sql`false`);
  if (o.companyId) where.push(eq(webhookDeliveries.companyId, o.companyId));
  const due = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(...where))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
    .limit(o.limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: o.leaseUntil })
    .where(
      inArray(
        webhookDeliveries.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/**
 * Records one attempt, only if the delivery is still held under this lease (a worker whose lease ran out and was
 * taken over writes nothing). Returns whether it was recorded.
 */
export async function recordAttempt(db: DbOrTx, id: string, lease: Date, o: AttemptOutcome): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: o.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: o.statusCode,
      lastError: o.error?.slice(0, 1000) ?? null,
      nextAttemptAt: o.nextAttemptAt,
      deliveredAt: o.deliveredAt,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, lease)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** The agency's deliveries, newest first, with the booking number of each one's order. */
export async function listDeliveries(
  db: DbOrTx,
  companyId: string,
  q: { page: number; pageSize: number; status?: WebhookDeliveryStatus },
): Promise<{ rows: { delivery: WebhookDeliveryRow; bookingNumber: string | null }[]; total: number }> {
  const cond = and(eq(webhookDeliveries.companyId, companyId), q.status ? eq(webhookDeliveries.status, q.status) : undefined);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select({ delivery: webhookDeliveries, bookingNumber: flightOrders.bookingNumber })
      .from(webhookDeliveries)
      // The company condition on the join too: an order id of another agency can never lend its booking number.
      .leftJoin(flightOrders, and(eq(flightOrders.id, webhookDeliveries.orderId), eq(flightOrders.companyId, webhookDeliveries.companyId)))
      .where(cond)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ total: count() }).from(webhookDeliveries).where(cond),
  ]);
  return { rows, total: Number(total) };
}
