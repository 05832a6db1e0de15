import type { Db } from '../../db/client.ts';
import type { RailResult, RailSupplier, RailSupplierRegistry } from '../../suppliers/rail/types.ts';
import { BudgetExceeded, withBudget } from '../shopping/search-runner.ts';

export interface TrainOrderDeps {
  db: Db;
  railSuppliers: RailSupplierRegistry;
  log?: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

/** Longest we wait for the railway before treating the outcome as unknown (TRAIN_SUPPLIER_BUDGET_MS for tests). */
export const railBudgetMs = () => Number(process.env.TRAIN_SUPPLIER_BUDGET_MS ?? 20_000);
/**
 * Money held for a paid train order until issued or failed. Automatic ticketing settles within minutes, but a manual
 * order waits for the desk: the hold must outlive that wait (as the flight orders' 7 days), or the capture would fail.
 */
export const TRAIN_PAYMENT_HOLD_MINUTES = 7 * 24 * 60;
export const TRAIN_ORDER_REFERENCE = 'train-order';

/**
 * A rail supplier call within the budget. The adapters answer a timeout as a value; one that ignores the signal is
 * not waited for, and its silence becomes the same `timeout` value (outcome unknown).
 */
export async function railCall<T extends RailResult<unknown, string>>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withBudget(railBudgetMs(), call);
  } catch (err) {
    if (err instanceof BudgetExceeded || (err instanceof Error && err.name === 'AbortError')) {
      return { status: 'error', error: { kind: 'timeout', message: String(err) } } as T;
    }
    throw err;
  }
}

export function railSupplierOf(deps: TrainOrderDeps, code: string | undefined): RailSupplier | undefined {
  return code ? deps.railSuppliers.get(code) : deps.railSuppliers.all()[0];
}
