import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { TrainChannelPayment, TrainDeskAnswer } from '@portal/contract/api/train-payments';
import { PayTrainOrderAnswer, type TrainOrder, type TrainSearchAnswer } from '@portal/contract/api/trains';
import { ZHANG } from '@portal/contract/passengers/train.fixture';
import { TRAIN_CONTACT as CONTACT } from '@portal/contract/passengers/train.fixture';
import { channelFee } from '@portal/contract/top-up';
import { companies, ledgerMovements, paymentTransactions, sandboxPayments, trainOrderEvents, trainOrders, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { paymentCallbacksJob } from '../src/modules/payments/payments.jobs.ts';
import { sweepTrainOrders } from '../src/modules/train-orders/train.jobs.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { HEALTHY, setRailFaults } from '../src/suppliers/rail/faults.ts';
import { call, createTappedTestApp, holdingTap, loginAll, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { chinaDate, DAY_MS } from './helpers/trains.ts';

/**
 * Train orders paid through the agency's payment channels (issue 13), on the sandbox channels: the hosted page with the
 * channel's fee, the signed callback that credits the wallet, the 'train-order' origin handler that pays the order from
 * that money once (the wallet path's hold, captured as origin-train when the railway issues), the page the payer comes
 * back to; and the platform's train desk queue (GET /order/v2/train/desk/orders) with its actions.
 */
const ORDERS = '/order/v2/train/orders';
const DESK = '/order/v2/train/desk/orders';
const ALIPAY_FEE_BP = 60;

let t: TestApp;
let operator: string;
let agency: string;
let finance: string;
let other: string;
let admin: string;
let agencyId: string;

// The channels' callbacks pass through here on their way into the app: recorded, and held back when a test wants to
// deliver them itself (again, or only later).
const sent: CallbackRequest[] = [];
const transport = { hold: false };
const faults = { duplicateCallbacks: false };

beforeAll(async () => {
  t = await createTappedTestApp(faults, holdingTap(sent, transport));
  [operator, agency, finance, other, admin] = await loginAll(t.app, ['operator', 'agency', 'finance', 'other', 'admin']);
  agencyId = await companyIdOf(t, 'A00001');
  await setCommonConfig(t, 'A00002', { enableTrainService: true });
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 10_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
beforeEach(() => {
  transport.hold = false;
  faults.duplicateCallbacks = false;
});
afterEach(async () => {
  await setRailFaults(t.db, 'sim-rail', HEALTHY);
  await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: false } }).where(eq(companies.id, agencyId));
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const cash = async () => (await ledger.balances(t.db, agencyId, 'CNY')).cash;
const pathOf = (url: string) => url.replace(TEST_PUBLIC_URL, '');
/** The payer on the channel's hosted page. */
const payerDoes = (redirectUrl: string, action: 'pay' | 'cancel' = 'pay') =>
  t.app.inject({ method: 'POST', url: pathOf(redirectUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}&lang=en` });
const redeliver = (req: CallbackRequest) => t.app.inject({ method: 'POST', url: pathOf(req.url), headers: req.headers, payload: req.body });

async function booked(token = operator): Promise<TrainOrder> {
  const search = await call<TrainSearchAnswer>(t.app, 'POST', '/shopping/v2/train/search', { token, body: { from: 'BJS', to: 'SHA', date: chinaDate(10), filters: { trainTypes: ['G'] } } });
  expect(search.code, search.message).toBe(0);
  const service = search.data.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0))!;
  const price = service.classes.find((c) => c.seatClass === 'second')!.price;
  const body = { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass: 'second', passengers: [ZHANG], contact: CONTACT, acceptedTotal: price };
  const res = await call<TrainOrder>(t.app, 'POST', ORDERS, { token, body, headers: { 'idempotency-key': randomUUID() } });
  expect(res.code, res.message).toBe(0);
  return res.data;
}
const pay = (id: string, method: string, o: { key?: string; token?: string } = {}) =>
  call<PayTrainOrderAnswer>(t.app, 'POST', `${ORDERS}/${id}/payment`, { token: o.token ?? operator, body: { method }, headers: { 'idempotency-key': o.key ?? randomUUID() } });
const detail = (id: string, token = operator) => call<TrainOrder>(t.app, 'GET', `${ORDERS}/${id}`, { token });
const paymentOf = (id: string, paymentId: string, token = operator) => call<TrainChannelPayment>(t.app, 'GET', `${ORDERS}/${id}/payments/${paymentId}`, { token });
/** Ticketing after a channel payment runs after the callback's answer: wait until the order has moved past it. */
async function settledOrder(id: string): Promise<TrainOrder> {
  for (let i = 0; i < 200; i++) {
    const order = (await detail(id)).data;
    if (order.status !== 'ticketing') return order;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`train order ${id} still ticketing`);
}
const transactionsOf = (orderId: string) => t.db.select().from(paymentTransactions).where(eq(paymentTransactions.originId, orderId));
/** The ledger movements naming the order: its hold and, once issued, the origin-train spend. */
const movesOf = async (orderId: string) =>
  (await t.db.select({ reason: ledgerMovements.reason }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'train-order'), eq(ledgerMovements.referenceId, orderId)))).map((m) => m.reason).sort();
const payEventsOf = async (orderId: string) =>
  (await t.db.select({ n: count() }).from(trainOrderEvents).where(and(eq(trainOrderEvents.orderId, orderId), inArray(trainOrderEvents.event, ['pay', 'pay_for_desk']))))[0].n;

describe('paying a train order through a channel', () => {
  it('opens the hosted page with the fee; the paid callback pays the order from the credited wallet and the railway issues (origin-train)', async () => {
    const order = await booked();
    const before = await cash();
    const key = randomUUID();
    const started = await pay(order.id, 'alipay', { key });
    expect(started.status, started.message).toBe(200);
    expect(started.message).toBe('Continue on the payment page. The order is paid once the channel confirms the payment.');
    expect(PayTrainOrderAnswer.parse(started.data)).toMatchObject({ status: 'to_be_paid', paymentStatus: 'unpaid' });
    expect(started.data.redirectUrl).toMatch(/\/sandbox\/alipay\/pay\//);
    const fee = channelFee(order.total, ALIPAY_FEE_BP);
    expect(fee).toBeGreaterThan(0);
    const [pending] = await transactionsOf(order.id);
    expect(pending).toMatchObject({ id: started.data.transactionId, kind: 'payment', method: 'alipay', status: 'pending', originType: 'train-order', grossAmount: order.total + fee, feeAmount: fee, netAmount: order.total, netCurrency: 'CNY' });
    // The page closes by the railway's hold deadline at the latest.
    expect(pending.expiresAt!.getTime() - 60_000).toBeLessThanOrEqual(Date.parse(order.paymentDeadline!));
    const [atChannel] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, pending.id));
    expect(atChannel).toMatchObject({ amount: order.total + fee, currency: 'CNY', subject: `Train booking ${order.orderNumber}` });
    expect(await cash()).toBe(before);
    const open = await paymentOf(order.id, pending.id);
    expect(TrainChannelPayment.parse(open.data)).toMatchObject({ status: 'pending', outcome: 'pending', amount: order.total, fee, gross: order.total + fee, orderStatus: 'to_be_paid' });
    expect(open.data.redirectUrl).toBe(started.data.redirectUrl);

    const page = await payerDoes(started.data.redirectUrl!);
    // The sandbox delivered its signed callback before sending the payer back to the order.
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${TEST_PUBLIC_URL}/train/orders/${order.id}?payment=${pending.id}`);

    const issued = await settledOrder(order.id);
    expect(issued).toMatchObject({ status: 'issued', paymentStatus: 'paid', paymentMethod: 'alipay' });
    expect(issued.events.map((e) => [e.event, e.to])).toEqual([
      ['book', 'to_be_paid'],
      ['pay', 'ticketing'],
      ['issue', 'issued'],
    ]);
    expect(issued.passengers.every((p) => p.ticketStatus === 'issued' && p.ticketNumber)).toBe(true);
    // The channel's money came in and was spent on the order: the wallet is where it was; the payer paid the fee.
    expect(await cash()).toBe(before);
    expect(await movesOf(order.id)).toEqual(['hold', 'origin-train']);
    // Wallet: the channel's credit, then the origin-train spend from it.
    const entries = (await call(t.app, 'GET', '/base/v2/wallet/entries', { token: agency, query: { pageSize: 100 } })).data.items;
    expect(entries.find((e: any) => e.type === 'top-up' && e.paymentReference === pending.id)).toMatchObject({ amount: order.total, currency: 'CNY' });
    expect(entries.find((e: any) => e.type === 'origin-train' && e.orderId === order.id)).toMatchObject({ amount: -order.total, currency: 'CNY' });
    // The pay event carries the agent's key, so the same request answers the paid order.
    const [payEvent] = await t.db.select().from(trainOrderEvents).where(and(eq(trainOrderEvents.orderId, order.id), eq(trainOrderEvents.event, 'pay')));
    expect(payEvent.data).toMatchObject({ method: 'alipay', transactionId: pending.id, idempotencyKey: `${agencyId}:train-pay:${key}` });

    const back = await paymentOf(order.id, pending.id);
    expect(back.data).toMatchObject({ status: 'succeeded', outcome: 'paid', orderStatus: 'issued', redirectUrl: null });
    expect(back.data.paidAt).not.toBeNull();
    const replay = await pay(order.id, 'alipay', { key });
    expect(replay.status).toBe(200);
    expect(replay.data).toMatchObject({ status: 'issued', paymentStatus: 'paid', transactionId: pending.id, redirectUrl: null });
    // A new request on a paid order opens nothing.
    expect((await pay(order.id, 'alipay')).status).toBe(409);
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });

  it("routes an order paid by a channel to the desk under the agency's manual train config; the desk queue lists it and the desk issues", async () => {
    await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: true } }).where(eq(companies.id, agencyId));
    const order = await booked();
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    const started = await pay(order.id, 'wechat-pay');
    await payerDoes(started.data.redirectUrl!);
    const waiting = (await detail(order.id)).data;
    expect(waiting).toMatchObject({ status: 'manual_ticketing', paymentStatus: 'paid', paymentMethod: 'wechat-pay' });
    expect(waiting.events.at(-1)).toMatchObject({ event: 'pay_for_desk', to: 'manual_ticketing' });
    // Credited then held: the cash is where it was, the total is held for the desk.
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.cash).toBe(before.cash);
    expect(after.held).toBe(before.held + order.total);

    const queue = await call<TrainDeskAnswer>(t.app, 'GET', DESK, { token: admin, query: { pageSize: 100 } });
    expect(queue.code, queue.message).toBe(0);
    const item = TrainDeskAnswer.parse(queue.data).items.find((i) => i.id === order.id);
    expect(item).toMatchObject({ status: 'manual_ticketing', companyCode: 'A00001', companyName: 'Demo Travel Agency', paymentMethod: 'wechat-pay', total: order.total, passengers: ['张三'] });
    expect(item!.paidAt).not.toBeNull();
    const issued = await call<TrainOrder>(t.app, 'POST', `${DESK}/${order.id}/issue`, { token: admin, body: {} });
    expect(issued.code, issued.message).toBe(0);
    expect(issued.message).toBe('Tickets issued');
    expect(issued.data.status).toBe('issued');
    expect(await movesOf(order.id)).toEqual(['hold', 'origin-train']);
    const later = await call<TrainDeskAnswer>(t.app, 'GET', DESK, { token: admin, query: { pageSize: 100 } });
    expect(later.data.items.some((i) => i.id === order.id)).toBe(false);
  });

  it('a railway that refuses after the channel paid releases the hold: the money stays in the wallet, nothing spent', async () => {
    const order = await booked();
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    const started = await pay(order.id, 'alipay');
    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, ticketFail: true });
    await payerDoes(started.data.redirectUrl!);
    const failed = await settledOrder(order.id);
    expect(failed).toMatchObject({ status: 'failed', paymentStatus: 'unpaid' });
    expect(failed.events.map((e) => e.event)).toEqual(['book', 'pay', 'ticketing_failed']);
    expect(await movesOf(order.id)).toEqual(['hold']);
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.cash).toBe(before.cash + order.total);
    expect(after.held).toBe(before.held);
    const back = await paymentOf(order.id, started.data.transactionId!);
    expect(back.data).toMatchObject({ status: 'succeeded', outcome: 'paid', orderStatus: 'failed' });
  });
});

