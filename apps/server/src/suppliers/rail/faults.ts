import type { DbOrTx } from '../../db/client.ts';
import { delay, hang, loadFaults, setFaults } from '../air/faults.ts';
import type { RailErrorKind, RailFaults, RailSupplierError } from './types.ts';

/**
 * The rail simulator's fault switches. They live in the air suppliers' supplier_settings row and go through the same
 * store (air/faults.ts), so the platform's supplier simulation page edits both alike; the air-only switches (price
 * change at verification, a ticketing delay) do not apply to a railway, whose fares are fixed and whose tickets issue
 * on payment.
 */
export const RAIL_SWITCHES = [
  'enabled',
  'latencyMs',
  'timeout',
  'fail',
  'soldOut',
  'bookFail',
  'bookTimeout',
  'ticketFail',
  'ticketTimeout',
] as const satisfies readonly (keyof RailFaults)[];

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

/** The switches of a rail supplier (no row: healthy). */
export const loadRailFaults = (db: DbOrTx, code: string): Promise<RailFaults> => loadFaults(db, code);

/** Sets some switches, keeping the others (tests and demos; the platform page goes through suppliers-admin). */
export async function setRailFaults(db: DbOrTx, code: string, changes: Partial<RailFaults>): Promise<void> {
  await setFaults(db, code, changes);
}

export const railError = (kind: RailErrorKind, message: string): RailSupplierError => ({ kind, message });

/** Never resolves on its own: the caller's budget ends it (a supplier that does not answer). */
export const untilAborted = (signal: AbortSignal): Promise<'aborted'> => hang(signal).catch(() => 'aborted' as const);

export const timedOut = (code: string) => railError('timeout', `${code}: no answer within the time budget`);

/**
 * The call-level switches, in the order a real supplier shows them: latency, a call that never answers, an error
 * answer. Answers the failure, or null when the call may go on.
 */
export async function callFaults(code: string, faults: RailFaults, signal: AbortSignal): Promise<RailSupplierError | null> {
  if (signal.aborted) return timedOut(code);
  if (faults.latencyMs > 0 && !(await delay(faults.latencyMs, signal).then(() => true, () => false))) return timedOut(code);
  if (faults.timeout) {
    await untilAborted(signal);
    return timedOut(code);
  }
  if (faults.fail) return railError('unavailable', `${code}: simulated railway failure`);
  return null;
}
