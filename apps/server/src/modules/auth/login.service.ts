import { and, eq, sql } from 'drizzle-orm';
import type { LoginBody, LoginThrottled, SessionAnswer } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { Db } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { AppError, RetryLaterError } from '../../plugins/errors.ts';
import type { SessionPolicy } from '../../config.ts';
import { admit, clear, delayAfter, giveBack, LOGIN_THROTTLE } from '../throttle/login-throttle.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { verifyPassword } from './password.ts';
import { openSession } from './session.service.ts';

const pairKey = (username: string, ip: string | null) => `login:pair:${username.toLowerCase()}:${ip ?? 'unknown'}`;
const accountKey = (username: string) => `login:account:${username.toLowerCase()}`;
const addressKey = (ip: string | null) => `login:address:${ip ?? 'unknown'}`;

/** Tells the user when the next attempt will be evaluated: in seconds below two minutes, in minutes above. */
function throttled(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const data: LoginThrottled = { retryAfterSeconds: seconds };
  if (seconds === 1) return new RetryLaterError(Code.LOGIN_THROTTLED, 'error.auth.retryInASecond', seconds, {}, data);
  return seconds < 120
    ? new RetryLaterError(Code.LOGIN_THROTTLED, 'error.auth.retryInSeconds', seconds, { seconds }, data)
    : new RetryLaterError(Code.LOGIN_THROTTLED, 'error.auth.retryInMinutes', seconds, { minutes: Math.ceil(seconds / 60) }, data);
}

/** An address the account signed in from recently is its owner's: the per-account and per-address rules skip it. */
async function knownAddress(db: Db, userId: string, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        sql`${sessions.createdAt} > now() - make_interval(days => ${LOGIN_THROTTLE.knownAddressDays})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** People only: an agency's API user (kind 'api') acts through its API key and never signs in. */
export async function findUserByUsername(db: Db, username: string) {
  const rows = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.kind, 'person')))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Count first, atomically, then check (docs/decisions/0013-login-throttling.md). The gates run pair, account, address:
 * a guesser hammering from one address is stopped by the pair before it moves the account's counter, so it cannot slow
 * the owner down elsewhere. An attempt refused by a later gate has still spent its turn at the earlier ones; that only
 * ever evaluates fewer passwords, never more.
 */
export async function login(db: Db, policy: SessionPolicy, body: LoginBody, meta: RequestMeta): Promise<SessionAnswer> {
  const found = await findUserByUsername(db, body.username);
  const pair = await admit(db, pairKey(body.username, meta.ip), LOGIN_THROTTLE.pair);
  if (!pair.admitted) throw throttled(pair.retryAfterSeconds);
  // The same rules for a username that does not exist (never "known"), so throttling does not reveal which ones do.
  const fromOwner = found ? await knownAddress(db, found.user.id, meta.ip) : false;
  const account = fromOwner ? null : await admit(db, accountKey(body.username), LOGIN_THROTTLE.account);
  if (account && !account.admitted) throw throttled(account.retryAfterSeconds);
  const address = fromOwner ? null : await admit(db, addressKey(meta.ip), LOGIN_THROTTLE.address);
  if (address && !address.admitted) throw throttled(address.retryAfterSeconds);

  const valid = await verifyPassword(found?.user.passwordHash ?? null, body.password);
  if (!found || !valid || found.company.deletedAt) {
    await db.transaction(async (tx) => {
      const target = found ? { id: found.user.id, username: found.user.username } : null;
      const companyId = found?.company.id ?? null;
      await recordUserLog(tx, { companyId, actor: null, target, action: 'login_failed', detail: { username: body.username.slice(0, 64) }, meta });
      // The owner learns that someone is guessing, once each time a slow-down starts (user log of their company).
      const { pair: pr, account: ar } = LOGIN_THROTTLE;
      const slowed =
        account?.admitted && account.attempts === ar.free
          ? { failedAttempts: account.attempts, waitSeconds: delayAfter(ar, account.attempts), allNewAddresses: true }
          : pair.attempts === pr.free
            ? { failedAttempts: pair.attempts, waitSeconds: delayAfter(pr, pair.attempts), allNewAddresses: false }
            : null;
      if (found && slowed) await recordUserLog(tx, { companyId, actor: null, target, action: 'login_throttled', detail: slowed, meta });
    });
    throw new AppError(Code.INVALID_CREDENTIALS, 'error.auth.invalidCredentials');
  }
  const { user, company } = found;
  // A disabled agency (agency management) locks out all of its users, as a disabled user is locked out.
  if (user.status === 'disabled' || company.status === 'disabled') throw new AppError(Code.USER_DISABLED, 'error.auth.disabled');

  return db.transaction(async (tx) => {
    await clear(tx, pairKey(body.username, meta.ip));
    if (account) await giveBack(tx, accountKey(body.username));
    if (address) await giveBack(tx, addressKey(meta.ip));
    return openSession(tx, policy, { user, company, embedded: false, action: 'login', meta });
  });
}