describe('exactly once', () => {
  it('repeated callbacks, a duplicate delivery and the callbacks job pay the order once', async () => {
    const order = await booked();
    const before = await cash();
    const started = await pay(order.id, 'alipay');
    faults.duplicateCallbacks = true;
    const from = sent.length;
    await payerDoes(started.data.redirectUrl!);
    const callback = sent.slice(from).find((r) => r.url.endsWith('/callbacks/alipay'))!;
    expect(callback).toBeDefined();
    const again = await Promise.all(Array.from({ length: 5 }, () => redeliver(callback)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    await paymentCallbacksJob.run(t.app.deps, new Date(Date.now() + DAY_MS));
    expect((await settledOrder(order.id)).status).toBe('issued');
    expect(await cash()).toBe(before);
    expect(await payEventsOf(order.id)).toBe(1);
    expect(await movesOf(order.id)).toEqual(['hold', 'origin-train']);
    const credits = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'transaction'), eq(ledgerMovements.referenceId, started.data.transactionId!)));
    expect(credits).toHaveLength(1);
  });

  it('the same Idempotency-Key answers the same payment and page; another method, or the wallet, with it is a conflict', async () => {
    const order = await booked();
    const key = randomUUID();
    const first = await pay(order.id, 'alipay', { key });
    const again = await pay(order.id, 'alipay', { key });
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await t.db.select({ n: count() }).from(sandboxPayments).where(eq(sandboxPayments.merchantReference, first.data.transactionId!)))[0].n).toBe(1);
    for (const method of ['wechat-pay', 'balance']) {
      const res = await pay(order.id, method, { key });
      expect(res.status).toBe(409);
      expect(res.message).toBe('This Idempotency-Key was already used for a different request');
    }
    expect(await transactionsOf(order.id)).toHaveLength(1);
    expect((await detail(order.id)).data.status).toBe('to_be_paid');
    // A key that paid from the wallet is not reused for a channel either.
    const walletKey = randomUUID();
    expect((await pay(order.id, 'balance', { key: walletKey })).data.status).toBe('issued');
    expect((await pay(order.id, 'alipay', { key: walletKey })).status).toBe(409);
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });

  it('first requests racing with one key open one payment and all answer its page', async () => {
    const order = await booked();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(order.id, 'alipay', { key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.transactionId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.data.redirectUrl)).size).toBe(1);
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });
});

