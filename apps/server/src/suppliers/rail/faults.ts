import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';
import type { RailErrorKind, RailFaults, RailSupplierError } from './types.ts';

/**
 * The rail simulator's fault switches. They live in the same supplier_settings row shape as the air suppliers', so the
 * platform's supplier simulation page edits both alike; the air-only switches (price change at verification, a
 * ticketing delay) do not apply to a railway, whose fares are fixed and whose tickets issue on payment.
 */
export const RAIL_SWITCHES = ['enabled', 'latencyMs', 'timeout', 'fail', 'soldOut', 'bookFail', 'bookTimeout', 'ticketFail', 'ticketTimeout'] as const;

export const HEALTHY: RailFaults = {
  enabled: true,
  latencyMs: 0,
  timeout: false,
  fail: false,
  soldOut: false,
  bookFail: false,
  bookTimeout: false,
  ticketFail: false,
  ticketTimeout: false,
};

export async function loadRailFaults(db: DbOrTx, code: string): Promise<RailFaults> {
  const r = (await db.select().from(supplierSettings).where(eq(supplierSettings.code, code)).limit(1))[0];
  if (!r) return { ...HEALTHY };
  return {
    enabled: r.enabled,
    latencyMs: r.latencyMs,
    timeout: r.timeout,
    fail: r.fail,
    soldOut: r.soldOut,
    bookFail: r.bookFail,
    bookTimeout: r.bookTimeout,
    ticketFail: r.ticketFail,
    ticketTimeout: r.ticketTimeout,
  };
}

/** Sets some switches, keeping the others (tests and demos; the platform page goes through suppliers-admin). */
export async function setRailFaults(db: DbOrTx, code: string, changes: Partial<RailFaults>): Promise<void> {
  const next = { ...(await loadRailFaults(db, code)), ...changes };
  if (!Number.isInteger(next.latencyMs) || next.latencyMs < 0) throw new RangeError('latencyMs must be a non-negative integer');
  await db.insert(supplierSettings).values({ code, ...next }).onConflictDoUpdate({ target: supplierSettings.code, set: { ...next, updatedAt: new Date() } });
}

export const railError = (kind: RailErrorKind, message: string): RailSupplierError => ({ kind, message });

/** Resolves after `ms`, or as soon as the signal aborts; says which. */
export function waitOrAbort(ms: number, signal: AbortSignal): Promise<'done' | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve('aborted');
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve('done');
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never resolves on its own: the caller's budget ends it (a supplier that does not answer). */
export const untilAborted = (signal: AbortSignal): Promise<'aborted'> =>
  signal.aborted ? Promise.resolve('aborted') : new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));

export const timedOut = (code: string) => railError('timeout', `${code}: no answer within the time budget`);

/**
 * The call-level switches, in the order a real supplier shows them: latency, a call that never answers, an error
 * answer. Answers the failure, or null when the call may go on.
 */
export async function callFaults(code: string, faults: RailFaults, signal: AbortSignal): Promise<RailSupplierError | null> {
  if (signal.aborted) return timedOut(code);
  if (faults.latencyMs > 0 && (await waitOrAbort(faults.latencyMs, signal)) === 'aborted') return timedOut(code);
  if (faults.timeout) {
    await untilAborted(signal);
    return timedOut(code);
  }
  if (faults.fail) return railError('unavailable', `${code}: simulated railway failure`);
  return null;
}
