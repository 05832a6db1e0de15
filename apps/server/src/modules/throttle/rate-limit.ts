import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer sees the same counts.
 * `hit` counts atomically (one upsert) and answers the new count: callers decide on it, never on a separate read
 * (a read before and a count after let parallel requests all pass; that was the login race of issue 9).
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
