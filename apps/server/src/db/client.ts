import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { CommitOutcomeUnknownError, describeDbError, isConnectionError } from './connection-errors.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

/** True inside a transaction (a drizzle transaction object can roll back; the database handle cannot). */
export function isTransaction(db: DbOrTx): db is Tx {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's URL (postgres) or the embedded instance (pglite): for the job runner, which shares the database. */
  url?: string;
  pglite?: PGlite;
  /** Runs fn while holding a cluster-wide lock, so concurrent server starts migrate and seed once. */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Where lost connections are reported (the server's logger once it exists; stderr before). */
  useLogger(log: DbLogger): void;
  close(): Promise<void>;
}

export interface DbLogger {
  warn(obj: object, msg?: string): void;
}

const stderrLogger: DbLogger = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 'warn', ...obj, msg })}\n`),
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: { url?: string; dataDir?: string; log?: DbLogger }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.log ?? stderrLogger);
  return openPglite(opts.dataDir);
}

/** Milliseconds a request waits for a connection before it is answered 503 (a database that does not answer at all). */
export const connectTimeoutMs = () => Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 5_000);

async function openPostgres(url: string, initialLog: DbLogger): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  let log = initialLog;
  // Timestamps come back as Date objects; bigint counts as numbers would overflow only past 2^53, far beyond our use.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    // While the database is unreachable a request fails within this bound (503) instead of hanging.
    connectionTimeoutMillis: connectTimeoutMs(),
    // A proxy or firewall that silently drops idle connections is noticed instead of hanging the next query.
    keepAlive: true,
    application_name: 'portal',
  });
  // An idle connection that dies (pg_terminate_backend, restart, failover, a proxy's idle cut) is reported here;
  // pg-pool has already dropped it and opens a new one on demand. Without a listener the 'error' ends the process.
  pool.on('error', (err) => log.warn({ db: describeDbError(err) }, 'database connection lost (idle); the pool replaces it'));
  // pg-pool takes its own listener off a client while it is checked out (a transaction, the startup lock), so a
  // connection dropping then would emit 'error' with nobody listening. The statement in flight fails on its own and
  // the client is discarded on release (it is no longer queryable); this listener only keeps the process alive.
  const checkedOut = new WeakSet<object>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      // An idle client's error is the pool's 'error' above; report only the checked-out ones here.
      if (checkedOut.has(client)) log.warn({ db: describeDbError(err) }, 'database connection lost (in use)');
    });
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  guardCommit(db);
  return {
    db,
    kind: 'postgres',
    url,
    async withStartupLock(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock(727274)');
        const locked = drizzle(client, { schema }) as unknown as Db;
        guardCommit(locked);
        return await fn(locked);
      } catch (err) {
        if (isConnectionError(err)) broken = err as Error;
        throw err;
      } finally {
        // A lost connection has lost its session lock with it; unlocking there would only fail again.
        if (!broken) await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release(broken);
      }
    },
    useLogger(next) {
      log = next;
    },
    close: () => pool.end(),
  };
}

/**
 * A connection lost after the transaction's work was done and drizzle sent COMMIT leaves the outcome unknown: the
 * server may have committed before the connection went. Such a failure is raised as CommitOutcomeUnknownError, which
 * the error handler answers 503 "repeat the same request" rather than success or a plain failure, so the client
 * replays with the same Idempotency-Key and learns the outcome instead of paying again under a new key.
 */
function guardCommit(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    let committing = false;
    try {
      return await transaction(async (tx) => {
        const result = await fn(tx);
        committing = true;
        return result;
      }, config as never);
    } catch (err) {
      if (committing && isConnectionError(err)) throw new CommitOutcomeUnknownError(err);
      throw err;
    }
  }) as Db['transaction'];
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // PGlite is one connection in one process: there is nobody to race with.
    withStartupLock: (fn) => fn(db),
    // An embedded database has no connection to lose.
    useLogger: () => {},
    close: () => client.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withStartupLock(async (db) => {
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    }
  });
}
