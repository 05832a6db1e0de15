import { createHmac, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { SessionAnswer, SingleLoginBody } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { Db } from '../../db/client.ts';
import { singleLoginCodes } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionPolicy } from '../../config.ts';
import type { RequestMeta } from '../user-logs/user-log.repository.ts';
import { findUserByUsername } from './login.service.ts';
import { openSession } from './session.service.ts';

export const SINGLE_LOGIN_MAX_SKEW_SECONDS = 300;

/**
 * The string an agency signs: code, timestamp (Unix seconds) and userid (the portal username), joined by newlines.
 * signature = lower-case hex of HMAC-SHA256(companySecret, canonical). See docs/single-login.md.
 */
export function canonicalString(b: Pick<SingleLoginBody, 'code' | 'timestamp' | 'userid'>): string {
  return `${b.code}\n${b.timestamp}\n${b.userid}`;
}

export function signSingleLogin(secret: string, b: Pick<SingleLoginBody, 'code' | 'timestamp' | 'userid'>): string {
  return createHmac('sha256', secret).update(canonicalString(b)).digest('hex');
}

function sameSignature(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const refused = () => new AppError(Code.SINGLE_LOGIN_REFUSED, 'error.auth.singleLogin');

/**
 * The user and company a link was signed for, or null: clock skew, an unknown or deleted agency's user, or a signature
 * made with neither the current nor the previous secret. Does not spend the code (the framing check reads links too).
 */
export async function verifySingleLoginLink(db: Db, body: SingleLoginBody, nowMs = Date.now()) {
  if (Math.abs(nowMs / 1000 - body.timestamp) > SINGLE_LOGIN_MAX_SKEW_SECONDS) return null;
  const found = await findUserByUsername(db, body.userid);
  if (!found || found.company.deletedAt) return null;
  const { company } = found;
  const secrets = [company.singleLoginSecret, company.singleLoginSecretPrev].filter((s): s is string => !!s);
  return secrets.map((s) => sameSignature(signSingleLogin(s, body), body.signature)).some(Boolean) ? found : null;
}

export async function singleLogin(
  db: Db,
  policy: SessionPolicy,
  body: SingleLoginBody,
  meta: RequestMeta,
  nowMs = Date.now(),
): Promise<SessionAnswer> {
  const found = await verifySingleLoginLink(db, body, nowMs);
  if (!found) throw refused();
  const { user, company } = found;
  // Same rule as the password login: a disabled agency locks out all of its users.
  if (user.status === 'disabled' || company.status === 'disabled') throw new AppError(Code.USER_DISABLED, 'error.auth.disabled');

  return db.transaction(async (tx) => {
    // The primary key makes a replayed code fail here, even when two requests race.
    const inserted = await tx
      .insert(singleLoginCodes)
      .values({ code: `${company.id}:${body.code}`, companyId: company.id })
      .onConflictDoNothing()
      .returning({ code: singleLoginCodes.code });
    if (inserted.length === 0) throw refused();
    // Codes older than twice the skew can never be accepted again; keep the table small.
    await tx.delete(singleLoginCodes).where(lt(singleLoginCodes.usedAt, sql`now() - interval '15 minutes'`));
    return openSession(tx, policy, { user, company, embedded: true, action: 'single_login', meta });
  });
}
