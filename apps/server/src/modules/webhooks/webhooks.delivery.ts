import type { Deps } from '../../deps.ts';
import { generateWebhookSecret, signatureHeader } from './webhooks.signature.ts';
import { claimDue, ensureSecret, recordAttempt, type AttemptOutcome, type WebhookDeliveryRow } from './webhooks.repository.ts';
import { encodeError, WEBHOOK_TIMEOUT_MS } from './webhooks.service.ts';
import { describeDbError, isConnectionError } from '../../db/connection-errors.ts';

/**
 * Delivers due webhooks: claim (a lease, in one short transaction), POST outside any transaction, record the outcome.
 * No database connection (and, on PGlite, not the one connection) is held while an agency's endpoint answers. At least
 * once: a worker that dies after the POST leaves its lease to run out and the delivery is sent again; receivers
 * de-duplicate by X-Portal-Delivery (docs/webhooks.md).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Waits after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const WEBHOOK_BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 1 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] as const;
/** A delivery is retried until this long after it was created, then given up (status failed). */
export const WEBHOOK_RETRY_WINDOW_MS = 72 * HOUR;
/** How long a claimed delivery is held by its worker; far longer than an attempt can take. */
const LEASE_MS = 2 * MINUTE;
const USER_AGENT = 'TravelPortal-Webhooks/1';
/** Of a refusing endpoint's answer body, this much is kept in the log. */
const BODY_EXCERPT_BYTES = 300;

/**
 * When the next attempt is due after `attempts` failed ones (counting the one that just failed at `now`), or null when
 * the 72-hour window is over. The last attempt is moved to the end of the window rather than past it.
 */
export function nextAttemptAt(attempts: number, now: Date, createdAt: Date): Date | null {
  const deadline = createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const wait = WEBHOOK_BACKOFF_MS[Math.min(Math.max(attempts, 1), WEBHOOK_BACKOFF_MS.length) - 1];
  return new Date(Math.min(now.getTime() + wait, deadline));
}

export interface WebhookLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Where a kick logs when neither its caller nor deps give a logger (it runs after the request may have ended). */
const consoleLog: WebhookLog = {
  warn: (obj, msg) => console.warn(msg ?? 'webhooks', obj),
  error: (obj, msg) => console.error(msg ?? 'webhooks', obj),
};

/** What delivering needs: the database, and a logger for background failures (the app's, when it has one). */
export type WebhookDeps = Pick<Deps, 'db'> & { log?: WebhookLog };

export interface DeliverOptions {
  /** At most this many deliveries in this run (default 500). */
  limit?: number;
  /** Only these deliveries (e.g. the ones a change just enqueued). */
  ids?: readonly string[];
  /** How many endpoints are waited on at once (default 10). */
  concurrency?: number;
  /** Per attempt (default 5 s). */
  timeoutMs?: number;
  /** The HTTP client (default the global fetch). */
  fetch?: typeof fetch;
  /** Default: deps.log. */
  log?: WebhookLog;
}

export interface DeliverRun {
  delivered: number;
  retrying: number;
  failed: number;
}

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** Retrying cannot help (an unsupported URL). */
  permanent?: boolean;
}

const describe = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  // undici wraps the socket error ("fetch failed"); its cause says what happened (ECONNREFUSED, ENOTFOUND...).
  const cause = (err as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? `${(cause as { code?: string }).code ?? cause.name}: ${cause.message}` : '';
  return inner ? `${err.message} (${inner})` : err.message;
};

/** The first bytes of an answer body as text; the rest is not read. */
async function excerpt(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < BODY_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short only shortens the excerpt.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, BODY_EXCERPT_BYTES).toString('utf8');
}

async function attempt(d: WebhookDeliveryRow, secret: string, o: Required<Pick<DeliverOptions, 'timeoutMs' | 'fetch'>>): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(d.url);
  } catch {
    return { ok: false, statusCode: null, error: encodeError('webhooks.error.scheme', d.url), permanent: true };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, statusCode: null, error: encodeError('webhooks.error.scheme', url.protocol), permanent: true };
  }
  const body = JSON.stringify(d.payload);
  // Signed when sent (not when queued): the receiver compares this time with its own clock.
  const timestamp = Math.floor(Date.now() / 1000);
  const signal = AbortSignal.timeout(o.timeoutMs);
  try {
    const res = await o.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-portal-event': d.event,
        'x-portal-delivery': d.id,
        'x-portal-timestamp': String(timestamp),
        'x-portal-signature': signatureHeader(secret, timestamp, body),
      },
      body,
      // Never followed: a redirect is the endpoint's answer, recorded as a failure.
      redirect: 'manual',
      signal,
    });
    if (res.status >= 200 && res.status < 300) {
      res.body?.cancel().catch(() => undefined);
      return { ok: true, statusCode: res.status, error: null };
    }
    if (res.status >= 300 && res.status < 400) {
      res.body?.cancel().catch(() => undefined);
      return { ok: false, statusCode: res.status, error: encodeError('webhooks.error.redirect', res.headers.get('location')) };
    }
    return { ok: false, statusCode: res.status, error: encodeError('webhooks.error.status', await excerpt(res)) };
  } catch (err) {
    if (signal.aborted) return { ok: false, statusCode: null, error: encodeError('webhooks.error.timeout') };
    return { ok: false, statusCode: null, error: encodeError('webhooks.error.network', describe(err)) };
  }
}

