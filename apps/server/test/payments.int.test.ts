import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { companies, ledgerMovements, paymentTransactions, sandboxCallbacks, sandboxPayments } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { paymentCallbacksJob, paymentExpiryJob } from '../src/modules/payments/payments.jobs.ts';
import { SANDBOX_PROFILES } from '../src/payments/sandbox/profiles.ts';
import { signingString } from '../src/payments/sandbox/styles/alipay.ts';
import type { WireEvent } from '../src/payments/sandbox/styles/types.ts';
import { rsaSha256Sign } from '../src/payments/sandbox/wire.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { ChannelRequestError } from '../src/payments/types.ts';
import { call, createTappedTestApp, holdingTap, loginAll, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

let t: TestApp;
let agencyId: string;
let platformId: string;
let finance: string;
let admin: string;
let operator: string;
let other: string;

// The channels' deliveries pass through here on their way into the app: recorded, and held back when a test wants
// to deliver them itself (in parallel, out of order, or not at all).
const sent: CallbackRequest[] = [];
const transport = { hold: false };
const faults = { duplicateCallbacks: false, deferCallbacks: false };

beforeAll(async () => {
  t = await createTappedTestApp(faults, holdingTap(sent, transport));
  const rows = await t.db.select({ id: companies.id, code: companies.code }).from(companies);
  agencyId = rows.find((r) => r.code === 'A00001')!.id;
  platformId = rows.find((r) => r.code === 'P00001')!.id;
  [finance, admin, operator, other] = await loginAll(t.app, ['finance', 'admin', 'operator', 'other']);
});
afterAll(() => t?.close());
beforeEach(() => {
  transport.hold = false;
  faults.duplicateCallbacks = false;
  faults.deferCallbacks = false;
});
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

async function createPayment(channel: ExternalPaymentChannel, amount: number, o: { token?: string; key?: string; currency?: string } = {}) {
  return call(t.app, 'POST', '/base/v2/wallet/payments', {
    token: o.token ?? finance,
    body: { channel, amount, currency: o.currency ?? 'CNY' },
    headers: { 'idempotency-key': o.key ?? newKey() },
  });
}

const pathOf = (url: string) => url.replace(TEST_PUBLIC_URL, '');
const cash = async (companyId = agencyId) => (await ledger.balances(t.db, companyId, 'CNY')).cash;
const txRow = async (id: string) => (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0];
/** The channel's callbacks about one of our transactions, and how many of them reached us. */
async function callbacksOf(transactionId: string) {
  const tx = await txRow(transactionId);
  const rows = await t.db.select().from(sandboxCallbacks).where(eq(sandboxCallbacks.paymentId, tx.channelPaymentId!));
  return { queued: rows.length, delivered: rows.filter((r) => r.deliveredAt).length };
}
const creditsOf = async (id: string) =>
  (await t.db.select({ n: count() }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'transaction'), eq(ledgerMovements.referenceId, id))))[0].n;