describe('money the order can no longer take stays in the wallet', () => {
  it('paid from the balance meanwhile: the channel’s money is credited and kept; the order is charged once', async () => {
    const order = await booked();
    const before = await cash();
    const started = await pay(order.id, 'alipay');
    expect((await pay(order.id, 'balance')).data.status).toBe('issued');
    await payerDoes(started.data.redirectUrl!);
    expect(await cash()).toBe(before);
    expect(await movesOf(order.id)).toEqual(['hold', 'origin-train']);
    const back = await paymentOf(order.id, started.data.transactionId!);
    expect(back.data).toMatchObject({ status: 'succeeded', outcome: 'credited', orderStatus: 'issued' });
    expect((await detail(order.id)).data.paymentMethod).toBe('balance');
  });

  it('expired meanwhile (the railway’s hold lapsed): credited as a top-up, the order stays canceled', async () => {
    const order = await booked();
    const before = await cash();
    const started = await pay(order.id, 'alipay');
    await t.db.update(trainOrders).set({ paymentDeadline: new Date(Date.now() - 1000) }).where(eq(trainOrders.id, order.id));
    await sweepTrainOrders({ db: t.db, railSuppliers: t.app.deps.railSuppliers }, new Date());
    expect((await detail(order.id)).data.status).toBe('canceled');
    await payerDoes(started.data.redirectUrl!);
    const fee = channelFee(order.total, ALIPAY_FEE_BP);
    expect(fee).toBeGreaterThan(0);
    // The order's total came into the wallet (the payer also paid the channel's fee) and nothing was held or spent.
    expect(await cash()).toBe(before + order.total);
    expect(await movesOf(order.id)).toEqual([]);
    const back = await paymentOf(order.id, started.data.transactionId!);
    expect(back.data).toMatchObject({ status: 'succeeded', outcome: 'credited', orderStatus: 'canceled' });
    expect((await detail(order.id)).data.paymentStatus).toBe('unpaid');
  });

  it('a payer who cancels on the channel’s page pays nothing; the order can still be paid', async () => {
    const order = await booked();
    const before = await cash();
    const started = await pay(order.id, 'alipay');
    await payerDoes(started.data.redirectUrl!, 'cancel');
    const back = await paymentOf(order.id, started.data.transactionId!);
    expect(back.data).toMatchObject({ status: 'canceled', outcome: 'closed', orderStatus: 'to_be_paid', redirectUrl: null });
    expect(await cash()).toBe(before);
    expect((await detail(order.id)).data.actions).toContain('pay');
  });
});

