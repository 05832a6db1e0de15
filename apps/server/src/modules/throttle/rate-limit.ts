import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer sees the same counts.
 * `hit` increments atomically (one upsert); `peek` reads without counting.
 */
export interface WindowState {
  count: number;
  retryAfterSeconds: number;
}

export async function hit(db: DbOrTx, key: string, windowSeconds: number): Promise<WindowState> {
  const interval = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - ${interval} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - ${interval} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retry: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + ${interval} - now())))::int`,
    });
  return { count: rows[0].count, retryAfterSeconds: Number(rows[0].retry) };
}

export async function peek(db: DbOrTx, key: string, windowSeconds: number): Promise<WindowState> {
  const interval = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const rows = await db
    .select({
      count: sql<number>`case when ${rateLimits.windowStart} < now() - ${interval} then 0 else ${rateLimits.count} end`,
      retry: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + ${interval} - now())))::int`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!rows[0]) return { count: 0, retryAfterSeconds: 0 };
  return { count: Number(rows[0].count), retryAfterSeconds: Number(rows[0].retry) };
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
