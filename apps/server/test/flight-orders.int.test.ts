import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { flightOrders, ledgerHolds, outboxEmails, supplierBookings } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { adult, book, child, CONTACT, detail, findFare, healthySuppliers, ORDERS, pay, step, verify } from './helpers/orders.ts';
import { setCommonConfig, setFlightConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  process.env.ORDER_BOOK_BUDGET_MS = '1500';
  process.env.ORDER_TICKET_BUDGET_MS = '1500';
  t = await createTestApp({ demoMoney: true });
  [operator, agency, other, admin] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin')]);
  agencyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());
beforeEach(() => healthySuppliers(t));
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const balances = () => ledger.balances(t.db, agencyId, 'CNY');
const orderRow = async (id: string) => (await t.db.select().from(flightOrders).where(eq(flightOrders.id, id)))[0];
const orderCount = async () => (await t.db.select({ id: flightOrders.id }).from(flightOrders)).length;

async function bookedOrder(token = operator, o: { people?: NonNullable<Parameters<typeof book>[3]>['passengers'] } = {}) {
  const fare = await findFare(t.app, token);
  const res = await book(t.app, token, fare, { passengers: o.people });
  expect(res.code, res.message).toBe(0);
  return { fare, order: res.data };
}

describe('booking', () => {
  it('books a checked fare: to_be_paid with a record locator, a deadline and the server price', async () => {
    const fare = await findFare(t.app, operator, { passengers: { adult: 1, child: 1, infant: 0 } });
    expect((await verify(t.app, operator, fare)).data.status).toBe('unchanged');
    const key = randomUUID();
    const res = await book(t.app, operator, fare, { passengers: [adult(), child()], key });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Booking created');
    const o = res.data;
    expect(o.status).toBe('to_be_paid');
    expect(o.paymentStatus).toBe('unpaid');
    expect(o.bookingNumber).toMatch(/^F\d{10}$/);
    expect(o.recordLocator).toMatch(/^[A-Z0-9]{6}$/);
    expect(o.total).toBe(fare.total);
    expect(o.currency).toBe('CNY');
    expect(Date.parse(o.paymentDeadline)).toBeGreaterThan(Date.now());
    expect(o.passengers.map((p: any) => [p.type, p.surname, p.givenNames])).toEqual([
      ['adult', 'ZHANG', 'SAN'],
      ['child', 'ZHANG', 'XIAOMING'],
    ]);
    // Documents are masked except the last 4; agencies never see costs or (by default) the supplier.
    expect(o.passengers[0].document.number).toBe('*****5678');
    expect(o.priceLines.every((l: any) => l.costPrice === null)).toBe(true);
    expect(o.costTotal).toBeNull();
    expect(o.supplier).toBeNull();
    expect(o.actions).toEqual(['pay', 'cancel']);
    expect(o.events.map((e: any) => [e.event, e.from, e.to])).toEqual([['booked', 'holding', 'to_be_paid']]);
    const supplierSide = await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, o.id));
    expect(supplierSide).toHaveLength(1);
    expect(supplierSide[0].recordLocator).toBe(o.recordLocator);

    // Same key, same body: the same order, nothing booked twice. Same key, another body: refused.
    const replay = await book(t.app, operator, fare, { passengers: [adult(), child()], key });
    expect(replay.data.id).toBe(o.id);
    expect(await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, o.id))).toHaveLength(1);
    const conflict = await book(t.app, operator, fare, { passengers: [adult(), child('LI')], key });
    expect(conflict.status).toBe(409);
  });

  it('requires an Idempotency-Key header', async () => {
    const fare = await findFare(t.app, operator);
    const res = await book(t.app, operator, fare, { key: null });
    expect(res.status).toBe(400);
    expect(res.message).toBe('An Idempotency-Key header is required for this request');
  });

  it('refuses invalid passengers with field errors in the caller language, booking nothing', async () => {
    const fare = await findFare(t.app, operator);
    const before = await orderCount();
    const res = await call(t.app, 'POST', ORDERS, {
      token: operator,
      lang: 'zh-CN',
      headers: { 'idempotency-key': randomUUID() },
      body: { searchId: fare.searchId, fareId: fare.fareId, acceptedTotal: fare.total, passengers: [{ ...adult(), surname: 'ZH4NG' }], contact: { ...CONTACT, email: 'not-an-email' } },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.VALIDATION);
    expect(Object.keys(res.data.fields)).toEqual(expect.arrayContaining(['passengers.0.surname', 'contact.email']));
    expect(res.data.fields['contact.email']).toMatch(/邮箱/);
    expect(await orderCount()).toBe(before);
  });

  it('refuses passenger counts that differ from the search', async () => {
    const fare = await findFare(t.app, operator);
    const res = await book(t.app, operator, fare, { passengers: [adult(), adult('LI', 'SI', 'E11112222')] });
    expect(res.status).toBe(400);
    expect(res.data.fields.passengers).toBeTruthy();
  });

  it('refuses a total above what the agent accepted, with the new price, booking nothing', async () => {
    const fare = await findFare(t.app, operator);
    await setFaults(t.db, 'sim-gds', { priceChangePercent: 10 });
    const before = await orderCount();
    const res = await book(t.app, operator, fare);
    expect(res.status).toBe(409);
    expect(res.code).toBe(Code.PRICE_CHANGED);
    expect(res.data).toMatchObject({ previousTotal: fare.total, currency: 'CNY' });
    expect(res.data.newTotal).toBeGreaterThan(fare.total);
    expect(res.message).toMatch(/^Price changed/);
    expect(await orderCount()).toBe(before);
    // Accepting the new price books it.
    const accepted = await book(t.app, operator, fare, { acceptedTotal: res.data.newTotal });
    expect(accepted.code).toBe(0);
    expect(accepted.data.total).toBe(res.data.newTotal);
  });

  it('says why when the fare is gone or the supplier fails, leaving no order behind', async () => {
    const fare = await findFare(t.app, operator);
    const before = await orderCount();
    await setFaults(t.db, 'sim-gds', { soldOut: true });
    const gone = await book(t.app, operator, fare);
    expect(gone.status).toBe(422);
    expect(gone.code).toBe(Code.BOOKING_REFUSED);
    expect(gone.message).toMatch(/Package changed or invalid/);
    await setFaults(t.db, 'sim-gds', { soldOut: false, bookFail: true });
    const failed = await book(t.app, operator, fare);
    expect(failed.status).toBe(502);
    expect(failed.code).toBe(Code.SUPPLIER_FAILED);
    expect(await orderCount()).toBe(before);
    expect(await t.db.select().from(supplierBookings).where(eq(supplierBookings.offerId, fare.fareId.slice('sim-gds:'.length)))).toHaveLength(0);
  });

  it('keeps an order holding when the booking times out, and reconciliation finds the booking', async () => {
    const fare = await findFare(t.app, operator);
    await setFaults(t.db, 'sim-gds', { bookTimeout: true });
    const res = await book(t.app, operator, fare);
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('holding');
    expect(res.data.recordLocator).toBeNull();
    expect(res.message).toMatch(/has not confirmed/);
    await setFaults(t.db, 'sim-gds', { bookTimeout: false });
    expect(await step(t, res.data.id)).toBe('done');
    const after = (await detail(t.app, operator, res.data.id)).data;
    expect(after.status).toBe('to_be_paid');
    expect(after.recordLocator).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('sends bookings to review when the agency says so; payment waits for approval', async () => {
    await setFlightConfig(t, 'A00001', { bookingReview: true });
    try {
      const { order } = await bookedOrder();
      expect(order.status).toBe('reviewing');
      expect(order.actions).toEqual(['cancel']);
      const early = await pay(t.app, operator, order.id, 'balance');
      expect(early.status).toBe(409);
      expect(early.code).toBe(Code.ORDER_STATE);
      const noRemark = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${order.id}/reject`, { token: admin, body: {} });
      expect(noRemark.status).toBe(400);
      const approved = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${order.id}/approve`, { token: admin, body: { remark: 'ok' } });
      expect(approved.code).toBe(0);
      expect(approved.data.status).toBe('to_be_paid');
      expect(approved.data.reviewRemark).toBe('ok');
      const ev = approved.data.events.at(-1);
      expect(ev).toMatchObject({ event: 'approve', from: 'reviewing', to: 'to_be_paid', actor: { kind: 'platform' }, remark: 'ok' });
      // The agency reads the remark on its order.
      expect((await detail(t.app, operator, order.id)).data.reviewRemark).toBe('ok');
    } finally {
      await setFlightConfig(t, 'A00001', {});
    }
  });
});

