import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

/** The agency of a group, for its settlement currency when the simulated desk prices in it. */
export async function companyRow(db: DbOrTx, id: string) {
  const [row] = await db.select({ commonConfig: companies.commonConfig }).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}
