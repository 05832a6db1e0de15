import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/db/seed/demo.ts';

/**
 * Every integration test file starts from a migrated and seeded database. Building one costs seconds (PGlite's initdb
 * in WebAssembly, ~50 migrations, the demo seed with its password hashes), and the suite builds one for each of ~150
 * test apps on each database: minutes of a CI run that has 30. So the run builds it once (apps/server/test/global-setup.ts)
 * and each test app starts from a copy: PostgreSQL clones a template database (CREATE DATABASE ... TEMPLATE), PGlite
 * loads a dump of a data directory. The copy is then migrated and seeded as before, which finds nothing to do unless
 * the code changed under a running watch; so a copy can never be staler than a fresh database.
 */

export interface DatabaseTemplates {
  /** Name of the seeded template database on the TEST_DATABASE_URL server. */
  postgres?: string;
  /** Path of the PGlite data directory dump (a tar file). */
  pglite?: string;
}

async function migrateAndSeed(url?: string): Promise<import('../../src/db/client.ts').Database> {
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.withStartupLock((db) => seedDemoData(db, { money: false }));
  return database;
}

export async function buildPgliteTemplate(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'seeded.tar');
  const database = await migrateAndSeed();
  const dump = await database.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function buildPostgresTemplate(baseUrl: string): Promise<{ name: string; remove(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await migrateAndSeed(databaseUrl(baseUrl, name));
  await database.close();
  // A clone needs the template to have no session; the pool's sockets close a moment after end() resolves.
  await waitForNoSessions(baseUrl, name);
  return {
    name,
    async remove() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function databaseUrl(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function waitForNoSessions(baseUrl: string, name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await c.end();
  }
}

/** The run's templates, when its global setup built them (not when a helper runs outside vitest). */
export async function runTemplates(): Promise<DatabaseTemplates> {
  try {
    const { inject } = await import('vitest');
    return (inject('databaseTemplates' as never) as DatabaseTemplates | undefined) ?? {};
  } catch {
    return {};
  }
}

let pgliteDump: { file: string; bytes: Buffer } | undefined;

/** The PGlite dump as a Blob for `new PGlite({ loadDataDir })`, read once per worker. */
export function pgliteTemplateBlob(file: string): Blob | undefined {
  if (!existsSync(file)) return undefined;
  if (pgliteDump?.file !== file) pgliteDump = { file, bytes: readFileSync(file) };
  return new Blob([pgliteDump.bytes]);
}