describe('paying and ticketing', () => {
  it('holds the money, issues tickets in the background, then captures it as a flight payment', async () => {
    const { order } = await bookedOrder();
    const before = await balances();
    const key = randomUUID();
    const paid = await pay(t.app, operator, order.id, 'balance', key);
    expect(paid.code, paid.message).toBe(0);
    expect(paid.data).toMatchObject({ status: 'proceeding', paymentStatus: 'paid', redirectUrl: null });
    const held = await balances();
    expect(held.cash).toBe(before.cash - order.total);
    expect(held.held).toBe(before.held + order.total);
    // Paying again: the same key replays, another key is refused; money moves once.
    expect((await pay(t.app, operator, order.id, 'balance', key)).code).toBe(0);
    const again = await pay(t.app, operator, order.id, 'balance');
    expect(again.code).toBe(Code.ORDER_STATE);
    expect((await balances()).cash).toBe(held.cash);

    expect(await step(t, order.id)).toBe('done');
    const issued = (await detail(t.app, operator, order.id)).data;
    expect(issued.status).toBe('issued');
    // Issued: the documents, and the after-sales requests the fare allows (issue 10).
    expect(issued.actions.slice(0, 2)).toEqual(['downloadItinerary', 'downloadTicket']);
    expect(issued.actions).toContain('requestRefund');
    const carrierPrefix = issued.passengers[0].ticketNumber.slice(0, 3);
    expect(issued.passengers[0].ticketNumber).toMatch(/^\d{13}$/);
    expect(issued.events.map((e: any) => e.event)).toEqual(['booked', 'pay', 'issue']);
    const after = await balances();
    expect(after.cash).toBe(before.cash - order.total);
    expect(after.held).toBe(before.held);
    const [hold] = await t.db.select().from(ledgerHolds).where(eq(ledgerHolds.referenceId, order.id));
    expect(hold.status).toBe('captured');
    // The wallet shows the purchase as origin-flight with the order and its invoice type.
    const entries = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: agency, query: { type: 'origin-flight' } });
    const entry = entries.data.items.find((e: any) => e.orderId === order.id);
    expect(entry).toMatchObject({ type: 'origin-flight', amount: -order.total });
    // All Transactions lists the payment against the order.
    const txs = await call(t.app, 'GET', '/base/v2/transactions', { token: agency, query: { pageSize: 100 } });
    expect(txs.data.items.filter((x: any) => x.originId === order.id)).toMatchObject([{ kind: 'payment', method: 'balance', gross: order.total, status: 'succeeded' }]);
    // The contact gets the e-ticket mail (outbox).
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, CONTACT.email));
    expect(mails.some((m) => m.text.includes(order.bookingNumber) && m.text.includes(`${carrierPrefix}-`))).toBe(true);
    // A second run of the step finds nothing to do and never captures twice.
    await step(t, order.id);
    expect((await balances()).cash).toBe(after.cash);
  });

  it('refuses a balance payment beyond the cash, but credit covers it', async () => {
    const otherId = await companyIdOf(t, 'A00002');
    await setCommonConfig(t, 'A00002', { enableFlightService: true });
    const { order } = await bookedOrder(other);
    const refused = await pay(t.app, other, order.id, 'balance');
    expect(refused.status).toBe(402);
    expect(refused.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(refused.message).toBe('Insufficient account balance');
    expect((await detail(t.app, other, order.id)).data.status).toBe('to_be_paid');
    expect(await ledger.setCreditLimit(t.db, otherId, 'CNY', order.total * 2)).toEqual({ ok: true });
    expect((await pay(t.app, other, order.id, 'balance')).code).toBe(Code.INSUFFICIENT_BALANCE);
    const byCredit = await pay(t.app, other, order.id, 'credit');
    expect(byCredit.code).toBe(0);
    expect((await ledger.balances(t.db, otherId, 'CNY')).usedCredit).toBe(order.total);
  });

  it('fails and reimburses when ticketing fails', async () => {
    const { order } = await bookedOrder();
    const before = await balances();
    expect((await pay(t.app, operator, order.id, 'credit')).code).toBe(0);
    await setFaults(t.db, 'sim-gds', { ticketFail: true });
    expect(await step(t, order.id)).toBe('done');
    const failed = (await detail(t.app, operator, order.id)).data;
    expect(failed.status).toBe('failed_reimbursed');
    expect(failed.events.map((e: any) => e.to)).toEqual(['to_be_paid', 'proceeding', 'failed', 'failed_reimbursing', 'failed_reimbursed']);
    expect(await balances()).toEqual(before);
    const txs = await call(t.app, 'GET', '/base/v2/transactions', { token: agency, query: { pageSize: 100 } });
    expect(txs.data.items.filter((x: any) => x.originId === order.id).map((x: any) => [x.kind, x.method, x.gross]).sort()).toEqual([
      ['payment', 'credit', order.total],
      ['refund', 'credit', order.total],
    ]);
  });

  it('finishes an order whose ticketing answer was lost, exactly once', async () => {
    const { order } = await bookedOrder();
    const before = await balances();
    expect((await pay(t.app, operator, order.id, 'balance')).code).toBe(0);
    await setFaults(t.db, 'sim-gds', { ticketTimeout: true });
    expect(await step(t, order.id)).toBe('later');
    const inDoubt = await orderRow(order.id);
    expect(inDoubt.status).toBe('proceeding');
    expect(inDoubt.inDoubt).toBe(true);
    await setFaults(t.db, 'sim-gds', { ticketTimeout: false });
    expect(await step(t, order.id)).toBe('done');
    const issued = (await detail(t.app, operator, order.id)).data;
    expect(issued.status).toBe('issued');
    const [sb] = await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, order.id));
    expect((sb.tickets as { ticketNumber: string }[]).map((x) => x.ticketNumber)).toEqual(issued.passengers.map((p: any) => p.ticketNumber));
    expect((await balances()).cash).toBe(before.cash - order.total);
  });
});

