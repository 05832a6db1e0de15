import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TRAIN_ORDER_STATUSES,
  TrainOrder,
  TrainOrderListAnswer,
  TrainRefundAnswer,
  TrainRefundQuote,
  type TrainPassengerInput,
  type TrainSearchAnswer,
  type TrainService,
} from '@portal/contract/api/trains';
import { GIRL, SMITH, TRAIN_CONTACT as CONTACT, ZHANG } from '@portal/contract/passengers/train.fixture';
import { companies, ledgerMovements, railBookings, trainOrders, webhookDeliveries } from '../src/db/schema/index.ts';
import { orderIdFor } from '../src/modules/train-orders/book.usecase.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { HEALTHY, setRailFaults } from '../src/suppliers/rail/faults.ts';
import { sweepTrainOrders } from '../src/modules/train-orders/train.jobs.ts';
import { call, createTestApp, loginAll, type TestApp } from './helpers/app.ts';
import { extractPdfText } from './helpers/pdf-text.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf, secondAgencyAdmin } from './helpers/tenants.ts';
import { chinaDate, setDepartureIn } from './helpers/trains.ts';

const ORDERS = '/order/v2/train/orders';

let t: TestApp;
let operator: string;
let agency: string;
let finance: string;
let other: string;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, finance, other, admin] = await loginAll(t.app, ['operator', 'agency', 'finance', 'other', 'admin']);
  agencyId = await companyIdOf(t, 'A00001');
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 10_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
afterEach(async () => {
  await setRailFaults(t.db, 'sim-rail', HEALTHY);
  await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: false } }).where(eq(companies.id, agencyId));
  await setCommonConfig(t, 'A00001', { enableTrainService: true, onlyOwnOrders: false });
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const cash = async () => (await ledger.balances(t.db, agencyId, 'CNY')).cash;
const departsIn = (orderId: string, ms: number) => setDepartureIn(t.db, orderId, ms);
/** A booking's Idempotency-Key header as the server stores it (scoped to the agency and the route). */
const bookingKey = (key: string) => `${agencyId}:train-book:${key}`;
const ordersUnderKey = (key: string) => t.db.select().from(trainOrders).where(eq(trainOrders.idempotencyKey, bookingKey(key)));
/** The railway's holds made for a booking under this Idempotency-Key (its client reference is the order id drawn from the key). */
const railHoldStatuses = async (key: string) =>
  (await t.db.select({ status: railBookings.status }).from(railBookings).where(eq(railBookings.clientReference, orderIdFor(agencyId, bookingKey(key))))).map((r) => r.status);

/** A G train from Beijing to Shanghai `days` ahead, with its second-class offer. */
async function findTrain(days = 10, seatClass = 'second'): Promise<{ service: TrainService; price: number; childPrice: number }> {
  const res = await call<TrainSearchAnswer>(t.app, 'POST', '/shopping/v2/train/search', { token: operator, body: { from: 'BJS', to: 'SHA', date: chinaDate(days), filters: { trainTypes: ['G'] } } });
  expect(res.code).toBe(0);
  const service = res.data.services.find((s) => s.classes.some((c) => c.seatClass === seatClass && c.available !== 0))!;
  const offer = service.classes.find((c) => c.seatClass === seatClass)!;
  return { service, price: offer.price, childPrice: offer.childPrice };
}

function book(token: string, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return call<TrainOrder>(t.app, 'POST', ORDERS, { token, body, headers: key ? { 'idempotency-key': key } : {} });
}

async function bookBody(o: { passengers?: TrainPassengerInput[]; days?: number; seatClass?: string; extra?: Record<string, unknown> } = {}) {
  const passengers = o.passengers ?? [ZHANG];
  const seatClass = o.seatClass ?? 'second';
  const { service, price, childPrice } = await findTrain(o.days, seatClass);
  const total = passengers.reduce((s, p) => s + (p.ticketType === 'child' ? childPrice : price), 0);
  return {
    body: { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass, passengers, contact: CONTACT, acceptedTotal: total, ...o.extra },
    service,
    total,
  };
}

const pay = (id: string, method = 'balance', key: string = randomUUID(), token = operator) =>
  call(t.app, 'POST', `${ORDERS}/${id}/payment`, { token, body: { method }, headers: { 'idempotency-key': key } });
const detail = (id: string, token = operator) => call<TrainOrder>(t.app, 'GET', `${ORDERS}/${id}`, { token });

async function issued(passengers?: TrainPassengerInput[], days = 10, seatClass = 'second'): Promise<TrainOrder> {
  const { body } = await bookBody({ passengers, days, seatClass });
  const booked = await book(operator, body);
  expect(booked.code, booked.message).toBe(0);
  const paid = await pay(booked.data.id);
  expect(paid.data.status).toBe('issued');
  return (await detail(booked.data.id)).data;
}

