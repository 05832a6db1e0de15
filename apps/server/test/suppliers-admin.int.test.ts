import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierSettings, userLogs, users } from '../src/db/schema/index.ts';
import { loadFaults, setFaults } from '../src/suppliers/air/faults.ts';
import { createAirSuppliers } from '../src/suppliers/air/registry.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { oneWay, pollUntilDone, startSearch } from './helpers/shopping.ts';

const LIST = '/base/v2/suppliers';
const one = (code: string) => `/base/v2/suppliers/${encodeURIComponent(code)}`;
const SUPPLIERS = ['sim-gds', 'sim-ndc', 'sim-lcc'];

let t: TestApp;
let admin: string;
let agency: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
});
afterAll(() => t?.close());

const put = (code: string, body: unknown, o: { token?: string; lang?: string } = {}) =>
  call(t.app, 'PUT', one(code), { token: 'token' in o ? o.token : admin, lang: o.lang, body });
const supplierLogs = () => t.db.select().from(userLogs).where(eq(userLogs.action, 'supplier_update'));
const healthy = async () => {
  for (const code of SUPPLIERS) await setFaults(t.db, code, NO_FAULTS);
};

describe('GET /base/v2/suppliers', () => {
  it('lists every registered air supplier with its kind and the healthy defaults when no row exists', async () => {
    const res = await call(t.app, 'GET', LIST, { token: admin });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.items.map((i: { code: string; kind: string }) => [i.code, i.kind])).toEqual([
      ['sim-gds', 'gds'],
      ['sim-ndc', 'ndc'],
      ['sim-lcc', 'lcc'],
      // The simulated railway (its switches: test/train-search.int.test.ts).
      ['sim-rail', 'rail'],
    ]);
    const rows = await t.db.select().from(supplierSettings);
    for (const item of res.data.items) {
      if (!rows.some((r) => r.code === item.code)) {
        expect(item.settings).toEqual({
          enabled: true,
          latencyMs: 0,
          timeout: false,
          fail: false,
          priceChangePercent: 0,
          soldOut: false,
          bookFail: false,
          bookTimeout: false,
          ticketingDelaySeconds: 3,
          ticketFail: false,
          ticketTimeout: false,
        });
        expect(item.updatedAt).toBeNull();
      }
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/base/v2/suppliers']?.get).toBeDefined();
    expect(doc.paths['/base/v2/suppliers/{code}']?.put).toBeDefined();
  });
});

