import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Deps } from '../app.ts';
import type { Database } from '../db/client.ts';
import { describeDbError, isConnectionError } from '../db/connection-errors.ts';
import { jobs as allJobs, queues as allQueues } from './index.ts';
import type { JobDefinition, QueueDefinition } from './types.ts';

/**
 * Runs the scheduled jobs on pg-boss in the portal's own database (docs/decisions/0009-jobs.md). pg-boss stores the
 * schedules and the queued runs in its `pgboss` schema, so with several server processes each occurrence is sent once
 * and worked by one of them; on embedded PGlite it shares the one instance (pg-boss's own PGlite adapter), whose
 * statements queue behind the portal's transactions.
 */

export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  /** Outages; loggers without it get them as errors. */
  warn?(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Logs a job's or pg-boss's failure. While the database is away every poll fails; that is an outage (warn, once per
 * kind and interval), not a bug (error). Database errors are logged by cause only: drizzle's message carries the
 * statement's parameters.
 */
function failureLogger(log: JobLogger, quietMs = 30_000) {
  const lastWarned = new Map<string, number>();
  return (err: unknown, context: Record<string, unknown>, msg: string) => {
    if (isConnectionError(err)) {
      const kind = `${msg}:${String(context.job ?? context.queue ?? '')}`;
      const now = Date.now();
      if (now - (lastWarned.get(kind) ?? 0) < quietMs) return;
      lastWarned.set(kind, now);
      (log.warn ?? log.error).call(log, { ...context, db: describeDbError(err) }, `${msg} (database unavailable; retried when it returns)`);
      return;
    }
    const db = describeDbError(err);
    // A DrizzleQueryError is logged by its cause; any other error whole (its stack is what an operator needs).
    log.error(db.query ? { ...context, db } : { ...context, err }, msg);
  };
}

export interface JobRunner {
  /** Stops fetching, waits for running jobs (up to 30 s) and closes pg-boss's connections. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  deps: Deps;
  log: JobLogger;
  jobs?: readonly JobDefinition[];
  queues?: readonly QueueDefinition<any>[];
  /** pg-boss tuning, e.g. a shorter cron monitor interval in tests. */
  boss?: Partial<ConstructorOptions>;
}

function connection(database: Database): ConstructorOptions {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its instance');
    return { db: fromPglite(database.pglite), backend: 'pglite' };
  }
  if (!database.url) throw new Error('PostgreSQL database without its URL');
  // Its own small pool: job polling must never wait behind, or starve, the request pool.
  return { connectionString: database.url, max: 3, application_name: 'portal-jobs' };
}

export async function startJobRunner(o: JobRunnerOptions): Promise<JobRunner> {
  const jobs = o.jobs ?? allJobs;
  const boss = new PgBoss({ ...connection(o.database), schema: 'pgboss', ...o.boss });
  const failed = failureLogger(o.log);
  // pg-boss reports here, rather than throwing, whatever fails in its background loops (polling, cron, maintenance,
  // its own pool's lost connections); it keeps looping and picks up again once the database is back.
  boss.on('error', (err) => failed(err, {}, 'job runner error'));
  await boss.start();

  for (const job of jobs) {
    // stately: a run never overlaps the previous one, and at most one more waits behind it.
    await boss.createQueue(job.name, { policy: 'stately', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 });
    // missed 'once': after downtime the latest missed occurrence still runs (jobs catch up on their own from there).
    await boss.schedule(job.name, job.cron, null, { tz: 'UTC', missed: 'once' });
    await boss.work(job.name, async (batch) => {
      for (const j of batch) {
        const started = Date.now();
        try {
          const result = await job.run(o.deps, new Date());
          // Minutely jobs would flood the info log; failures are what an operator needs to see.
          o.log.debug({ job: job.name, id: j.id, ms: Date.now() - started, result }, 'job done');
        } catch (err) {
          failed(err, { job: job.name, id: j.id }, 'job failed');
          // pg-boss records the failure and retries per the queue's policy.
          throw err;
        }
      }
    });
  }

  const queues = o.queues ?? allQueues;
  for (const q of queues) {
    // Work items retry on failure; a worker killed mid-item has its item expire and retried (at-least-once).
    await boss.createQueue(q.name, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 });
    await boss.work(q.name, { batchSize: 1 }, async (batch) => {
      for (const j of batch) {
        try {
          await q.work(o.deps, j.data as object);
        } catch (err) {
          failed(err, { queue: q.name, id: j.id }, 'work item failed');
          throw err;
        }
      }
    });
  }
  o.deps.orderWork.attach((name, data, options) => boss.send(name, data, options ?? {}));

  for (const job of jobs.filter((j) => j.runAtStart)) {
    // Catch-up runs in the background: start-up must not wait on suppliers.
    void job.run(o.deps, new Date()).catch((err) => failed(err, { job: job.name }, 'start-up run failed'));
  }

  // A job removed from the list must stop being sent, or its queue fills with runs nobody works.
  const names = new Set(jobs.map((j) => j.name));
  for (const s of await boss.getSchedules()) if (!names.has(s.name)) await boss.unschedule(s.name, s.key);

  o.log.info({ jobs: [...names] }, 'job runner started');
  return {
    stop: () => {
      o.deps.orderWork.attach(null);
      return boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
