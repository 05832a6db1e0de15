import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { files, flightSearches, frequentPassengers, loginThrottles, outboxEmails, rateLimits, sessions, webhookDeliveries } from '../../db/schema/index.ts';

/**
 * Deletes of disposable rows, one bounded statement at a time: each picks at most `batch` rows (skipping rows another
 * transaction holds) and deletes them, so even a large backlog never holds many locks or one long transaction.
 */

/** A run stops after this many statements per table; the next run continues (the job must end within its expiry). */
const MAX_BATCHES_PER_RUN = 200;

async function deleteBatch(db: DbOrTx, table: PgTable, key: PgColumn, where: SQL, batch: number): Promise<number> {
  const res = await db.execute(sql`
    with doomed as (delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${batch} for update skip locked) returning 1)
    select count(*)::int as n from doomed`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function deleteAll(db: DbOrTx, table: PgTable, key: PgColumn, where: SQL, batch: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const n = await deleteBatch(db, table, key, where, batch);
    total += n;
    if (n < batch) break;
  }
  return total;
}

/**
 * Searches started before `cutoff`, with their supplier answers (the foreign key cascades). No order depends on them:
 * an order keeps the offer and the fare as booked (flight_orders.offer, .fare) and its search_id is a plain column.
 */
export const purgeSearches = (db: DbOrTx, cutoff: Date, batch: number) =>
  deleteAll(db, flightSearches, flightSearches.id, sql`${flightSearches.createdAt} < ${cutoff.toISOString()}::timestamptz`, batch);

/**
 * Sessions revoked (logout, password change, cap...) or past their absolute expiry before `cutoff`. A session that
 * only went idle goes once its absolute expiry is that old too (at most SESSION_MAX_HOURS later): both conditions are
 * indexed, the idle one could not be. Logins stay in the user log, which this never touches.
 */
export const purgeSessions = (db: DbOrTx, cutoff: Date, batch: number) => {
  const c = cutoff.toISOString();
  return deleteAll(db, sessions, sessions.id, sql`(${sessions.revokedAt} < ${c}::timestamptz or ${sessions.expiresAt} < ${c}::timestamptz)`, batch);
};

/** Rate-limit counters whose window started before `cutoff` (their window is over: a hit would start afresh anyway). */
// Login throttle counters go with them: a counter idle for an hour starts from zero anyway (decision 0013), and the
// cutoff is at least two hours old.
export const purgeRateLimits = async (db: DbOrTx, cutoff: Date, batch: number) =>
  (await deleteAll(db, rateLimits, rateLimits.key, sql`${rateLimits.windowStart} < ${cutoff.toISOString()}::timestamptz`, batch)) +
  (await deleteAll(db, loginThrottles, loginThrottles.key, sql`${loginThrottles.lastAt} < ${cutoff.toISOString()}::timestamptz`, batch));

/** Webhook deliveries created before `cutoff` and finished (delivered, or given up after their 72-hour window). */
export const purgeWebhookDeliveries = (db: DbOrTx, cutoff: Date, batch: number) =>
  deleteAll(db, webhookDeliveries, webhookDeliveries.id, sql`${webhookDeliveries.status} <> 'pending' and ${webhookDeliveries.createdAt} < ${cutoff.toISOString()}::timestamptz`, batch);

/** Outbox mails created before `cutoff` and finished (sent, kept without SMTP, or given up); pending ones stay. */
export const purgeOutboxEmails = (db: DbOrTx, cutoff: Date, batch: number) =>
  deleteAll(db, outboxEmails, outboxEmails.id, sql`${outboxEmails.status} in ('sent', 'kept', 'failed') and ${outboxEmails.createdAt} < ${cutoff.toISOString()}::timestamptz`, batch);

/**
 * Document images a recognition kept (`attach=true`) before `cutoff` that no frequent passenger refers to: the agent
 * closed the dialog without saving. Issue 11: an uploaded image is not kept unless attached to a passenger.
 */
export const purgeUnattachedDocumentImages = (db: DbOrTx, cutoff: Date, batch: number) =>
  deleteAll(
    db,
    files,
    files.id,
    sql`${files.kind} = 'document_image' and ${files.createdAt} < ${cutoff.toISOString()}::timestamptz
      and not exists (select 1 from ${frequentPassengers} where ${frequentPassengers.documentImageId} = ${files.id})`,
    batch,
  );