describe('PUT /base/v2/suppliers/:code', () => {
  it('changes only the switches sent, persists them and logs the change with old and new values', async () => {
    await t.db.delete(supplierSettings).where(eq(supplierSettings.code, 'sim-ndc'));
    const before = Date.now();
    const res = await put('sim-ndc', { latencyMs: 1500, priceChangePercent: 12, enabled: true });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      code: 'sim-ndc',
      kind: 'ndc',
      settings: { enabled: true, latencyMs: 1500, timeout: false, fail: false, priceChangePercent: 12, soldOut: false },
    });
    expect(Date.parse(res.data.updatedAt)).toBeGreaterThanOrEqual(before - 5_000);

    const later = await call(t.app, 'GET', LIST, { token: admin });
    const ndc = later.data.items.find((i: { code: string }) => i.code === 'sim-ndc');
    expect(ndc).toEqual(res.data);

    // A second change keeps the first one's switches.
    const again = await put('sim-ndc', { soldOut: true });
    expect(again.data.settings).toMatchObject({ latencyMs: 1500, priceChangePercent: 12, soldOut: true });

    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const logs = await supplierLogs();
    expect(logs).toHaveLength(2);
    const first = logs.find((l) => (l.detail as { fields: string[] }).fields.includes('latencyMs'))!;
    expect(first.actorUsername).toBe('admin');
    expect(first.companyId).toBe(adminRow.companyId);
    // `enabled: true` was already so: not a change.
    expect(first.detail).toEqual({
      supplier: 'sim-ndc',
      fields: ['latencyMs', 'priceChangePercent'],
      changes: [
        { field: 'latencyMs', from: 0, to: 1500 },
        { field: 'priceChangePercent', from: 0, to: 12 },
      ],
    });

    // The platform's own user log shows it, labelled by action.
    const log = await call(t.app, 'GET', '/base/v2/user-logs', { token: admin, query: { action: 'supplier_update' } });
    expect(log.code).toBe(0);
    expect(log.data.total).toBe(2);

    // A no-op writes and logs nothing.
    const [row] = await t.db.select().from(supplierSettings).where(eq(supplierSettings.code, 'sim-ndc'));
    const same = await put('sim-ndc', { soldOut: true, latencyMs: 1500 });
    expect(same.code).toBe(0);
    expect(same.data.updatedAt).toBe(row.updatedAt.toISOString());
    expect(await supplierLogs()).toHaveLength(2);
    await healthy();
  });

  it('sets the booking and ticketing switches, which the simulator reads on its next call', async () => {
    await healthy();
    const res = await put('sim-gds', { bookFail: true, bookTimeout: true, ticketingDelaySeconds: 0, ticketFail: true, ticketTimeout: true });
    expect(res.status).toBe(200);
    expect(res.data.settings).toMatchObject({ bookFail: true, bookTimeout: true, ticketingDelaySeconds: 0, ticketFail: true, ticketTimeout: true, soldOut: false });
    expect(await loadFaults(t.db, 'sim-gds')).toEqual({ ...NO_FAULTS, bookFail: true, bookTimeout: true, ticketingDelaySeconds: 0, ticketFail: true, ticketTimeout: true });
    const [log] = (await supplierLogs()).filter((l) => (l.detail as { fields: string[] }).fields.includes('ticketingDelaySeconds'));
    expect(log.detail).toMatchObject({
      supplier: 'sim-gds',
      fields: ['bookFail', 'bookTimeout', 'ticketingDelaySeconds', 'ticketFail', 'ticketTimeout'],
      changes: expect.arrayContaining([{ field: 'ticketingDelaySeconds', from: 3, to: 0 }]),
    });
    // bookFail: the supplier answers a booking with an error.
    const supplier = createAirSuppliers({ db: t.db }).get('sim-gds')!;
    await expect(
      supplier.book(
        { offerId: 'x', expectedTotal: 0, passengers: [], contact: { name: 'A', email: 'a@example.com', phone: '1' }, clientReference: 'admin-test' },
        { signal: new AbortController().signal },
      ),
    ).rejects.toThrow(/booking failure/);
    await healthy();
  });

  it('is honoured by the suppliers: all sold out -> a search ends with no solutions; healthy again -> solutions', async () => {
    await healthy();
    const baseline = await pollUntilDone(t.app, agency, await startSearch(t.app, agency, oneWay('PEK', 'SHA', 12)));
    expect(baseline.data.total).toBeGreaterThan(0);

    try {
      for (const code of SUPPLIERS) expect((await put(code, { soldOut: true })).code).toBe(0);
      const res = await pollUntilDone(t.app, agency, await startSearch(t.app, agency, oneWay('PEK', 'SHA', 12)));
      expect(res.data.progress).toMatchObject({ done: true, asked: 3, answered: 3 });
      expect(res.data.total).toBe(0);
      expect(res.data.items).toEqual([]);

      // A failing supplier is reported as failed in the search progress.
      for (const code of SUPPLIERS) await put(code, { soldOut: false });
      await put('sim-gds', { fail: true });
      const failing = await pollUntilDone(t.app, agency, await startSearch(t.app, agency, oneWay('PEK', 'SHA', 13)));
      expect(failing.data.progress.failed).toBe(1);
      expect(failing.data.total).toBeGreaterThan(0);
    } finally {
      await healthy();
    }
  });

  it('refuses out-of-range values with field messages, writing nothing', async () => {
    const logsBefore = (await supplierLogs()).length;
    const negative = await put('sim-gds', { latencyMs: -1 });
    expect(negative.status).toBe(400);
    expect(negative.code).toBe(100400);
    expect(Object.keys(negative.data.fields)).toEqual(['latencyMs']);

    const tooMuch = await put('sim-gds', { priceChangePercent: 600 }, { lang: 'zh-CN' });
    expect(tooMuch.status).toBe(400);
    expect(Object.keys(tooMuch.data.fields)).toEqual(['priceChangePercent']);

    expect((await put('sim-gds', { latencyMs: 1.5 })).status).toBe(400);
    expect((await put('sim-gds', { soldOut: 'yes' })).status).toBe(400);
    expect((await put('sim-gds', { latencyMs: 120_001 })).status).toBe(400);
    for (const ticketingDelaySeconds of [-1, 601, 2.5, '3']) {
      const res = await put('sim-gds', { ticketingDelaySeconds });
      expect(res.status, String(ticketingDelaySeconds)).toBe(400);
      expect(Object.keys(res.data.fields)).toEqual(['ticketingDelaySeconds']);
    }
    expect((await put('sim-gds', { bookTimeout: 'yes' })).status).toBe(400);

    const list = await call(t.app, 'GET', LIST, { token: admin });
    expect(list.data.items.find((i: { code: string }) => i.code === 'sim-gds').settings).toMatchObject({ latencyMs: 0, priceChangePercent: 0, ticketingDelaySeconds: 3, bookTimeout: false });
    expect(await supplierLogs()).toHaveLength(logsBefore);
  });

  it('answers 404 for a code no supplier has', async () => {
    const res = await put('sim-nope', { soldOut: true });
    expect(res.status).toBe(404);
    expect(res.code).toBe(100404);
    expect(await t.db.select().from(supplierSettings).where(eq(supplierSettings.code, 'sim-nope'))).toEqual([]);
  });
});

describe('access', () => {
  it('is for the platform administrator only: 403 for a sub-agency SuperUser and an operator, 401 without a session', async () => {
    for (const token of [agency, operator]) {
      const list = await call(t.app, 'GET', LIST, { token });
      expect(list.status).toBe(403);
      expect(list.code).toBe(100403);
      const change = await put('sim-gds', { soldOut: true }, { token });
      expect(change.status).toBe(403);
    }
    expect((await call(t.app, 'GET', LIST)).status).toBe(401);
    const anonymous = await put('sim-gds', { soldOut: true }, { token: undefined });
    expect(anonymous.status).toBe(401);
    expect(anonymous.code).toBe(201001);

    const [gds] = await t.db.select().from(supplierSettings).where(eq(supplierSettings.code, 'sim-gds'));
    expect(gds?.soldOut ?? false).toBe(false);
  });
});
