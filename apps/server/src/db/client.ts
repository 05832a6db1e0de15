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

/** The channel the 0015 triggers announce changed rows on (see db/migrations/0015_change_feed.sql). */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Committed changes to the rows processes keep in memory (sites, exchange rates, sessions, users, companies), as the
 * triggers' payloads ("sites", "users:<id>", ...). A listener also hears "*" when notifications may have been missed
 * (the listening connection was lost or has just been opened): everything cached must go.
 */
export interface ChangeFeed {
  /** Starts listening on first use; returns the unsubscribe function. */
  subscribe(fn: (payload: string) => void): () => void;
  /** True while this process is certain to hear every change (its listening connection is up). */
  readonly live: boolean;
}

export interface Database {
  db: Db;
  changes: ChangeFeed;
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

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  log?: DbLogger;
  /** An in-memory PGlite starting from this data directory dump (the tests' seeded template) instead of initdb. */
  pgliteDump?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.log ?? stderrLogger);
  return openPglite(opts.dataDir, opts.pgliteDump);
}

/** Milliseconds a request waits for a connection before it is answered 503 (a database that does not answer at all). */
export const connectTimeoutMs = () => Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 5_000);

async function openPostgres(url: string, initialLog: DbLogger): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  let log = initialLog;
  // Timestamps come back as Date objects; bigint counts as numbers would overflow only past 2^53, far beyond our use.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const feed = new Feed();
  const pool = new pg.default.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    // While the database is unreachable a request fails within this bound (503) instead of hanging.
    connectionTimeoutMillis: connectTimeoutMs(),
    // A proxy or firewall that silently drops idle connections is noticed instead of hanging the next query.
    keepAlive: true,
    application_name: 'portal',
    // Every pooled connection listens too: PostgreSQL hands a session its own notifications when its transaction
    // commits, before the commit's answer, so a change this process makes is forgotten before its write returns.
    onConnect: async (client) => {
      client.on('notification', (m) => {
        if (m.channel === CHANGES_CHANNEL) feed.emit(m.payload ?? '');
      });
      await client.query(`listen ${CHANGES_CHANNEL}`);
    },
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
  // The dedicated listener: hears other processes' changes while the pool is idle; while it is down, feed.live is false.
  let listener: InstanceType<typeof pg.default.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let reportedLoss = false;
  const listen = async () => {
    if (closed) return;
    const client = new pg.default.Client({ connectionString: url, keepAlive: true, application_name: 'portal-changes', connectionTimeoutMillis: connectTimeoutMs() });
    listener = client;
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      feed.setLive(false);
      client.end().catch(() => {});
      if (closed) return;
      if (!reportedLoss) log.warn({ db: err ? describeDbError(err) : undefined }, 'change feed connection lost: in-memory caches are bypassed until it returns');
      reportedLoss = true;
      retry = setTimeout(() => void listen(), 1_000);
      retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (m) => {
      if (m.channel === CHANGES_CHANNEL) feed.emit(m.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (listener !== client) return;
      reportedLoss = false;
      feed.setLive(true);
    } catch (err) {
      lost(err as Error);
    }
  };
  feed.onStart = () => {
    void listen();
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  guardCommit(db);
  return {
    db,
    changes: feed,
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
    async close() {
      closed = true;
      clearTimeout(retry);
      const l = listener;
      listener = null;
      feed.setLive(false);
      await l?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** One process's change feed; `emit` runs the subscribers synchronously, in the notifications' order. */
class Feed implements ChangeFeed {
  private readonly subscribers = new Set<(payload: string) => void>();
  started = false;
  live = false;
  onStart: () => void = () => {};

  subscribe(fn: (payload: string) => void): () => void {
    this.subscribers.add(fn);
    if (!this.started) {
      this.started = true;
      this.onStart();
    }
    return () => this.subscribers.delete(fn);
  }

  emit(payload: string): void {
    for (const fn of this.subscribers) fn(payload);
  }

  /** Going live or losing the connection: whatever was missed in between is unknown, so everything goes. */
  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.emit('*');
  }
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

async function openPglite(dataDir?: string, dump?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite(dump ? { loadDataDir: dump } : {});
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  // One connection: the notifications of a write arrive while its commit is processed, before the write returns.
  const feed = new Feed();
  let closed = false;
  feed.onStart = () => {
    void client.listen(CHANGES_CHANNEL, (payload) => feed.emit(payload)).then(
      () => feed.setLive(!closed),
      () => feed.setLive(false),
    );
  };
  return {
    db,
    changes: feed,
    kind: 'pglite',
    pglite: client,
    // PGlite is one connection in one process: there is nobody to race with.
    withStartupLock: (fn) => fn(db),
    // An embedded database has no connection to lose.
    useLogger: () => {},
    close: () => {
      closed = true;
      feed.setLive(false);
      return client.close();
    },
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
