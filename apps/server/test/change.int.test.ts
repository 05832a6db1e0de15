import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeFlight } from '@portal/contract/api/after-sales';
import { Code } from '@portal/contract/codes';
import { flightScheduleNotices, flightTicketClaims, ledgerMovements } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { segmentsOf } from '../src/modules/flight-orders/order.repository.ts';
import { recordScheduleChange } from '../src/modules/flight-orders/schedule-changes/notices.usecase.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { detail, healthySuppliers, issueOrder, ORDERS, pay, postKeyed, step } from './helpers/orders.ts';
import { inDays } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

/** Change requests (issue 10): search alternatives priced as a change, request one, pay the difference, reissue. */
let t: TestApp;
let operator: string;
let other: string;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  process.env.ORDER_BOOK_BUDGET_MS = '1500';
  process.env.ORDER_TICKET_BUDGET_MS = '1500';
  process.env.SEARCH_RATE_PER_MINUTE = '1000';
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
const issuedOrder = () => issueOrder(t, operator);

const searchBody = (order: any, date: string, reason = 0) => ({ passengerIds: [order.passengers[0].id], legs: [{ leg: 0, date }], reason });

async function searchChange(order: any, date: string, reason = 0, token = operator) {
  return call(t.app, 'POST', `${ORDERS}/${order.id}/change/search`, { token, body: searchBody(order, date, reason) });
}


/** The airline cancels the order's flight without a protected one (a notice on the order). */
async function cancelledByAirline(order: any) {
  const old: NoticeFlight[] = (await segmentsOf(t.db, order.id)).map((s) => ({ flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, departure: s.departure, arrival: s.arrival }));
  const change = {
    id: `chg-${randomUUID()}`,
    seq: 1,
    supplierRef: order.supplierRef ?? 'ref',
    recordLocator: order.recordLocator,
    clientReference: order.id,
    kind: 'cancel_no_save' as const,
    leg: 0,
    oldFlights: old,
    newFlights: [],
    createdAt: new Date().toISOString(),
  };
  expect(await recordScheduleChange(t.db, 'sim-gds', change, new Date())).toBe('recorded');
}

