import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { Database, Db } from '../db/client.ts';
import { describeDbError, isConnectionError } from '../db/connection-errors.ts';
import { jobs as allJobs, queues as allQueues } from './index.ts';
import { pgliteDb } from './pglite-adapter.ts';
import type { JobDefinition, QueueDefinition } from './types.ts';

/**
 * Runs the scheduled jobs on pg-boss in the portal's own database (docs/decisions/0009-jobs.md). pg-boss stores the
 * schedules and the queued runs in its own schema (JOBS_SCHEMA), so with several server processes each occurrence is
 * sent once and worked by one of them; on embedded PGlite it shares the one instance (jobs/pglite-adapter.ts), whose
 * statements queue behind the portal's transactions. pg-boss 10, not 11 or 12: those need Node 22 and the portal
 * runs on Node 20.19 (issue 14); docs/decisions/0009-jobs.md.
 */

type ConstructorOptions = PgBoss.ConstructorOptions;
/**
 * pg-boss's own tables. Not `pgboss`: a database that ran pg-boss 12 has its newer schema there, which pg-boss 10
 * cannot use (it never migrates down); the runner drops that old schema at start (dropOldJobsSchema).
 */
export const JOBS_SCHEMA = 'pgboss10';
/** Where pg-boss 12 (before issue 14) kept its tables, unused since. */
export const OLD_JOBS_SCHEMA: string = 'pgboss';

/**
 * Drops the old `pgboss` schema when it is pg-boss's: it holds pg-boss's `version` table (with its `version` column).
 * A schema of that name without it is somebody else's and stays; JOBS_SCHEMA is never dropped. Answers whether it
 * dropped one. Run under the start-up lock, so processes starting together do not drop it at the same moment.
 */
export async function dropOldJobsSchema(db: Db): Promise<boolean> {
  // Should pg-boss ever move back to `pgboss`, this must not drop its live tables on every start.
  if (OLD_JOBS_SCHEMA === JOBS_SCHEMA) return false;
  const res = await db.execute(sql`
    select 1 from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${OLD_JOBS_SCHEMA} and c.relname = 'version' and c.relkind = 'r' and a.attname = 'version' and not a.attisdropped`);
  if ((res as { rows: unknown[] }).rows.length === 0) return false;
  await db.execute(sql.raw(`drop schema if exists ${OLD_JOBS_SCHEMA} cascade`));
  return true;
}

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
    return { db: pgliteDb(database.pglite) };
  }
  if (!database.url) throw new Error('PostgreSQL database without its URL');
  // Its own small pool: job polling must never wait behind, or starve, the request pool.
  return { connectionString: database.url, max: 3, application_name: 'portal-jobs' };
}

/**
 * pg-boss 10 gives each queue a partition of its job table; two processes starting together (a rolling restart, two
 * instances) attach partitions at the same time and PostgreSQL may pick one as a deadlock victim (40P01). The queue
 * already exists or the other process made it, so trying again after a short random pause always settles.
 */
async function createQueue(boss: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= 6) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

export async function startJobRunner(o: JobRunnerOptions): Promise<JobRunner> {
  const jobs = o.jobs ?? allJobs;
  if (await o.database.withStartupLock(dropOldJobsSchema)) o.log.info({ schema: OLD_JOBS_SCHEMA }, "dropped the old pg-boss schema (pg-boss 10 uses its own)");
  const boss = new PgBoss({ ...connection(o.database), schema: JOBS_SCHEMA, ...o.boss });
  const failed = failureLogger(o.log);
  // pg-boss reports here, rather than throwing, whatever fails in its background loops (polling, cron, maintenance,
  // its own pool's lost connections); it keeps looping and picks up again once the database is back.
  boss.on('error', (err) => failed(err, {}, 'job runner error'));
  await boss.start();

  for (const job of jobs) {
    // stately: a run never overlaps the previous one, and at most one more waits behind it.
    await createQueue(boss, job.name, { name: job.name, policy: 'stately', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 });
    // After downtime pg-boss 10 sends nothing for the occurrences missed; the next one runs, and the jobs catch up on
    // their own from there (those that must not wait also run at start-up: runAtStart).
    await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
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
    await createQueue(boss, q.name, { name: q.name, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 });
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
  for (const s of await boss.getSchedules()) if (!names.has(s.name)) await boss.unschedule(s.name);

  o.log.info({ jobs: [...names] }, 'job runner started');
  return {
    stop: () => {
      o.deps.orderWork.attach(null);
      return boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