describe('the payer back before the callback', () => {
  it('the return page’s poll asks the channel and pays the order when the callback has not arrived', async () => {
    const order = await booked();
    const started = await pay(order.id, 'alipay');
    transport.hold = true;
    await payerDoes(started.data.redirectUrl!);
    expect((await detail(order.id)).data.status).toBe('to_be_paid');
    const polled = await paymentOf(order.id, started.data.transactionId!);
    expect(polled.data).toMatchObject({ status: 'succeeded', outcome: 'paid' });
    expect((await settledOrder(order.id)).status).toBe('issued');
    expect(await payEventsOf(order.id)).toBe(1);
  });
});

describe('roles and tenancy of channel payments', () => {
  it('finance and the desk cannot pay; another agency and another order do not see the payment', async () => {
    const order = await booked();
    expect((await pay(order.id, 'alipay', { token: finance })).status).toBe(403);
    expect((await pay(order.id, 'alipay', { token: admin })).status).toBe(403);
    expect((await pay(order.id, 'alipay', { token: other })).status).toBe(404);
    expect(await transactionsOf(order.id)).toEqual([]);
    const started = await pay(order.id, 'alipay');
    // Finance of the agency reads the payment (no role needed to read), another agency gets 404.
    expect((await paymentOf(order.id, started.data.transactionId!, finance)).code).toBe(0);
    expect((await paymentOf(order.id, started.data.transactionId!, other)).status).toBe(404);
    const otherOrder = await booked();
    expect((await paymentOf(otherOrder.id, started.data.transactionId!)).status).toBe(404);
    expect((await paymentOf(order.id, randomUUID())).status).toBe(404);
    // A channel the agency's payment settings do not allow.
    expect((await pay(order.id, 'airwallex')).status).toBe(403);
    await setCommonConfig(t, 'A00001', { disablePayment: true });
    try {
      expect((await pay(order.id, 'alipay')).status).toBe(403);
    } finally {
      await setCommonConfig(t, 'A00001', { disablePayment: false });
    }
  });
});

