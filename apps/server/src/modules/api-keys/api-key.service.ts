import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyAnswer } from '@portal/contract/api/agencies';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, RetryLaterError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { hit } from '../throttle/rate-limit.ts';
import type { CompanyRow, UserRow } from '../users/user.mapper.ts';
import type { HostMatcher } from './allowed-hosts.ts';
import { findApiUser, findKeyByPrefix, insertApiUser, insertKey, revokeCompanyKeys, touchKey } from './api-key.repository.ts';

/**
 * Agency API keys (domain facts: 32 random bytes, shown once, stored hashed with a short lookup prefix). A key reads
 * `ak_<8 hex prefix>_<base64url secret>`; the database keeps the prefix (to find the row) and the SHA-256 of the whole
 * key (a plain hash suffices: the secret has 256 bits, nothing to brute-force). A request carrying the key acts as the
 * agency's API user, a users row of kind 'api' that cannot log in.
 */

const KEY_PATTERN = /^ak_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;
export const API_SESSION_PREFIX = 'apikey:';
const TOUCH_EVERY_SECONDS = 60;
const RATE_WINDOW_SECONDS = 60;

export interface ApiKeyPolicy {
  /** Requests per key per minute (env API_KEY_RATE_PER_MINUTE, default 120). */
  ratePerMinute: number;
}

export function readApiKeyPolicy(env: NodeJS.ProcessEnv = process.env): ApiKeyPolicy {
  const n = Number(env.API_KEY_RATE_PER_MINUTE ?? 120);
  return { ratePerMinute: Number.isInteger(n) && n > 0 ? n : 120 };
}

/** Bearer tokens of sessions are base64url without this prefix, so the two kinds cannot be confused. */
export const isApiKeyToken = (token: string | undefined): token is string => !!token && token.startsWith('ak_');

/** API-key callers carry `apikey:<key id>` as their session id: there is no session row to end. */
export const isApiKeyCaller = (auth: Pick<AuthContext, 'sessionId'>) => auth.sessionId.startsWith(API_SESSION_PREFIX);

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Thrown when the key's per-minute budget is spent; the caller answers 429 with Retry-After. */
export class ApiKeyRateLimited extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(Code.RATE_LIMITED, 'error.apiKey.rateLimited', retryAfterSeconds, { seconds: retryAfterSeconds });
  }
}

const invalidKey = () => new AppError(Code.SESSION_INVALID, 'error.session.invalid');

export async function authenticateApiKey(db: Db, token: string, address: string, ctx: { policy: ApiKeyPolicy; hosts: HostMatcher }): Promise<AuthContext> {
  const m = KEY_PATTERN.exec(token);
  if (!m) throw invalidKey();
  const found = await findKeyByPrefix(db, m[1]);
  // Hash and compare even without a row, so an unknown prefix costs the same as a wrong secret.
  const given = sha256(token);
  const stored = found ? Buffer.from(found.key.keyHash, 'hex') : sha256('');
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  if (!found || !same || found.key.revokedAt) throw invalidKey();
  const { key, user, company } = found;
  if (company.deletedAt || company.status === 'disabled' || user.status === 'disabled') {
    throw new AppError(Code.SESSION_REVOKED, 'error.session.revoked');
  }
  if (company.allowedHosts.length === 0) throw new AppError(Code.FORBIDDEN, 'error.apiKey.noHosts', { ip: address });
  if (!(await ctx.hosts.allows(address, company.allowedHosts))) throw new AppError(Code.FORBIDDEN, 'error.apiKey.hostNotAllowed', { ip: address });
  const window = await hit(db, `apikey:${key.id}`, RATE_WINDOW_SECONDS);
  if (window.count > ctx.policy.ratePerMinute) throw new ApiKeyRateLimited(Math.max(1, window.retryAfterSeconds));
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > TOUCH_EVERY_SECONDS * 1000) await touchKey(db, key.id, TOUCH_EVERY_SECONDS);
  return { sessionId: `${API_SESSION_PREFIX}${key.id}`, embedded: false, user, company };
}

/** The agency's API user, created the first time a key is issued. Its password hash is not a hash: nothing matches it. */
async function ensureApiUser(tx: DbOrTx, company: CompanyRow): Promise<UserRow> {
  const existing = await findApiUser(tx, company.id);
  if (existing) return existing;
  const base = `api-${company.code.toLowerCase()}`;
  // Usernames are global; a person elsewhere may already be called this. A short random suffix then keeps it unique.
  for (const username of [base, `${base}-${randomBytes(3).toString('hex')}`, `${base}-${randomBytes(3).toString('hex')}`]) {
    const user = await insertApiUser(tx, {
      companyId: company.id,
      username,
      nickname: 'API',
      email: null,
      passwordHash: `!api-key-only:${randomBytes(16).toString('hex')}`,
      roles: ['operator', 'finance'],
      permissions: [],
      status: 'active',
      kind: 'api',
      config: DEFAULT_USER_CONFIG,
    });
    if (user) return user;
  }
  throw new Error(`no free API username for ${company.code}`);
}

/** Ends every key of the agency (the agency is deleted). */
export async function revokeAgencyKeys(tx: DbOrTx, companyId: string): Promise<void> {
  await revokeCompanyKeys(tx, companyId);
}

/** Replaces the agency's key: earlier keys stop working in the same transaction that creates the new one. */
export async function issueApiKey(tx: DbOrTx, company: CompanyRow, createdBy: string | null): Promise<ApiKeyAnswer> {
  const user = await ensureApiUser(tx, company);
  await revokeCompanyKeys(tx, company.id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const prefix = randomBytes(4).toString('hex');
    const key = `ak_${prefix}_${randomBytes(32).toString('base64url')}`;
    const row = await insertKey(tx, { companyId: company.id, userId: user.id, prefix, keyHash: sha256(key).toString('hex'), createdBy });
    if (row) return { key, prefix, createdAt: row.createdAt.toISOString() };
  }
  throw new Error('could not draw a free API key prefix');
}