function payerAction(redirectUrl: string, action: 'pay' | 'cancel' | 'decline', lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: pathOf(redirectUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}&lang=${lang}`,
  });
}

function redeliver(req: CallbackRequest) {
  return t.app.inject({ method: 'POST', url: pathOf(req.url), headers: req.headers, payload: req.body });
}

/** A callback as the channel would sign it, for events the sandbox itself would never send in this order. */
async function forgeCallback(code: ExternalPaymentChannel, transactionId: string, kind: WireEvent['kind']) {
  const tx = await txRow(transactionId);
  const [sp] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, tx.channelPaymentId!));
  const profile = SANDBOX_PROFILES.find((p) => p.code === code)!;
  // Signed with the simulated provider's own keys, as the provider would sign it.
  const credentials = await t.app.deps.payments.sandbox!.providerCredentials(code);
  const now = new Date();
  const event: WireEvent = {
    eventId: profile.style.newEventId(),
    kind,
    occurredAt: now,
    payment: {
      id: sp.id,
      merchantReference: sp.merchantReference,
      amount: sp.amount,
      currency: 'CNY',
      subject: sp.subject,
      createdAt: sp.createdAt,
      paidAt: kind === 'paid' ? now : null,
    },
  };
  const { body, contentType } = profile.style.encode(event, credentials);
  return { url: `${TEST_PUBLIC_URL}/order/v2/payments/callbacks/${code}`, body, headers: { 'content-type': contentType, ...profile.style.headersFor(body, credentials, now) }, timeoutMs: 5000 };
}

describe('online wallet top-up', () => {
  it('goes from the hosted page to a wallet credited once', async () => {
    const before = await cash();
    const created = await createPayment('alipay', 1000_00);
    expect(created.code).toBe(0);
    const p = created.data;
    expect(p).toMatchObject({ channel: 'alipay', status: 'pending', amount: 1000_00, currency: 'CNY', fee: 600, net: 99_400, paymentTime: null });
    expect(p.redirectUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/sandbox/alipay/pay/\\d{28}$`));
    // Channel timeout (30 min) plus a minute of grace.
    expect(Date.parse(p.expiresAt) - Date.parse(p.createdAt)).toBeGreaterThanOrEqual(31 * 60_000 - 2000);

    const page = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Alipay checkout');
    expect(page.body).toContain('CNY 1,000.00');
    expect(page.body).toContain('Demo Travel Platform');
    expect(page.body).toContain('Time left to pay');
    expect(page.body).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    expect(page.body).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(page.body).not.toMatch(/<(link|img)\b|src="http/);
    const zh = await t.app.inject({ method: 'GET', url: pathOf(p.redirectUrl), headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.body).toContain('支付宝收银台');
    const tw = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=zh-TW`, headers: { 'accept-language': 'en' } });
    expect(tw.body).toContain('支付寶收銀台');

    const paid = await payerAction(p.redirectUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_PUBLIC_URL}/bills/wallet?payment=${p.id}`);

    // The callback was delivered while the payer was redirected; the poll on return finds the payment done.
    const polled = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance });
    expect(polled.data).toMatchObject({ id: p.id, status: 'succeeded', redirectUrl: null, net: 99_400 });
    expect(polled.data.paymentTime).toBeTruthy();
    expect(await cash()).toBe(before + 99_400);
    expect(await creditsOf(p.id)).toBe(1);
    const row = await txRow(p.id);
    expect(row.movementId).toBeTruthy();
    expect(row.externalReference).toBe(row.channelPaymentId);

    const after = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=en` });
    expect(after.body).toContain('Payment received');
    expect(after.body).not.toContain('class="pay"');

    // The channel's own job finds nothing left to send; the portal's expiry job nothing to expire.
    expect(await paymentCallbacksJob.run(t.app.deps, new Date())).toMatchObject({ delivered: 0, failed: 0 });
    await paymentExpiryJob.run(t.app.deps, new Date(Date.parse(p.expiresAt) + 60_000));
    expect(await cash()).toBe(before + 99_400);
    const config = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token: operator });
    expect(config.data.balance).toMatchObject({ currency: 'CNY', cash: before + 99_400 });
  });

  it('credits once when the same callback arrives ten times', async () => {
    const before = await cash();
    const p = (await createPayment('wechat-pay', 200_00)).data;
    transport.hold = true;
    await payerAction(p.redirectUrl, 'pay');
    const req = sent.at(-1)!;
    expect(req.url).toBe(`${TEST_PUBLIC_URL}/order/v2/payments/callbacks/wechat-pay`);
    expect((await txRow(p.id)).status).toBe('pending');

    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await redeliver(req));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await cash()).toBe(before + 200_00 - 120);
    expect(await creditsOf(p.id)).toBe(1);
    expect((await txRow(p.id)).status).toBe('succeeded');
  });

  it('credits once when the sandbox duplicates its callbacks', async () => {
    faults.duplicateCallbacks = true;
    const before = await cash();
    const p = (await createPayment('stripe', 50_00)).data;
    const sentBefore = sent.length;
    await payerAction(p.redirectUrl, 'pay');
    expect(sent.length).toBe(sentBefore + 1);
    expect(await callbacksOf(p.id)).toEqual({ queued: 2, delivered: 1 });
    // The late copy comes with the channel's next job run.
    await paymentCallbacksJob.run(t.app.deps, new Date());
    expect(await callbacksOf(p.id)).toEqual({ queued: 2, delivered: 2 });
    const fee = Math.ceil((50_00 * 340) / 10_000);
    expect(await cash()).toBe(before + 50_00 - fee);
    expect(await creditsOf(p.id)).toBe(1);
  });

  it('delivers only from the job when callbacks are deferred, and the poll on return settles first', async () => {
    faults.deferCallbacks = true;
    const before = await cash();
    const p = (await createPayment('alipay', 10_00)).data;
    const sentBefore = sent.length;
    expect((await payerAction(p.redirectUrl, 'pay')).statusCode).toBe(303);
    expect(sent.length).toBe(sentBefore);
    // The payer is back before the callback: the poll asks the channel, which says paid.
    const polled = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance });
    expect(polled.data.status).toBe('succeeded');
    expect(await callbacksOf(p.id)).toEqual({ queued: 1, delivered: 0 });
    await paymentCallbacksJob.run(t.app.deps, new Date());
    expect(await callbacksOf(p.id)).toEqual({ queued: 1, delivered: 1 });
    expect(await cash()).toBe(before + 10_00 - 6);
    expect(await creditsOf(p.id)).toBe(1);
  });

  it('keeps a paid payment paid when a cancel arrives after it', async () => {
    const before = await cash();
    const p = (await createPayment('alipay', 30_00)).data;
    await payerAction(p.redirectUrl, 'pay');
    expect((await txRow(p.id)).status).toBe('succeeded');
    const late = await redeliver(await forgeCallback('alipay', p.id, 'canceled'));
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('success');
    expect((await txRow(p.id)).status).toBe('succeeded');
    expect(await cash()).toBe(before + 30_00 - 18);
  });

  it('credits a payment the portal had already expired when the channel says it was paid', async () => {
    const before = await cash();
    const p = (await createPayment('wechat-pay', 40_00)).data;
    // Nobody pays: the expiry job asks the channel, which has closed it, and the portal marks it expired (WeChat Pay
    // sends no notification for a closed order).
    await paymentExpiryJob.run(t.app.deps, new Date(Date.parse(p.expiresAt) + 1000));
    expect((await txRow(p.id)).status).toBe('expired');
    expect(await cash()).toBe(before);

    // Then the channel reports the payment paid after all (its events out of order): the money was taken, so it counts.
    const paid = await forgeCallback('wechat-pay', p.id, 'paid');
    expect((await redeliver(paid)).statusCode).toBe(200);
    expect((await redeliver(paid)).statusCode).toBe(200);
    expect((await txRow(p.id)).status).toBe('succeeded');
    expect(await cash()).toBe(before + 40_00 - 24);
    expect(await creditsOf(p.id)).toBe(1);
  });

  it('marks a payment canceled when the payer cancels, and a later paid event still credits', async () => {
    const before = await cash();
    const p = (await createPayment('alipay', 20_00)).data;
    const res = await payerAction(p.redirectUrl, 'cancel');
    expect(res.statusCode).toBe(303);
    const polled = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance });
    expect(polled.data).toMatchObject({ status: 'canceled', redirectUrl: null, paymentTime: null });
    expect(await cash()).toBe(before);
    // The page now shows it canceled, and paying is refused.
    const again = await payerAction(p.redirectUrl, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('The payment was canceled');

    expect((await redeliver(await forgeCallback('alipay', p.id, 'paid'))).body).toBe('success');
    expect((await txRow(p.id)).status).toBe('succeeded');
    expect(await cash()).toBe(before + 20_00 - 12);
  });

  it('refuses a callback with a bad signature and changes nothing', async () => {
    const before = await cash();
    const p = (await createPayment('alipay', 70_00)).data;
    transport.hold = true;
    await payerAction(p.redirectUrl, 'pay');
    const genuine = sent.at(-1)!;
    const tampered = { ...genuine, body: genuine.body.replace('total_amount=70.00', 'total_amount=7000.00') };
    expect(tampered.body).not.toBe(genuine.body);
    const refused = await redeliver(tampered);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('failure');
    const wrongChannel = await t.app.inject({ method: 'POST', url: '/order/v2/payments/callbacks/stripe', headers: genuine.headers, payload: genuine.body });
    expect(wrongChannel.statusCode).toBe(400);
    const garbage = await t.app.inject({ method: 'POST', url: '/order/v2/payments/callbacks/stripe', headers: { 'content-type': 'application/json' }, payload: '{"id":"evt_1"}' });
    expect(garbage.statusCode).toBe(400);
    expect((await txRow(p.id)).status).toBe('pending');
    expect(await cash()).toBe(before);
    expect(await creditsOf(p.id)).toBe(0);
    // The genuine one still works.
    expect((await redeliver(genuine)).body).toBe('success');
    expect(await cash()).toBe(before + 70_00 - 42);
  });

  it('refuses a genuine callback about a payment it does not know, so the channel retries', async () => {
    const p = (await createPayment('alipay', 5_00)).data;
    const forged = await forgeCallback('alipay', p.id, 'paid');
    // The event points at a payment nobody created here, correctly signed.
    const params = new URLSearchParams(forged.body);
    params.set('out_trade_no', '00000000-0000-4000-8000-000000000000');
    params.set('trade_no', '20990101000000000000000000');
    params.set('sign', rsaSha256Sign((await t.app.deps.payments.sandbox!.providerCredentials('alipay')).signingKey!, signingString(params)));
    const res = await redeliver({ ...forged, body: params.toString() });
    expect(res.statusCode).toBe(400);
    expect((await txRow(p.id)).status).toBe('pending');
  });

  it('expires a payment nobody paid, at the channel too', async () => {
    const p = (await createPayment('stripe', 60_00)).data;
    const row = await txRow(p.id);
    await paymentExpiryJob.run(t.app.deps, new Date(Date.parse(p.expiresAt) - 1000));
    expect((await txRow(p.id)).status).toBe('pending');
    await paymentExpiryJob.run(t.app.deps, new Date(Date.parse(p.expiresAt) + 1000));
    expect((await txRow(p.id)).status).toBe('expired');
    const channelSide = await t.app.deps.payments.channels.get('stripe')!.retrievePayment(row.channelPaymentId!);
    expect(channelSide?.status).toBe('expired');
    const polled = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance });
    expect(polled.data).toMatchObject({ status: 'expired', redirectUrl: null });
    const page = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=en` });
    expect(page.body).toContain('This payment has expired');
    expect((await payerAction(p.redirectUrl, 'pay')).statusCode).toBe(409);
  });

  it('credits from the expiry job a payment whose callbacks never arrived', async () => {
    const before = await cash();
    const p = (await createPayment('alipay', 80_00)).data;
    transport.hold = true;
    await payerAction(p.redirectUrl, 'pay');
    expect((await txRow(p.id)).status).toBe('pending');
    const counts = await paymentExpiryJob.run(t.app.deps, new Date(Date.parse(p.expiresAt) + 1000));
    expect(counts).toMatchObject({ succeeded: 1 });
    expect(await cash()).toBe(before + 80_00 - 48);
    // The channel keeps retrying its callback (4 minutes later for Alipay); the retry changes nothing.
    transport.hold = false;
    expect(await callbacksOf(p.id)).toEqual({ queued: 1, delivered: 0 });
    await paymentCallbacksJob.run(t.app.deps, new Date(Date.now() + 5 * 60_000));
    expect(await callbacksOf(p.id)).toEqual({ queued: 1, delivered: 1 });
    expect(await cash()).toBe(before + 80_00 - 48);
    expect(await creditsOf(p.id)).toBe(1);
  });

  it("keeps the payment open when Stripe declines the card, shows the payer why, and takes another card", async () => {
    const before = await cash();
    const p = (await createPayment('stripe', 50_00)).data;
    const page = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=en` });
    expect(page.body).toMatch(/<button type="submit" class="decline">Pay with a card that is declined<\/button>/);
    expect(page.body).not.toContain('Your card was declined');
    const alipay = (await createPayment('alipay', 1_00)).data;
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(alipay.redirectUrl)}?lang=en` })).body).not.toContain('class="decline"');
    expect((await payerAction(alipay.redirectUrl, 'decline')).statusCode).toBe(409);

    const from = sent.length;
    for (const [lang, text] of [
      ['en', 'Your card was declined. Try another card.'],
      ['zh-CN', '您的卡被拒绝，请换一张卡再试。'],
      ['zh-TW', '您的卡遭拒絕，請換一張卡再試。'],
    ]) {
      const declined = await payerAction(p.redirectUrl, 'decline', lang);
      // Stripe keeps the payer on its page, says why, and offers the payment again.
      expect([lang, declined.statusCode]).toEqual([lang, 402]);
      expect(declined.body).toContain(text);
      expect(declined.body).toContain('class="pay"');
    }
    // Each decline was notified (payment_intent.payment_failed) and acknowledged; the payment stays open, uncredited.
    const failures = sent.slice(from).filter((r) => r.url.endsWith('/callbacks/stripe'));
    expect(failures.map((r) => JSON.parse(r.body).type)).toEqual(Array(3).fill('payment_intent.payment_failed'));
    expect(await callbacksOf(p.id)).toEqual({ queued: 3, delivered: 3 });
    expect((await redeliver(failures[0])).statusCode).toBe(200);
    expect(await txRow(p.id)).toMatchObject({ status: 'pending', movementId: null });
    expect((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance })).data).toMatchObject({ status: 'pending', redirectUrl: p.redirectUrl });
    // Altered, the notice is refused like any callback.
    expect((await redeliver({ ...failures[0], body: failures[0].body.replace('generic_decline', 'do_not_honor') })).statusCode).toBe(400);

    // Another card: paid and credited once.
    expect((await payerAction(p.redirectUrl, 'pay')).statusCode).toBe(303);
    expect((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance })).data).toMatchObject({ status: 'succeeded' });
    expect(await creditsOf(p.id)).toBe(1);
    expect(await cash()).toBe(before + p.net);
  });

  it("shows a lapsed payment as expired on the channel's page and refuses to take it", async () => {
    // Alipay notifies a trade that timed out (TRADE_CLOSED); WeChat Pay would notify nothing.
    const p = (await createPayment('alipay', 9_00)).data;
    const row = await txRow(p.id);
    await t.db.update(sandboxPayments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sandboxPayments.id, row.channelPaymentId!));
    const page = await t.app.inject({ method: 'GET', url: `${pathOf(p.redirectUrl)}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This payment has expired');
    expect(page.body).not.toContain('class="pay"');
    expect((await payerAction(p.redirectUrl, 'pay')).statusCode).toBe(409);
    // The channel closed it and told the portal.
    await paymentCallbacksJob.run(t.app.deps, new Date());
    expect((await txRow(p.id)).status).toBe('expired');
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/wechat-pay/pay/nope?lang=en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Payment not found');
  });
});

describe('rules of the online top-up', () => {
  const setCompany = async (patch: { disablePayment?: boolean; channels?: string[] }) => {
    const [row] = await t.db.select().from(companies).where(eq(companies.id, agencyId));
    await t.db
      .update(companies)
      .set({
        commonConfig: { ...row.commonConfig, disablePayment: patch.disablePayment ?? false },
        paymentSettings: { channels: (patch.channels ?? ['balance', 'credit', 'alipay', 'wechat-pay', 'stripe']) as never },
      })
      .where(eq(companies.id, agencyId));
  };
  afterEach(() => setCompany({}));
  const transactions = async () => (await t.db.select({ n: count() }).from(paymentTransactions))[0].n;
  const sandboxCount = async () => (await t.db.select({ n: count() }).from(sandboxPayments))[0].n;

  it('refuses what the agency may not do, creating nothing', async () => {
    const [n0, s0] = [await transactions(), await sandboxCount()];
    await setCompany({ disablePayment: true });
    const disabled = await createPayment('alipay', 100_00);
    expect(disabled).toMatchObject({ status: 403, message: 'Online payment is disabled for this agency' });
    await setCompany({});
    expect(await createPayment('yeepay-alipay', 100_00)).toMatchObject({ status: 403, message: 'This payment method is not available to your agency' });
    const balance = await createPayment('balance' as never, 100_00);
    expect(balance).toMatchObject({ status: 400, message: 'Balance and credit cannot be used to top up the wallet' });
    expect(balance.data.fields.channel).toBeTruthy();
    const usd = await createPayment('stripe', 100_00, { currency: 'USD' });
    expect(usd).toMatchObject({ status: 400, message: 'Top-ups are paid in your settlement currency CNY' });
    expect(usd.data.fields.currency).toBeTruthy();
    await setCompany({ channels: ['paypal'] });
    expect(await createPayment('paypal', 100_00)).toMatchObject({ status: 400, message: 'This payment method does not accept CNY' });
    expect(await createPayment('alipay', 1)).toMatchObject({ status: 403 });
    await setCompany({});
    expect(await createPayment('alipay', 1)).toMatchObject({ status: 400, message: 'The amount does not cover the handling fee of this payment method' });
    expect(await createPayment('alipay', 0)).toMatchObject({ status: 400 });
    expect(await createPayment('alipay', 12.5)).toMatchObject({ status: 400 });
    const zh = await call(t.app, 'POST', '/base/v2/wallet/payments', { token: finance, lang: 'zh-CN', body: { channel: 'yeepay-wechat', amount: 100, currency: 'CNY' } });
    expect(zh.message).toBe('您的代理不能使用该支付方式');
    expect([await transactions(), await sandboxCount()]).toEqual([n0, s0]);
  });

  it('lets only finance staff top up, and only read their own agency’s payments', async () => {
    const p = (await createPayment('alipay', 15_00)).data;
    expect((await createPayment('alipay', 15_00, { token: operator })).status).toBe(403);
    expect((await createPayment('alipay', 15_00, { token: other })).status).toBe(403);
    expect((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: operator })).status).toBe(403);
    // The platform's SuperUser passes the finance check but the payment is another company's: not found.
    const foreign = await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: admin });
    expect(foreign).toMatchObject({ status: 404, code: 100404 });
    expect((await call(t.app, 'GET', '/base/v2/wallet/payments/not-a-uuid', { token: finance })).status).toBe(400);
    expect((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`)).code).toBe(201001);
    expect((await call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance })).data.id).toBe(p.id);
  });

  it('answers the first payment again for a replayed Idempotency-Key and refuses the key with another body', async () => {
    const key = newKey();
    const first = await createPayment('alipay', 33_00, { key });
    const again = await createPayment('alipay', 33_00, { key });
    expect(again.code).toBe(0);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.redirectUrl).toBe(first.data.redirectUrl);
    expect(await t.db.select({ n: count() }).from(paymentTransactions).where(eq(paymentTransactions.id, first.data.id))).toEqual([{ n: 1 }]);
    const channelPaymentId = (await txRow(first.data.id)).channelPaymentId!;
    expect((await t.db.select({ n: count() }).from(sandboxPayments).where(eq(sandboxPayments.merchantReference, first.data.id)))[0].n).toBe(1);

    const conflict = await createPayment('alipay', 34_00, { key });
    expect(conflict).toMatchObject({ status: 409, message: 'This Idempotency-Key was already used for a different request' });
    // Another agency using the same key string gets its own payment.
    const platform = await createPayment('alipay', 33_00, { key, token: admin });
    expect(platform.code).toBe(0);
    expect(platform.data.id).not.toBe(first.data.id);
    expect((await txRow(platform.data.id)).companyId).toBe(platformId);
    expect((await createPayment('alipay', 33_00, { key: 'short' })).status).toBe(400);

    // Once paid, the replay answers the final state.
    await payerAction(first.data.redirectUrl, 'pay');
    const replayPaid = await createPayment('alipay', 33_00, { key });
    expect(replayPaid.data).toMatchObject({ id: first.data.id, status: 'succeeded', redirectUrl: null });
    expect((await txRow(first.data.id)).channelPaymentId).toBe(channelPaymentId);
  });

  it('records a failed payment when the channel cannot open one', async () => {
    const channel = t.app.deps.payments.channels.get('wechat-pay')!;
    const spy = vi.spyOn(channel, 'createPayment').mockRejectedValueOnce(new ChannelRequestError('wechat-pay', 'unavailable'));
    try {
      const key = newKey();
      const res = await createPayment('wechat-pay', 25_00, { key });
      expect(res).toMatchObject({ status: 500, message: 'Payment information cannot be processed, try again later' });
      const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.idempotencyKey, `${agencyId}:${key}`));
      expect(row).toMatchObject({ status: 'failed', channelPaymentId: null, grossAmount: 25_00 });
      expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, row.id))).toEqual([]);
      // The key answers that failed payment again rather than opening a second one.
      expect((await createPayment('wechat-pay', 25_00, { key })).data).toMatchObject({ id: row.id, status: 'failed', redirectUrl: null });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers the payment configuration from the company settings', async () => {
    const config = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token: operator });
    expect(config.code).toBe(0);
    expect(config.data.disablePayment).toBe(false);
    expect(config.data.channels).toEqual([
      { channel: 'balance', feeBp: 0, currencies: ['CNY'] },
      { channel: 'credit', feeBp: 0, currencies: ['CNY'] },
      { channel: 'alipay', feeBp: 60, currencies: ['CNY'] },
      { channel: 'wechat-pay', feeBp: 60, currencies: ['CNY'] },
      expect.objectContaining({ channel: 'stripe', feeBp: 340 }),
    ]);
    expect(config.data.channels[4].currencies).toContain('CNY');
    expect(config.data.balance).toEqual(await ledger.balances(t.db, agencyId, 'CNY'));

    await setCompany({ channels: ['balance', 'paypal', 'airwallex', 'yeepay-credit-card'] });
    const narrowed = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token: operator });
    // PayPal does not take CNY, the settlement currency: it is not offered.
    expect(narrowed.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['balance', 'yeepay-credit-card', 'airwallex']);

    await setCompany({ disablePayment: true });
    const disabled = await call(t.app, 'GET', '/order/v2/flight/config/payment', { token: operator });
    expect(disabled.data).toMatchObject({ disablePayment: true, channels: [] });
    expect(disabled.data.balance.currency).toBe('CNY');
    expect((await call(t.app, 'GET', '/order/v2/flight/config/payment')).code).toBe(201001);
  });
});

