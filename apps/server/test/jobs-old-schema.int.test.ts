import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { dropOldJobsSchema, JOBS_SCHEMA, OLD_JOBS_SCHEMA, startJobRunner } from '../src/jobs/runner.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The `pgboss` schema pg-boss 12 left in databases created before issue 14 is dropped when the job runner starts;
// pg-boss 10's own schema and a `pgboss` schema that is not pg-boss's stay.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function tablesOf(db: Db, schema: string): Promise<string[]> {
  const res = await db.execute(sql`select tablename from pg_tables where schemaname = ${schema} order by tablename`);
  return (res as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
}

/** What pg-boss 12 left: its version table and a job table with a row in it. */
async function fakeOldPgBoss(db: Db) {
  await db.execute(sql.raw(`create schema ${OLD_JOBS_SCHEMA}`));
  await db.execute(sql.raw(`create table ${OLD_JOBS_SCHEMA}.version (version int primary key, cron_on timestamptz)`));
  await db.execute(sql.raw(`insert into ${OLD_JOBS_SCHEMA}.version (version) values (26)`));
  await db.execute(sql.raw(`create table ${OLD_JOBS_SCHEMA}.job (id uuid primary key, name text not null)`));
  await db.execute(sql.raw(`insert into ${OLD_JOBS_SCHEMA}.job values (gen_random_uuid(), 'statements-monthly')`));
}

describe(`the old pg-boss schema (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('is dropped when the job runner starts; pg-boss 10 works in its own schema', async () => {
    await fakeOldPgBoss(t.db);
    expect(await tablesOf(t.db, OLD_JOBS_SCHEMA)).toEqual(['job', 'version']);
    const infos: string[] = [];
    const runner = await startJobRunner({
      database: t.database,
      deps: t.app.deps,
      log: { debug: () => {}, info: (_obj, msg) => infos.push(msg ?? ''), error: () => {} },
      jobs: [],
      queues: [],
    });
    await runner.stop();
    expect(await tablesOf(t.db, OLD_JOBS_SCHEMA)).toEqual([]);
    expect(infos).toContain('dropped the old pg-boss schema (pg-boss 10 uses its own)');
    expect(await tablesOf(t.db, JOBS_SCHEMA)).toEqual(expect.arrayContaining(['job', 'schedule', 'version']));
  });

  it('leaves a database without it, and pg-boss 10 schema, as they are', async () => {
    const before = await tablesOf(t.db, JOBS_SCHEMA);
    expect(before).toContain('version');
    expect(await dropOldJobsSchema(t.db)).toBe(false);
    expect(await tablesOf(t.db, JOBS_SCHEMA)).toEqual(before);
  });

  it("leaves a `pgboss` schema that is not pg-boss's (no version table)", async () => {
    await t.db.execute(sql.raw(`create schema ${OLD_JOBS_SCHEMA}`));
    await t.db.execute(sql.raw(`create table ${OLD_JOBS_SCHEMA}.job (id int primary key)`));
    expect(await dropOldJobsSchema(t.db)).toBe(false);
    expect(await tablesOf(t.db, OLD_JOBS_SCHEMA)).toEqual(['job']);
    await t.db.execute(sql.raw(`drop schema ${OLD_JOBS_SCHEMA} cascade`));
  });

  it('drops it again (and only it) when called directly, and answers so', async () => {
    await fakeOldPgBoss(t.db);
    const ours = await tablesOf(t.db, JOBS_SCHEMA);
    expect(await dropOldJobsSchema(t.db)).toBe(true);
    expect(await tablesOf(t.db, OLD_JOBS_SCHEMA)).toEqual([]);
    expect(await tablesOf(t.db, JOBS_SCHEMA)).toEqual(ours);
    expect(await dropOldJobsSchema(t.db)).toBe(false);
  });
});
