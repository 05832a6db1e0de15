import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { Code } from '@portal/contract/codes';
import { startServer, type RunningServer } from '../../../e2e/server.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { companies, flightOrderEvents, flightOrders, ledgerHolds, paymentTransactions, supplierBookings } from '../src/db/schema/index.ts';
import { createWorkQueue } from '../src/modules/flight-orders/work-queue.ts';
import { orderDepsOf } from '../src/modules/flight-orders/orders.jobs.ts';
import { advanceOrder } from '../src/modules/flight-orders/work.usecase.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createPayments } from '../src/payments/registry.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { createAirSuppliers } from '../src/suppliers/air/registry.ts';
import { createRailSuppliers } from '../src/suppliers/rail/registry.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';
import { sessionPolicyFrom } from '../src/config.ts';
import { createHotCaches } from '../src/modules/cache/hot-caches.ts';
import { createDocumentKeyring } from '../src/modules/travellers/document-crypto.ts';
import { api, bookOrders, cashOf, companyIdByCode, liveBook, liveLogin, liveSearch, orderTotals, passenger, waitHealthy, type LiveAnswer } from './helpers/live-server.ts';
import { startPgCluster, type PgCluster } from './helpers/pg-cluster.ts';

/**
 * Issue 9's fault-injection suite: a real server process on a PostgreSQL server of the test's own, faults injected in
 * the middle of bursts of money-moving requests. After each fault: every request took effect once or not at all (each
 * Idempotency-Key replayed after the fault answers its first outcome, or takes effect now, never twice), the ledger's
 * invariants hold and the balance is exactly the sum of what took effect, and the server answers again within 10 s of
 * the database returning. PostgreSQL project only (a restartable server of its own; PGlite has no connection to lose).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('fault injection', () => {
  let cluster: PgCluster;
  let server: RunningServer;
  let database: Database;
  let agencyId: string;
  let operator: string;
  let admin: string;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const env = () => ({ DATABASE_URL: cluster.url, LOG_LEVEL: process.env.FI_LOG ?? 'fatal', DB_CONNECT_TIMEOUT_MS: '2000', ORDER_BOOK_BUDGET_MS: '1500', ORDER_LEASE_SECONDS: '3' });

  beforeAll(async () => {
    cluster = await startPgCluster();
    server = await startServer(env());
    database = await openDatabase({ url: cluster.url, log: { warn: () => {} } });
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(database.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 0 });
    // A short search budget keeps the hanging-supplier case (and searches cut by a fault) within seconds.
    await database.db.update(companies).set({ flightConfig: { ...DEFAULT_FLIGHT_CONFIG, maxResponseTimeMs: 1_500 } }).where(eq(companies.code, 'A00001'));
    agencyId = await companyIdByCode(database.db, 'A00001');
    operator = await liveLogin(server, 'operator');
    admin = await liveLogin(server, 'admin');
  });
  afterAll(async () => {
    try {
      await server?.stop();
      await database?.close();
    } finally {
      await cluster?.destroy();
    }
  });

  interface Write {
    kind: 'pay' | 'topUp';
    path: string;
    body: unknown;
    key: string;
    orderId?: string;
    amount: number;
    first?: LiveAnswer | Error;
  }

  const send = (w: Write, token: string) => api(server, 'POST', w.path, { token, key: w.key, body: w.body, timeoutMs: 20_000 });
  const tokenOf = (w: Write) => (w.kind === 'pay' ? operator : admin);

  async function plannedWrites(orders: number, topUps: number, offset: number): Promise<Write[]> {
    const ids = await bookOrders(server, operator, orders, offset);
    const totals = await orderTotals(database.db, ids);
    const pays: Write[] = ids.map((id) => ({ kind: 'pay', path: `/order/v2/flight/orders/${id}/payment`, body: { method: 'balance' }, key: randomUUID(), orderId: id, amount: totals.get(id)! }));
    const ups: Write[] = Array.from({ length: topUps }, (_, i) => {
      const amount = 1_000_00 + offset * 100 + i;
      return {
        kind: 'topUp',
        path: `/base/v2/agencies/${agencyId}/balance`,
        body: { receivedCurrency: 'CNY', receivedAmount: amount, exchangeRate: '1', referenceNumber: `FI-${offset}-${i}`, amount },
        key: randomUUID(),
        amount,
      };
    });
    // Interleaved, so the fault lands among both kinds.
    return pays.flatMap((p, i) => [p, ...(ups[i] ? [ups[i]] : [])]).concat(ups.slice(pays.length));
  }

  /** How many times a write took effect: holds of the order, or top-up transactions under its key. */
  async function effects(w: Write): Promise<number> {
    if (w.kind === 'pay') {
      const holds = await database.db.select({ id: ledgerHolds.id }).from(ledgerHolds).where(eq(ledgerHolds.referenceId, w.orderId!));
      const pays = await database.db.select({ id: flightOrderEvents.id }).from(flightOrderEvents).where(and(eq(flightOrderEvents.orderId, w.orderId!), eq(flightOrderEvents.event, 'pay')));
      expect(pays.length).toBe(holds.length);
      return holds.length;
    }
    const rows = await database.db.select({ id: paymentTransactions.id }).from(paymentTransactions).where(sql`${paymentTransactions.idempotencyKey} like ${`agency-top-up:%:${w.key}`}`);
    return rows.length;
  }

  /**
   * Sends the writes (staggered, `searches` flight searches among them) and runs `fault` after `faultAfterMs`; answers
   * once every request has been answered or has failed.
   */
  async function burst(writes: Write[], o: { searches: number; faultAfterMs: number; fault: (burstDone: () => boolean) => Promise<void> }) {
    let done = false;
    const faulted = sleep(o.faultAfterMs).then(() => o.fault(() => done));
    const searches = Array.from({ length: o.searches }, (_, i) =>
      sleep(i * 40).then(() => api(server, 'POST', '/shopping/v2/flight/async-shopping', { token: operator, body: { journeys: [{ origin: 'PEK', destination: 'SHA', date: inDaysUtc(20 + i) }], directOnly: true } }).catch((e: Error) => e)),
    );
    const answered = Promise.all(
      writes.map((w, i) =>
        sleep(i * 20).then(async () => {
          w.first = await send(w, tokenOf(w)).catch((e: Error) => e);
        }),
      ),
    );
    const results = await Promise.all([answered, Promise.all(searches)]).finally(() => {
      done = true;
    });
    await faulted;
    return results[1];
  }

  /** Waits until `n` of the writes have their first answer (at most `maxMs`), so a fault lands among them, not before. */
  async function afterAnswers(writes: Write[], n: number, maxMs = 5_000) {
    const deadline = Date.now() + maxMs;
    while (writes.filter((w) => w.first).length < n && Date.now() < deadline) await sleep(5);
  }

  const inDaysUtc = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** The checks after every fault: exact replays, once-only effects, balance arithmetic, ledger invariants. */
  async function expectExactlyOnce(writes: Write[], cashBefore: number) {
    // Before any replay: nothing took effect twice, and a success was never answered for what did not take effect.
    for (const w of writes) {
      const n = await effects(w);
      expect(n).toBeLessThanOrEqual(1);
      if (!(w.first instanceof Error) && w.first!.code === 0) expect(n).toBe(1);
      // An answer that is not a success is a 503 that says when to come back (or no answer at all, for kill -9).
      if (!(w.first instanceof Error) && w.first!.code !== 0) {
        expect({ status: w.first!.status, code: w.first!.code }, w.first!.message).toEqual({ status: 503, code: Code.SERVICE_UNAVAILABLE });
        expect(w.first!.retryAfter).toMatch(/^[1-9]\d*$/);
      }
    }
    for (const w of writes) {
      const replay = await send(w, tokenOf(w));
      expect(replay.code, `${w.kind} replay: ${replay.message}`).toBe(0);
      if (!(w.first instanceof Error) && w.first!.code === 0) {
        // The replay answers the first outcome, not a new one.
        expect(replay.data.transactionId).toBe(w.first!.data.transactionId);
        if (w.kind === 'topUp') expect(replay.data.movementId).toBe(w.first!.data.movementId);
      }
      expect(await effects(w)).toBe(1);
    }
    const spent = writes.filter((w) => w.kind === 'pay').reduce((a, w) => a + w.amount, 0);
    const added = writes.filter((w) => w.kind === 'topUp').reduce((a, w) => a + w.amount, 0);
    expect(await cashOf(database.db, agencyId)).toBe(cashBefore - spent + added);
    expect(await ledger.checkInvariants(database.db)).toEqual([]);
  }

  it('a PostgreSQL restart in the middle of a burst of payments, top-ups and searches', async () => {
    const writes = await plannedWrites(6, 6, 0);
    const cashBefore = await cashOf(database.db, agencyId);
    let back = 0;
    const searches = await burst(writes, {
      searches: 4,
      faultAfterMs: 0,
      fault: async () => {
        await afterAnswers(writes, 2);
        await cluster.restart();
        back = Date.now();
      },
    });
    expect(server.process.exitCode).toBeNull();
    // Measured from the database's return: the server answers again within 10 s.
    await waitHealthy(server, 10_000);
    expect(Date.now() - back).toBeLessThan(10_000);
    for (const s of searches) {
      if (s instanceof Error) throw s;
      if (s.code !== 0) {
        expect({ status: s.status, code: s.code }).toEqual({ status: 503, code: Code.SERVICE_UNAVAILABLE });
        continue;
      }
      // A search begun before the fault still finishes: with results, or with its suppliers reported as timed out.
      let page: LiveAnswer | undefined;
      for (let i = 0; i < 60; i++) {
        page = await api(server, 'POST', '/shopping/v2/flight/async-shopping/solutions', { token: operator, body: { searchId: s.data.searchId } });
        if (page.code !== 0 || page.data.progress.done) break;
        await sleep(100);
      }
      expect(page!.code, page!.message).toBe(0);
      expect(page!.data.progress.done).toBe(true);
    }
    await expectExactlyOnce(writes, cashBefore);
  }, 60_000);

  it('backends terminated again and again in the middle of a burst of payments and top-ups', async () => {
    const writes = await plannedWrites(5, 5, 20);
    const cashBefore = await cashOf(database.db, agencyId);
    let terminated = 0;
    await burst(writes, {
      searches: 2,
      faultAfterMs: 0,
      fault: async (burstDone) => {
        while (!burstDone()) {
          terminated += await cluster.terminateBackends().catch(() => 0);
          await sleep(20);
        }
      },
    });
    expect(terminated).toBeGreaterThan(0);
    expect(server.process.exitCode).toBeNull();
    await waitHealthy(server, 10_000);
    await expectExactlyOnce(writes, cashBefore);
  }, 60_000);

  it('kill -9 of the server in the middle of a burst; the next process answers every replay exactly', async () => {
    const writes = await plannedWrites(5, 5, 40);
    const cashBefore = await cashOf(database.db, agencyId);
    const victim = server;
    await burst(writes, {
      searches: 2,
      faultAfterMs: 0,
      fault: async () => {
        await afterAnswers(writes, 3);
        const exited = new Promise((r) => victim.process.once('exit', r));
        victim.process.kill('SIGKILL');
        await exited;
      },
    });
    // The victim is gone (a stop() on it would wait for an exit that already happened); it kept no files of its own.
    // Requests cut by the kill have no answer at all: their outcome is learnt only by replaying them.
    server = await startServer(env());
    await expectExactlyOnce(writes, cashBefore);
  }, 60_000);

  it('a supplier that never answers: the search ends within its budget, a booking within its own, and nothing is lost', async () => {
    await setFaults(database.db, 'sim-ndc', { timeout: true });
    try {
      const started = Date.now();
      const { started: search, page } = await liveSearch(server, operator, { days: 30, maxMs: 8_000 });
      const took = Date.now() - started;
      expect(page!.code, page!.message).toBe(0);
      expect(page!.data.progress.done).toBe(true);
      // The budget (1.5 s) plus the poll's grace: the hung supplier does not hold the search up.
      expect(took).toBeLessThan(1_500 + 1_000 + 2_000);
      expect(page!.data.progress.timedOut).toBeGreaterThanOrEqual(1);
      const fares = page!.data.items.flatMap((s: { fares: Array<{ fareId: string; totalSalePrice: number }> }) => s.fares);
      expect(fares.some((f: { fareId: string }) => f.fareId.startsWith('sim-gds:'))).toBe(true);
      expect(fares.some((f: { fareId: string }) => f.fareId.startsWith('sim-ndc:'))).toBe(false);

      // The booking supplier records the booking, then never answers.
      await setFaults(database.db, 'sim-gds', { bookTimeout: true });
      const gds = fares.find((f: { fareId: string }) => f.fareId.startsWith('sim-gds:'))!;
      const key = randomUUID();
      const t0 = Date.now();
      const fare = { searchId: search.data.searchId as string, fareId: gds.fareId, total: gds.totalSalePrice };
      const booked = await liveBook(server, operator, fare, passenger(60), key);
      expect(booked.code, booked.message).toBe(0);
      // The booking budget (1.5 s here) bounds the answer; the order is kept, not dropped.
      expect(Date.now() - t0).toBeLessThan(1_500 + 3_000);
      expect(booked.data.status).toBe('holding');
      const id = booked.data.id as string;
      const [order] = await database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
      expect(order.status).toBe('holding');
      expect(order.nextActionAt).not.toBeNull();
      // The supplier has it under our reference: reconciliation will find it.
      expect(await database.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, id))).toHaveLength(1);
      // The same key answers the same order rather than booking again.
      const replay = await liveBook(server, operator, fare, passenger(60), key);
      expect(replay.code, replay.message).toBe(0);
      expect(replay.data.id).toBe(id);

      // Once the supplier answers again, reconciliation (the order's next step) settles the order by our reference.
      await setFaults(database.db, 'sim-gds', { bookTimeout: false });
      const deps = {
        db: database.db,
        sessionPolicy: sessionPolicyFrom({ sessionIdleMinutes: 120, sessionMaxHours: 168 }),
        airSuppliers: createAirSuppliers({ db: database.db }),
        railSuppliers: createRailSuppliers({ db: database.db }),
        payments: createPayments({ db: database.db, publicUrl: server.url }),
        orderWork: createWorkQueue(),
        documentKeys: createDocumentKeyring(Buffer.alloc(32, 7)),
        caches: createHotCaches(database),
      };
      await advanceOrder(orderDepsOf(deps), id, { force: true });
      const [after] = await database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
      expect(after.status).toBe('to_be_paid');
      expect(after.recordLocator).toMatch(/^[A-Z0-9]{6}$/);
      expect(await ledger.checkInvariants(database.db)).toEqual([]);
    } finally {
      await setFaults(database.db, 'sim-ndc', { timeout: false });
      await setFaults(database.db, 'sim-gds', { bookTimeout: false });
    }
  }, 60_000);
});
