import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GroupDeskQuoteBody, GroupOrder, GroupOrderStatus } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ledgerMovements } from '../src/db/schema/index.ts';
import { runSimulatedSeatDesk } from '../src/modules/group-orders/seats.usecase.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { confirmedGroup, groupDetail, GROUPS, inMs as at, paidGroup, payInstalment } from './helpers/groups.ts';

/**
 * Group flights, issue 12: the agency cancels after confirming (to_be_apply_seat, to_be_pay_*). Spec point 9: deposits
 * paid are not refunded; the agency acknowledges it, nothing moves in the ledger, the sum given up is on the timeline.
 */
let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let finance: string;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, other, admin, finance] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin'), loginAs(t.app, 'finance')]);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
  agencyId = await companyIdOf(t, 'A00001');
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 1_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const detail = (id: string, token = operator) => groupDetail(t, token, id);
const cancel = (id: string, body?: unknown, o: { token?: string; lang?: string } = {}) =>
  call<GroupOrder & { fields?: Record<string, string>; forfeit?: { amount: number; currency: string } }>(t.app, 'DELETE', `${GROUPS}/orders/${id}`, { token: o.token ?? operator, body, ...(o.lang ? { lang: o.lang } : {}) });
const balances = () => ledger.balances(t.db, agencyId, 'CNY');
const movementsOf = (id: string) => t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'group-order'), eq(ledgerMovements.referenceId, id)));

const confirmed = (over: Partial<GroupDeskQuoteBody> = {}) => confirmedGroup(t, { agent: operator, desk: admin }, over);
/** A group whose seats are secured and whose first `deposits` deposits are paid from the wallet. */
const withDeposits = (deposits: number, over: Partial<GroupDeskQuoteBody> = {}) =>
  paidGroup(t, { agent: operator, desk: admin }, (['deposit1', 'deposit2', 'deposit3'] as const).slice(0, deposits), over);

