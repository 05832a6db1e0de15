import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';

export type RateRow = typeof exchangeRates.$inferSelect;

export async function listRates(db: DbOrTx): Promise<RateRow[]> {
  return db.select().from(exchangeRates);
}

/** Locks the existing rows so two concurrent edits log each other's values as "old", not a stale read. */
export async function lockRates(db: DbOrTx, currencies: string[]): Promise<RateRow[]> {
  if (currencies.length === 0) return [];
  return db.select().from(exchangeRates).where(inArray(exchangeRates.currency, currencies)).for('update');
}

export async function upsertRates(db: DbOrTx, rows: { currency: string; rate: string }[], updatedBy: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(exchangeRates)
    .values(rows.map((r) => ({ ...r, updatedBy, updatedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { rate: sql`excluded.rate`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}