describe('booking POST /order/v2/train/orders', () => {
  it('holds the seats for an adult and a child, answers to_be_paid with the hold deadline, and replays the same key', async () => {
    const { body, total, service } = await bookBody({ passengers: [ZHANG, GIRL] });
    const key = randomUUID();
    const res = await book(operator, body, key);
    expect(res.status).toBe(200);
    expect(res.message).toBe('Seats held: please pay before the deadline');
    const order = TrainOrder.parse(res.data);
    expect(order).toMatchObject({ status: 'to_be_paid', paymentStatus: 'unpaid', trainNumber: service.trainNumber, seatClass: 'second', total, currency: 'CNY', actions: ['pay', 'cancel'] });
    expect(order.orderNumber).toMatch(/^T\d{10}$/);
    expect(order.supplierOrderNumber).toMatch(/^E\d{9}$/);
    expect(new Date(order.paymentDeadline!).getTime()).toBeGreaterThan(Date.now());
    expect(order.passengers.map((p) => [p.name, p.ticketType, p.ticketStatus])).toEqual([
      ['张三', 'adult', 'held'],
      ['张小红', 'child', 'held'],
    ]);
    expect(order.passengers[0].document.number).toBe('**************0019');
    expect(order.passengers[0].seat?.car).toMatch(/^\d{2}$/);
    expect(order.passengers[1].price).toBeLessThan(order.passengers[0].price);
    expect(order.events.map((e) => e.event)).toEqual(['book']);

    const again = await book(operator, body, key);
    expect(again.data.id).toBe(order.id);
    const conflict = await book(operator, { ...body, remark: 'other' }, key);
    expect(conflict.status).toBe(409);
  });

  it('takes seat letters on EMU seats only, and books a foreigner on a passport', async () => {
    const { body } = await bookBody({ passengers: [SMITH, ZHANG], extra: { seatPreferences: ['A', 'F'] } });
    const res = await book(operator, body);
    expect(res.code, res.message).toBe(0);
    expect(res.data.passengers.map((p) => [p.name, p.seatPreference])).toEqual([
      ['SMITH JOHN', 'A'],
      ['张三', 'F'],
    ]);
    const berth = await book(operator, { ...body, berth: 'lower' });
    expect(berth.status).toBe(400);
    expect((berth.data as unknown as { fields: Record<string, string> }).fields.berth).toBeTruthy();
  });

  it('refuses passengers against the rules with field messages, before holding anything', async () => {
    const { body } = await bookBody();
    const none = await book(operator, { ...body, passengers: [] });
    expect(none.status).toBe(400);
    const six = await book(operator, { ...body, passengers: [ZHANG, SMITH, ZHANG, SMITH, ZHANG, SMITH] });
    expect(six.status).toBe(400);
    const passport = await book(operator, { ...body, passengers: [{ ...ZHANG, surname: 'Zhang', given_names: 'San', travel_document: { type: 'chinese-passport', number: 'E12345678', expiryDate: '2035-01-01' } }] });
    expect(passport.status).toBe(400);
    expect((passport.data as unknown as { fields: Record<string, string> }).fields['passengers.0.travel_document.type']).toBe('Chinese citizens travel with their resident ID card');
    const childAsAdult = await book(operator, { ...body, passengers: [ZHANG, { ...GIRL, ticketType: 'adult' }] });
    expect(childAsAdult.status).toBe(400);
    expect((childAsAdult.data as unknown as { fields: Record<string, string> }).fields['passengers.1.ticketType']).toMatch(/child ticket is needed/);
    const alone = await book(operator, { ...body, passengers: [GIRL] });
    expect(alone.status).toBe(400);
    const noKey = await book(operator, body, null);
    expect(noKey.status).toBe(400);
  });

  it('books nothing above the accepted total (PRICE_CHANGED with both totals) and releases the hold', async () => {
    const { body, total } = await bookBody();
    const key = randomUUID();
    const res = await book(operator, { ...body, acceptedTotal: total - 1 }, key);
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ previousTotal: total - 1, newTotal: total, currency: 'CNY' });
    expect(await ordersUnderKey(key)).toEqual([]);
    // The railway's hold for this key was given back at once, not left to lapse.
    expect(await railHoldStatuses(key)).toEqual(['cancelled']);
    // The same key cannot book on the released hold, even with the new total accepted; a new key books.
    const sameKey = await book(operator, body, key);
    expect(sameKey.status).toBe(409);
    expect(sameKey.message).toBe('This Idempotency-Key was already used for a different request');
    expect(await ordersUnderKey(key)).toEqual([]);
    const fresh = await book(operator, body);
    expect(fresh.code, fresh.message).toBe(0);
    expect(fresh.data).toMatchObject({ status: 'to_be_paid', total });
  });

  it('answers a railway that does not answer the hold as a supplier error; the same key then gets that one hold', async () => {
    const { body } = await bookBody();
    const key = randomUUID();
    process.env.TRAIN_SUPPLIER_BUDGET_MS = '300';
    try {
      await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, bookTimeout: true });
      const lost = await book(operator, body, key);
      expect(lost.status).toBe(502);
      expect(lost.message).toBe('The railway did not answer: please try again');
    } finally {
      delete process.env.TRAIN_SUPPLIER_BUDGET_MS;
    }
    expect(await ordersUnderKey(key)).toEqual([]);
    await setRailFaults(t.db, 'sim-rail', HEALTHY);
    const retried = await book(operator, body, key);
    expect(retried.code, retried.message).toBe(0);
    expect(retried.data.status).toBe('to_be_paid');
    expect((await ordersUnderKey(key)).map((o) => o.id)).toEqual([retried.data.id]);
    // The railway held the seats once (the lost answer's hold), never a second time for the retry.
    expect(await railHoldStatuses(key)).toEqual(['held']);
  });

  it('answers a railway failure as a supplier error and sold out as such', async () => {
    const { body } = await bookBody();
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, fail: true });
    expect((await book(operator, body)).status).toBe(502);
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, soldOut: true });
    const sold = await book(operator, body);
    expect(sold.message).toBe('No seats left in this class');
  });
});

