import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';
import { NO_FAULTS, type SupplierFaults } from './types.ts';

/** The fault switches of a supplier (supplier_settings); no row means a healthy supplier. */
export async function loadFaults(db: DbOrTx, code: string): Promise<SupplierFaults> {
  const rows = await db.select().from(supplierSettings).where(eq(supplierSettings.code, code)).limit(1);
  return faultsOf(rows[0]);
}

/** The switches of a supplier_settings row (the healthy defaults without one). */
export function faultsOf(r: typeof supplierSettings.$inferSelect | undefined): SupplierFaults {
  if (!r) return { ...NO_FAULTS };
  return {
    enabled: r.enabled,
    latencyMs: r.latencyMs,
    timeout: r.timeout,
    fail: r.fail,
    priceChangePercent: r.priceChangePercent,
    soldOut: r.soldOut,
    bookFail: r.bookFail,
    bookTimeout: r.bookTimeout,
    ticketingDelaySeconds: r.ticketingDelaySeconds,
    ticketFail: r.ticketFail,
    ticketTimeout: r.ticketTimeout,
  };
}

/** Longest ticketing delay a simulator takes: ten minutes, long enough to demonstrate "ticketing in progress". */
export const MAX_TICKETING_DELAY_SECONDS = 600;

/** Sets some switches of a supplier, keeping the others (tests, demos, the platform's supplier page). */
export async function setFaults(db: DbOrTx, code: string, changes: Partial<SupplierFaults>): Promise<SupplierFaults> {
  const current = await loadFaults(db, code);
  const next: SupplierFaults = { ...current, ...changes };
  if (!Number.isInteger(next.latencyMs) || next.latencyMs < 0) throw new RangeError('latencyMs must be a non-negative integer');
  if (!Number.isInteger(next.priceChangePercent) || next.priceChangePercent < -90 || next.priceChangePercent > 1000) {
    throw new RangeError('priceChangePercent must be an integer between -90 and 1000');
  }
  if (!Number.isInteger(next.ticketingDelaySeconds) || next.ticketingDelaySeconds < 0 || next.ticketingDelaySeconds > MAX_TICKETING_DELAY_SECONDS) {
    throw new RangeError(`ticketingDelaySeconds must be an integer between 0 and ${MAX_TICKETING_DELAY_SECONDS}`);
  }
  await db
    .insert(supplierSettings)
    .values({ code, ...next })
    .onConflictDoUpdate({ target: supplierSettings.code, set: { ...next, updatedAt: sql`now()` } });
  return next;
}

/** Thrown by a supplier that answers with an error (the `fail` switch, or a real supplier's error answer). */
export class SupplierError extends Error {
  constructor(
    readonly supplier: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never settles on its own: rejects when the caller's budget aborts the call (the `timeout` switch). */
export function hang(signal: AbortSignal): Promise<never> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true }));
}

/**
 * Applies the call-level switches every simulated call honours, in the order a real supplier would show them:
 * latency (abortable), then a hanging call, then an error answer.
 */
export async function applyCallFaults(code: string, faults: SupplierFaults, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw abortReason(signal);
  if (faults.latencyMs > 0) await delay(faults.latencyMs, signal);
  if (faults.timeout) await hang(signal);
  if (faults.fail) throw new SupplierError(code, `${code}: simulated supplier failure`);
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortReason(signal);
}
