import { SupplierError } from '../../suppliers/air/faults.ts';
import type { AirSupplier, SupplierBookingRef } from '../../suppliers/air/types.ts';
import { withBudget } from '../shopping/search-runner.ts';
import type { OrderDeps } from './deps.ts';
import type { OrderRow } from './order.repository.ts';

/** The order's supplier adapter; an order whose supplier has gone is a bug in configuration, said loudly. */
export function supplierOf(deps: Pick<OrderDeps, 'suppliers'>, order: Pick<OrderRow, 'supplier' | 'id'>): AirSupplier {
  const s = deps.suppliers.get(order.supplier);
  if (!s) throw new Error(`order ${order.id}: supplier ${order.supplier} is not configured`);
  return s;
}

export function refOf(order: OrderRow): SupplierBookingRef | null {
  return order.supplierRef && order.recordLocator ? { supplierRef: order.supplierRef, recordLocator: order.recordLocator } : null;
}

/** A supplier's error answer is definite (nothing happened); anything else thrown (timeout, network) is unknown. */
export const isDefinite = (err: unknown) => err instanceof SupplierError;

export const call = <T>(budgetMs: number, fn: (signal: AbortSignal) => Promise<T>) => withBudget(budgetMs, fn);

/**
 * Releases the booking at the supplier, best effort: when the supplier cannot be reached the booking still lapses at
 * its ticketing time limit, so closing our order never waits on it.
 */
export async function releaseAtSupplier(deps: OrderDeps, order: OrderRow): Promise<void> {
  try {
    const supplier = supplierOf(deps, order);
    const ref = refOf(order) ?? (await call(15_000, (signal) => supplier.retrieve({ clientReference: order.id }, { signal })));
    if (!ref) return;
    await call(15_000, (signal) => supplier.cancel({ supplierRef: ref.supplierRef, recordLocator: ref.recordLocator }, { signal }));
  } catch (err) {
    deps.log?.warn({ err, orderId: order.id }, 'could not release the booking at the supplier; it lapses at its time limit');
  }
}
