import type { Db } from '../../db/client.ts';
import type { Payments } from '../../payments/registry.ts';
import type { SupplierRegistry } from '../../suppliers/air/registry.ts';
import type { OrderWork } from './work-queue.ts';

/**
 * What the order use cases need. `work.kick` asks the background worker to take an order's next step now (a pg-boss
 * job when the job runner runs; nothing otherwise, and the minutely sweep still finds the order: docs/decisions/0010).
 */
export interface OrderDeps {
  db: Db;
  suppliers: SupplierRegistry;
  payments: Payments;
  work: OrderWork;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

// Declared beside the queue (work-queue.ts imports nothing, so src/deps.ts -> work-queue.ts closes no import cycle).
export type { OrderWork };

/** How long a worker may hold an order before another may take it over (a crashed worker's lease runs out). */
export const leaseMs = () => Number(process.env.ORDER_LEASE_SECONDS ?? 120) * 1000;
/**
 * Longest we wait for a supplier's book or ticket answer before treating the outcome as unknown. Read on each call so
 * tests and demos can shorten them (ORDER_BOOK_BUDGET_MS, ORDER_TICKET_BUDGET_MS).
 */
export const bookBudgetMs = () => Number(process.env.ORDER_BOOK_BUDGET_MS ?? 30_000);
export const ticketBudgetMs = () => Number(process.env.ORDER_TICKET_BUDGET_MS ?? 90_000);
/** Money held for a paid order stays held this long at most; ticketing (up to 48 h products) ends well before. */
export const PAYMENT_HOLD_MINUTES = 7 * 24 * 60;
