import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { companies, flightOrders, flightTicketClaims, ledgerMovements, paymentTransactions, sandboxPayments } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { adult, book, child, detail, findFare, healthySuppliers, issueOrder, ORDERS, pay, postKeyed, step } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';

/** After-sales (issue 10): refund and void requests as their own orders, through the API, with the money in the ledger. */
let t: TestApp;
let operator: string;
let other: string;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  process.env.ORDER_BOOK_BUDGET_MS = '1500';
  process.env.ORDER_TICKET_BUDGET_MS = '1500';
  t = await createTestApp({ demoMoney: true });
  [operator, other, admin] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'other'), loginAs(t.app, 'admin')]);
  agencyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());
beforeEach(() => healthySuppliers(t));
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const cash = async () => (await ledger.balances(t.db, agencyId, 'CNY')).cash;
const post = (path: string, body: object, token = operator, key?: string | null) => postKeyed(t.app, path, body, token, key);
const issuedOrder = (passengers = [adult()], supplier = 'sim-gds') => issueOrder(t, operator, { passengers, supplier });

describe('refund', () => {
  it('requests, quotes, confirms and reimburses through the ledger; the coupon cannot be refunded twice', async () => {
    const order = await issuedOrder();
    const options = await call(t.app, 'GET', `${ORDERS}/${order.id}/after-sales`, { token: operator });
    expect(options.code, options.message).toBe(0);
    expect(options.data.paths.map((p: any) => p.kind)).toEqual(['change', 'refund', 'void']);
    expect(options.data.open).toHaveLength(1);
    expect(order.actions).toEqual(expect.arrayContaining(['requestRefund']));

    // Reason 2 (illness) needs its sub-option and a document.
    const noSub = await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 2 });
    expect(noSub.code).toBe(Code.VALIDATION);
    const noDoc = await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 2, subReason: 'passenger' });
    expect(noDoc.code).toBe(Code.VALIDATION);
    expect(noDoc.message).toMatch(/supporting document/);

    const key = randomUUID();
    const body = { passengerIds: [order.passengers[0].id], reason: 0, remark: 'plans changed' };
    const requested = await post(`${ORDERS}/${order.id}/refund`, body, operator, key);
    expect(requested.code, requested.message).toBe(0);
    const refund = requested.data;
    expect(refund).toMatchObject({ type: 'refund', status: 'rfd_reviewing', originalOrderId: order.id });
    expect(refund.request).toMatchObject({ kind: 'refund', reason: 0, involuntary: false, originalBookingNumber: order.bookingNumber });
    // The same key answers the same request; a second request for the same coupon is refused.
    expect((await post(`${ORDERS}/${order.id}/refund`, body, operator, key)).data.id).toBe(refund.id);
    const twice = await post(`${ORDERS}/${order.id}/refund`, body);
    expect(twice.code).toBe(Code.ORDER_STATE);
    expect((await post(`${ORDERS}/${order.id}/void`, { passengerIds: [order.passengers[0].id] })).code).toBe(Code.ORDER_STATE);

    // The simulated desk quotes after its delay (the step runs it now).
    await step(t, refund.id);
    const quoted = (await detail(t.app, operator, refund.id)).data;
    expect(quoted.status).toBe('rfd_to_be_confirm');
    const q = quoted.request.refundQuote;
    expect(q.version).toBe(1);
    expect(q.total).toBe(q.lines[0].refundAmount);
    expect(q.total).toBeLessThanOrEqual(order.total);
    expect(quoted.actions).toContain('confirmRefund');

    const stale = await post(`${ORDERS}/${refund.id}/confirmation`, { quoteVersion: 7 });
    expect(stale.code).toBe(Code.ORDER_STATE);
    const before = await cash();
    const confirmKey = randomUUID();
    const confirmed = await post(`${ORDERS}/${refund.id}/confirmation`, { quoteVersion: 1 }, operator, confirmKey);
    expect(confirmed.code, confirmed.message).toBe(0);
    expect(confirmed.data.status).toBe('rfd_proceeding');
    expect((await post(`${ORDERS}/${refund.id}/confirmation`, { quoteVersion: 1 }, operator, confirmKey)).code).toBe(0);

    // The airline refunds (or, for a supplier without the call, the desk marks it processed).
    await step(t, refund.id);
    let after = (await detail(t.app, operator, refund.id)).data;
    if (after.status === 'rfd_proceeding') {
      const marked = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${refund.id}/mark-processed`, { token: admin, body: { remark: 'refunded at the airline' } });
      expect(marked.code, marked.message).toBe(0);
      after = (await detail(t.app, operator, refund.id)).data;
    }
    expect(after.status).toBe('refunded_reimbursed');
    expect(await cash()).toBe(before + q.total);
    expect(after.events.map((e: any) => e.event)).toEqual(expect.arrayContaining(['request', 'quote', 'confirm', 'supplier_done', 'reimburse', 'reimbursed']));

    // Nothing is left to refund; the original lists its refund.
    const original = (await detail(t.app, operator, order.id)).data;
    expect(original.related.map((r: any) => r.id)).toContain(refund.id);
    expect(original.actions).not.toContain('requestRefund');
    expect((await post(`${ORDERS}/${order.id}/refund`, body)).code).toBe(Code.ORDER_STATE);
  });

  it('frees the coupons when the request is canceled, rejected, or its quote lapses', async () => {
    const order = await issuedOrder();
    const pax = order.passengers[0].id;
    const first = (await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [pax], reason: 7 })).data;
    expect((await call(t.app, 'DELETE', `${ORDERS}/${first.id}`, { token: operator })).data.status).toBe('refund_canceled');

    const second = (await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [pax], reason: 7 })).data;
    const noRemark = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${second.id}/reject`, { token: admin, body: {} });
    expect(noRemark.code).toBe(Code.VALIDATION);
    const rejected = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${second.id}/reject`, { token: admin, body: { remark: 'ticket already used' } });
    expect(rejected.data.status).toBe('rfd_rejected');

    const third = (await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [pax], reason: 7 })).data;
    // The desk quotes by hand, as involuntary, with its own service fee.
    const approved = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${third.id}/approve`, { token: admin, body: { involuntary: true, lines: [{ passengerId: pax, refundFee: 0, serviceFee: 0 }] } });
    expect(approved.code, approved.message).toBe(0);
    expect(approved.data.request.refundQuote).toMatchObject({ involuntary: true });
    expect(approved.data.request.refundQuote.lines[0].refundFee).toBe(0);
    // The quote lapses at its deadline.
    await t.db.update(flightOrders).set({ nextActionAt: new Date() }).where(eq(flightOrders.id, third.id));
    const { updateRequest } = await import('../src/modules/flight-orders/after-sales/requests.repository.ts');
    await updateRequest(t.db, third.id, { quoteExpiresAt: new Date(Date.now() - 1000) });
    expect((await post(`${ORDERS}/${third.id}/confirmation`, { quoteVersion: 1 })).code).toBe(Code.ORDER_STATE);
    await step(t, third.id);
    expect((await detail(t.app, operator, third.id)).data.status).toBe('refund_canceled');

    const live = await t.db.select().from(flightTicketClaims).where(eq(flightTicketClaims.passengerId, pax));
    expect(live.filter((c) => c.active)).toEqual([]);
    expect((await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [pax], reason: 7 })).code).toBe(0);
  });

  it('checks documents by content and keeps other agencies out', async () => {
    const order = await issuedOrder();
    const upload = (bytes: Buffer, name: string, token = operator) => {
      const boundary = '----x' + randomUUID();
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: `${ORDERS}/${order.id}/attachments`, payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' } });
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF');
    const ok = await upload(pdf, 'certificate.pdf');
    expect(ok.json().code, ok.body).toBe(0);
    expect(ok.json().data).toMatchObject({ mime: 'application/pdf', name: 'certificate.pdf' });
    const fake = await upload(Buffer.from('GIF89a not a png'), 'photo.png');
    expect(fake.json()).toMatchObject({ code: Code.VALIDATION, message: 'Wrong file type, size or count' });
    const big = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]), 'big.jpg');
    expect(big.json().message).toBe('Wrong file type, size or count');
    expect((await upload(pdf, 'x.pdf', other)).json().code).toBe(Code.NOT_FOUND);
    for (let i = 0; i < 4; i++) expect((await upload(pdf, `p${i}.pdf`)).json().code).toBe(0);
    expect((await upload(pdf, 'sixth.pdf')).json().message).toBe('Wrong file type, size or count');

    const refund = await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 2, subReason: 'passenger', attachmentIds: [ok.json().data.id] });
    expect(refund.code, refund.message).toBe(0);
    expect(refund.data.request.attachments).toHaveLength(1);
    // Illness with a certificate: the simulated desk waives the refund fee.
    await step(t, refund.data.id);
    expect((await detail(t.app, operator, refund.data.id)).data.request.refundQuote.involuntary).toBe(true);

    expect((await call(t.app, 'GET', `${ORDERS}/${order.id}/after-sales`, { token: other })).code).toBe(Code.NOT_FOUND);
    expect((await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 0 }, other)).code).toBe(Code.NOT_FOUND);
    expect((await post(`${ORDERS}/${refund.data.id}/confirmation`, { quoteVersion: 1 }, other)).code).toBe(Code.NOT_FOUND);
    // The desk reads but does not ask for the agency.
    expect((await post(`${ORDERS}/${order.id}/void`, { passengerIds: [order.passengers[0].id] }, admin)).status).toBe(403);
  });
});

