import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import type { CompanyRow } from '../users/user.mapper.ts';

export type CompanyPatch = Partial<Pick<typeof companies.$inferInsert, 'name' | 'alias' | 'address' | 'logoFileId'>>;

/** With `lock`, the row stays locked until the transaction ends, so a read-check-write cannot interleave. */
export async function findCompany(db: DbOrTx, id: string, lock = false): Promise<CompanyRow | null> {
  const query = db.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateCompany(db: DbOrTx, id: string, patch: CompanyPatch): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row;
}
