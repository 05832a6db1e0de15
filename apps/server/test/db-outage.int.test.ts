import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { startServer, type RunningServer } from '../../../e2e/server.ts';
import pg from 'pg';
import { openDatabase, type Database, type Tx } from '../src/db/client.ts';
import { CommitOutcomeUnknownError, isCommitOutcomeUnknown, isConnectionError } from '../src/db/connection-errors.ts';
import { flightOrderEvents, flightOrders, ledgerHolds } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';
import { api, bookOrders, cashOf, companyIdByCode, liveLogin, orderTotals, waitHealthy, type LiveAnswer } from './helpers/live-server.ts';
import { startPgCluster, type PgCluster } from './helpers/pg-cluster.ts';

/**
 * Issue 9, finding 1: a lost database connection killed the server. Here a real server process runs on a PostgreSQL
 * server of the test's own, which the test stops, starts and whose backends it terminates. PostgreSQL project only:
 * PGlite is embedded and has no connection to lose.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a database outage', () => {
  let cluster: PgCluster;
  let server: RunningServer;
  let database: Database;
  const quiet = { warn: () => {} };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const alive = () => server.process.exitCode === null && server.process.signalCode === null;

  beforeAll(async () => {
    cluster = await startPgCluster();
    // The server migrates and seeds the empty database itself, as in production.
    server = await startServer({ DATABASE_URL: cluster.url, LOG_LEVEL: 'error', DB_CONNECT_TIMEOUT_MS: '2000' });
    database = await openDatabase({ url: cluster.url, log: quiet });
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(database.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 0 });
  });
  afterAll(async () => {
    try {
      await server?.stop();
      await database?.close();
    } finally {
      await cluster?.destroy();
    }
  });

  const expectUnavailable = (res: LiveAnswer, key: Parameters<typeof translate>[0], lang = 'en') => {
    expect({ status: res.status, code: res.code, data: res.data, message: res.message }).toEqual({
      status: 503,
      code: Code.SERVICE_UNAVAILABLE,
      data: null,
      message: translate(key, lang as 'en'),
    });
    expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
  };

  it('answers 503 with Retry-After while PostgreSQL is down, stays up, and serves again within 10 s of its return', async () => {
    const operator = await liveLogin(server, 'operator');
    await cluster.stop();

    expectUnavailable(await api(server, 'GET', '/base/v2/me', { token: operator }), 'error.db.unavailable');
    expectUnavailable(await api(server, 'GET', '/base/v2/me', { token: operator, lang: 'zh-CN' }), 'error.db.unavailable', 'zh-CN');
    // A write is told to repeat the same request, not to start a new one.
    expectUnavailable(await api(server, 'POST', '/base/v2/login', { body: { username: 'operator', password: 'x1234567' } }), 'error.db.writeInterrupted');
    expectUnavailable(await api(server, 'POST', '/base/v2/login', { body: { username: 'operator', password: 'x1234567' }, lang: 'zh-CN' }), 'error.db.writeInterrupted', 'zh-CN');

    const health = await fetch(`${server.url}/healthz`, { headers: { 'accept-language': 'zh-CN' } });
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await health.json()).toEqual({ code: Code.SERVICE_UNAVAILABLE, data: { status: 'not_ready' }, message: translate('error.health.notReady', 'zh-CN') });
    // Liveness does not depend on the database: nobody should restart a process that will recover by itself.
    const live = await fetch(`${server.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    // pg-boss polls and the pool's idle connections fail meanwhile; none of it may end the process.
    await sleep(2_500);
    expect(alive()).toBe(true);

    await cluster.start();
    const ms = await waitHealthy(server, 10_000);
    expect(ms).toBeLessThan(10_000);
    const me = await api(server, 'GET', '/base/v2/me', { token: operator });
    expect(me.code, me.message).toBe(0);

    // pg-boss came back by itself: the order step queued by the payment is worked by its worker.
    const [id] = await bookOrders(server, operator, 1);
    const paid = await api(server, 'POST', `/order/v2/flight/orders/${id}/payment`, { token: operator, key: randomUUID(), body: { method: 'balance' } });
    expect(paid.code, paid.message).toBe(0);
    let status = '';
    for (let i = 0; i < 100 && status !== 'issued'; i++) {
      await sleep(150);
      [{ status }] = await database.db.select({ status: flightOrders.status }).from(flightOrders).where(eq(flightOrders.id, id));
    }
    expect(status).toBe('issued');
    const worked = await database.db.execute(sql`select count(*)::int as n from pgboss10.job where name = 'flight-order-step' and state = 'completed' and data->>'orderId' = ${id}`);
    expect((worked as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBeGreaterThanOrEqual(1);
    expect(alive()).toBe(true);
  }, 60_000);

  it('tells a connection lost at COMMIT (unknown outcome) from one lost before it (rolled back)', async () => {
    const admin = new pg.Client({ connectionString: cluster.urlOf() });
    admin.on('error', () => {});
    await admin.connect();
    const cut = async (tx: Tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      // The checked-out connection hears of it while idle in the transaction: its 'error' must not end the process.
      await sleep(100);
    };
    try {
      const before = await database.db
        .transaction(async (tx) => {
          await cut(tx);
          await tx.execute(sql`select 1`);
        })
        .catch((e: unknown) => e);
      expect(isConnectionError(before)).toBe(true);
      expect(isCommitOutcomeUnknown(before)).toBe(false);

      const atCommit = await database.db.transaction(async (tx) => cut(tx)).catch((e: unknown) => e);
      expect(atCommit).toBeInstanceOf(CommitOutcomeUnknownError);
      // The pool replaced the lost connections.
      expect(await database.db.execute(sql`select 1 as one`)).toBeTruthy();
    } finally {
      await admin.end();
    }
  });

  it('survives backends terminated in the middle of a burst of logins, wallet reads and payments', async () => {
    const operator = await liveLogin(server, 'operator');
    const finance = await liveLogin(server, 'finance');
    const ids = await bookOrders(server, operator, 6, 100);
    const totals = await orderTotals(database.db, ids);
    const agency = await companyIdByCode(database.db, 'A00001');
    const cashBefore = await cashOf(database.db, agency);
    const keys = ids.map(() => randomUUID());

    let bursting = true;
    const terminator = (async () => {
      let n = 0;
      while (bursting) {
        n += await cluster.terminateBackends().catch(() => 0);
        await sleep(25);
      }
      return n;
    })();
    const stagger = (i: number) => sleep(i * 12);
    const pay = (i: number) => api(server, 'POST', `/order/v2/flight/orders/${ids[i]}/payment`, { token: operator, key: keys[i], body: { method: 'balance' } });
    const answers = await Promise.all([
      ...ids.map((_, i) => stagger(i * 3).then(() => pay(i))),
      ...(['agency', 'admin', 'other'] as const).flatMap((u, j) =>
        Array.from({ length: 4 }, (_, i) => stagger(i * 3 + j).then(() => api(server, 'POST', '/base/v2/login', { body: { username: u, password: `${u[0].toUpperCase()}${u.slice(1)}@123` } }))),
      ),
      ...Array.from({ length: 24 }, (_, i) => stagger(i).then(() => api(server, 'GET', '/base/v2/wallet', { token: finance }))),
    ]);
    bursting = false;
    expect(await terminator).toBeGreaterThan(0);

    // Each answer is a success or a 503 that says when to come back; never a 500, never a dropped connection.
    for (const a of answers) {
      if (a.code === 0) continue;
      expect({ status: a.status, code: a.code }, a.message).toEqual({ status: 503, code: Code.SERVICE_UNAVAILABLE });
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
    }
    expect(alive()).toBe(true);
    await waitHealthy(server, 10_000);
    expect((await api(server, 'GET', '/base/v2/wallet', { token: finance })).code).toBe(0);

    // Replays with the same keys: the first outcome when there was one, a first payment otherwise; never a second.
    for (const [i, id] of ids.entries()) {
      const replay = await pay(i);
      expect(replay.code, replay.message).toBe(0);
      expect(replay.data.paymentStatus).toBe('paid');
      if (answers[i].code === 0) expect(replay.data.transactionId).toBe(answers[i].data.transactionId);
      expect(await database.db.select().from(ledgerHolds).where(eq(ledgerHolds.referenceId, id))).toHaveLength(1);
      expect(await database.db.select().from(flightOrderEvents).where(and(eq(flightOrderEvents.orderId, id), eq(flightOrderEvents.event, 'pay')))).toHaveLength(1);
    }
    const spent = [...totals.values()].reduce((a, b) => a + b, 0);
    expect(await cashOf(database.db, agency)).toBe(cashBefore - spent);
    expect(await ledger.checkInvariants(database.db)).toEqual([]);
  }, 60_000);
});
