import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { OutboxQuery, OutboxStatus } from '@portal/contract/api/outbox';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { companies, outboxEmails } from '../../db/schema/index.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;
export type NewOutboxEmail = Pick<typeof outboxEmails.$inferInsert, 'companyId' | 'kind' | 'to' | 'subject' | 'text' | 'language'>;

export async function insertOutboxEmail(db: DbOrTx, values: NewOutboxEmail): Promise<OutboxRow> {
  const [row] = await db.insert(outboxEmails).values(values).returning();
  return row;
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/**
 * Mails about the platform itself or one of its agencies (deleted ones too: their history stays readable), newest
 * first. A mail's company is the agency it concerns; mails about no agency belong to no tenant and are not listed.
 */
export async function listOutbox(
  db: DbOrTx,
  platformId: string,
  q: z.output<typeof OutboxQuery>,
): Promise<{ rows: { mail: OutboxRow; companyCode: string | null; companyName: string | null }[]; total: number }> {
  const where: SQL[] = [or(eq(companies.id, platformId), eq(companies.parentId, platformId))!];
  if (q.status) where.push(eq(outboxEmails.status, q.status));
  if (q.kind) where.push(eq(outboxEmails.kind, q.kind));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(outboxEmails.to, like), ilike(outboxEmails.subject, like), ilike(companies.code, like), ilike(companies.name, like))!);
  }
  const cond = and(...where);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select({ mail: outboxEmails, companyCode: companies.code, companyName: companies.name })
      .from(outboxEmails)
      .innerJoin(companies, eq(companies.id, outboxEmails.companyId))
      .where(cond)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ total: count() }).from(outboxEmails).innerJoin(companies, eq(companies.id, outboxEmails.companyId)).where(cond),
  ]);
  return { rows, total: Number(total) };
}

/** The oldest pending mails (but `skip`), locked; rows another sender holds are skipped, not waited for. */
export async function lockPending(db: DbOrTx, limit: number, skip: string[] = []): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), skip.length ? notInArray(outboxEmails.id, skip) : undefined))
    .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'sent', attempts: sql`${outboxEmails.attempts} + 1`, sentAt: sql`now()`, lastError: null })
    .where(eq(outboxEmails.id, id));
}

/** One more failed attempt; the mail stays pending until `maxAttempts`, then it is given up as failed. */
export async function markAttemptFailed(db: DbOrTx, id: string, error: string, maxAttempts: number): Promise<void> {
  await db
    .update(outboxEmails)
    .set({
      attempts: sql`${outboxEmails.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`case when ${outboxEmails.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
    })
    .where(eq(outboxEmails.id, id));
}

export async function markKept(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(outboxEmails).set({ status: 'kept' satisfies OutboxStatus }).where(inArray(outboxEmails.id, ids));
}
