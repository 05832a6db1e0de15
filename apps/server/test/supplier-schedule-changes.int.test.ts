import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierScheduleChanges, userLogs } from '../src/db/schema/index.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import type { SimulatedAirSupplier } from '../src/suppliers/air/simulator.ts';
import type { SupplierBooking, SupplierOffer } from '../src/suppliers/air/types.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

const url = (code: string) => `/base/v2/suppliers/${encodeURIComponent(code)}/schedule-changes`;
const ONE = { adult: 1, child: 0, infant: 0 };
const total = (o: SupplierOffer) => o.prices.reduce((s, p) => s + p.fare + p.airportTax + p.fuelSurcharge + p.otherTax, 0);

let t: TestApp;
let admin: string;
let agency: string;
let operator: string;
const gds = () => t.app.deps.airSuppliers.get('sim-gds') as SimulatedAirSupplier;
const ctx = () => ({ signal: new AbortController().signal });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
  await setFaults(t.db, 'sim-gds', { ticketingDelaySeconds: 0 });
});
afterAll(() => t?.close());

async function booking(daysOut: number, ticket = true): Promise<SupplierBooking> {
  const date = new Date(Date.now() + daysOut * 86_400_000).toISOString().slice(0, 10);
  const [offer] = await gds().search({ journeys: [{ origins: ['PEK'], destinations: ['SHA'], date }], passengers: ONE, cabin: 'economy', directOnly: true }, ctx());
  const booked = await gds().book(
    {
      offerId: offer.offerId,
      expectedTotal: total(offer),
      passengers: [{ type: 'adult', surname: 'SUN', givenNames: 'HUA', gender: 'male', birthday: '1980-02-02', nationality: 'CN', document: { type: 'passport', number: 'E7', expiryDate: null, issuingCountry: 'CN' }, frequentFlyer: null }],
      contact: { name: 'SUN HUA', email: 's@example.com', phone: '1' },
      clientReference: randomUUID(),
    },
    ctx(),
  );
  if (booked.status !== 'booked') throw new Error(booked.status);
  if (!ticket) return booked.booking;
  const issued = await gds().ticket(booked.booking, ctx());
  if (issued.status !== 'ticketed') throw new Error(issued.status);
  return issued.booking;
}

describe('POST /base/v2/suppliers/:code/schedule-changes', () => {
  it('raises the change on the booking; the supplier queue carries it to the portal; the change is logged', async () => {
    const b = await booking(20);
    const res = await call(t.app, 'POST', url('sim-gds'), { token: admin, body: { recordLocator: b.recordLocator.toLowerCase(), kind: 'cancel_no_save' } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ supplierRef: b.supplierRef, recordLocator: b.recordLocator, clientReference: b.clientReference, kind: 'cancel_no_save', leg: 0, newFlights: [] });
    expect(res.data.oldFlights).toHaveLength(1);
    expect(await gds().scheduleChanges(0, ctx())).toContainEqual(res.data);

    const restored = await call(t.app, 'POST', url('sim-gds'), { token: admin, body: { recordLocator: b.recordLocator, kind: 'restore' } });
    expect(restored.data).toMatchObject({ kind: 'restore', newFlights: res.data.oldFlights });

    const logs = await t.db.select().from(userLogs).where(eq(userLogs.action, 'supplier_update'));
    expect(logs.map((l) => l.detail)).toContainEqual({ supplier: 'sim-gds', scheduleChange: { id: res.data.id, recordLocator: b.recordLocator, kind: 'cancel_no_save', leg: 0 } });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/base/v2/suppliers/{code}/schedule-changes']?.post).toBeDefined();
  });

  it('refuses in the caller language: unknown booking, not ticketed, nothing to restore, unknown supplier, bad input', async () => {
    const unknown = await call(t.app, 'POST', url('sim-gds'), { token: admin, body: { recordLocator: 'ZZZ999', kind: 'change' } });
    expect([unknown.status, unknown.code]).toEqual([404, 100404]);
    expect(unknown.message).toBe('Supplier sim-gds has no booking with record locator ZZZ999');

    const held = await booking(21, false);
    const notTicketed = await call(t.app, 'POST', url('sim-gds'), { token: admin, lang: 'zh-CN', body: { recordLocator: held.recordLocator, kind: 'change' } });
    expect([notTicketed.status, notTicketed.code]).toEqual([409, 100409]);
    expect(notTicketed.message).toBe(`预订 ${held.recordLocator} 尚未出票：航空公司只对已出票的预订发送航变`);

    const b = await booking(22);
    const restore = await call(t.app, 'POST', url('sim-gds'), { token: admin, lang: 'zh-TW', body: { recordLocator: b.recordLocator, kind: 'restore' } });
    expect(restore.status).toBe(409);
    expect(restore.message).toBe(`訂位 ${b.recordLocator} 沒有可恢復的航變：請先發起航班變更或取消`);
    // Another supplier does not hold it.
    expect((await call(t.app, 'POST', url('sim-ndc'), { token: admin, body: { recordLocator: b.recordLocator, kind: 'change' } })).status).toBe(404);
    expect((await call(t.app, 'POST', url('sim-nope'), { token: admin, body: { recordLocator: b.recordLocator, kind: 'change' } })).status).toBe(404);

    const badKind = await call(t.app, 'POST', url('sim-gds'), { token: admin, body: { recordLocator: b.recordLocator, kind: 'delay' } });
    expect([badKind.status, badKind.code]).toEqual([400, 100400]);
    expect(badKind.message).toBe('Choose the kind of schedule change');
    const badLocator = await call(t.app, 'POST', url('sim-gds'), { token: admin, body: { recordLocator: 'AB', kind: 'change' } });
    expect(badLocator.status).toBe(400);
    expect(badLocator.message).toBe("Enter the booking's 6-character record locator");
    expect(await t.db.select().from(supplierScheduleChanges).where(eq(supplierScheduleChanges.recordLocator, b.recordLocator))).toEqual([]);
  });

  it('is for the platform administrator only, like the supplier switches', async () => {
    const b = await booking(23);
    for (const token of [agency, operator]) {
      const res = await call(t.app, 'POST', url('sim-gds'), { token, body: { recordLocator: b.recordLocator, kind: 'change' } });
      expect([res.status, res.code]).toEqual([403, 100403]);
    }
    expect((await call(t.app, 'POST', url('sim-gds'), { body: { recordLocator: b.recordLocator, kind: 'change' } })).status).toBe(401);
    expect(await t.db.select().from(supplierScheduleChanges).where(eq(supplierScheduleChanges.recordLocator, b.recordLocator))).toEqual([]);
  });
});
