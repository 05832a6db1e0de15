import { and, eq, sql } from 'drizzle-orm';
import type { LoginBody, SessionAnswer } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionPolicy } from '../../config.ts';
import { hit, peek, reset } from '../throttle/rate-limit.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { verifyPassword } from './password.ts';
import { openSession } from './session.service.ts';

/** Failed logins allowed per window: per username (guessing one account) and per address (spraying many). */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, perUsername: 5, perAddress: 20 } as const;

const userKey = (username: string) => `login:user:${username.toLowerCase()}`;
const addressKey = (ip: string | null) => `login:ip:${ip ?? 'unknown'}`;

function throttled(retryAfterSeconds: number) {
  return new AppError(Code.LOGIN_THROTTLED, 'error.auth.throttled', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
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

export async function login(db: Db, policy: SessionPolicy, body: LoginBody, meta: RequestMeta): Promise<SessionAnswer> {
  const { windowSeconds, perUsername, perAddress } = LOGIN_THROTTLE;
  const [byUser, byAddress] = await Promise.all([
    peek(db, userKey(body.username), windowSeconds),
    peek(db, addressKey(meta.ip), windowSeconds),
  ]);
  if (byUser.count >= perUsername) throw throttled(byUser.retryAfterSeconds);
  if (byAddress.count >= perAddress) throw throttled(byAddress.retryAfterSeconds);

  const found = await findUserByUsername(db, body.username);
  const valid = await verifyPassword(found?.user.passwordHash ?? null, body.password);
  if (!found || !valid || found.company.deletedAt) {
    await db.transaction(async (tx) => {
      await hit(tx, userKey(body.username), windowSeconds);
      await hit(tx, addressKey(meta.ip), windowSeconds);
      await recordUserLog(tx, {
        companyId: found?.company.id ?? null,
        actor: null,
        target: found ? { id: found.user.id, username: found.user.username } : null,
        action: 'login_failed',
        detail: { username: body.username.slice(0, 64) },
        meta,
      });
    });
    throw new AppError(Code.INVALID_CREDENTIALS, 'error.auth.invalidCredentials');
  }
  const { user, company } = found;
  // A disabled agency (agency management) locks out all of its users, as a disabled user is locked out.
  if (user.status === 'disabled' || company.status === 'disabled') throw new AppError(Code.USER_DISABLED, 'error.auth.disabled');

  return db.transaction(async (tx) => {
    await reset(tx, userKey(body.username));
    return openSession(tx, policy, { user, company, embedded: false, action: 'login', meta });
  });
}
