import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Code } from '@portal/contract/codes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionPolicy } from '../../config.ts';
import type { SessionAnswer } from '@portal/contract/api/auth';
import type { CompanyRow, UserRow } from '../users/user.mapper.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { buildMe } from './me.service.ts';
import type { HotCaches } from '../cache/hot-caches.ts';

export interface AuthContext {
  sessionId: string;
  embedded: boolean;
  user: UserRow;
  company: CompanyRow;
}

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak yields no usable session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: DbOrTx,
  policy: SessionPolicy,
  input: { userId: string; embedded: boolean; ip: string | null; userAgent: string | null },
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      embedded: input.embedded,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
      expiresAt: new Date(Date.now() + policy.maxMs),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

// Refreshing last_seen_at on every request would turn every read into a write; a minute of slack is harmless.
const TOUCH_EVERY_MS = 60_000;

/** The session check's two statements, built once per database handle and prepared (named) on each connection. */
function prepareSessionStatements(db: Db) {
  return {
      find: db
        .select({ session: sessions, user: users, company: companies })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
        .limit(1)
        .prepare('portal_session_find'),
      touch: db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sql.placeholder('id'))).prepare('portal_session_touch'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareSessionStatements>>();
function sessionStatements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepareSessionStatements(db)));
  return s;
}

/**
 * The bearer session with its user and company, or one of 201001 (unknown), 200006 (revoked, user or agency
 * disabled), 200005 (idle or too old). With `caches`, a session used within the last minute is answered from memory;
 * a logout, kick, revocation or a change to its user or company reaches the cache through the change feed before
 * the write that made it returns (modules/cache/hot-caches.ts).
 */
export async function resolveSession(db: Db, policy: SessionPolicy, token: string | undefined, caches?: HotCaches): Promise<AuthContext> {
  if (!token) throw new AppError(Code.SESSION_INVALID, 'error.session.invalid');
  const tokenHash = hashToken(token);
  const { find, touch } = sessionStatements(db);
  const load = async () => (await find.execute({ tokenHash }))[0] ?? null;
  const row = caches ? await caches.session(tokenHash, TOUCH_EVERY_MS, load) : await load();
  if (!row) throw new AppError(Code.SESSION_INVALID, 'error.session.invalid');
  const { session, user, company } = row;
  // Disabling an agency also revokes its sessions; checking the status here closes the gap for any that slipped by.
  if (session.revokedAt || user.status === 'disabled' || company.deletedAt || company.status === 'disabled') {
    caches?.forgetSession(tokenHash);
    throw new AppError(Code.SESSION_REVOKED, session.revokeReason === SESSION_CAP_REASON ? 'error.session.capped' : 'error.session.revoked');
  }
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + policy.idleMs <= now) {
    caches?.forgetSession(tokenHash);
    throw new AppError(Code.SESSION_EXPIRED, 'error.session.expired');
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touch.execute({ id: session.id });
    // Loaded again next time, with the refreshed last_seen_at.
    caches?.forgetSession(tokenHash);
  }
  return { sessionId: session.id, embedded: session.embedded, user, company };
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, keepSessionId?: string): Promise<void> {
  const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conds.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(...conds));
}

/** revoke_reason of the sessions a login ended because the user had too many (they answer error.session.capped). */
export const SESSION_CAP_REASON = 'session_cap';

/**
 * Live sessions one user may hold (env SESSION_MAX_LIVE_PER_USER, default 10): a person's browsers and devices plus the
 * agency's embedded page fit with room to spare, while a script logging in in a loop no longer piles up sessions.
 */
export function maxLiveSessions(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SESSION_MAX_LIVE_PER_USER ?? 10);
  return Number.isInteger(n) && n >= 1 ? n : 10;
}

/**
 * Ends the user's oldest live sessions beyond `cap`, never `keepId` (the one just opened). Live: not revoked, not past
 * its absolute or idle expiry. Run with the user row locked (see openSession), so parallel logins count each other.
 */
async function endSessionsBeyondCap(tx: DbOrTx, policy: SessionPolicy, userId: string, keepId: string, cap: number): Promise<number> {
  const idle = sql.raw(`interval '${Math.floor(policy.idleMs / 1000)} seconds'`);
  const older = tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.id, keepId),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - ${idle}`,
      ),
    )
    .orderBy(sql`${sessions.createdAt} desc, ${sessions.id} desc`)
    .offset(cap - 1);
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: SESSION_CAP_REASON })
    .where(inArray(sessions.id, older))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The common end of every successful login: a fresh session, the last-login stamp, the log entry, the answer. */
export async function openSession(
  tx: DbOrTx,
  policy: SessionPolicy,
  input: { user: UserRow; company: CompanyRow; embedded: boolean; action: 'login' | 'single_login'; meta: RequestMeta },
): Promise<SessionAnswer> {
  const { user, company, embedded, meta } = input;
  // The user row's lock serializes this user's logins: each one counts the sessions the others committed, so a burst of
  // parallel logins cannot all see room under the cap.
  const [fresh] = await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id)).returning();
  const { token, sessionId } = await createSession(tx, policy, { userId: user.id, embedded, ...meta });
  const ended = await endSessionsBeyondCap(tx, policy, user.id, sessionId, maxLiveSessions());
  const self = { id: user.id, username: user.username };
  await recordUserLog(tx, { companyId: company.id, actor: self, target: self, action: input.action, detail: ended > 0 ? { sessionsEnded: ended } : undefined, meta });
  return { token, ...(await buildMe(tx, fresh, company, embedded)) };
}
