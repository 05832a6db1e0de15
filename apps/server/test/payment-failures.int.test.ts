import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelPaymentState, WalletPayment } from '@portal/contract/api/bills';
import { TrainChannelPayment } from '@portal/contract/api/train-payments';
import type { TrainOrder, TrainSearchAnswer } from '@portal/contract/api/trains';
import { TRAIN_CONTACT as CONTACT, ZHANG } from '@portal/contract/passengers/train.fixture';
import { paymentTransactions } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { stripeStyle } from '../src/payments/sandbox/styles/stripe.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { call, createTappedTestApp, holdingTap, loginAll, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { book, findFare, pay as payFlight } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { chinaDate } from './helpers/trains.ts';

/**
 * Issue 15: a card declined at the channel (Stripe's payment_intent.payment_failed) is recorded on the payment, so the
 * portal's own pages can say why: in the wallet top-up's answer, the train order's payment answer and the order
 * payment state the flight and group pages read (GET /order/v2/payments/{id}). The newest decline wins; a success
 * clears it; a decline arriving for a payment no longer pending records nothing.
 */

let t: TestApp;
let finance: string;
let operator: string;
let other: string;
let agencyId: string;
const sent: CallbackRequest[] = [];
const transport = { hold: false };

beforeAll(async () => {
  t = await createTappedTestApp({ duplicateCallbacks: false, deferCallbacks: false }, holdingTap(sent, transport));
  [finance, operator, other] = await loginAll(t.app, ['finance', 'operator', 'other']);
  agencyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const pathOf = (url: string) => url.replace(TEST_PUBLIC_URL, '');
const payer = (redirectUrl: string, action: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: pathOf(redirectUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}&lang=en` });
const deliver = (req: Pick<CallbackRequest, 'url' | 'headers' | 'body'>) => t.app.inject({ method: 'POST', url: pathOf(req.url), headers: req.headers, payload: req.body });
const lastFailureOf = async (id: string) => (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0].lastFailure;

/** The sandbox's decline notices about one of our payments, in the order sent. */
const declinesOf = (reference: string) =>
  sent.filter((r) => r.url.endsWith('/callbacks/stripe') && JSON.parse(r.body).data.object.metadata?.client_reference_id === reference);

/**
 * Stripe's notice of another decline of the same payment, `secondsLater` after `notice` and with its own reason, signed
 * with the endpoint secret as Stripe signs it (the sandbox's page only ever declines with generic_decline).
 */
async function anotherDecline(notice: CallbackRequest, reason: { code: string; decline_code?: string; message: string }, secondsLater: number) {
  const event = JSON.parse(notice.body);
  event.id = stripeStyle.newEventId();
  event.created += secondsLater;
  const { decline_code: _d, ...rest } = event.data.object.last_payment_error;
  event.data.object.last_payment_error = { ...rest, ...reason };
  const body = JSON.stringify(event);
  const credentials = await t.app.deps.payments.sandbox!.providerCredentials('stripe');
  return deliver({ url: notice.url, body, headers: { 'content-type': 'application/json; charset=utf-8', ...stripeStyle.headersFor(body, credentials, new Date()) } });
}

describe('a declined card on the portal', () => {
  it('shows on the wallet top-up: recorded, the newest wins, a success clears it', async () => {
    const created = await call<WalletPayment>(t.app, 'POST', '/base/v2/wallet/payments', {
      token: finance,
      body: { channel: 'stripe', amount: 70_00, currency: 'CNY' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.code, created.message).toBe(0);
    const p = created.data;
    expect(p.failure).toBeNull();
    const read = async () => WalletPayment.parse((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance })).data);

    expect((await payer(p.redirectUrl!, 'decline')).statusCode).toBe(402);
    const [first] = declinesOf(p.id);
    const firstAt = new Date(JSON.parse(first.body).created * 1000).toISOString();
    expect(await read()).toMatchObject({
      status: 'pending',
      failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.', at: firstAt },
    });
    expect(await lastFailureOf(p.id)).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });

    // A later attempt with another reason replaces it; Stripe's error codes without a decline code are kept as sent.
    const later = await anotherDecline(first, { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }, 30);
    expect(later.statusCode).toBe(200);
    expect((await read()).failure).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    // Stripe retries and reorders: the first notice delivered again, and an older one, leave the newer reason in place.
    expect((await deliver(first)).statusCode).toBe(200);
    expect((await anotherDecline(first, { code: 'expired_card', message: 'Your card has expired.' }, 10)).statusCode).toBe(200);
    expect((await read()).failure).toMatchObject({ declineCode: 'insufficient_funds' });
    expect((await anotherDecline(first, { code: 'expired_card', message: 'Your card has expired.' }, 60)).statusCode).toBe(200);
    expect((await read()).failure).toMatchObject({ code: 'expired_card', declineCode: null, message: 'Your card has expired.' });

    // Another card: paid, and the reason is gone; a decline notice arriving after the success records nothing.
    expect((await payer(p.redirectUrl!, 'pay')).statusCode).toBe(303);
    expect(await read()).toMatchObject({ status: 'succeeded', failure: null });
    expect((await anotherDecline(first, { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' }, 120)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ status: 'succeeded', failure: null });
    expect(await lastFailureOf(p.id)).toBeNull();
  });

  it("shows on a flight order's payment state, to the agency that pays only", async () => {
    const fare = await findFare(t.app, operator);
    const booked = await book(t.app, operator, fare);
    expect(booked.code, booked.message).toBe(0);
    const started = await payFlight(t.app, operator, booked.data.id, 'stripe');
    expect(started.code, started.message).toBe(0);
    const { transactionId, redirectUrl } = started.data as { transactionId: string; redirectUrl: string };
    const state = async (token = operator) => call<ChannelPaymentState>(t.app, 'GET', `/order/v2/payments/${transactionId}`, { token });
    expect(ChannelPaymentState.parse((await state()).data)).toEqual({ id: transactionId, channel: 'stripe', status: 'pending', failure: null });

    expect((await payer(redirectUrl, 'decline')).statusCode).toBe(402);
    expect((await state()).data).toMatchObject({ status: 'pending', failure: { code: 'card_declined', declineCode: 'generic_decline' } });
    // Another agency's user, a top-up and an unknown id: as absent as each other.
    expect((await state(other)).status).toBe(404);
    const topUp = (await t.db.select({ id: paymentTransactions.id }).from(paymentTransactions).where(eq(paymentTransactions.kind, 'top-up')).limit(1))[0];
    expect((await call(t.app, 'GET', `/order/v2/payments/${topUp.id}`, { token: operator })).status).toBe(404);
    expect((await call(t.app, 'GET', `/order/v2/payments/${randomUUID()}`, { token: operator })).status).toBe(404);

    expect((await payer(redirectUrl, 'pay')).statusCode).toBe(303);
    expect((await state()).data).toMatchObject({ status: 'succeeded', failure: null });
  });

  it("shows on a train order's payment answer", async () => {
    expect((await ledger.topUp(t.db, agencyId, 'CNY', 1_000_000)).ok).toBe(true);
    const search = await call<TrainSearchAnswer>(t.app, 'POST', '/shopping/v2/train/search', { token: operator, body: { from: 'BJS', to: 'SHA', date: chinaDate(10), filters: { trainTypes: ['G'] } } });
    expect(search.code, search.message).toBe(0);
    const service = search.data.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0))!;
    const price = service.classes.find((c) => c.seatClass === 'second')!.price;
    const body = { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass: 'second', passengers: [ZHANG], contact: CONTACT, acceptedTotal: price };
    const order = await call<TrainOrder>(t.app, 'POST', '/order/v2/train/orders', { token: operator, body, headers: { 'idempotency-key': randomUUID() } });
    expect(order.code, order.message).toBe(0);
    const started = await call(t.app, 'POST', `/order/v2/train/orders/${order.data.id}/payment`, { token: operator, body: { method: 'stripe' }, headers: { 'idempotency-key': randomUUID() } });
    expect(started.code, started.message).toBe(0);
    const read = async () =>
      TrainChannelPayment.parse((await call(t.app, 'GET', `/order/v2/train/orders/${order.data.id}/payments/${started.data.transactionId}`, { token: operator })).data);
    expect((await read()).failure).toBeNull();

    expect((await payer(started.data.redirectUrl, 'decline')).statusCode).toBe(402);
    expect(await read()).toMatchObject({ outcome: 'pending', failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } });

    expect((await payer(started.data.redirectUrl, 'pay')).statusCode).toBe(303);
    expect(await read()).toMatchObject({ outcome: 'paid', failure: null });
  });
});