describe('closing', () => {
  it('cancels an unpaid booking and releases it at the supplier; a second cancel is refused', async () => {
    const { order } = await bookedOrder();
    const res = await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token: operator });
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('canceled');
    const [sb] = await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, order.id));
    expect(sb.status).toBe('cancelled');
    const again = await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token: operator });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/canceled/);
  });

  it('closes an unpaid order past its deadline', async () => {
    const { order } = await bookedOrder();
    await t.db.update(flightOrders).set({ paymentDeadline: new Date(Date.now() - 1000), nextActionAt: new Date(Date.now() - 1000) }).where(eq(flightOrders.id, order.id));
    expect(await step(t, order.id)).toBe('done');
    const closed = (await detail(t.app, operator, order.id)).data;
    expect(closed.status).toBe('closed');
    expect(closed.events.at(-1)).toMatchObject({ event: 'expire', actor: { kind: 'system' } });
    const [sb] = await t.db.select().from(supplierBookings).where(eq(supplierBookings.clientReference, order.id));
    expect(sb.status).toBe('cancelled');
    expect((await pay(t.app, operator, order.id, 'balance')).code).toBe(Code.ORDER_STATE);
  });
});

describe('following orders', () => {
  it('lists, filters, counts and shows the travel view within the agency only', async () => {
    const { order } = await bookedOrder(operator, { people: [adult('LISTTEST', 'ONE')] });
    const list = (q: Record<string, string>, token = operator) => call(t.app, 'GET', ORDERS, { token, query: q });
    expect((await list({ bookingNumber: order.bookingNumber })).data.items.map((i: any) => i.id)).toEqual([order.id]);
    expect((await list({ pnr: order.recordLocator.toLowerCase() })).data.items.map((i: any) => i.id)).toEqual([order.id]);
    const byNameRes = await list({ passengerName: 'listtest/one' });
    expect(byNameRes.code, byNameRes.message).toBe(0);
    const byName = byNameRes.data;
    expect(byName.items.map((i: any) => i.id)).toEqual([order.id]);
    expect(byName.items[0].route).toMatch(/^PEK-(SHA|PVG)$/);
    expect(byName.items[0]).toMatchObject({ passengers: ['LISTTEST/ONE'], status: 'to_be_paid', paymentStatus: 'unpaid' });
    const fn = byName.items[0].flightNumbers[0];
    expect((await list({ flightNumber: fn, passengerName: 'LISTTEST' })).data.total).toBe(1);
    expect((await list({ status: 'issued', passengerName: 'LISTTEST' })).data.total).toBe(0);
    expect((await list({ type: 'refund', passengerName: 'LISTTEST' })).data.total).toBe(0);
    expect((await list({ paymentStatus: 'unpaid', passengerName: 'LISTTEST' })).data.total).toBe(1);
    const bad = await list({ status: 'nonsense' });
    expect(bad.status).toBe(400);

    const counts = await call(t.app, 'GET', `${ORDERS}/status`, { token: operator, query: { status: 'to_be_paid,issued' } });
    expect(counts.code).toBe(0);
    expect(counts.data.every((c: any) => ['to_be_paid', 'issued'].includes(c.status))).toBe(true);
    const all = (await list({ pageSize: '100', status: 'to_be_paid' })).data.total;
    expect(counts.data.find((c: any) => c.status === 'to_be_paid').cnt).toBe(all);

    const voyage = await call(t.app, 'GET', `${ORDERS}/voyage`, { token: operator, query: { passengerName: 'LISTTEST' } });
    expect(voyage.data.items).toHaveLength(1);
    expect(voyage.data.items[0]).toMatchObject({ orderId: order.id, passenger: 'LISTTEST/ONE', flightNumber: fn, origin: 'PEK' });

    // Another agency sees none of it.
    expect((await list({ passengerName: 'LISTTEST' }, other)).data.total).toBe(0);
    const foreign = await detail(t.app, other, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Booking does not exist');
    expect((await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token: other })).status).toBe(404);
    expect((await pay(t.app, other, order.id, 'balance')).status).toBe(404);
    expect((await call(t.app, 'GET', `${ORDERS}/${randomUUID()}`, { token: operator })).status).toBe(404);
  });

  it('limits users to their own orders when the agency says so', async () => {
    const { order } = await bookedOrder(agency, { people: [adult('OWNTEST', 'BOSS')] });
    await setCommonConfig(t, 'A00001', { onlyOwnOrders: true });
    try {
      expect((await call(t.app, 'GET', ORDERS, { token: operator, query: { passengerName: 'OWNTEST' } })).data.total).toBe(0);
      expect((await detail(t.app, operator, order.id)).status).toBe(404);
      // A SuperUser still sees every order of the agency.
      expect((await call(t.app, 'GET', ORDERS, { token: agency, query: { passengerName: 'OWNTEST' } })).data.total).toBe(1);
    } finally {
      await setCommonConfig(t, 'A00001', { onlyOwnOrders: false });
    }
  });

  it('keeps the desk to platform staff and its own agencies', async () => {
    const desk = await call(t.app, 'GET', '/order/v2/flight/desk/orders', { token: admin, query: { view: 'needsPerson' } });
    expect(desk.code).toBe(0);
    expect((await call(t.app, 'GET', '/order/v2/flight/desk/orders', { token: operator })).status).toBe(403);
    const { order } = await bookedOrder();
    expect((await call(t.app, 'POST', `/order/v2/flight/desk/orders/${order.id}/approve`, { token: operator, body: {} })).status).toBe(403);
    // The desk reads the agency's order, with costs, but cannot pay it.
    const seen = await detail(t.app, admin, order.id);
    expect(seen.code).toBe(0);
    expect(seen.data.costTotal).toBeGreaterThan(0);
    expect(seen.data.supplier).toBe('sim-gds');
    expect((await pay(t.app, admin, order.id, 'balance')).status).toBe(403);
  });
});

