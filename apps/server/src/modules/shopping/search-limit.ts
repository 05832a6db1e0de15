import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { RetryLaterError } from '../../plugins/errors.ts';
import { isApiKeyCaller } from '../api-keys/api-key.service.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { hit } from '../throttle/rate-limit.ts';

/**
 * Searches one person may start per window (env SEARCH_RATE_PER_MINUTE, default 30 a minute). An agent fills in a
 * form and reads the results between searches; even clicking through a week of dates stays far below one every two
 * seconds sustained for a minute. A script hammering the search (one user sustained 88 a second, ~21 KB stored each)
 * meets the limit within a second.
 */
export interface SearchLimit {
  perWindow: number;
  windowSeconds: number;
}

export function readSearchLimit(env: NodeJS.ProcessEnv = process.env): SearchLimit {
  const n = Number(env.SEARCH_RATE_PER_MINUTE ?? 30);
  return { perWindow: Number.isInteger(n) && n > 0 ? n : 30, windowSeconds: 60 };
}

export const searchLimitKey = (userId: string) => `search:user:${userId}`;

/**
 * Counts the search first (one atomic upsert, shared by every server process), then refuses past the limit with
 * 429 and Retry-After. API-key callers are left to their key's own per-minute limit (API_KEY_RATE_PER_MINUTE), which
 * already counts every request: an agency's integrations share one API user, so a per-user count would throttle
 * all of its keys together.
 */
export async function countSearchAttempt(db: DbOrTx, auth: AuthContext, limit: SearchLimit): Promise<void> {
  if (isApiKeyCaller(auth)) return;
  const window = await hit(db, searchLimitKey(auth.user.id), limit.windowSeconds);
  if (window.count > limit.perWindow) {
    const seconds = Math.max(1, window.retryAfterSeconds);
    throw new RetryLaterError(Code.RATE_LIMITED, 'shopping.search.rateLimited', seconds, { seconds });
  }
}
