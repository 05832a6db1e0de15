import type { SingleLoginBody } from '@portal/contract/api/auth';
import { singleLogin } from '../lib/session';

export const SINGLE_LOGIN_PARAMS = ['code', 'signature', 'timestamp', 'userid'] as const;

/** The body of a single-login link, or null when the query does not carry all four parameters. */
export function readSingleLogin(search: URLSearchParams): SingleLoginBody | null {
  const values = SINGLE_LOGIN_PARAMS.map((k) => search.get(k));
  if (values.some((v) => !v)) return null;
  const [code, signature, timestamp, userid] = values as string[];
  return { code, signature, timestamp: Number(timestamp), userid };
}

export function withoutSingleLogin(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  SINGLE_LOGIN_PARAMS.forEach((k) => rest.delete(k));
  const qs = rest.toString();
  return qs ? `?${qs}` : '';
}

// React may run an effect twice (StrictMode) and a link may be re-rendered: one call per signature.
const pending = new Map<string, Promise<unknown>>();

export function runSingleLogin(body: SingleLoginBody): Promise<unknown> {
  let call = pending.get(body.signature);
  if (!call) {
    call = singleLogin(body);
    pending.set(body.signature, call);
  }
  return call;
}
