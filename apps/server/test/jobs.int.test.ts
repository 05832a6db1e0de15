import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerHolds } from '../src/db/schema/index.ts';
import { jobs } from '../src/jobs/index.ts';
import { startJobRunner, type JobLogger, type JobRunner } from '../src/jobs/runner.ts';
import type { JobDefinition } from '../src/jobs/types.ts';
import { expireHoldsJob } from '../src/modules/ledger/ledger.jobs.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

describe(`scheduled jobs on pg-boss (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let a: string;
  let runner: JobRunner | undefined;
  const errors: Array<{ obj: object; msg?: string }> = [];
  const log: JobLogger = { debug: () => {}, info: () => {}, error: (obj, msg) => errors.push({ obj, msg }) };

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'A00001'));
    a = row.id;
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  it('lists every job once, with a cron expression', () => {
    const names = jobs.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['ledger-expire-holds', 'statements-monthly']));
    for (const j of jobs) expect(j.cron.split(' ')).toHaveLength(5);
  });

  it('expires due holds when the hold-expiry job runs, and only those', async () => {
    await ledger.topUp(t.db, a, 'USD', 100_00);
    const past = new Date(Date.now() - 10 * 60_000);
    const due = await ledger.hold(t.db, a, 'USD', 30_00, { ttlMinutes: 1, now: past });
    const open = await ledger.hold(t.db, a, 'USD', 20_00, { ttlMinutes: 30 });
    if (!due.ok || !open.ok) throw new Error('hold refused');
    expect(await expireHoldsJob.run(t.app.deps, new Date())).toBe(1);
    expect(await expireHoldsJob.run(t.app.deps, new Date())).toBe(0);
    expect(await ledger.balances(t.db, a, 'USD')).toMatchObject({ cash: 80_00, held: 20_00 });
    expect(await ledger.release(t.db, open.holdId)).toMatchObject({ ok: true });
  });

  it('starts the runner, which runs a due scheduled job by itself and logs a failing one', async () => {
    await ledger.topUp(t.db, a, 'CNY', 100_00);
    const h = await ledger.hold(t.db, a, 'CNY', 40_00, { ttlMinutes: 1, now: new Date(Date.now() - 5 * 60_000) });
    if (!h.ok) throw new Error('hold refused');
    let failures = 0;
    const failing: JobDefinition = {
      name: 'test-always-fails',
      cron: '* * * * *',
      run: async () => {
        failures++;
        throw new Error('boom');
      },
    };

    runner = await startJobRunner({
      database: t.database,
      deps: t.app.deps,
      log,
      jobs: [...jobs, failing],
      boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    const statusOf = async () => (await t.db.select({ status: ledgerHolds.status }).from(ledgerHolds).where(eq(ledgerHolds.id, h.holdId)))[0].status;
    expect(await until(async () => (await statusOf()) === 'expired', 45_000)).toBe(true);
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 100_00, held: 0 });
    expect(await until(async () => failures > 0 && errors.some((e) => e.msg === 'job failed'), 20_000)).toBe(true);
    expect(errors.find((e) => e.msg === 'job failed')?.obj).toMatchObject({ job: 'test-always-fails' });

    await runner.stop();
    runner = undefined;
    // Stopped means stopped: a hold falling due now stays held.
    const later = await ledger.hold(t.db, a, 'CNY', 10_00, { ttlMinutes: 1, now: new Date(Date.now() - 5 * 60_000) });
    if (!later.ok) throw new Error('hold refused');
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await t.db.select({ status: ledgerHolds.status }).from(ledgerHolds).where(eq(ledgerHolds.id, later.holdId)))[0].status).toBe('held');
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  }, 90_000);
});
