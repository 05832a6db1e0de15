import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GroupDeskQuoteBody, GroupOrder, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ledgerMovements, paymentTransactions } from '../src/db/schema/index.ts';
import { closeLapsedGroups } from '../src/modules/group-orders/groups.jobs.ts';
import { runSimulatedSeatDesk } from '../src/modules/group-orders/seats.usecase.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { confirmedGroup, DAY_MS as DAY, groupDetail, groupQuoteBody as quoteBody, GROUPS, inMs as at, payableGroup, requestedGroup } from './helpers/groups.ts';

/** Group flights, second part of issue 12: seats (simulated desk and by hand) and instalments paid from the wallet. */
let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let finance: string;
let agencyId: string;
let otherId: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, other, admin, finance] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin'), loginAs(t.app, 'finance')]);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
  [agencyId, otherId] = await Promise.all([companyIdOf(t, 'A00001'), companyIdOf(t, 'A00002')]);
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 1_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const detail = (id: string, token = operator) => groupDetail(t, token, id);
const request = (token = operator) => requestedGroup(t, token);
const payBody = (instalment: GroupPaymentBody['instalment'], over: Partial<GroupPaymentBody> = {}): GroupPaymentBody => ({ instalment, method: 'balance', acknowledgeNonRefundable: true, ...over });
const pay = (id: string, b: unknown, o: { token?: string; key?: string | null } = {}) =>
  call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${id}/payment`, { token: o.token ?? operator, body: b, headers: o.key === null ? {} : { 'idempotency-key': o.key ?? randomUUID() } });
const balances = (companyId = agencyId) => ledger.balances(t.db, companyId, 'CNY');

const confirmed = (over: Partial<GroupDeskQuoteBody> = {}, token = operator) => confirmedGroup(t, { agent: token, desk: admin }, over);
const payable = (over: Partial<GroupDeskQuoteBody> = {}, token = operator) => payableGroup(t, { agent: token, desk: admin }, over);

describe('seats', () => {
  it('the simulated desk applies for seats after its delay, then secures them; the plan stays as quoted', async () => {
    const g = await confirmed();
    expect(g.deskActions).toEqual([]);
    expect((await detail(g.id, admin)).deskActions).toEqual(['seats']);
    // Not before the delay.
    await runSimulatedSeatDesk(t.app.deps, new Date(), { delaySeconds: 3600 });
    expect((await detail(g.id)).status).toBe('to_be_apply_seat');
    await runSimulatedSeatDesk(t.app.deps, new Date(Date.now() + 1000), { delaySeconds: 0 });
    const applying = await detail(g.id);
    expect(applying.status).toBe('seat_applying');
    expect(applying.actions).toEqual([]);
    expect(applying.nextInstalment).toBeNull();
    await runSimulatedSeatDesk(t.app.deps, new Date(Date.now() + 1000), { delaySeconds: 0 });
    const secured = await detail(g.id);
    expect(secured.status).toBe('to_be_pay_first');
    expect(secured.timeline.slice(-2)).toMatchObject([
      { event: 'apply_seat', from: 'to_be_apply_seat', to: 'seat_applying', actor: { kind: 'system' } },
      { event: 'seats_secured', from: 'seat_applying', to: 'to_be_pay_first', actor: { kind: 'system' }, message: { key: 'group.seats.secured' } },
    ]);
    expect(secured.quote).toEqual(g.quote);
    expect(secured.nextInstalment).toEqual({ kind: 'deposit1', amount: 1000, dueAt: g.quote!.paymentPlan[0].dueAt });
    expect(secured.payments).toEqual([]);
    expect(secured.actions).toEqual(['cancel', 'pay']);
  });

  it('the platform desk secures seats by hand; only the desk may, only while seats are awaited', async () => {
    const g = await confirmed();
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: operator, body: { outcome: 'secured' } })).status).toBe(403);
    const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'secured', remark: 'CA confirmed 12 seats' } });
    expect(res.status).toBe(200);
    expect(res.message).toBe('Seats secured. The first instalment is now due.');
    expect(res.data.timeline.slice(-2).map((e) => [e.event, e.to, e.actor.kind])).toEqual([
      ['apply_seat', 'seat_applying', 'platform'],
      ['seats_secured', 'to_be_pay_first', 'platform'],
    ]);
    expect(res.data.timeline.at(-1)?.remark).toBe('CA confirmed 12 seats');
    const again = await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'secured' } });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This group is to_be_pay_first: it cannot be seats_secured now');
    const fresh = await request();
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${fresh.id}/seats`, { token: admin, body: { outcome: 'secured' } })).status).toBe(409);
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'bogus' } })).status).toBe(400);
  });

  it('changed: fewer seats as a new quote version back to the agency, priced on the seats held; the agency confirms it', async () => {
    const g = await confirmed();
    const tooMany = await call<{ fields: Record<string, string> }>(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'changed', quote: quoteBody(g, { seats: 13 }) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.fields.seats).toBe('A changed quote holds at most the seats asked for (12)');
    expect((await detail(g.id)).status).toBe('to_be_apply_seat');
    // 10 seats: the 10 adults and the infant on a lap; no children. 10 x 1100 + 1 x 100 = 11100.
    const plan = [
      { kind: 'deposit1' as const, amount: 3000, dueAt: at(3 * DAY) },
      { kind: 'final' as const, amount: 8100, dueAt: at(40 * DAY) },
    ];
    const wrongTotal = await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'changed', quote: quoteBody(g, { seats: 10, paymentPlan: [plan[0], { ...plan[1], amount: 9700 }] }) } });
    expect(wrongTotal.status).toBe(400);
    expect(wrongTotal.message).toBe('The instalments must add up to the total (11100 CNY)');
    const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'changed', quote: quoteBody(g, { seats: 10, paymentPlan: plan }), remark: 'only 10 seats left' } });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('to_be_confirm');
    expect(res.data.quote).toMatchObject({ version: 2, seats: 10, total: 11100 });
    expect(res.data.timeline.slice(-2).map((e) => [e.event, e.to])).toEqual([
      ['apply_seat', 'seat_applying'],
      ['seats_changed', 'to_be_confirm'],
    ]);
    const mine = await detail(g.id);
    expect(mine.actions).toEqual(['cancel', 'confirm']);
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 1 } })).status).toBe(409);
    const accepted = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 2 } });
    expect(accepted.data.status).toBe('to_be_apply_seat');
  });
});