describe('void', () => {
  it('voids whole tickets the same day and returns the price less the void fee', async () => {
    const [company] = await t.db.select({ flightConfig: companies.flightConfig }).from(companies).where(eq(companies.id, agencyId));
    const config = company.flightConfig!;
    await t.db.update(companies).set({ flightConfig: { ...config, serviceFees: { ...config.serviceFees, void: 2_000, currency: 'CNY' } } }).where(eq(companies.id, agencyId));
    try {
      await voidsWithFee();
    } finally {
      await t.db.update(companies).set({ flightConfig: config }).where(eq(companies.id, agencyId));
    }
  });

  async function voidsWithFee() {
    const order = await issuedOrder([adult(), child()]);
    // A full-service (GDS) fare: voidable until the end of the ticketing day.
    expect(order.cancellationPolicy.every((p: any) => p.voidAllowed)).toBe(true);
    expect(order.voidDeadline).not.toBeNull();
    expect(Date.parse(order.voidDeadline)).toBeGreaterThan(Date.now());
    const before = await cash();
    const res = await post(`${ORDERS}/${order.id}/void`, { passengerIds: order.passengers.map((p: any) => p.id) });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ type: 'void', status: 'void_proceeding' });
    expect(await step(t, res.data.id)).toBe('done');
    const v = (await detail(t.app, operator, res.data.id)).data;
    expect(v.status).toBe('voided_reimbursed');
    expect(await cash()).toBe(before + v.total);
    // The price paid less the agency's void fee per passenger, shown per passenger and in the wallet's entry.
    expect(v.total).toBe(order.total - 2 * 2_000);
    expect(v.request.refundQuote.lines.map((l: any) => l.serviceFee)).toEqual([2_000, 2_000]);
    // The agency's administrator reads the wallet (an operator may not).
    const entries = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: await loginAs(t.app, 'agency'), query: { type: 'void-flight' } });
    expect(entries.code, entries.message).toBe(0);
    const entry = entries.data.items.find((e: any) => e.orderId === v.id);
    expect(entry, 'a wallet entry for the void').toBeDefined();
    expect(entry).toMatchObject({ type: 'void-flight', amount: v.total });
    expect(entry.description).toBe(`Flight void, order ${v.bookingNumber}, service fee CNY 40.00 included`);
  }

  it('refuses to void a low-cost fare', async () => {
    const order = await issuedOrder([adult()], 'sim-lcc');
    expect(order.cancellationPolicy.every((p: any) => !p.voidAllowed)).toBe(true);
    const res = await post(`${ORDERS}/${order.id}/void`, { passengerIds: [order.passengers[0].id] });
    expect(res.code).toBe(Code.ORDER_STATE);
    expect(res.message).toMatch(/cannot be voided/);
  });

  it('lets the desk finish a void by hand when the airline keeps failing (mark processed)', async () => {
    const order = await issuedOrder();
    await setFaults(t.db, 'sim-gds', { ...NO_FAULTS, ticketingDelaySeconds: 0, ticketFail: true });
    const before = await cash();
    const res = await post(`${ORDERS}/${order.id}/void`, { passengerIds: [order.passengers[0].id] });
    expect(res.code, res.message).toBe(0);
    expect(await step(t, res.data.id)).toBe('later');
    expect((await detail(t.app, operator, res.data.id)).data.status).toBe('void_proceeding');
    // Only the platform's desk may do it, with the airline's confirmation noted.
    expect((await call(t.app, 'POST', `/order/v2/flight/desk/orders/${res.data.id}/mark-processed`, { token: operator, body: { remark: 'done at the airline' } })).status).toBe(403);
    const marked = await call(t.app, 'POST', `/order/v2/flight/desk/orders/${res.data.id}/mark-processed`, { token: admin, body: { remark: 'voided at the airline by phone' } });
    expect(marked.code, marked.message).toBe(0);
    const v = (await detail(t.app, operator, res.data.id)).data;
    expect(v.status).toBe('voided_reimbursed');
    expect(await cash()).toBe(before + v.total);
  });

  it('refuses a void after the end of the ticketing day', async () => {
    const order = await issuedOrder();
    await t.db.update(flightOrders).set({ issuedAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(flightOrders.id, order.id));
    const res = await post(`${ORDERS}/${order.id}/void`, { passengerIds: [order.passengers[0].id] });
    expect(res.code).toBe(Code.ORDER_STATE);
    expect(res.message).toMatch(/void window has closed/);
    const options = (await call(t.app, 'GET', `${ORDERS}/${order.id}/after-sales`, { token: operator })).data;
    expect(options.paths.find((p: any) => p.kind === 'void')).toMatchObject({ available: false, blocker: 'deadlinePassed' });
  });
});