describe('change', () => {
  it('searches priced alternatives, requests one, pays the difference and reissues', async () => {
    const order = await issuedOrder();
    const found = await searchChange(order, inDays(15));
    expect(found.code, found.message).toBe(0);
    const answer = found.data;
    expect(answer).toMatchObject({ complete: true, involuntary: false });
    expect(answer.options.length).toBeGreaterThan(0);
    for (const o of answer.options) {
      // Same airline stock, same route, the new date; the quote adds up per passenger and in total.
      expect(o.solution.legs).toHaveLength(1);
      expect(o.solution.legs[0].segments[0].departure.slice(0, 10)).toBe(inDays(15));
      expect(o.solution.legs[0].segments[0].origin).toBe(order.legs[0].segments[0].origin);
      expect(o.lines).toHaveLength(1);
      const l = o.lines[0];
      expect(l.total).toBe(l.changeFee + l.fareDifference + l.taxDifference + l.serviceFee);
      expect(o.total).toBe(l.total);
      expect(o.fareId.startsWith('sim-gds:')).toBe(true);
    }
    const totals = answer.options.map((o: any) => o.total);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    // The cheapest still carries the fare's change fee (a voluntary change before departure).
    const option = answer.options[0];
    expect(option.lines[0].changeFee).toBeGreaterThan(0);

    // A total below the server's is refused with the new total; nothing is written.
    const low = await post(`${ORDERS}/${order.id}/change`, { searchId: answer.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 0, acceptedTotal: option.total - 1 });
    expect(low.code).toBe(Code.PRICE_CHANGED);
    expect(low.data).toMatchObject({ previousTotal: option.total - 1, newTotal: option.total });
    // The passengers and reason must be those searched.
    const mismatch = await post(`${ORDERS}/${order.id}/change`, { searchId: answer.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 7, acceptedTotal: option.total });
    expect(mismatch.code).toBe(Code.VALIDATION);

    const key = randomUUID();
    const body = { searchId: answer.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 0, acceptedTotal: option.total, remark: 'one day later' };
    const requested = await post(`${ORDERS}/${order.id}/change`, body, operator, key);
    expect(requested.code, requested.message).toBe(0);
    const change = requested.data;
    expect(change).toMatchObject({ type: 'change', status: 'chg_reviewing', originalOrderId: order.id, total: option.total, paymentStatus: 'unpaid' });
    expect(change.request).toMatchObject({ kind: 'change', reason: 0, involuntary: false, legs: [0] });
    expect(change.request.changeLines).toEqual(option.lines);
    expect(change.legs[0].segments[0].departure.slice(0, 10)).toBe(inDays(15));
    // The same key answers the same change; the coupon is taken for a refund or another change.
    expect((await post(`${ORDERS}/${order.id}/change`, body, operator, key)).data.id).toBe(change.id);
    expect((await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 0 })).code).toBe(Code.ORDER_STATE);
    expect((await searchChange(order, inDays(16))).code).toBe(Code.ORDER_STATE);

    // Not payable before the quote.
    expect((await pay(t.app, operator, change.id, 'balance')).code).toBe(Code.ORDER_STATE);
    await step(t, change.id);
    const quoted = (await detail(t.app, operator, change.id)).data;
    expect(quoted.status).toBe('chg_to_be_paid');
    expect(quoted.actions).toContain('pay');
    expect(quoted.paymentDeadline).toBeTruthy();

    const before = await cash();
    const paid = await pay(t.app, operator, change.id, 'balance');
    expect(paid.code, paid.message).toBe(0);
    expect(paid.data.status).toBe('chg_proceeding');
    expect(await cash()).toBe(before - option.total);
    expect(await step(t, change.id)).toBe('done');
    const changed = (await detail(t.app, operator, change.id)).data;
    expect(changed.status).toBe('changed');
    expect(changed.passengers[0].ticketNumber).toMatch(/^\d{3}-?\d{10}$/);
    expect(changed.passengers[0].ticketNumber).not.toBe(order.passengers[0].ticketNumber);
    const spent = await t.db.select().from(ledgerMovements).where(and(eq(ledgerMovements.referenceId, change.id), eq(ledgerMovements.reason, 'change-flight')));
    expect(spent).toHaveLength(1);
    // The new ticket can be amended in its turn (refund); it is never voided (an exchange).
    expect(changed.actions).toEqual(expect.arrayContaining(['requestRefund', 'requestChange']));
    expect(changed.voidDeadline).toBeNull();
    const original = (await detail(t.app, operator, order.id)).data;
    expect(original.related.map((r: any) => r.id)).toContain(change.id);
    // Refunding the new ticket returns at most what the ticket and its change cost.
    const refund = await post(`${ORDERS}/${change.id}/refund`, { passengerIds: [changed.passengers[0].id], reason: 0 });
    expect(refund.code, refund.message).toBe(0);
    await step(t, refund.data.id);
    const quote = (await detail(t.app, operator, refund.data.id)).data.request.refundQuote;
    expect(quote.lines[0].paid).toBeLessThanOrEqual(order.total + option.total);
  });

  it('validates the reason, the dates and the passengers, and keeps other agencies and the desk out', async () => {
    const order = await issuedOrder();
    const noReason = await call(t.app, 'POST', `${ORDERS}/${order.id}/change/search`, { token: operator, body: { passengerIds: [order.passengers[0].id], legs: [{ leg: 0, date: inDays(15) }] } });
    expect(noReason.code).toBe(Code.VALIDATION);
    expect((await searchChange(order, inDays(15), 3)).code).toBe(Code.VALIDATION);
    const past = await searchChange(order, inDays(-2));
    expect(past.code).toBe(Code.VALIDATION);
    expect(past.message).toMatch(/past/i);
    const strange = await call(t.app, 'POST', `${ORDERS}/${order.id}/change/search`, { token: operator, body: { passengerIds: [randomUUID()], legs: [{ leg: 0, date: inDays(15) }], reason: 0 } });
    expect(strange.code).toBe(Code.VALIDATION);
    const noLeg = await call(t.app, 'POST', `${ORDERS}/${order.id}/change/search`, { token: operator, body: { passengerIds: [order.passengers[0].id], legs: [{ leg: 3, date: inDays(15) }], reason: 0 } });
    expect(noLeg.code).toBe(Code.VALIDATION);

    expect((await searchChange(order, inDays(15), 0, other)).code).toBe(Code.NOT_FOUND);
    expect((await searchChange(order, inDays(15), 0, admin)).code).toBe(Code.FORBIDDEN);
    const found = (await searchChange(order, inDays(15))).data;
    const option = found.options[0];
    const body = { searchId: found.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 0, acceptedTotal: option.total };
    expect((await post(`${ORDERS}/${order.id}/change`, body, other)).code).toBe(Code.NOT_FOUND);
    expect((await post(`${ORDERS}/${order.id}/change`, body, operator, null)).code).toBe(Code.VALIDATION);
    // An option that was not in the search, or another order's search, is gone.
    expect((await post(`${ORDERS}/${order.id}/change`, { ...body, optionId: 'sim-gds:nothing' })).code).toBe(Code.BOOKING_REFUSED);
    const second = await issuedOrder();
    expect((await post(`${ORDERS}/${second.id}/change`, { ...body, passengerIds: [second.passengers[0].id] })).code).toBe(Code.BOOKING_REFUSED);
  });

  it('frees the coupon when the agent cancels, and when the payment deadline passes', async () => {
    const order = await issuedOrder();
    const request = async () => {
      const found = (await searchChange(order, inDays(14))).data;
      const option = found.options[0];
      const r = await post(`${ORDERS}/${order.id}/change`, { searchId: found.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 0, acceptedTotal: option.total });
      expect(r.code, r.message).toBe(0);
      return r.data;
    };
    const first = await request();
    const canceled = await call(t.app, 'DELETE', `${ORDERS}/${first.id}`, { token: operator });
    expect(canceled.code, canceled.message).toBe(0);
    expect((await detail(t.app, operator, first.id)).data.status).toBe('change_canceled');
    const claims = await t.db.select().from(flightTicketClaims).where(eq(flightTicketClaims.requestOrderId, first.id));
    expect(claims.every((c) => !c.active)).toBe(true);

    const second = await request();
    await step(t, second.id);
    expect((await detail(t.app, operator, second.id)).data.status).toBe('chg_to_be_paid');
    // Past the deadline the step closes it unpaid and the coupon is open again.
    const { advanceOrder } = await import('../src/modules/flight-orders/work.usecase.ts');
    const { orderDepsOf } = await import('../src/modules/flight-orders/orders.jobs.ts');
    await advanceOrder(orderDepsOf(t.app.deps), second.id, { force: true, now: new Date(Date.now() + 3 * 86_400_000) } as never);
    expect((await detail(t.app, operator, second.id)).data.status).toBe('change_canceled');
    expect((await searchChange(order, inDays(14))).code).toBe(0);
  });

  it("makes a change free of the airline's fees when the airline changed the flight (reason 1 with a notice)", async () => {
    const order = await issuedOrder();
    await cancelledByAirline(order);

    // Reason 0 stays voluntary; reason 1 with the notice is involuntary: no change fee, no fare or tax difference.
    expect((await searchChange(order, inDays(13), 0)).data.involuntary).toBe(false);
    const found = await searchChange(order, inDays(13), 1);
    expect(found.code, found.message).toBe(0);
    expect(found.data.involuntary).toBe(true);
    for (const o of found.data.options) expect(o.lines[0]).toMatchObject({ changeFee: 0, fareDifference: 0, taxDifference: 0 });
    const option = found.data.options[0];
    expect(option.total).toBe(0);
    const r = await post(`${ORDERS}/${order.id}/change`, { searchId: found.data.searchId, optionId: option.optionId, passengerIds: [order.passengers[0].id], reason: 1, acceptedTotal: option.total });
    expect(r.code, r.message).toBe(0);
    expect(r.data.request).toMatchObject({ involuntary: true, scheduleNoticeId: expect.any(String) });
    const [notice] = await t.db.select().from(flightScheduleNotices).where(eq(flightScheduleNotices.orderId, order.id));
    expect(notice).toMatchObject({ status: 'changing', resolutionOrderId: r.data.id });

    // Free of everything but the agency's service fee (0 here): confirmed without touching the wallet.
    await step(t, r.data.id);
    const before = await cash();
    const paid = await pay(t.app, operator, r.data.id, 'balance');
    expect(paid.code, paid.message).toBe(0);
    expect(paid.data.status).toBe('chg_proceeding');
    expect(await cash()).toBe(before - option.total);
    await step(t, r.data.id);
    expect((await detail(t.app, operator, r.data.id)).data.status).toBe('changed');
  });

  it("answers the airline's notice with a refund for the airline's change (reason 3)", async () => {
    const order = await issuedOrder();
    await cancelledByAirline(order);
    const r = await post(`${ORDERS}/${order.id}/refund`, { passengerIds: [order.passengers[0].id], reason: 3, subReason: 'cancellation' });
    expect(r.code, r.message).toBe(0);
    expect(r.data.request.scheduleNoticeId).toEqual(expect.any(String));
    const [notice] = await t.db.select().from(flightScheduleNotices).where(eq(flightScheduleNotices.orderId, order.id));
    expect(notice).toMatchObject({ status: 'refunding', resolutionOrderId: r.data.id });
    await step(t, r.data.id);
    expect((await detail(t.app, operator, r.data.id)).data.request.refundQuote).toMatchObject({ involuntary: true });
  });
});