describe('payment and ticketing', () => {
  it('pays from the balance, issues at once with car and seat, captures origin-train, and never charges twice', async () => {
    const { body, total } = await bookBody({ passengers: [ZHANG, SMITH] });
    const booked = (await book(operator, body)).data;
    const before = await cash();
    const key = randomUUID();
    const paid = await pay(booked.id, 'balance', key);
    expect(paid.code, paid.message).toBe(0);
    expect(paid.message).toBe('Tickets issued');
    expect(paid.data).toMatchObject({ status: 'issued', paymentStatus: 'paid' });
    expect(await cash()).toBe(before - total);
    expect((await pay(booked.id, 'balance', key)).data.status).toBe('issued');
    expect((await pay(booked.id, 'balance', randomUUID())).status).toBe(409);
    expect(await cash()).toBe(before - total);

    const order = (await detail(booked.id)).data;
    expect(order.status).toBe('issued');
    expect(order.issuedAt).not.toBeNull();
    expect(order.actions).toEqual(['downloadTicket', 'refund', 'change']);
    for (const p of order.passengers) {
      expect(p.ticketStatus).toBe('issued');
      expect(p.ticketNumber).toBeTruthy();
      expect(p.seat?.car).toMatch(/^\d{2}$/);
    }
    expect(order.events.map((e) => [e.event, e.to])).toEqual([
      ['book', 'to_be_paid'],
      ['pay', 'ticketing'],
      ['issue', 'issued'],
    ]);
    const moves = await t.db.select({ reason: ledgerMovements.reason }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'train-order'), eq(ledgerMovements.referenceId, order.id)));
    expect(moves.map((m) => m.reason)).toContain('origin-train');
  });

  it('refuses insufficient funds, a method the trains do not take, and a passed deadline', async () => {
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    // PayPal takes no CNY, and trains are sold in CNY only (channels that do: train-channel-payments.int.test.ts).
    const channel = await pay(booked.id, 'paypal');
    expect(channel.status).toBe(403);
    expect(channel.message).toBe('This payment method is not available to your agency');
    // Another agency with no money: its operator books and cannot pay.
    const otherBooked = (await book(other, body)).data;
    const poor = await pay(otherBooked.id, 'balance', randomUUID(), other);
    expect(poor.message).toBe('Insufficient account balance');
    expect((await detail(otherBooked.id, other)).data.status).toBe('to_be_paid');
  });

  it('fails the order and releases the hold when the railway refuses to issue', async () => {
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, ticketFail: true });
    const paid = await pay(booked.id);
    expect(paid.data.status).toBe('failed');
    expect(paid.message).toBe('The railway did not issue the tickets; the payment was released');
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.cash).toBe(before.cash);
    expect(after.held).toBe(before.held);
    const order = (await detail(booked.id)).data;
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.actions).toEqual([]);
  });

  it("routes a paid order to the operations desk under the agency's manual train config; the desk issues it", async () => {
    await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: true } }).where(eq(companies.id, agencyId));
    const { body, total } = await bookBody();
    const booked = (await book(operator, body)).data;
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    const paid = await pay(booked.id);
    expect(paid.data.status).toBe('manual_ticketing');
    expect(paid.message).toBe('Paid: the operations desk issues the tickets');
    expect((await ledger.balances(t.db, agencyId, 'CNY')).held).toBe(before.held + total);
    // The agency cannot issue it itself; the platform's desk can.
    expect((await call(t.app, 'POST', `/order/v2/train/desk/orders/${booked.id}/issue`, { token: agency, body: {} })).status).toBe(403);
    const issuedByDesk = await call<TrainOrder>(t.app, 'POST', `/order/v2/train/desk/orders/${booked.id}/issue`, { token: admin, body: {} });
    expect(issuedByDesk.code, issuedByDesk.message).toBe(0);
    expect(issuedByDesk.data.status).toBe('issued');
    expect(issuedByDesk.data.actions).toEqual([]);
    expect((await ledger.balances(t.db, agencyId, 'CNY')).cash).toBe(before.cash - total);
  });

  it('lets the desk give up a manual order (mark-failed): the hold is released, the seats go back, nothing is charged', async () => {
    await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: true } }).where(eq(companies.id, agencyId));
    const { body } = await bookBody();
    const key = randomUUID();
    const booked = (await book(operator, body, key)).data;
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    expect((await pay(booked.id)).data.status).toBe('manual_ticketing');
    expect((await call(t.app, 'POST', `/order/v2/train/desk/orders/${booked.id}/mark-failed`, { token: agency, body: {} })).status).toBe(403);
    const failed = await call<TrainOrder>(t.app, 'POST', `/order/v2/train/desk/orders/${booked.id}/mark-failed`, { token: admin, body: { remark: 'no seats at the window' } });
    expect(failed.code, failed.message).toBe(0);
    expect(failed.data).toMatchObject({ status: 'failed', paymentStatus: 'unpaid' });
    expect(failed.data.events.at(-1)).toMatchObject({ event: 'mark_failed', from: 'manual_ticketing', to: 'failed', actor: { kind: 'platform' }, remark: 'no seats at the window' });
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.cash).toBe(before.cash);
    expect(after.held).toBe(before.held);
    expect(await railHoldStatuses(key)).toEqual(['cancelled']);
    // A failed order is final: the desk cannot issue it afterwards.
    expect((await call(t.app, 'POST', `/order/v2/train/desk/orders/${booked.id}/issue`, { token: admin, body: {} })).status).toBe(409);
  });

  it('queues a webhook to the train notificationUrl on every status change', async () => {
    await t.db.update(companies).set({ trainConfig: { notificationUrl: 'https://hooks.agency.example/train', manual: false } }).where(eq(companies.id, agencyId));
    const order = await issued();
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, order.id));
    const events = rows.map((r) => (r.payload as { data: { event: string; status: string } }).data).map((d) => `${d.event}:${d.status}`);
    expect(events.sort()).toEqual(['book:to_be_paid', 'issue:issued', 'pay:ticketing'].sort());
    expect(rows.every((r) => r.url === 'https://hooks.agency.example/train' && r.event === 'train_order.status_changed')).toBe(true);
  });
});

