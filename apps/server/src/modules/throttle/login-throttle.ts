import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/index.ts';

/**
 * Progressive delays for sign-in (docs/decisions/0013-login-throttling.md). Each key allows `free` attempts, then every
 * further attempt must wait `baseSeconds * 2^(n - free)` (at most `capSeconds`) after the previous one. An attempt is
 * counted in one atomic statement *before* the password is checked, and an attempt that comes too early is refused
 * without being counted or evaluated, so a burst of parallel guesses evaluates at most `free` passwords per key.
 * Rows live in the database, so every server process behind a load balancer shares them.
 */
export interface ThrottleRule {
  free: number;
  baseSeconds: number;
  capSeconds: number;
}

export const LOGIN_THROTTLE = {
  /** A key that saw no attempt for this long starts again from zero. */
  forgetAfterSeconds: 60 * 60,
  // One account from one address: the guessing case. 5 free tries (typos, caps lock), then 30 s, 1 min, 2 min ... 15 min.
  pair: { free: 5, baseSeconds: 30, capSeconds: 15 * 60 },
  // One account from addresses it never signed in from (spraying over many addresses). Slows, never locks: at most
  // 5 minutes between evaluated guesses, and the owner's own addresses skip this rule entirely.
  account: { free: 10, baseSeconds: 10, capSeconds: 5 * 60 },
  // One address over all accounts: generous enough for an office behind NAT (successful sign-ins give attempts back),
  // then at most one evaluated attempt a minute.
  address: { free: 50, baseSeconds: 5, capSeconds: 60 },
  // An address the account signed in from within this many days counts as the owner's. Sessions (with their address)
  // are kept 30 days after they end (RETENTION_SESSION_DAYS), so a longer period would not remember more.
  knownAddressDays: 30,
} as const satisfies Record<string, number | ThrottleRule>;

/** Seconds the key must wait after its `n`-th counted attempt (the same formula as the SQL in `admit`). */
export function delayAfter(rule: ThrottleRule, n: number): number {
  return n < rule.free ? 0 : Math.min(rule.capSeconds, rule.baseSeconds * 2 ** (n - rule.free));
}

export type Admission = { admitted: true; attempts: number } | { admitted: false; retryAfterSeconds: number };

export async function admit(db: DbOrTx, key: string, rule: ThrottleRule): Promise<Admission> {
  const forget = sql.raw(`interval '${LOGIN_THROTTLE.forgetAfterSeconds} seconds'`);
  // clock_timestamp, not now(): parallel attempts queue on the row lock, and each must compare against the moment it
  // actually runs, not the start of its transaction.
  const stale = sql`${loginThrottles.lastAt} < clock_timestamp() - ${forget}`;
  const next = sql`case when ${stale} then 1 else ${loginThrottles.attempts} + 1 end`;
  const delay = (n: ReturnType<typeof sql>) =>
    sql`make_interval(secs => least(${rule.capSeconds}::float8, case when ${n} < ${rule.free} then 0 else ${rule.baseSeconds}::float8 * power(2, ${n} - ${rule.free}) end))`;
  const rows = await db
    .insert(loginThrottles)
    .values({ key, attempts: 1, lastAt: sql`clock_timestamp()`, nextAt: sql`clock_timestamp() + ${delay(sql`1`)}` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { attempts: next, lastAt: sql`clock_timestamp()`, nextAt: sql`clock_timestamp() + ${delay(next)}` },
      setWhere: sql`${loginThrottles.nextAt} <= clock_timestamp() or ${stale}`,
    })
    .returning({ attempts: loginThrottles.attempts });
  if (rows[0]) return { admitted: true, attempts: rows[0].attempts };
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${loginThrottles.nextAt} - clock_timestamp())))::int` })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  return { admitted: false, retryAfterSeconds: Math.max(1, Number(row?.wait ?? 1)) };
}

/** The owner proved who they are: the key starts again from zero. */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/**
 * A successful sign-in gives back the attempt it was counted as (address, account), so a busy office is not slowed by
 * its own colleagues. Not a reset: the owner signing in must not hand a guesser elsewhere a fresh set of free attempts.
 */
export async function giveBack(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottles)
    .set({ attempts: sql`greatest(${loginThrottles.attempts} - 1, 0)` })
    .where(eq(loginThrottles.key, key));
}