function outcomeOf(d: WebhookDeliveryRow, r: AttemptResult, now: Date): AttemptOutcome {
  if (r.ok) return { status: 'delivered', statusCode: r.statusCode, error: null, nextAttemptAt: null, deliveredAt: now };
  const next = r.permanent ? null : nextAttemptAt(d.attempts + 1, now, d.createdAt);
  return { status: next ? 'pending' : 'failed', statusCode: r.statusCode, error: r.error, nextAttemptAt: next, deliveredAt: null };
}

/** Runs `fn` over `items` with at most `n` at once. */
async function eachLimited<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

/**
 * Delivers the pending webhooks due at `now` (each tried at most once per run): 2xx marks it delivered; anything else
 * (another status, a redirect, a network error, no answer within 5 s) counts an attempt, records the status and error
 * and schedules the next attempt by WEBHOOK_BACKOFF_MS, until 72 hours after its creation, when it is failed.
 */
export async function deliverDue(deps: WebhookDeps, now: Date, opts: DeliverOptions = {}): Promise<DeliverRun> {
  const run: DeliverRun = { delivered: 0, retrying: 0, failed: 0 };
  const log = opts.log ?? deps.log;
  const limit = opts.limit ?? 500;
  const concurrency = Math.max(1, opts.concurrency ?? 10);
  const o = { timeoutMs: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS, fetch: opts.fetch ?? globalThis.fetch };
  const secrets = new Map<string, string>();
  let taken = 0;
  while (taken < limit) {
    // A fresh lease instant per batch: the claim token the outcome update checks (ms precision, stored exactly). On
    // the wall clock too, so a long run's later batches are still held while their endpoints answer.
    const lease = new Date(Math.max(now.getTime(), Date.now()) + LEASE_MS);
    const size = Math.min(concurrency * 2, limit - taken);
    const batch = await deps.db.transaction((tx) => claimDue(tx, { now, leaseUntil: lease, limit: size, ids: opts.ids }));
    if (batch.length === 0) break;
    taken += batch.length;
    await eachLimited(batch, concurrency, async (d) => {
      try {
        // Read when sent: a rotation applies to deliveries still waiting. A missing secret (never expected: the first
        // enqueue makes one) is created so that nothing ever goes out unsigned.
        let secret = secrets.get(d.companyId);
        if (!secret) {
          secret = (await ensureSecret(deps.db, d.companyId, generateWebhookSecret())).secret;
          secrets.set(d.companyId, secret);
        }
        const outcome = outcomeOf(d, await attempt(d, secret, o), now);
        if (!(await recordAttempt(deps.db, d.id, lease, outcome))) return;
        if (outcome.status === 'delivered') run.delivered++;
        else if (outcome.status === 'failed') run.failed++;
        else run.retrying++;
        if (outcome.status === 'failed') log?.warn({ deliveryId: d.id, companyId: d.companyId, attempts: d.attempts + 1 }, 'webhook given up');
      } catch (err) {
        // The lease runs out and the delivery is tried again by a later run.
        log?.error({ err, deliveryId: d.id }, 'webhook delivery could not be recorded');
      }
    });
    if (batch.length < size) break;
  }
  return run;
}

/**
 * Tries the given (else any due) deliveries right away, e.g. just after the transaction that enqueued them committed.
 * Call it without awaiting: it never rejects (a failure is logged and left to the webhook-deliveries job), so a
 * delivery never blocks or fails the change that caused it.
 */
export function kickWebhooks(deps: WebhookDeps, opts: { ids?: readonly string[]; log?: WebhookLog } = {}): Promise<DeliverRun | null> {
  if (opts.ids && opts.ids.length === 0) return Promise.resolve(null);
  const log = opts.log ?? deps.log ?? consoleLog;
  try {
    return deliverDue(deps, new Date(), { ids: opts.ids, limit: opts.ids ? opts.ids.length : 20, log }).catch((err: unknown) => {
      // During a database outage this is expected and the job retries later: a warning, not an error to page anyone.
      if (isConnectionError(err)) log.warn({ err: describeDbError(err) }, 'webhook kick postponed: database unavailable');
      else log.error({ err }, 'webhook kick failed');
      return null;
    });
  } catch (err) {
    log.error({ err }, 'webhook kick failed');
    return Promise.resolve(null);
  }
}