describe('the train orders sweep (expire, retry ticketing)', () => {
  const deps = () => ({ db: t.db, railSuppliers: t.app.deps.railSuppliers });

  it('cancels an unpaid order whose hold lapsed (expire), and it can no longer be paid', async () => {
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    await t.db.update(trainOrders).set({ paymentDeadline: new Date(Date.now() - 1000) }).where(eq(trainOrders.id, booked.id));
    expect((await pay(booked.id)).message).toMatch(/deadline/i);
    const run = await sweepTrainOrders(deps(), new Date());
    expect(run.expired).toBeGreaterThanOrEqual(1);
    const order = (await detail(booked.id)).data;
    expect(order.status).toBe('canceled');
    expect(order.events.at(-1)).toMatchObject({ event: 'expire', from: 'to_be_paid', to: 'canceled', actor: { kind: 'system' } });
  });

  it('keeps an order ticketing when the railway does not answer, and the sweep issues it once it does', async () => {
    const { body, total } = await bookBody();
    const booked = (await book(operator, body)).data;
    const before = await cash();
    process.env.TRAIN_SUPPLIER_BUDGET_MS = '300';
    try {
      await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, ticketTimeout: true });
      const paid = await pay(booked.id);
      expect(paid.data.status).toBe('ticketing');
      expect(paid.message).toBe('Paid: the tickets are being issued');
    } finally {
      delete process.env.TRAIN_SUPPLIER_BUDGET_MS;
    }
    const waiting = (await detail(booked.id)).data;
    expect(waiting.events.map((e) => e.event)).toEqual(['book', 'pay', 'retry_ticketing']);
    expect(waiting.actions).toEqual([]);
    await setRailFaults(t.db, 'sim-rail', HEALTHY);
    // Not before a minute has passed since the last attempt.
    expect((await sweepTrainOrders(deps(), new Date())).retried).toBe(0);
    await sweepTrainOrders(deps(), new Date(Date.now() + 120_000));
    const order = (await detail(booked.id)).data;
    expect(order.status).toBe('issued');
    expect(await cash()).toBe(before - total);
  });
});

describe('cancel DELETE /order/v2/train/orders/{id}', () => {
  it('cancels an unpaid order and releases its seats; an issued order cannot be canceled', async () => {
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    const res = await call<TrainOrder>(t.app, 'DELETE', `${ORDERS}/${booked.id}`, { token: operator });
    expect(res.code, res.message).toBe(0);
    expect(res.data.status).toBe('canceled');
    expect(res.data.passengers[0].ticketStatus).toBe('canceled');
    expect((await pay(booked.id)).status).toBe(409);
    const order = await issued();
    expect((await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token: operator })).status).toBe(409);
  });

  it('changes nothing when the railway does not answer the cancel; the agent can try again', async () => {
    const { body } = await bookBody();
    const key = randomUUID();
    const booked = (await book(operator, body, key)).data;
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, fail: true });
    const res = await call(t.app, 'DELETE', `${ORDERS}/${booked.id}`, { token: operator });
    expect(res.status).toBe(502);
    expect(res.message).toBe('The railway did not answer: please try again');
    expect((await detail(booked.id)).data).toMatchObject({ status: 'to_be_paid', actions: ['pay', 'cancel'] });
    expect(await railHoldStatuses(key)).toEqual(['held']);
    await setRailFaults(t.db, 'sim-rail', HEALTHY);
    expect((await call<TrainOrder>(t.app, 'DELETE', `${ORDERS}/${booked.id}`, { token: operator })).data.status).toBe('canceled');
    expect(await railHoldStatuses(key)).toEqual(['cancelled']);
  });
});

