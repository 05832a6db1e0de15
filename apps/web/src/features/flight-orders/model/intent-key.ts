import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from '../../../lib/api';

/** A failure of our own making (no answer reached us): the same attempt may be sent again with the same key. */
export const unanswered = (err: unknown) => !(err instanceof ApiError) || err.code < 0;

/**
 * One Idempotency-Key per user intent. `keyFor(intent)` gives the key of the pending attempt when the same intent
 * (the same body, as a string) is sent again after a try that got no answer, and a fresh key otherwise; `settled`
 * forgets the attempt once the server has answered (success or a refusal), so the next try is a new intent.
 */
export function useIntentKey() {
  const attempt = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback((intent: string) => {
    if (attempt.current?.intent !== intent) attempt.current = { intent, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
  const settled = useCallback((err?: unknown) => {
    if (err === undefined || !unanswered(err)) attempt.current = null;
  }, []);
  const reset = useCallback(() => {
    attempt.current = null;
  }, []);
  return { keyFor, settled, reset };
}
