import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';

export type SiteRow = typeof sites.$inferSelect;

/** `host` must already be lower case: stored hosts are compared case-insensitively. */
export async function findSiteByHost(db: DbOrTx, host: string): Promise<SiteRow | null> {
  const rows = await db
    .select()
    .from(sites)
    .where(sql`exists (select 1 from unnest(${sites.hosts}) as h where lower(h) = ${host})`)
    // Two sites claiming one host is a data error; prefer the default one, then a stable pick.
    .orderBy(desc(sites.isDefault), asc(sites.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDefaultSite(db: DbOrTx): Promise<SiteRow | null> {
  const rows = await db.select().from(sites).where(eq(sites.isDefault, true)).orderBy(asc(sites.id)).limit(1);
  return rows[0] ?? null;
}
