import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { oneWay, pollUntilDone, setFlightConfig, startSearch, verificationUrl } from './helpers/shopping.ts';

const NO_FAULTS = { latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false };

describe('price check before booking (verification)', () => {
  let t: TestApp;
  let operator: string;
  let searchId: string;
  /** One fare per supplier: [solutionId, fareId, shown total]. */
  const fares = new Map<string, { solutionId: string; fareId: string; total: number }>();

  beforeAll(async () => {
    t = await createTestApp();
    operator = await loginAs(t.app, 'operator');
    searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 15));
    const res = await pollUntilDone(t.app, operator, searchId, { pageSize: 200 });
    for (const s of res.data.items) {
      for (const f of s.fares) {
        const supplier = f.fareId.split(':')[0];
        if (!fares.has(supplier)) fares.set(supplier, { solutionId: s.id, fareId: f.fareId, total: f.totalSalePrice });
      }
    }
    expect(fares.size).toBeGreaterThan(0);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(t.db, code, NO_FAULTS);
    await setFlightConfig(t, 'A00001', {});
  });

  const anyFare = () => [...fares.values()][0];
  const verify = (f: { solutionId: string; fareId: string }, token = operator, lang = 'en') =>
    call(t.app, 'POST', verificationUrl(f.solutionId), { token, lang, body: { searchId, fareId: f.fareId } });
  const supplierOf = (f: { fareId: string }) => f.fareId.split(':')[0];

  it('unchanged: the same total, the solution and fare returned', async () => {
    const f = anyFare();
    const res = await verify(f);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'unchanged', previousTotal: f.total, newTotal: f.total, currency: 'CNY', message: 'The price is confirmed' });
    expect(res.data.solution.id).toBe(f.solutionId);
    expect(res.data.fare.fareId).toBe(f.fareId);
  });

  it('price_changed: new and previous totals and "Price changed"', async () => {
    const f = anyFare();
    await setFaults(t.db, supplierOf(f), { priceChangePercent: 10 });
    const res = await verify(f);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('price_changed');
    expect(res.data.previousTotal).toBe(f.total);
    expect(res.data.newTotal).toBeGreaterThan(f.total);
    expect(res.data.message).toBe('Price changed');
    expect(res.message).toBe('Price changed');
    expect(res.data.fare.totalSalePrice).toBe(res.data.newTotal);
    const zh = await verify(f, operator, 'zh-TW');
    expect(zh.data.message).toBe('價格已變動');
  });

  it('invalid when sold out: "Package changed or invalid"', async () => {
    const f = anyFare();
    await setFaults(t.db, supplierOf(f), { soldOut: true });
    const res = await verify(f);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'invalid', message: 'Package changed or invalid', newTotal: null, previousTotal: f.total, fare: null });
  });

  it('timeout when the supplier does not answer within the budget: "Price check timed out"', async () => {
    const f = anyFare();
    await setFlightConfig(t, 'A00001', { maxResponseTimeMs: 600 });
    await setFaults(t.db, supplierOf(f), { timeout: true });
    const t0 = Date.now();
    const res = await verify(f);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'timeout', message: 'Price check timed out' });
  });

  it('a failing supplier is an invalid fare with its own message', async () => {
    const f = anyFare();
    await setFaults(t.db, supplierOf(f), { fail: true });
    const res = await verify(f);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('invalid');
    expect(res.data.message).toBe('The airline system could not confirm this fare, choose another one or search again');
  });

  it('answers 404 for an unknown fare, a fare of another solution, or another agency', async () => {
    const f = anyFare();
    expect((await verify({ ...f, fareId: 'sim-gds:nope' })).status).toBe(404);
    expect((await verify({ ...f, fareId: 'garbage' })).status).toBe(404);
    expect((await verify({ ...f, solutionId: 'S000' })).status).toBe(404);
    const other = await loginAs(t.app, 'other');
    expect((await verify(f, other)).status).toBe(404);
    const finance = await loginAs(t.app, 'finance');
    expect((await verify(f, finance)).status).toBe(403);
    expect((await call(t.app, 'POST', verificationUrl(f.solutionId), { body: { searchId, fareId: f.fareId } })).status).toBe(401);
    expect((await call(t.app, 'POST', verificationUrl(f.solutionId), { token: operator, body: { searchId } })).status).toBe(400);
  });
});
