import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GroupPaymentAnswer, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { channelFee } from '@portal/contract/top-up';
import { companies, groupOrderEvents, ledgerMovements, paymentTransactions, sandboxPayments } from '../src/db/schema/index.ts';
import { closeLapsedGroups } from '../src/modules/group-orders/groups.jobs.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { paymentCallbacksJob } from '../src/modules/payments/payments.jobs.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { call, createTappedTestApp, holdingTap, loginAll, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { DAY_MS, groupDetail, GROUPS, inMs, payableGroup } from './helpers/groups.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * Group instalments paid through the agency's payment channels (issue 12, spec point 9), on the sandbox channels: the
 * hosted page, the signed callback that credits the wallet, and the 'group-order' origin handler that charges the
 * instalment from that money, once.
 */
let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let finance: string;
let agencyId: string;

// The channels' callbacks pass through here on their way into the app: recorded, and held back when a test wants to
// deliver them itself (again, or only after something else happened).
const sent: CallbackRequest[] = [];
const transport = { hold: false };
const faults = { duplicateCallbacks: false };

beforeAll(async () => {
  t = await createTappedTestApp(faults, holdingTap(sent, transport));
  [operator, agency, other, admin, finance] = await loginAll(t.app, ['operator', 'agency', 'other', 'admin', 'finance']);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
  agencyId = await companyIdOf(t, 'A00001');
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 1_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
beforeEach(() => {
  transport.hold = false;
  faults.duplicateCallbacks = false;
});
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const ALIPAY_FEE_BP = 60;
const payable = (over: Parameters<typeof payableGroup>[2] = {}) => payableGroup(t, { agent: operator, desk: admin }, over);
const detail = (id: string, token = operator) => groupDetail(t, token, id);
const body = (instalment: GroupPaymentBody['instalment'], over: Partial<GroupPaymentBody> = {}): GroupPaymentBody => ({ instalment, method: 'alipay', acknowledgeNonRefundable: true, ...over });
const pay = (id: string, b: GroupPaymentBody, o: { token?: string; key?: string } = {}) =>
  call<GroupPaymentAnswer>(t.app, 'POST', `${GROUPS}/orders/${id}/payment`, { token: o.token ?? operator, body: b, headers: { 'idempotency-key': o.key ?? randomUUID() } });
const cash = async () => (await ledger.balances(t.db, agencyId, 'CNY')).cash;
const pathOf = (url: string) => url.replace(TEST_PUBLIC_URL, '');
/** The payer on the channel's hosted page. */
const payerPays = (redirectUrl: string) =>
  t.app.inject({ method: 'POST', url: pathOf(redirectUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay&lang=en' });
const redeliver = (req: CallbackRequest) => t.app.inject({ method: 'POST', url: pathOf(req.url), headers: req.headers, payload: req.body });
const transactionsOf = (groupId: string) => t.db.select().from(paymentTransactions).where(eq(paymentTransactions.originId, groupId));
const chargesOf = async (groupId: string) =>
  (await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'group-order'), eq(ledgerMovements.referenceId, groupId)))).map((m) => m.reason);
const payEventsOf = async (groupId: string) =>
  (await t.db.select({ n: count() }).from(groupOrderEvents).where(and(eq(groupOrderEvents.groupOrderId, groupId), eq(groupOrderEvents.event, 'pay'))))[0].n;

describe('paying an instalment through a channel', () => {
  it('opens the hosted page, and the paid callback pays the deposit from the credited wallet: entries, transactions, next status', async () => {
    const g = await payable();
    const before = await cash();
    const started = await pay(g.id, body('deposit1', { amount: 1000 }));
    expect(started.status, started.message).toBe(200);
    expect(started.message).toBe('Continue on the payment page. The instalment is paid once the channel confirms the payment.');
    // Nothing is paid yet: the group waits for the channel.
    expect(started.data.status).toBe('to_be_pay_first');
    expect(started.data.payments).toEqual([]);
    const fee = channelFee(1000, ALIPAY_FEE_BP);
    expect(fee).toBeGreaterThan(0);
    const p = started.data.channelPayment!;
    expect(p).toMatchObject({ channel: 'alipay', instalment: 'deposit1', status: 'pending', amount: 1000, fee, gross: 1000 + fee, currency: 'CNY' });
    expect(p.redirectUrl).toMatch(/\/sandbox\/alipay\/pay\//);
    expect(Date.parse(p.expiresAt)).toBeLessThanOrEqual(Date.parse(g.nextInstalment!.dueAt));
    expect(await cash()).toBe(before);
    const [pending] = await transactionsOf(g.id);
    expect(pending).toMatchObject({ id: p.transactionId, kind: 'payment', method: 'alipay', status: 'pending', originType: 'group-order', grossAmount: 1000 + fee, feeAmount: fee, netAmount: 1000 });
    // The channel pays exactly the instalment and its fee, under the booking number.
    const [atChannel] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, p.transactionId));
    expect(atChannel).toMatchObject({ amount: 1000 + fee, currency: 'CNY', subject: `Group booking ${g.bookingNumber}, deposit 1` });

    const page = await payerPays(p.redirectUrl!);
    // The sandbox delivered its signed callback before sending the payer back to the group.
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${TEST_PUBLIC_URL}/flight/group/order/${g.id}?payment=${p.transactionId}&instalment=deposit1`);

    const paid = await detail(g.id);
    expect(paid.status).toBe('to_be_pay_second');
    expect(paid.payments).toMatchObject([{ kind: 'deposit1', amount: 1000, currency: 'CNY', method: 'alipay' }]);
    expect(paid.timeline.at(-1)).toMatchObject({ event: 'pay', from: 'to_be_pay_first', to: 'to_be_pay_second', actor: { kind: 'user' } });
    expect(paid.nextInstalment).toMatchObject({ kind: 'deposit2', amount: 2000 });
    // The channel's money came in and went out again: the wallet is where it was; the payer paid the fee.
    expect(await cash()).toBe(before);
    expect(await chargesOf(g.id)).toEqual(['group-deposit']);

    // Wallet: the channel's credit (naming the group), then the deposit charged from it.
    const entries = (await call(t.app, 'GET', '/base/v2/wallet/entries', { token: agency, query: { pageSize: 100 } })).data.items.filter((e: any) => e.orderId === g.id);
    const credit = entries.find((e: any) => e.type === 'top-up');
    const debit = entries.find((e: any) => e.type === 'group-deposit');
    expect(credit).toMatchObject({ amount: 1000, currency: 'CNY', paymentReference: p.transactionId });
    expect(debit).toMatchObject({ amount: -1000, currency: 'CNY' });
    expect(debit.balanceAfter).toBe(credit.balanceAfter - 1000);
    expect(debit.description).toContain(g.bookingNumber);
    // All Transactions: the one channel payment, succeeded, with its fee; no second row for the charge.
    const txs = (await call(t.app, 'GET', '/base/v2/transactions', { token: agency, query: { pageSize: 100 } })).data.items.filter((x: any) => x.originId === g.id);
    expect(txs).toMatchObject([{ id: p.transactionId, kind: 'payment', method: 'alipay', status: 'succeeded', gross: 1000 + fee, fee, net: 1000 }]);

    // A new request for the instalment just paid: it is no longer the one due, and nothing is opened.
    const twice = await pay(g.id, body('deposit1', { amount: 1000 }));
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('The instalment due now is deposit2');
    expect(await transactionsOf(g.id)).toHaveLength(1);
  });

  it('a plan’s last deposit paid by a channel moves to the final payment (pay_last_deposit); the final payment then proceeds', async () => {
    const g = await payable({ paymentPlan: [{ kind: 'deposit1', amount: 3810, dueAt: inMs(3 * DAY_MS) }, { kind: 'final', amount: 8890, dueAt: inMs(20 * DAY_MS) }] });
    await payerPays((await pay(g.id, body('deposit1', { method: 'wechat-pay' }))).data.channelPayment!.redirectUrl!);
    const afterDeposit = await detail(g.id);
    expect(afterDeposit.status).toBe('to_be_paid_last_money');
    expect(afterDeposit.timeline.at(-1)?.event).toBe('pay_last_deposit');
    await payerPays((await pay(g.id, body('final', { method: 'stripe' }))).data.channelPayment!.redirectUrl!);
    const done = await detail(g.id);
    expect(done.status).toBe('proceeding');
    expect(done.payments.map((p) => [p.kind, p.method])).toEqual([
      ['deposit1', 'wechat-pay'],
      ['final', 'stripe'],
    ]);
    expect((await chargesOf(g.id)).sort()).toEqual(['group-deposit', 'group-final']);
  });
});

describe('exactly once', () => {
  it('a repeated callback, a duplicate delivery and the callbacks job charge the instalment once', async () => {
    const g = await payable();
    const before = await cash();
    const p = (await pay(g.id, body('deposit1'))).data.channelPayment!;
    // The sandbox queues a second copy of its callback, which its job delivers later.
    faults.duplicateCallbacks = true;
    const from = sent.length;
    await payerPays(p.redirectUrl!);
    const callback = sent.slice(from).find((r) => r.url.endsWith('/callbacks/alipay'))!;
    expect(callback).toBeDefined();
    const again = await Promise.all(Array.from({ length: 5 }, () => redeliver(callback)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    await paymentCallbacksJob.run(t.app.deps, new Date(Date.now() + DAY_MS));
    expect(await cash()).toBe(before);
    expect(await chargesOf(g.id)).toEqual(['group-deposit']);
    expect(await payEventsOf(g.id)).toBe(1);
    const topUps = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'transaction'), eq(ledgerMovements.referenceId, p.transactionId)));
    expect(topUps).toHaveLength(1);
    expect((await detail(g.id)).status).toBe('to_be_pay_second');
  });

  it('the same Idempotency-Key answers the same payment and page; another body with it is a conflict', async () => {
    const g = await payable();
    const key = randomUUID();
    const first = await pay(g.id, body('deposit1'), { key });
    const again = await pay(g.id, body('deposit1'), { key });
    expect(again.status).toBe(200);
    expect(again.data.channelPayment).toEqual(first.data.channelPayment);
    expect(await transactionsOf(g.id)).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(sandboxPayments).where(eq(sandboxPayments.merchantReference, first.data.channelPayment!.transactionId)))[0].n).toBe(1);
    // Same key, another method or amount: refused, not a second payment.
    for (const other of [body('deposit1', { method: 'wechat-pay' }), body('deposit1', { method: 'balance' }), body('deposit1', { amount: 999 })]) {
      const res = await pay(g.id, other, { key });
      expect(res.status).toBe(409);
      expect(res.code).toBe(Code.CONFLICT);
    }
    expect(await transactionsOf(g.id)).toHaveLength(1);

    await payerPays(first.data.channelPayment!.redirectUrl!);
    // After the channel paid it, the same key answers the paid payment and the group moved on.
    const paid = await pay(g.id, body('deposit1'), { key });
    expect(paid.status).toBe(200);
    expect(paid.data.status).toBe('to_be_pay_second');
    expect(paid.data.channelPayment).toMatchObject({ transactionId: first.data.channelPayment!.transactionId, status: 'succeeded', redirectUrl: null });
    expect(await chargesOf(g.id)).toEqual(['group-deposit']);

    // A key that paid from the wallet is not reused for a channel either.
    const walletKey = randomUUID();
    expect((await pay(g.id, body('deposit2', { method: 'balance' }), { key: walletKey })).data.status).toBe('to_be_pay_third');
    expect((await pay(g.id, body('deposit2'), { key: walletKey })).status).toBe(409);
  });

  it('first requests racing with one key open one payment and all answer its page', async () => {
    const g = await payable();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(g.id, body('deposit1'), { key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const payments = answers.map((a) => a.data.channelPayment!);
    expect(new Set(payments.map((p) => p.transactionId)).size).toBe(1);
    expect(new Set(payments.map((p) => p.redirectUrl)).size).toBe(1);
    expect(payments[0].redirectUrl).toMatch(/\/sandbox\/alipay\/pay\//);
    expect(await transactionsOf(g.id)).toHaveLength(1);
    await payerPays(payments[0].redirectUrl!);
    expect((await detail(g.id)).status).toBe('to_be_pay_second');
    expect(await chargesOf(g.id)).toEqual(['group-deposit']);
  });

  it('money for an instalment paid another way meanwhile stays in the wallet', async () => {
    const g = await payable();
    const before = await cash();
    const p = (await pay(g.id, body('deposit1'))).data.channelPayment!;
    expect((await pay(g.id, body('deposit1', { method: 'balance' }))).data.status).toBe('to_be_pay_second');
    await payerPays(p.redirectUrl!);
    expect((await transactionsOf(g.id)).find((x) => x.id === p.transactionId)?.status).toBe('succeeded');
    // Charged once (from the balance); the channel's 1000 credited and kept.
    expect(await chargesOf(g.id)).toEqual(['group-deposit']);
    expect(await cash()).toBe(before);
    const after = await detail(g.id);
    expect(after.status).toBe('to_be_pay_second');
    expect(after.payments).toMatchObject([{ kind: 'deposit1', method: 'balance' }]);
  });
});

describe('deadlines', () => {
  it('a payment made in time whose callback reaches us after the deadline still pays the instalment', async () => {
    const g = await payable({ confirmBy: inMs(1500), paymentPlan: [{ kind: 'deposit1', amount: 1000, dueAt: inMs(3000) }, { kind: 'final', amount: 11_700, dueAt: inMs(DAY_MS) }] });
    const p = (await pay(g.id, body('deposit1'))).data.channelPayment!;
    // The page closes with the instalment's deadline.
    expect(Date.parse(p.expiresAt)).toBe(Date.parse(g.nextInstalment!.dueAt));
    transport.hold = true;
    const from = sent.length;
    await payerPays(p.redirectUrl!);
    const callback = sent.slice(from).find((r) => r.url.endsWith('/callbacks/alipay'))!;
    transport.hold = false;
    await new Promise((r) => setTimeout(r, Date.parse(g.nextInstalment!.dueAt) - Date.now() + 100));
    expect((await redeliver(callback)).statusCode).toBe(200);
    const paid = await detail(g.id);
    expect(paid.status).toBe('to_be_paid_last_money');
    expect(paid.payments).toMatchObject([{ kind: 'deposit1', method: 'alipay' }]);
  });

  it('a callback arriving after the group closed for its deadline keeps the money in the wallet', async () => {
    const g = await payable({ confirmBy: inMs(1500), paymentPlan: [{ kind: 'deposit1', amount: 1000, dueAt: inMs(3000) }, { kind: 'final', amount: 11_700, dueAt: inMs(DAY_MS) }] });
    const before = await cash();
    const p = (await pay(g.id, body('deposit1'))).data.channelPayment!;
    transport.hold = true;
    const from = sent.length;
    await payerPays(p.redirectUrl!);
    const callback = sent.slice(from).find((r) => r.url.endsWith('/callbacks/alipay'))!;
    transport.hold = false;
    await new Promise((r) => setTimeout(r, Date.parse(g.nextInstalment!.dueAt) - Date.now() + 100));
    expect(await closeLapsedGroups(t.app.deps, new Date())).toBeGreaterThanOrEqual(1);
    expect((await detail(g.id)).status).toBe('closed');

    expect((await redeliver(callback)).statusCode).toBe(200);
    const closed = await detail(g.id);
    expect(closed.status).toBe('closed');
    expect(closed.payments).toEqual([]);
    // Never lost: the channel's money is the agency's, in its wallet.
    expect(await cash()).toBe(before + 1000);
    expect(await chargesOf(g.id)).toEqual([]);
    expect((await transactionsOf(g.id))[0]).toMatchObject({ id: p.transactionId, status: 'succeeded' });
  });

  it('refuses an instalment past its deadline before opening anything at the channel', async () => {
    const g = await payable({ confirmBy: inMs(1000), paymentPlan: [{ kind: 'deposit1', amount: 1000, dueAt: inMs(1500) }, { kind: 'final', amount: 11_700, dueAt: inMs(DAY_MS) }] });
    await new Promise((r) => setTimeout(r, Date.parse(g.nextInstalment!.dueAt) - Date.now() + 100));
    const late = await pay(g.id, body('deposit1'));
    expect(late.status).toBe(409);
    expect(late.code).toBe(Code.ORDER_STATE);
    expect(late.message).toBe('Group payment time expired, contact the administrator');
    expect(await transactionsOf(g.id)).toEqual([]);
  });
});

describe('refusals', () => {
  it('the wrong instalment, a changed amount, no acknowledgement, a channel the agency may not use: nothing opened', async () => {
    const g = await payable();
    const skip = await pay(g.id, body('deposit2'));
    expect(skip.status).toBe(409);
    expect(skip.message).toBe('The instalment due now is deposit1');
    expect((await pay(g.id, body('deposit1', { amount: 999 }))).message).toBe('The amount due is now 1000 CNY. Review it before paying.');
    expect((await pay(g.id, body('deposit1', { acknowledgeNonRefundable: false as true }))).status).toBe(400);
    // PayPal is not among the agency's channels (the default settings).
    const notAllowed = await pay(g.id, body('deposit1', { method: 'paypal' }));
    expect(notAllowed.status).toBe(403);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, agencyId));
    await t.db.update(companies).set({ paymentSettings: { channels: ['balance', 'credit'] } }).where(eq(companies.id, agencyId));
    try {
      expect((await pay(g.id, body('deposit1'))).status).toBe(403);
    } finally {
      await t.db.update(companies).set({ paymentSettings: row.paymentSettings }).where(eq(companies.id, agencyId));
    }
    await setCommonConfig(t, 'A00001', { disablePayment: true });
    try {
      expect((await pay(g.id, body('deposit1'))).message).toBe('Payment is disabled for this agency');
    } finally {
      await setCommonConfig(t, 'A00001', { disablePayment: false });
    }
    expect(await transactionsOf(g.id)).toEqual([]);
    expect((await detail(g.id)).status).toBe('to_be_pay_first');
  });

  it('another agency gets 404; the desk and finance-only users cannot pay', async () => {
    const g = await payable();
    const foreign = await pay(g.id, body('deposit1'), { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Booking does not exist');
    expect((await pay(g.id, body('deposit1'), { token: admin })).status).toBe(403);
    expect((await pay(g.id, body('deposit1'), { token: finance })).status).toBe(403);
    expect(await transactionsOf(g.id)).toEqual([]);
  });
});