describe('instalments', () => {
  it('pays every instalment in order from the wallet: wallet entries, All Transactions, the table’s moves, proceeding', async () => {
    const g = await payable();
    const before = await balances();
    const steps: [GroupPaymentBody['instalment'], number, string, string][] = [
      ['deposit1', 1000, 'pay', 'to_be_pay_second'],
      ['deposit2', 2000, 'pay', 'to_be_pay_third'],
      ['deposit3', 3000, 'pay_last_deposit', 'to_be_paid_last_money'],
      ['final', 6700, 'pay', 'proceeding'],
    ];
    let paid = 0;
    for (const [kind, amount, event, to] of steps) {
      expect((await detail(g.id)).nextInstalment).toMatchObject({ kind, amount });
      const res = await pay(g.id, payBody(kind, { amount }));
      expect(res.status, res.message).toBe(200);
      expect(res.message).toBe('Payment received');
      expect(res.data.status).toBe(to);
      expect(res.data.timeline.at(-1)).toMatchObject({ event, to, actor: { kind: 'user' } });
      paid += amount;
      expect((await balances()).cash).toBe(before.cash - paid);
    }
    const done = await detail(g.id);
    expect(done.payments.map((p) => [p.kind, p.amount, p.currency, p.method])).toEqual(steps.map(([k, a]) => [k, a, 'CNY', 'balance']));
    expect(done.payments.every((p) => !Number.isNaN(Date.parse(p.paidAt)))).toBe(true);
    expect(done.nextInstalment).toBeNull();
    expect(done.actions).toEqual(['uploadNames']);
    expect(paid).toBe(g.quote!.total);

    const deposits = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: agency, query: { type: 'group-deposit', pageSize: 100 } });
    const mine = deposits.data.items.filter((e: any) => e.orderId === g.id);
    expect(mine.map((e: any) => e.amount).sort()).toEqual([-1000, -2000, -3000]);
    expect(mine[0].description).toContain(g.bookingNumber);
    const finals = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: agency, lang: 'zh-CN', query: { type: 'group-final' } });
    const final = finals.data.items.find((e: any) => e.orderId === g.id);
    expect(final).toMatchObject({ amount: -6700, currency: 'CNY', type: 'group-final' });
    expect(final.description).toContain('团队尾款');
    const txs = await call(t.app, 'GET', '/base/v2/transactions', { token: agency, query: { pageSize: 100 } });
    expect(txs.data.items.filter((x: any) => x.originId === g.id).map((x: any) => [x.kind, x.method, x.gross]).sort()).toEqual([
      ['payment', 'balance', 1000],
      ['payment', 'balance', 2000],
      ['payment', 'balance', 3000],
      ['payment', 'balance', 6700],
    ]);
  });

  it('a plan of one deposit goes to_be_pay_first -> to_be_paid_last_money (pay_last_deposit); credit pays from the credit line', async () => {
    const g = await payable({ paymentPlan: [{ kind: 'deposit1', amount: 3810, dueAt: at(3 * DAY) }, { kind: 'final', amount: 8890, dueAt: at(20 * DAY) }] });
    const res = await pay(g.id, payBody('deposit1', { method: 'credit' }));
    expect(res.data.status).toBe('to_be_paid_last_money');
    expect(res.data.timeline.at(-1)?.event).toBe('pay_last_deposit');
    expect(res.data.payments).toMatchObject([{ kind: 'deposit1', amount: 3810, method: 'credit' }]);
    expect(res.data.nextInstalment).toMatchObject({ kind: 'final', amount: 8890 });
  });

  it('the same Idempotency-Key answers the same result and never charges twice; another key cannot pay it again', async () => {
    const g = await payable();
    const key = randomUUID();
    const before = await balances();
    const first = await pay(g.id, payBody('deposit1'), { key });
    expect(first.data.status).toBe('to_be_pay_second');
    const again = await pay(g.id, payBody('deposit1'), { key });
    expect(again.status).toBe(200);
    expect(again.data.status).toBe('to_be_pay_second');
    expect(again.data.payments).toEqual(first.data.payments);
    expect((await balances()).cash).toBe(before.cash - 1000);
    const movements = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'group-order'), eq(ledgerMovements.referenceId, g.id)));
    expect(movements.map((m) => m.reason)).toEqual(['group-deposit']);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.originId, g.id))).toHaveLength(1);
    // The same key for another payment is a conflict, not a second charge.
    const conflict = await pay(g.id, payBody('deposit2'), { key });
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe(Code.CONFLICT);
    // A fresh key for the instalment already paid: it is no longer the one due.
    const twice = await pay(g.id, payBody('deposit1'));
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('The instalment due now is deposit2');
    expect((await balances()).cash).toBe(before.cash - 1000);
  });

  it('refuses the wrong instalment, a changed amount, no acknowledgement, no key, the wrong currency, a group not yet payable', async () => {
    const g = await payable();
    const before = await balances();
    const skip = await pay(g.id, payBody('deposit2'));
    expect(skip.status).toBe(409);
    expect(skip.code).toBe(Code.ORDER_STATE);
    expect(skip.message).toBe('The instalment due now is deposit1');
    expect((await pay(g.id, payBody('final'))).status).toBe(409);
    const amount = await pay(g.id, payBody('deposit1', { amount: 999 }));
    expect(amount.status).toBe(409);
    expect(amount.message).toBe('The amount due is now 1000 CNY. Review it before paying.');
    const unacknowledged = await pay(g.id, { instalment: 'deposit1', method: 'balance' });
    expect(unacknowledged.status).toBe(400);
    expect((unacknowledged.data as any).fields.acknowledgeNonRefundable).toBe('Confirm that you understand deposits are not refunded on cancellation or a missed deadline');
    expect((await pay(g.id, payBody('deposit1', { acknowledgeNonRefundable: false as true }))).status).toBe(400);
    // Not a payment method at all (the channels are: group-channel-payments.int.test.ts).
    expect((await pay(g.id, payBody('deposit1', { method: 'bank-transfer' as 'balance' }))).status).toBe(400);
    expect((await pay(g.id, payBody('deposit1'), { key: null })).status).toBe(400);
    expect((await detail(g.id)).status).toBe('to_be_pay_first');

    const usd = await payable({
      currency: 'USD',
      prices: quoteBody(g).prices.map((p) => ({ ...p, currency: 'USD' as const })),
    });
    const wrongCurrency = await pay(usd.id, payBody('deposit1'));
    expect(wrongCurrency.status).toBe(409);
    expect(wrongCurrency.message).toBe('The quote is in USD but your wallet settles in CNY: contact the group desk');

    const early = await confirmed();
    const notYet = await pay(early.id, payBody('deposit1'));
    expect(notYet.status).toBe(409);
    expect(notYet.message).toBe('This group is to_be_apply_seat: it cannot be pay now');
    expect(await balances()).toEqual(before);
  });

  it('insufficient balance: the flight orders’ code and message, nothing moves; credit then pays', async () => {
    const g = await payable({}, other);
    const before = await balances(otherId);
    const poor = await pay(g.id, payBody('deposit1'), { token: other });
    expect(poor.status).toBe(402);
    expect(poor.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(poor.message).toBe('Insufficient account balance');
    expect((await detail(g.id, other)).status).toBe('to_be_pay_first');
    expect(await ledger.setCreditLimit(t.db, otherId, 'CNY', 5000)).toEqual({ ok: true });
    // "balance" is cash only: the credit line does not pay it.
    expect((await pay(g.id, payBody('deposit1'), { token: other })).code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await balances(otherId)).toEqual({ ...before, creditLimit: 5000, availableCredit: 5000, available: before.available + 5000 });
    const byCredit = await pay(g.id, payBody('deposit1', { method: 'credit' }), { token: other });
    expect(byCredit.data.status).toBe('to_be_pay_second');
    expect((await balances(otherId)).usedCredit).toBe(1000);
    // 1000 + 2000 used is within the 5000 line; 3000 more (deposit3) is not.
    expect((await pay(g.id, payBody('deposit2', { method: 'credit' }), { token: other })).data.status).toBe('to_be_pay_third');
    expect((await pay(g.id, payBody('deposit3', { method: 'credit' }), { token: other })).code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await balances(otherId)).usedCredit).toBe(3000);
  });

  it('a missed deadline: payment refused, the job closes the group with group.payment.expired, deposits NOT refunded', async () => {
    const g = await payable({
      confirmBy: at(1500),
      paymentPlan: [
        { kind: 'deposit1', amount: 1000, dueAt: at(2000) },
        { kind: 'final', amount: 11700, dueAt: at(3500) },
      ],
    });
    expect((await pay(g.id, payBody('deposit1'))).data.status).toBe('to_be_paid_last_money');
    const afterDeposit = await balances();
    // Before the deadline the job leaves it alone.
    await closeLapsedGroups(t.app.deps, new Date());
    expect((await detail(g.id)).status).toBe('to_be_paid_last_money');
    await new Promise((r) => setTimeout(r, Date.parse(g.quote!.paymentPlan[1].dueAt) - Date.now() + 100));
    expect((await detail(g.id)).actions).toEqual([]);
    const late = await pay(g.id, payBody('final'));
    expect(late.status).toBe(409);
    expect(late.message).toBe('Group payment time expired, contact the administrator');
    expect(await closeLapsedGroups(t.app.deps, new Date())).toBeGreaterThanOrEqual(1);
    const closed = await detail(g.id);
    expect(closed.status).toBe('closed');
    expect(closed.timeline.at(-1)).toMatchObject({ event: 'close', from: 'to_be_paid_last_money', to: 'closed', actor: { kind: 'system' }, message: { key: 'group.payment.expired', params: { instalment: 'final' } } });
    expect(closed.payments).toMatchObject([{ kind: 'deposit1', amount: 1000 }]);
    expect(closed.nextInstalment).toBeNull();
    // Spec point 9: the deposit stays paid; nothing comes back to the wallet.
    expect(await balances()).toEqual(afterDeposit);
    const movements = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'group-order'), eq(ledgerMovements.referenceId, g.id)));
    expect(movements.map((m) => [m.reason])).toEqual([['group-deposit']]);
    expect(await closeLapsedGroups(t.app.deps, new Date())).toBe(0);
  });
});

describe('tenancy and roles', () => {
  it('another agency gets 404; the desk and finance cannot pay; another agency’s user cannot report seats', async () => {
    const g = await payable();
    const foreign = await pay(g.id, payBody('deposit1'), { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Booking does not exist');
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: other, body: { outcome: 'secured' } })).status).toBe(403);
    expect((await pay(g.id, payBody('deposit1'), { token: admin })).status).toBe(403);
    expect((await pay(g.id, payBody('deposit1'), { token: finance })).status).toBe(403);
    expect((await pay(randomUUID(), payBody('deposit1'))).status).toBe(404);
    expect((await detail(g.id, admin)).actions).toEqual([]);
    // A colleague of the same agency may pay it.
    expect((await pay(g.id, payBody('deposit1'), { token: agency })).data.status).toBe('to_be_pay_second');
  });
});
