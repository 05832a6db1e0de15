import type { JobDefinition } from '../../jobs/types.ts';
import { overduePending } from './payments.repository.ts';
import { reconcile } from './settlement.service.ts';

const BATCH = 100;

/**
 * The sandbox channels' own background work, as their providers run it: close payments whose time ran out (with a
 * callback) and deliver every due callback, retrying on each channel's schedule.
 */
export const paymentCallbacksJob: JobDefinition = {
  name: 'payment-callbacks',
  cron: '* * * * *',
  async run(deps, now) {
    const { sandbox } = deps.payments;
    // Live mode has no simulated provider: real channels close payments and retry their callbacks themselves.
    if (!sandbox) return { expired: 0, delivered: 0, failed: 0 };
    const expired = await sandbox.expireLapsed(now);
    const { delivered, failed } = await sandbox.deliverDue(now);
    return { expired, delivered, failed };
  },
};

/**
 * Reconciliation of payments past their expiry that no callback settled: ask the channel; paid -> credit (once),
 * otherwise close the payment at the channel and mark it expired here. One payment failing (channel unreachable) does
 * not stop the others; it is tried again next minute.
 */
export async function expireOverduePayments(deps: Parameters<JobDefinition['run']>[0], now: Date) {
  const counts = { succeeded: 0, expired: 0, canceled: 0, failed: 0, errors: 0 };
  const seen = new Set<string>();
  for (;;) {
    const rows = (await overduePending(deps.db, now, BATCH)).filter((r) => !seen.has(r.id));
    if (rows.length === 0) return counts;
    for (const row of rows) {
      seen.add(row.id);
      try {
        const { transaction } = await reconcile(deps, row, now, { overdue: true });
        if (transaction.status !== 'pending') counts[transaction.status]++;
      } catch {
        counts.errors++;
      }
    }
  }
}

export const paymentExpiryJob: JobDefinition = {
  name: 'payment-expiry',
  cron: '* * * * *',
  run: (deps, now) => expireOverduePayments(deps, now),
};
