import type { Deps } from '../deps.ts';

/**
 * A scheduled background job. Modules declare what to run and when; jobs/runner.ts schedules them on pg-boss so that,
 * with several server processes, each run happens once. A job must be safe to run twice or late (at-least-once).
 */
export interface JobDefinition {
  /** pg-boss queue name, kebab-case, e.g. "ledger-expire-holds". */
  name: string;
  /** Cron expression in UTC (pg-boss schedules at minute granularity), e.g. "* * * * *". */
  cron: string;
  /** Also run once as soon as the runner starts (catching up after downtime, e.g. orders a crash left mid-step). */
  runAtStart?: boolean;
  run(deps: Deps, now: Date): Promise<unknown>;
}

/**
 * A queue of on-demand work items (e.g. "take this order's next step now"), sent by the app and worked by whichever
 * process fetches them. Items are at-least-once too: the work must be safe to repeat.
 */
export interface QueueDefinition<T extends object = object> {
  name: string;
  work(deps: Deps, data: T): Promise<unknown>;
}