describe('the train desk queue GET /order/v2/train/desk/orders', () => {
  async function manualPaid(token = operator, companyCode: 'A00001' | 'A00002' = 'A00001'): Promise<TrainOrder> {
    const companyId = await companyIdOf(t, companyCode);
    await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: true } }).where(eq(companies.id, companyId));
    const order = await booked(token);
    if (companyCode === 'A00002') expect((await ledger.topUp(t.db, companyId, 'CNY', order.total)).ok).toBe(true);
    const paid = await pay(order.id, 'balance', { token });
    expect(paid.data.status, paid.message).toBe('manual_ticketing');
    await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: false } }).where(eq(companies.id, companyId));
    return order;
  }
  const queue = (query: Record<string, string | number> = {}, token = admin) => call<TrainDeskAnswer>(t.app, 'GET', DESK, { token, query: { pageSize: 100, ...query } });

  it('lists the waiting orders of every agency below the platform, longest waiting first, by view and page', async () => {
    const a = await manualPaid();
    const b = await manualPaid(other, 'A00002');
    // Booked first, at the railway's usual pace: only its ticketing is made to go unanswered (a short budget).
    const stuck = await booked();
    process.env.TRAIN_SUPPLIER_BUDGET_MS = '300';
    try {
      await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, ticketTimeout: true });
      expect((await pay(stuck.id, 'balance')).data.status).toBe('ticketing');
    } finally {
      delete process.env.TRAIN_SUPPLIER_BUDGET_MS;
    }
    await setRailFaults(t.db, 'sim-rail', HEALTHY);
    const issued = await booked();
    expect((await pay(issued.id, 'balance')).data.status).toBe('issued');

    const all = await queue();
    expect(all.code, all.message).toBe(0);
    const ids = all.data.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id, stuck.id]));
    expect(ids).not.toContain(issued.id);
    expect(all.data.items.every((i) => i.status === 'manual_ticketing' || i.status === 'ticketing')).toBe(true);
    expect(all.data.items.find((i) => i.id === b.id)).toMatchObject({ companyCode: 'A00002', companyName: 'Second Agency' });
    // Longest waiting first.
    const paidAts = all.data.items.map((i) => Date.parse(i.paidAt!));
    expect(paidAts).toEqual([...paidAts].sort((x, y) => x - y));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

    const manual = await queue({ view: 'manual' });
    expect(manual.data.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(manual.data.items.every((i) => i.status === 'manual_ticketing')).toBe(true);
    const ticketing = await queue({ view: 'ticketing' });
    expect(ticketing.data.items.map((i) => i.id)).toContain(stuck.id);
    expect(ticketing.data.items.every((i) => i.status === 'ticketing')).toBe(true);

    const page1 = await queue({ pageSize: 1, page: 1 });
    const page2 = await queue({ pageSize: 1, page: 2 });
    expect(page1.data).toMatchObject({ total: all.data.total, page: 1, pageSize: 1 });
    expect(page1.data.items).toHaveLength(1);
    expect(page2.data.items[0].id).not.toBe(page1.data.items[0].id);
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    expect((await queue({ view: 'nope' })).status).toBe(400);

    // The desk's retry of the stuck order issues it, and it leaves the queue.
    const retried = await call<TrainOrder>(t.app, 'POST', `${DESK}/${stuck.id}/issue`, { token: admin, body: {} });
    expect(retried.data.status).toBe('issued');
    expect((await queue()).data.items.map((i) => i.id)).not.toContain(stuck.id);
  });

  it('mark-failed needs a reason; with one the hold is released and the order leaves the queue', async () => {
    const order = await manualPaid();
    const before = await ledger.balances(t.db, agencyId, 'CNY');
    const bare = await call(t.app, 'POST', `${DESK}/${order.id}/mark-failed`, { token: admin, body: {} });
    expect(bare.status).toBe(400);
    expect(bare.data.fields.remark).toBe('Please say why the tickets cannot be issued');
    expect((await call(t.app, 'POST', `${DESK}/${order.id}/mark-failed`, { token: admin, body: { remark: '   ' } })).status).toBe(400);
    expect((await detail(order.id)).data.status).toBe('manual_ticketing');
    const failed = await call<TrainOrder>(t.app, 'POST', `${DESK}/${order.id}/mark-failed`, { token: admin, body: { remark: 'sold out at the window' } });
    expect(failed.code, failed.message).toBe(0);
    expect(failed.message).toBe('Marked failed: the payment was released to the agency');
    expect(failed.data.events.at(-1)).toMatchObject({ event: 'mark_failed', to: 'failed', remark: 'sold out at the window' });
    // Released: the held total is the agency's cash again, nothing spent.
    const after = await ledger.balances(t.db, agencyId, 'CNY');
    expect(after.held).toBe(before.held - order.total);
    expect(after.cash).toBe(before.cash + order.total);
    expect(await movesOf(order.id)).toEqual(['hold']);
    expect((await queue()).data.items.map((i) => i.id)).not.toContain(order.id);
  });

  it('is the platform desk’s only: agencies and a platform user without the operator role are refused; orders of agencies not directly below are not listed', async () => {
    const order = await manualPaid();
    for (const token of [operator, agency, finance, other]) expect((await queue({}, token)).status).toBe(403);
    expect((await call(t.app, 'GET', DESK)).status).toBe(401);
    const platformId = await companyIdOf(t, 'P00001');
    await t.db.insert(users).values({
      companyId: platformId,
      username: 'platformfinance',
      nickname: 'Platform Finance',
      email: 'finance@demo-platform.example',
      passwordHash: await hashPassword('Finance@1234'),
      roles: ['finance'],
      config: DEFAULT_USER_CONFIG,
    });
    const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'platformfinance', password: 'Finance@1234' } });
    expect(login.code, login.message).toBe(0);
    expect((await queue({}, login.data.token)).status).toBe(403);

    // An agency below Demo Travel Agency (not directly below the platform): the desk may not act on its orders, so
    // they are not in its queue.
    const [parent] = await t.db.select().from(companies).where(eq(companies.id, agencyId));
    const [sub] = await t.db
      .insert(companies)
      .values({ code: 'S00001', name: 'Sub Agency', alias: 'SUB', parentId: agencyId, proxyLevel: 2, commonConfig: parent.commonConfig, singleLoginSecret: 'sub-agency-single-login-secret' })
      .returning({ id: companies.id });
    await t.db.update(trainOrders).set({ companyId: sub.id }).where(eq(trainOrders.id, order.id));
    try {
      expect((await queue()).data.items.map((i) => i.id)).not.toContain(order.id);
      expect((await call(t.app, 'POST', `${DESK}/${order.id}/issue`, { token: admin, body: {} })).status).toBe(404);
    } finally {
      await t.db.update(trainOrders).set({ companyId: agencyId }).where(eq(trainOrders.id, order.id));
    }
    expect((await queue()).data.items.map((i) => i.id)).toContain(order.id);
  });
});

describe('OpenAPI', () => {
  it('documents the channel payment and desk queue routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/order/v2/train/orders/{id}/payments/{paymentId}', '/order/v2/train/desk/orders']));
    expect(Object.keys(doc.paths['/order/v2/train/desk/orders'])).toEqual(['get']);
  });
});