describe('refund', () => {
  it('quotes and refunds one ticket then the other at the 12306 tiers, money back as refund-train, once per key', async () => {
    // 10 days ahead: free; the whole fare comes back.
    const order = await issued([ZHANG, SMITH], 10);
    const [a, b] = order.passengers;
    const quote = await call<TrainRefundQuote>(t.app, 'POST', `${ORDERS}/${order.id}/refund-quote`, { token: operator, body: { passengerIds: [a.id] } });
    expect(quote.code, quote.message).toBe(0);
    expect(TrainRefundQuote.parse(quote.data)).toMatchObject({ tier: 'free', feePercent: 0, totalFare: a.price, totalFee: 0, totalRefund: a.price });
    const before = await cash();
    const key = randomUUID();
    const res = await call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [a.id] }, headers: { 'idempotency-key': key } });
    expect(res.code, res.message).toBe(0);
    expect(res.data.order.status).toBe('partially_refunded');
    expect(res.data.order.passengers.map((p) => p.ticketStatus)).toEqual(['refunded', 'issued']);
    expect(await cash()).toBe(before + a.price);
    const replay = await call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [a.id] }, headers: { 'idempotency-key': key } });
    expect(replay.code).toBe(0);
    expect(await cash()).toBe(before + a.price);
    const twice = await call(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [a.id] }, headers: { 'idempotency-key': randomUUID() } });
    expect(twice.status).toBe(409);
    const last = await call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [b.id] }, headers: { 'idempotency-key': randomUUID() } });
    expect(last.data.order.status).toBe('refunded');
    expect(last.data.order.refundedTotal).toBe(a.price + b.price);
    expect(last.data.order.actions).toEqual([]);
    expect(await cash()).toBe(before + a.price + b.price);
    const moves = await t.db.select({ reason: ledgerMovements.reason }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'train-order'), eq(ledgerMovements.referenceId, order.id)));
    expect(moves.filter((m) => m.reason === 'refund-train')).toHaveLength(2);
  });

  it('keeps 5% (rounded to 0.5 CNY) three days ahead, as the quote said', async () => {
    const order = await issued([ZHANG], 3);
    const p = order.passengers[0];
    const quote = (await call<TrainRefundQuote>(t.app, 'POST', `${ORDERS}/${order.id}/refund-quote`, { token: operator, body: { passengerIds: [p.id] } })).data;
    expect(quote.tier).toBe('days2to8');
    expect(quote.totalFee).toBe(Math.floor((p.price * 5 + 2500) / 5000) * 50);
    const before = await cash();
    const res = await call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [p.id] }, headers: { 'idempotency-key': randomUUID() } });
    expect(res.data.quote.totalFee).toBe(quote.totalFee);
    expect(res.data.order.refundFeeTotal).toBe(quote.totalFee);
    expect(await cash()).toBe(before + p.price - quote.totalFee);
  });

  it('refuses a refund of an unpaid order and an unknown passenger', async () => {
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    expect((await call(t.app, 'POST', `${ORDERS}/${booked.id}/refund-quote`, { token: operator, body: { passengerIds: [booked.passengers[0].id] } })).status).toBe(409);
    const order = await issued();
    expect((await call(t.app, 'POST', `${ORDERS}/${order.id}/refund-quote`, { token: operator, body: { passengerIds: ['nobody'] } })).status).toBe(400);
  });

  it('refuses a refund once the train has left: no refund action, the quote and the refund answer train.order.refund.departed', async () => {
    const order = await issued();
    await departsIn(order.id, -60 * 60_000);
    const after = (await detail(order.id)).data;
    expect(after.actions).toEqual(['downloadTicket']);
    const body = { passengerIds: [order.passengers[0].id] };
    const before = await cash();
    const quote = await call(t.app, 'POST', `${ORDERS}/${order.id}/refund-quote`, { token: operator, body });
    expect(quote.status).toBe(409);
    expect(quote.message).toBe('The train has left: its tickets can no longer be refunded');
    const refund = await call(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body, headers: { 'idempotency-key': randomUUID() } });
    expect(refund.status).toBe(409);
    expect(refund.message).toBe('The train has left: its tickets can no longer be refunded');
    expect(await cash()).toBe(before);
    expect((await detail(order.id)).data.passengers[0].ticketStatus).toBe('issued');
  });

  it('keeps the ticket and the money when the railway does not refund (supplier error)', async () => {
    const order = await issued();
    const before = await cash();
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, fail: true });
    const res = await call(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [order.passengers[0].id] }, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(502);
    expect(res.message).toBe('The railway did not answer: please try again');
    expect(await cash()).toBe(before);
    const after = (await detail(order.id)).data;
    expect(after).toMatchObject({ status: 'issued', refundedTotal: 0 });
    expect(after.passengers[0].ticketStatus).toBe('issued');
  });
});

