import type { Deps } from '../app.ts';

/**
 * A scheduled background job. Modules declare what to run and when; jobs/runner.ts schedules them on pg-boss so that,
 * with several server processes, each run happens once. A job must be safe to run twice or late (at-least-once).
 */
export interface JobDefinition {
  /** pg-boss queue name, kebab-case, e.g. "ledger-expire-holds". */
  name: string;
  /** Cron expression in UTC (pg-boss schedules at minute granularity), e.g. "* * * * *". */
  cron: string;
  run(deps: Deps, now: Date): Promise<unknown>;
}
