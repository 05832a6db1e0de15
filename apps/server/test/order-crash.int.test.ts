import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../e2e/server.ts';
import { flightOrderEvents, flightOrders, ledgerHolds, ledgerMovements, supplierBookings } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';
import { createTestApp, DEMO, type TestApp } from './helpers/app.ts';
import { adult, CONTACT } from './helpers/orders.ts';
import { inDays } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * Kill -9 of the server in the middle of ticketing (issue 8): the paid order must still end, issued exactly once with
 * its money captured once, when another server process comes up. Runs on the PostgreSQL server (a real second process
 * shares the database; PGlite is one process's embedded database).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a server killed mid-ticketing', () => {
  let t: TestApp;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    t = await createTestApp({ demoMoney: true });
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(t.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 6 });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await t?.close();
  });

  const env = () => ({ DATABASE_URL: t.url!, ORDER_LEASE_SECONDS: '3', LOG_LEVEL: 'error' });
  const api = async (server: RunningServer, method: string, path: string, o: { token?: string; body?: unknown; key?: string } = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.key ? { 'idempotency-key': o.key } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return (await res.json()) as { code: number; data: any; message: string };
  };

  it('is finished by the next process: issued once, captured once', async () => {
    const first = await startServer(env());
    servers.push(first);
    const token = (await api(first, 'POST', '/base/v2/login', { body: { username: 'operator', password: DEMO.operator } })).data.token;
    const search = await api(first, 'POST', '/shopping/v2/flight/async-shopping', { token, body: { journeys: [{ origin: 'PEK', destination: 'SHA', date: inDays(15) }], directOnly: true } });
    let page: any;
    for (let i = 0; i < 100; i++) {
      page = await api(first, 'POST', '/shopping/v2/flight/async-shopping/solutions', { token, body: { searchId: search.data.searchId, pageSize: 200 } });
      if (page.data.progress.done) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const fare = page.data.items.flatMap((s: any) => s.fares).find((f: any) => f.fareId.startsWith('sim-gds:'));
    const booked = await api(first, 'POST', '/order/v2/flight/orders', {
      token,
      key: randomUUID(),
      body: { searchId: search.data.searchId, fareId: fare.fareId, acceptedTotal: fare.totalSalePrice, passengers: [adult()], contact: CONTACT },
    });
    expect(booked.code, booked.message).toBe(0);
    const id = booked.data.id;
    const before = await ledger.balances(t.db, await companyIdOf(t, 'A00001'), 'CNY');
    const paid = await api(first, 'POST', `/order/v2/flight/orders/${id}/payment`, { token, key: randomUUID(), body: { method: 'balance' } });
    expect(paid.code, paid.message).toBe(0);

    // Wait until the supplier has the ticketing request in hand, then kill the process without warning.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [sb] = await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, id));
      if (sb?.ticketingRequestedAt) break;
      if (Date.now() > deadline) throw new Error('ticketing never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    first.process.kill('SIGKILL');
    await new Promise((r) => first.process.once('exit', r));
    const [mid] = await t.db.select().from(flightOrders).where(eq(flightOrders.id, id));
    expect(mid.status).toBe('proceeding');

    // The next process takes the order over once the dead worker's lease has run out.
    await new Promise((r) => setTimeout(r, 3_500));
    const second = await startServer(env());
    servers.push(second);
    let order = mid;
    for (let i = 0; i < 150 && order.status === 'proceeding'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      [order] = await t.db.select().from(flightOrders).where(eq(flightOrders.id, id));
    }
    expect(order.status).toBe('issued');
    const issues = await t.db.select().from(flightOrderEvents).where(and(eq(flightOrderEvents.orderId, id), eq(flightOrderEvents.event, 'issue')));
    expect(issues).toHaveLength(1);
    const holds = await t.db.select().from(ledgerHolds).where(eq(ledgerHolds.referenceId, id));
    expect(holds.map((h) => h.status)).toEqual(['captured']);
    const spends = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceId, id), eq(ledgerMovements.reason, 'origin-flight')));
    expect(spends).toHaveLength(1);
    const after = await ledger.balances(t.db, order.companyId, 'CNY');
    expect(after.cash).toBe(before.cash - order.total);
    expect(after.held).toBe(before.held);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  }, 120_000);
});