describe('change POST /order/v2/train/orders/{id}/change', () => {
  const change = (id: string, body: Record<string, unknown>, key: string = randomUUID(), token = operator) =>
    call(t.app, 'POST', `${ORDERS}/${id}/change`, { token, body, headers: { 'idempotency-key': key } });

  it('changes one ticket to a dearer class a day later, paying the difference once (change-train); never twice per ticket', async () => {
    const order = await issued([ZHANG, SMITH], 5);
    expect(order.actions).toEqual(['downloadTicket', 'refund', 'change']);
    const [a, b] = order.passengers;
    const { service } = await findTrain(6, 'first');
    const first = service.classes.find((c) => c.seatClass === 'first')!;
    const body = { passengerIds: [a.id], serviceId: service.serviceId, from: service.from.code, to: service.to.code, seatClass: 'first', date: service.departureAt.slice(0, 10), acceptedDifference: 0 };
    const tooDear = await change(order.id, body);
    expect(tooDear.status).toBe(409);
    expect(tooDear.data).toEqual({ previousTotal: 0, newTotal: first.price - a.price, currency: 'CNY' });

    const before = await cash();
    const key = randomUUID();
    const res = await change(order.id, { ...body, acceptedDifference: first.price - a.price }, key);
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('Tickets changed');
    expect(res.data.lines).toEqual([{ passengerId: a.id, oldFare: a.price, newFare: first.price, difference: first.price - a.price, fee: 0 }]);
    expect(res.data.settled).toBe(first.price - a.price);
    expect(res.data.order.status).toBe('issued');
    const changed = res.data.order.passengers[0];
    expect(changed.ticketStatus).toBe('changed');
    expect(changed.change).toMatchObject({ trainNumber: service.trainNumber, seatClass: 'first' });
    expect(changed.change.seat.car).toMatch(/^\d{2}$/);
    expect(res.data.order.passengers[1].ticketStatus).toBe('issued');
    expect(await cash()).toBe(before - (first.price - a.price));
    // The same key answers the same change; another key for the same ticket is refused (one change per ticket).
    expect((await change(order.id, { ...body, acceptedDifference: first.price - a.price }, key)).data.settled).toBe(first.price - a.price);
    expect((await change(order.id, { ...body, acceptedDifference: first.price })).status).toBe(409);
    expect(await cash()).toBe(before - (first.price - a.price));
    const moves = await t.db.select({ reason: ledgerMovements.reason }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'train-order'), eq(ledgerMovements.referenceId, order.id)));
    expect(moves.filter((m) => m.reason === 'change-train')).toHaveLength(1);
    // Refunding the other ticket leaves the order partly refunded: the changed ticket is still valid.
    const refunded = await call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: operator, body: { passengerIds: [b.id] }, headers: { 'idempotency-key': randomUUID() } });
    expect(refunded.data.order.status).toBe('partially_refunded');
  });

  it('changes to a cheaper class two days ahead: the difference less the 5% fee comes back (refund-train)', async () => {
    const order = await issued([ZHANG], 3, 'first');
    const a = order.passengers[0];
    const { service, price } = await findTrain(3, 'second');
    const before = await cash();
    const res = await change(order.id, { passengerIds: [a.id], serviceId: service.serviceId, from: service.from.code, to: service.to.code, seatClass: 'second', date: service.departureAt.slice(0, 10), acceptedDifference: 0 });
    expect(res.code, res.message).toBe(0);
    const [line] = res.data.lines;
    expect(line.difference).toBe(price - a.price);
    expect(line.difference).toBeLessThan(0);
    // 12306 keeps its refund fee on the part refunded (5% two to eight days ahead, rounded to 0.5 CNY).
    expect(line.fee).toBe(Math.floor((-line.difference * 5 + 2500) / 5000) * 50);
    expect(await cash()).toBe(before - line.difference - line.fee);
    expect(res.data.settled).toBe(line.difference + line.fee);
    expect(res.data.order.refundedTotal).toBe(-line.difference - line.fee);
  });

  it('refuses a train on an earlier day, an unpaid order, and a reader without the operator role', async () => {
    const order = await issued([ZHANG], 5);
    const { service } = await findTrain(4);
    const body = { passengerIds: [order.passengers[0].id], serviceId: service.serviceId, from: service.from.code, to: service.to.code, seatClass: 'second', date: service.departureAt.slice(0, 10), acceptedDifference: 100_000 };
    const earlier = await change(order.id, body);
    expect(earlier.status).toBe(400);
    expect(earlier.message).toBe('A ticket can be changed to a train on the same day or a later day only');
    expect((await change(order.id, body, randomUUID(), finance)).status).toBe(403);
    const { body: bookingBody } = await bookBody();
    const unpaid = (await book(operator, bookingBody)).data;
    expect((await change(unpaid.id, { ...body, passengerIds: [unpaid.passengers[0].id] })).status).toBe(409);
  });
});