describe('paying through a channel', () => {
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const payer = (redirectUrl: string) =>
    t.app.inject({ method: 'POST', url: pathOf(redirectUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay&lang=en' });

  it('pays the order when the channel confirms, and keeps money that arrives too late in the wallet', async () => {
    const { order } = await bookedOrder();
    const started = await pay(t.app, operator, order.id, 'alipay');
    expect(started.code, started.message).toBe(0);
    expect(started.data.redirectUrl).toMatch(/\/sandbox\/alipay\/pay\//);
    expect(started.data.status).toBe('to_be_paid');
    const before = await balances();
    expect((await payer(started.data.redirectUrl)).statusCode).toBeLessThan(400);
    // The sandbox delivers its signed callback (in-process transport); the order is paid from the credited wallet.
    for (let i = 0; i < 50 && (await orderRow(order.id)).status === 'to_be_paid'; i++) await new Promise((r) => setTimeout(r, 50));
    const paid = await orderRow(order.id);
    expect(paid.status).toBe('proceeding');
    expect(paid.paymentMethod).toBe('alipay');
    expect(paid.transactionFee).toBeGreaterThan(0);
    expect((await balances()).cash).toBe(before.cash);

    const { order: late } = await bookedOrder();
    const lateStart = await pay(t.app, operator, late.id, 'alipay');
    await call(t.app, 'DELETE', `${ORDERS}/${late.id}`, { token: operator });
    const cashBefore = (await balances()).cash;
    await payer(lateStart.data.redirectUrl);
    for (let i = 0; i < 50 && (await balances()).cash === cashBefore; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await balances()).cash).toBe(cashBefore + late.total);
    expect((await orderRow(late.id)).status).toBe('canceled');
  });
});

describe('a disabled payment setting', () => {
  it('refuses every method', async () => {
    const { order } = await bookedOrder();
    await setCommonConfig(t, 'A00001', { disablePayment: true });
    try {
      const res = await pay(t.app, operator, order.id, 'balance');
      expect(res.status).toBe(403);
      expect(res.message).toBe('Payment is disabled for this agency');
    } finally {
      await setCommonConfig(t, 'A00001', { disablePayment: false });
    }
  });
});
