import type { Deps } from '../../deps.ts';
import type { JobDefinition, QueueDefinition } from '../../jobs/types.ts';
import type { OrderDeps } from './deps.ts';
import { advanceDueOrders, advanceOrder } from './work.usecase.ts';
import { ORDER_STEP_QUEUE } from './work-queue.ts';

export const orderDepsOf = (deps: Deps): OrderDeps => ({ db: deps.db, suppliers: deps.airSuppliers, payments: deps.payments, work: deps.orderWork, log: deps.log });

/** Every minute, and at start-up: orders whose next step is due (ticketing, reconciliation, deadlines). */
export const ordersSweepJob: JobDefinition = {
  name: 'flight-orders-sweep',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => advanceDueOrders(orderDepsOf(deps), now),
};

/** "Take this order's next step now" (after payment, a retry from the desk, an unknown booking outcome). */
export const orderStepQueue: QueueDefinition<{ orderId: string }> = {
  name: ORDER_STEP_QUEUE,
  work: (deps, data) => advanceOrder(orderDepsOf(deps), data.orderId),
};