describe('money back to the payment channel', () => {
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

  /** An issued order paid through Alipay's (sandbox) page. */
  async function paidByAlipay() {
    const fare = await findFare(t.app, operator);
    const booked = await book(t.app, operator, fare);
    expect(booked.code, booked.message).toBe(0);
    const started = await pay(t.app, operator, booked.data.id, 'alipay');
    expect(started.code, started.message).toBe(0);
    const page = await t.app.inject({ method: 'POST', url: pathOf(started.data.redirectUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay&lang=en' });
    expect(page.statusCode).toBeLessThan(400);
    for (let i = 0; i < 50 && (await detail(t.app, operator, booked.data.id)).data.status === 'to_be_paid'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await step(t, booked.data.id)).toBe('done');
    const order = (await detail(t.app, operator, booked.data.id)).data;
    expect(order).toMatchObject({ status: 'issued', paymentMethod: 'alipay' });
    const [txn] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, order.paymentTransactionId ?? started.data.transactionId));
    return { order, channelPaymentId: txn.channelPaymentId! };
  }

  async function refundedToEnd(order: any) {
    const requested = await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 0 });
    expect(requested.code, requested.message).toBe(0);
    const id = requested.data.id;
    await step(t, id);
    expect((await post(`${ORDERS}/${id}/confirmation`, { quoteVersion: 1 })).code).toBe(0);
    await step(t, id);
    expect((await detail(t.app, operator, id)).data.status).toBe('refunded_reimbursing');
    await step(t, id);
    return (await detail(t.app, operator, id)).data;
  }

  it("refunds through the channel's refund call: the payer gets it back, the wallet shows it in and out", async () => {
    const { order, channelPaymentId } = await paidByAlipay();
    const before = await cash();
    const refund = await refundedToEnd(order);
    expect(refund.status).toBe('refunded_reimbursed');
    expect(refund.total).toBeGreaterThan(0);
    // The channel holds the refund under the request's reference; the agency's wallet is where it was.
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, channelPaymentId));
    expect(payment.refunds).toEqual([expect.objectContaining({ reference: refund.id, amount: refund.total })]);
    expect(await cash()).toBe(before);
    const moves = await t.db.select().from(ledgerMovements).where(eq(ledgerMovements.referenceId, refund.id));
    expect(moves.map((m) => m.reason).sort()).toEqual(['refund-flight', 'refund-to-channel']);
    const rows = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.originId, refund.id));
    expect(rows).toEqual([expect.objectContaining({ kind: 'refund', method: 'alipay', status: 'succeeded', netAmount: refund.total })]);
    // Asked again (a lost answer), the channel answers the same refund and nothing moves twice.
    const again = await t.app.deps.payments.channels.get('alipay')!.refundPayment(channelPaymentId, { refundReference: refund.id, amount: refund.total, currency: 'CNY' });
    expect(again).toMatchObject({ ok: true, amount: refund.total });
    expect((await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, channelPaymentId)))[0].refunds).toHaveLength(1);
  });

  it('credits the wallet, and says why, when the channel refuses the refund', async () => {
    const { order, channelPaymentId } = await paidByAlipay();
    // Someone already refunded the whole payment at the channel: ours would exceed it.
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, channelPaymentId));
    await t.app.deps.payments.channels.get('alipay')!.refundPayment(channelPaymentId, { refundReference: 'by-hand', amount: payment.amount, currency: 'CNY' });
    const before = await cash();
    const refund = await refundedToEnd(order);
    expect(refund.status).toBe('refunded_reimbursed');
    expect(await cash()).toBe(before + refund.total);
    expect(refund.events.at(-1).remark).toMatch(/exceeds_paid/);
  });
});