describe('payment routes in the API document', () => {
  it('lists the top-up, callback, configuration and hosted page routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [method, route] of [
      ['post', '/base/v2/wallet/payments'],
      ['get', '/base/v2/wallet/payments/{id}'],
      ['post', '/order/v2/payments/callbacks/{channel}'],
      ['get', '/order/v2/flight/config/payment'],
      ['get', '/sandbox/{channel}/pay/{id}'],
      ['post', '/sandbox/{channel}/pay/{id}'],
    ]) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});

// PGlite is one connection: nothing is concurrent there, so the race only means something on PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('callbacks under concurrency (postgres)', () => {
  it('credits once when the same callback arrives ten times at once', async () => {
    const before = await cash();
    const p = (await createPayment('stripe', 123_45)).data;
    transport.hold = true;
    await payerAction(p.redirectUrl, 'pay');
    const req = sent.at(-1)!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeliver(req)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const fee = Math.ceil((123_45 * 340) / 10_000);
    expect(await cash()).toBe(before + 123_45 - fee);
    expect(await creditsOf(p.id)).toBe(1);
  });

  it('credits once when callbacks, the poll and the expiry job all race', async () => {
    const before = await cash();
    const p = (await createPayment('wechat-pay', 77_00)).data;
    transport.hold = true;
    await payerAction(p.redirectUrl, 'pay');
    const req = sent.at(-1)!;
    const late = new Date(Date.parse(p.expiresAt) + 1000);
    await Promise.all([
      ...Array.from({ length: 5 }, () => redeliver(req)),
      ...Array.from({ length: 3 }, () => call(t.app, 'GET', `/base/v2/wallet/payments/${p.id}`, { token: finance })),
      paymentExpiryJob.run(t.app.deps, late),
      paymentExpiryJob.run(t.app.deps, late),
    ]);
    expect((await txRow(p.id)).status).toBe('succeeded');
    expect(await cash()).toBe(before + 77_00 - 47);
    expect(await creditsOf(p.id)).toBe(1);
    expect((await t.db.select({ n: count() }).from(sandboxCallbacks).where(eq(sandboxCallbacks.channel, 'wechat-pay')))[0].n).toBeGreaterThan(0);
  });
});
