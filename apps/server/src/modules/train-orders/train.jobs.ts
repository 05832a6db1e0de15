import type { JobDefinition } from '../../jobs/types.ts';
import type { TrainOrderDeps } from './deps.ts';
import { ticketTrainOrder } from './ticketing.usecase.ts';
import { lapsedUnpaidTrainOrderIds, lockTrainOrder, passengersOfRow, stuckTicketingTrainOrderIds, type StoredTrainPassenger } from './train.repository.ts';
import { applyTrainTransition, TRAIN_SYSTEM } from './train-transition.ts';

/**
 * The train orders' clock, every minute: unpaid orders whose hold lapsed are canceled (expire; the railway has
 * already put the seats back on sale), and orders left ticketing by a railway that did not answer are asked again
 * (the railway answers the same tickets, so a retry never issues twice). Safe to run twice or late.
 */
export async function sweepTrainOrders(deps: TrainOrderDeps, now: Date): Promise<{ expired: number; retried: number }> {
  const lapsed = await lapsedUnpaidTrainOrderIds(deps.db, now, 200);
  let expired = 0;
  for (const id of lapsed) {
    const done = await deps.db.transaction(async (tx) => {
      const order = (await lockTrainOrder(tx, id))!;
      if (order.status !== 'to_be_paid' || !order.paymentDeadline || order.paymentDeadline > now) return false;
      const passengers = passengersOfRow(order).map((p): StoredTrainPassenger => ({ ...p, ticketStatus: 'canceled' }));
      await applyTrainTransition(tx, order, 'expire', TRAIN_SYSTEM, { patch: { passengers } });
      return true;
    });
    if (done) expired++;
  }
  // Retried a minute or more after the last attempt, so the payment's own attempt is never doubled by the sweep.
  const stuck = await stuckTicketingTrainOrderIds(deps.db, new Date(now.getTime() - 60_000), 50);
  for (const id of stuck) await ticketTrainOrder(deps, id);
  return { expired, retried: stuck.length };
}

export const trainOrdersSweepJob: JobDefinition = {
  name: 'train-orders-sweep',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => sweepTrainOrders(deps, now),
};