describe('change refusals', () => {
  const change = (id: string, body: Record<string, unknown>) => call(t.app, 'POST', `${ORDERS}/${id}/change`, { token: operator, body, headers: { 'idempotency-key': randomUUID() } });
  const changeBody = (order: TrainOrder, service: TrainService, seatClass: string, acceptedDifference: number) => ({
    passengerIds: [order.passengers[0].id],
    serviceId: service.serviceId,
    from: service.from.code,
    to: service.to.code,
    seatClass,
    date: service.departureAt.slice(0, 10),
    acceptedDifference,
  });

  it('closes changes 30 minutes before departure (refunds stay open until it leaves)', async () => {
    const order = await issued([ZHANG], 5);
    const { service } = await findTrain(6);
    await departsIn(order.id, 20 * 60_000);
    expect((await detail(order.id)).data.actions).toEqual(['downloadTicket', 'refund']);
    const res = await change(order.id, changeBody(order, service, 'second', 100_000));
    expect(res.status).toBe(409);
    expect(res.message).toBe("Passenger 1's ticket cannot be changed: one change per ticket, until 30 minutes before departure");
    expect((await detail(order.id)).data.passengers[0]).toMatchObject({ ticketStatus: 'issued', change: null });
  });

  it('gives back the difference it held when the railway fails the change, and the ticket stays as it was', async () => {
    const order = await issued([ZHANG], 5);
    const { service } = await findTrain(6, 'first');
    const first = service.classes.find((c) => c.seatClass === 'first')!;
    const owed = first.price - order.passengers[0].price;
    expect(owed).toBeGreaterThan(0);
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, bookFail: true });
    const res = await change(order.id, changeBody(order, service, 'first', owed));
    expect(res.status).toBe(502);
    expect(res.message).toBe('The railway did not answer: please try again');
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.cash).toBe(before.cash);
    expect(after.held).toBe(before.held);
    const unchanged = (await detail(order.id)).data;
    expect(unchanged.passengers[0]).toMatchObject({ ticketStatus: 'issued', change: null });
    expect(unchanged.total).toBe(order.total);
  });

  it('holds nothing when the wallet cannot pay the difference (insufficient balance)', async () => {
    const order = await issued([ZHANG], 5);
    const { service } = await findTrain(6, 'first');
    const owed = service.classes.find((c) => c.seatClass === 'first')!.price - order.passengers[0].price;
    const { cash: all } = await ledger.balances(t.db, agencyId, 'CNY');
    // Spend all but less than the difference, then ask for the dearer train.
    expect((await ledger.pay(t.db, agencyId, 'CNY', all - owed + 1, 'origin-train')).ok).toBe(true);
    try {
      const res = await change(order.id, changeBody(order, service, 'first', owed));
      expect(res.status).toBe(402);
      expect(res.message).toBe('Insufficient account balance');
      expect((await ledger.balances(t.db, agencyId, 'CNY')).held).toBe(0);
      expect((await detail(order.id)).data.passengers[0].ticketStatus).toBe('issued');
    } finally {
      expect((await ledger.topUp(t.db, agencyId, 'CNY', all)).ok).toBe(true);
    }
  });
});