describe('cancel after confirmation', () => {
  it('from to_be_apply_seat: nothing paid, no acknowledgement needed, no forfeit on the timeline', async () => {
    const g = await confirmed();
    expect(g.actions).toEqual(['cancel']);
    const before = await balances();
    const res = await cancel(g.id, undefined);
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe('Group request canceled');
    expect(res.data.status).toBe('canceled');
    expect(res.data.actions).toEqual([]);
    expect(res.data.timeline.at(-1)).toMatchObject({ event: 'cancel', from: 'to_be_apply_seat', to: 'canceled', actor: { kind: 'user' }, message: null });
    expect(await balances()).toEqual(before);
    // The desk has nothing left to apply for.
    expect((await detail(g.id, admin)).deskActions).toEqual([]);
    expect((await call(t.app, 'POST', `${GROUPS}/orders/${g.id}/seats`, { token: admin, body: { outcome: 'secured' } })).status).toBe(409);
  });

  it('from to_be_pay_first before any deposit: offered beside pay; a remark is kept', async () => {
    const g = await withDeposits(0);
    expect(g.actions).toEqual(['cancel', 'pay']);
    const res = await cancel(g.id, { remark: 'client dropped the trip' });
    expect(res.status, res.message).toBe(200);
    expect(res.data.status).toBe('canceled');
    expect(res.data.timeline.at(-1)).toMatchObject({ event: 'cancel', from: 'to_be_pay_first', remark: 'client dropped the trip', message: null });
    expect(await movementsOf(g.id)).toEqual([]);
  });

  it.each<[GroupOrderStatus, number, number, string]>([
    ['to_be_pay_second', 1, 1000, '10.00'],
    ['to_be_pay_third', 2, 3000, '30.00'],
    ['to_be_paid_last_money', 3, 6000, '60.00'],
  ])('from %s (%i deposits paid): refused unacknowledged, then canceled keeping the deposits', async (status, deposits, amount, shown) => {
    const g = await withDeposits(deposits);
    expect(g.status).toBe(status);
    expect(g.actions).toEqual(['cancel', 'pay']);
    const before = await balances();

    const bare = await cancel(g.id, undefined);
    expect(bare.status).toBe(400);
    expect(bare.code).toBe(Code.VALIDATION);
    expect(bare.message).toBe(`Confirm that you understand the deposits paid (CNY ${shown}) are not refunded`);
    expect(bare.data.fields?.acknowledgeForfeit).toBe(bare.message);
    expect(bare.data.forfeit).toEqual({ amount, currency: 'CNY' });
    const declined = await cancel(g.id, { acknowledgeForfeit: false }, { lang: 'zh-CN' });
    expect(declined.status).toBe(400);
    expect(declined.data.fields?.acknowledgeForfeit).toBe(`请确认您已知悉：已付订金（CNY ${shown}）不予退还`);
    expect((await detail(g.id)).status).toBe(status);

    const res = await cancel(g.id, { acknowledgeForfeit: true, forfeitAmount: amount });
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe(`Group canceled. The deposits paid (CNY ${shown}) are not refunded.`);
    expect(res.data.status).toBe('canceled');
    expect(res.data.actions).toEqual([]);
    expect(res.data.nextInstalment).toBeNull();
    expect(res.data.payments.reduce((s, p) => s + p.amount, 0)).toBe(amount);
    expect(res.data.timeline.at(-1)).toMatchObject({
      event: 'cancel',
      from: status,
      to: 'canceled',
      actor: { kind: 'user' },
      message: { key: 'group.cancel.forfeited', params: { amount: shown, currency: 'CNY' } },
    });
    // Spec point 9: nothing comes back; the ledger holds the deposits and nothing else for this group.
    expect(await balances()).toEqual(before);
    expect((await movementsOf(g.id)).map((m) => m.reason)).toEqual(Array(deposits).fill('group-deposit'));
    expect((await cancel(g.id, { acknowledgeForfeit: true })).status).toBe(409);
  });

  it('refuses a forfeit other than the one the agent read (a colleague paid meanwhile), changing nothing', async () => {
    const g = await withDeposits(1);
    // The agent opened the dialog at 1000; a colleague then pays deposit 2.
    const paid = await payInstalment(t, agency, g.id, 'deposit2');
    expect(paid.data.status).toBe('to_be_pay_third');
    const stale = await cancel(g.id, { acknowledgeForfeit: true, forfeitAmount: 1000 });
    expect(stale.status).toBe(409);
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.message).toBe('The deposits paid are now CNY 30.00. Review them before cancelling.');
    expect(stale.data.forfeit).toEqual({ amount: 3000, currency: 'CNY' });
    expect((await detail(g.id)).status).toBe('to_be_pay_third');
    // A cancel with nothing paid refuses a claimed forfeit as well.
    const early = await confirmed();
    expect((await cancel(early.id, { acknowledgeForfeit: true, forfeitAmount: 500 })).status).toBe(409);
    expect((await detail(early.id)).status).toBe('to_be_apply_seat');
  });

  it('seat_applying stays not cancelable by the agency (the desk is at the airline), acknowledged or not', async () => {
    const g = await confirmed();
    await runSimulatedSeatDesk(t.app.deps, new Date(Date.now() + 1000), { delaySeconds: 0 });
    const applying = await detail(g.id);
    expect(applying.status).toBe('seat_applying');
    expect(applying.actions).toEqual([]);
    for (const body of [undefined, { acknowledgeForfeit: true }]) {
      const res = await cancel(g.id, body);
      expect(res.status).toBe(409);
      expect(res.code).toBe(Code.ORDER_STATE);
      expect(res.message).toBe('This group is seat_applying: it cannot be cancel now');
    }
    expect((await detail(g.id)).status).toBe('seat_applying');
  });

  it('past the due instalment’s deadline: not offered and refused (the deadline job closes it)', async () => {
    const g = await withDeposits(1, {
      confirmBy: at(1500),
      paymentPlan: [
        { kind: 'deposit1', amount: 1000, dueAt: at(2000) },
        { kind: 'final', amount: 11700, dueAt: at(3500) },
      ],
    });
    expect(g.status).toBe('to_be_paid_last_money');
    await new Promise((r) => setTimeout(r, Date.parse(g.quote!.paymentPlan[1].dueAt) - Date.now() + 100));
    expect((await detail(g.id)).actions).toEqual([]);
    const late = await cancel(g.id, { acknowledgeForfeit: true });
    expect(late.status).toBe(409);
    expect(late.message).toBe('Group payment time expired, contact the administrator');
    expect((await detail(g.id)).status).toBe('to_be_paid_last_money');
  });
});

describe('who may cancel', () => {
  it('another agency gets 404, the desk and finance 403; a colleague of the agency may', async () => {
    const g = await withDeposits(1);
    const foreign = await cancel(g.id, { acknowledgeForfeit: true }, { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Booking does not exist');
    expect((await cancel(g.id, { acknowledgeForfeit: true }, { token: admin })).status).toBe(403);
    expect((await cancel(g.id, { acknowledgeForfeit: true }, { token: finance })).status).toBe(403);
    expect((await detail(g.id, admin)).actions).toEqual([]);
    expect((await detail(g.id)).status).toBe('to_be_pay_second');
    expect((await cancel(g.id, { acknowledgeForfeit: true }, { token: agency })).data.status).toBe('canceled');
  });

  it('refuses a malformed body', async () => {
    const g = await confirmed();
    const res = await cancel(g.id, { acknowledgeForfeit: 'yes' });
    expect(res.status).toBe(400);
    expect((await cancel(g.id, { remark: 'x'.repeat(501) })).status).toBe(400);
    expect((await detail(g.id)).status).toBe('to_be_apply_seat');
  });
});
