import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Timestamps come back as Date objects; bigint counts as numbers would overflow only past 2^53, far beyond our use.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        return await fn(drizzle(client, { schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
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