describe('list, counts, detail, e-ticket', () => {
  it('lists with filters and counts per status; empty lists say No train bookings found', async () => {
    const order = await issued();
    const list = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token: finance, query: { orderNumber: order.orderNumber } });
    expect(list.code).toBe(0);
    expect(TrainOrderListAnswer.parse(list.data).items.map((i) => i.id)).toEqual([order.id]);
    expect(list.data.items[0]).toMatchObject({ status: 'issued', trainNumber: order.trainNumber, passengers: ['张三'] });
    const byName = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token: operator, query: { passengerName: '张三', status: 'issued', pageSize: 100 } });
    expect(byName.data.items.some((i) => i.id === order.id)).toBe(true);
    const byTrain = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token: operator, query: { trainNumber: 'Z9999' } });
    expect(byTrain.data).toMatchObject({ items: [], total: 0, notice: 'train.order.noOrders' });
    expect(byTrain.message).toBe('No train bookings found');
    const dates = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token: operator, query: { departureFrom: order.departureAt.slice(0, 10), departureTo: order.departureAt.slice(0, 10), pageSize: 100 } });
    expect(dates.data.items.every((i) => i.departureAt.startsWith(order.departureAt.slice(0, 10)))).toBe(true);
    expect(dates.data.items.some((i) => i.id === order.id)).toBe(true);

    const counts = await call<{ status: string; cnt: number }[]>(t.app, 'GET', `${ORDERS}/status`, { token: operator });
    expect(counts.code).toBe(0);
    const all = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token: operator, query: { pageSize: 100 } });
    expect(counts.data.reduce((s, c) => s + c.cnt, 0)).toBe(all.data.total);
    for (const c of counts.data) expect(TRAIN_ORDER_STATUSES).toContain(c.status);
    const issuedOnly = await call<{ status: string; cnt: number }[]>(t.app, 'GET', `${ORDERS}/status`, { token: operator, query: { status: 'issued' } });
    expect(issuedOnly.data.map((c) => c.status)).toEqual(['issued']);
  });

  it('downloads the e-ticket PDF of an issued order; none before issue', async () => {
    const order = await issued([ZHANG, SMITH]);
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/e-ticket`, headers: { authorization: `Bearer ${finance}`, 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(res.headers['content-disposition'])).toContain(`e-ticket-${order.orderNumber}.pdf`);
    // One page per ticket, in the reader's language, the departure in the documents' date form.
    const text = await extractPdfText(res.rawPayload);
    const [y, m, d] = order.departureAt.slice(0, 10).split('-').map(Number);
    expect(text.match(/铁路电子客票/g)).toHaveLength(2);
    expect(text).toContain(order.trainNumber);
    expect(text).toContain('张三');
    expect(text).toContain('SMITH JOHN');
    expect(text).toContain(`${y}年${m}月${d}日`);
    expect(text).toContain(order.departureAt.slice(11, 16));
    const { body } = await bookBody();
    const booked = (await book(operator, body)).data;
    expect((await call(t.app, 'GET', `${ORDERS}/${booked.id}/e-ticket`, { token: operator })).status).toBe(409);
  });
});

describe('roles, train switch and tenancy', () => {
  it('lets finance (no operator role) read but not book, pay, cancel or refund', async () => {
    const order = await issued();
    const { body } = await bookBody();
    expect((await book(finance, body)).status).toBe(403);
    expect((await detail(order.id, finance)).code).toBe(0);
    expect((await call(t.app, 'GET', ORDERS, { token: finance })).code).toBe(0);
    expect((await pay(order.id, 'balance', randomUUID(), finance)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token: finance })).status).toBe(403);
    expect((await call(t.app, 'POST', `${ORDERS}/${order.id}/refund`, { token: finance, body: { passengerIds: [order.passengers[0].id] }, headers: { 'idempotency-key': randomUUID() } })).status).toBe(403);
    expect((await call(t.app, 'GET', ORDERS)).status).toBe(401);
  });

  it('closes every train order route when the company train switch is off', async () => {
    const order = await issued();
    const { body } = await bookBody();
    await setCommonConfig(t, 'A00001', { enableTrainService: false });
    expect((await book(agency, body)).status).toBe(403);
    expect((await call(t.app, 'GET', ORDERS, { token: agency })).status).toBe(403);
    expect((await call(t.app, 'GET', `${ORDERS}/status`, { token: agency })).status).toBe(403);
    expect((await detail(order.id, agency)).status).toBe(403);
    expect((await pay(order.id, 'balance', randomUUID(), agency)).status).toBe(403);
  });

  it("answers 404 for another agency's order on every route and never lists it; onlyOwnOrders narrows to one's own", async () => {
    const order = await issued();
    const boss = await secondAgencyAdmin(t);
    for (const token of [other, boss.token]) {
      expect((await detail(order.id, token)).status).toBe(404);
      expect((await pay(order.id, 'balance', randomUUID(), token)).status).toBe(404);
      expect((await call(t.app, 'DELETE', `${ORDERS}/${order.id}`, { token })).status).toBe(404);
      expect((await call(t.app, 'GET', `${ORDERS}/${order.id}/e-ticket`, { token })).status).toBe(404);
      expect((await call(t.app, 'POST', `${ORDERS}/${order.id}/refund-quote`, { token, body: { passengerIds: [order.passengers[0].id] } })).status).toBe(404);
      const list = await call<TrainOrderListAnswer>(t.app, 'GET', ORDERS, { token, query: { pageSize: 100 } });
      expect(list.data.items.some((i) => i.id === order.id)).toBe(false);
    }
    expect((await detail(randomUUID())).status).toBe(404);
    expect((await detail('not-an-id')).status).toBe(400);
    // The platform's desk reads its agencies' orders, without agency actions.
    const asDesk = await detail(order.id, admin);
    expect(asDesk.code).toBe(0);
    expect(asDesk.data.actions).toEqual([]);
    expect((await pay(order.id, 'balance', randomUUID(), admin)).status).toBe(403);

    await setCommonConfig(t, 'A00001', { onlyOwnOrders: true });
    expect((await detail(order.id, finance)).status).toBe(404);
    expect((await detail(order.id, operator)).code).toBe(0);
    expect((await detail(order.id, agency)).code).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents every train order route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/order/v2/train/orders',
        '/order/v2/train/orders/status',
        '/order/v2/train/orders/{id}',
        '/order/v2/train/orders/{id}/payment',
        '/order/v2/train/orders/{id}/e-ticket',
        '/order/v2/train/orders/{id}/refund-quote',
        '/order/v2/train/orders/{id}/refund',
        '/order/v2/train/orders/{id}/change',
        '/order/v2/train/desk/orders/{id}/{action}',
      ]),
    );
    expect(Object.keys(doc.paths['/order/v2/train/orders/{id}'])).toEqual(expect.arrayContaining(['get', 'delete']));
  });
});
