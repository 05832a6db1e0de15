import type { JobDefinition } from '../../../jobs/types.ts';
import { kickWebhooks } from '../../webhooks/webhooks.delivery.ts';
import type { OrderDeps } from '../deps.ts';
import { orderDepsOf } from '../orders.jobs.ts';
import { call } from '../supplier-calls.ts';
import { closeDueNotices, recordScheduleChange } from './notices.usecase.ts';

export type ScheduleChangeDeps = Pick<OrderDeps, 'db' | 'suppliers' | 'log'>;

/** One read of a supplier's queue may take this long; a slow supplier is read again next minute. */
const QUEUE_BUDGET_MS = 20_000;
/** Pages read per supplier and run: a long backlog is worked off over a few runs instead of one endless one. */
const MAX_PAGES = 50;

/**
 * Per database and supplier: the highest seq up to which every change has been settled (recorded, a duplicate, or of
 * no order of ours). Kept in memory: no table holds cursors, and none is needed, because a notice is unique by
 * (supplier, supplier's id) and inserted ON CONFLICT DO NOTHING, so reading a change again is harmless. A fresh
 * process therefore starts at 0 and re-reads the queue once (duplicates only); other processes keep their own.
 * Keyed by the database object so each test app (its own database) has its own cursors.
 */
const cursors = new WeakMap<object, Map<string, number>>();

export interface ScheduleChangeRun {
  recorded: number;
  closed: number;
}

/**
 * Reads every supplier's schedule-change queue from its cursor and turns the changes into notices, then closes the
 * notices whose deadline has passed. A change that must wait (its order's tickets are still being issued or reissued)
 * or that failed holds the cursor back so it is read again next run; the changes after it are still worked now.
 */
export async function pollScheduleChanges(deps: ScheduleChangeDeps, now: Date = new Date()): Promise<ScheduleChangeRun> {
  const settled = cursors.get(deps.db) ?? new Map<string, number>();
  cursors.set(deps.db, settled);
  let recorded = 0;
  for (const supplier of deps.suppliers.all()) {
    if (!supplier.scheduleChanges) continue;
    const start = settled.get(supplier.code) ?? 0;
    let readFrom = start;
    let cursor = start;
    let held = false;
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const batch = await call(QUEUE_BUDGET_MS, (signal) => supplier.scheduleChanges!(readFrom, { signal, now }));
        if (!batch.length) break;
        for (const change of batch) {
          let outcome;
          try {
            outcome = await recordScheduleChange(deps.db, supplier.code, change, now);
          } catch (err) {
            deps.log?.error({ err, supplier: supplier.code, changeId: change.id }, 'schedule change could not be recorded; reading it again next run');
            outcome = 'wait' as const;
          }
          if (outcome === 'recorded') recorded++;
          if (outcome === 'malformed') deps.log?.warn({ supplier: supplier.code, changeId: change.id }, 'schedule change without the flights its kind needs; skipped');
          if (outcome === 'wait') held = true;
          else if (!held && change.seq > cursor) cursor = change.seq;
        }
        const last = Math.max(...batch.map((c) => c.seq));
        // A queue that does not move past the cursor has nothing more to give this run.
        if (last <= readFrom) break;
        readFrom = last;
      }
    } catch (err) {
      deps.log?.warn({ err, supplier: supplier.code }, 'schedule-change queue could not be read; trying again next run');
    }
    settled.set(supplier.code, cursor);
  }
  const closed = await closeDueNotices(deps.db, now);
  // The notices queued flight-change webhooks: send them now rather than at the next minutely delivery run.
  if (recorded) void kickWebhooks(deps);
  return { recorded, closed };
}

/** Every minute, and at start-up: new airline schedule changes become notices; lapsed notices are closed. */
export const scheduleChangesJob: JobDefinition = {
  name: 'flight-schedule-changes',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => pollScheduleChanges(orderDepsOf(deps), now),
};
