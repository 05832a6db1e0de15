import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { GroupBookingBody, GroupDeskQuoteBody, GroupInstalmentKind, GroupOrder, GroupPaymentAnswer, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { call, type TestApp } from './app.ts';

/**
 * Group flights for tests that start further along the flow: a request, quoted by the platform desk, confirmed, its
 * seats secured. `agent` is a token of the agency's operator, `desk` of a platform operator (the group desk).
 */

export const GROUPS = '/order/v2/flight/group';
export const DAY_MS = 86_400_000;
/** An ISO instant `ms` from now. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
/** The UTC calendar date `days` from today, 'YYYY-MM-DD'. */
export const daysFromToday = (days: number) => inMs(days * DAY_MS).slice(0, 10);

export interface GroupActors {
  agent: string;
  desk: string;
}

export function groupBooking(daysAhead = 60): GroupBookingBody {
  const date = daysFromToday(daysAhead);
  return {
    tripType: 'oneway',
    journeys: [{ origin: 'PEK', destination: 'SHA', date, remark: '', isChangeDate: false, acceptChangeFlight: true }],
    passengers: { adult: 10, child: 2, infant: 1 },
    contact: { name: 'Group Lead', email: 'lead@example.com', areaCode: '86', phone: '13800000000' },
  };
}

/** 10 adults x 1100 + 2 children x 800 + 1 infant x 100 = 12700 CNY: three deposits (1000, 2000, 3000) and the final 6700. */
export function groupQuoteBody(g: GroupOrder, over: Partial<GroupDeskQuoteBody> = {}): GroupDeskQuoteBody {
  const j = g.request.journeys[0];
  return {
    journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'CA1501', origin: j.origin, destination: j.destination, departure: `${j.date}T08:00`, arrival: `${j.date}T10:10` }] }],
    prices: [
      { passengerType: 'adult', fare: 1000, tax: 100, currency: 'CNY' },
      { passengerType: 'child', fare: 700, tax: 100, currency: 'CNY' },
      { passengerType: 'infant', fare: 100, tax: 0, currency: 'CNY' },
    ],
    currency: 'CNY',
    confirmBy: inMs(DAY_MS),
    seats: 12,
    paymentPlan: [
      { kind: 'deposit1', amount: 1000, dueAt: inMs(3 * DAY_MS) },
      { kind: 'deposit2', amount: 2000, dueAt: inMs(10 * DAY_MS) },
      { kind: 'deposit3', amount: 3000, dueAt: inMs(20 * DAY_MS) },
      { kind: 'final', amount: 6700, dueAt: inMs(40 * DAY_MS) },
    ],
    remark: '',
    ...over,
  };
}

/** One group as `token`'s user reads it. */
export async function groupDetail(t: TestApp, token: string, id: string): Promise<GroupOrder> {
  return (await call<GroupOrder>(t.app, 'GET', `${GROUPS}/orders/${id}`, { token })).data;
}

/** `token`'s user pays an instalment, from the balance unless `over` says otherwise, under a new Idempotency-Key. */
export function payInstalment(t: TestApp, token: string, id: string, instalment: GroupInstalmentKind, over: Partial<GroupPaymentBody> = {}) {
  const body: GroupPaymentBody = { instalment, method: 'balance', acknowledgeNonRefundable: true, ...over };
  return call<GroupPaymentAnswer>(t.app, 'POST', `${GROUPS}/orders/${id}/payment`, { token, body, headers: { 'idempotency-key': randomUUID() } });
}

/** A new group request of the agent's agency (groupBooking unless `booking` is given): to_be_quote. */
export async function requestedGroup(t: TestApp, agent: string, booking: GroupBookingBody = groupBooking()): Promise<GroupOrder> {
  const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders`, { token: agent, body: booking, headers: { 'idempotency-key': randomUUID() } });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** The desk quotes `g` (or requotes it while unconfirmed): to_be_confirm with a new quote version. */
export async function quoteGroup(t: TestApp, desk: string, g: GroupOrder, over: Partial<GroupDeskQuoteBody> = {}): Promise<GroupOrder> {
  const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${g.id}/quote`, { token: desk, body: groupQuoteBody(g, over) });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** A request quoted by the desk: to_be_confirm. */
export async function quotedGroup(t: TestApp, who: GroupActors, over: Partial<GroupDeskQuoteBody> = {}, booking?: GroupBookingBody): Promise<GroupOrder> {
  return quoteGroup(t, who.desk, await requestedGroup(t, who.agent, booking), over);
}

/** ... and confirmed by the agency: to_be_apply_seat. */
export async function confirmedGroup(t: TestApp, who: GroupActors, over: Partial<GroupDeskQuoteBody> = {}, booking?: GroupBookingBody): Promise<GroupOrder> {
  const quoted = await quotedGroup(t, who, over, booking);
  const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${quoted.id}/confirmation`, { token: who.agent, body: { quoteVersion: quoted.quote!.version } });
  expect(res.data.status, res.message).toBe('to_be_apply_seat');
  return res.data;
}

/** ... and its seats secured by the desk: to_be_pay_first, as the agent reads it. */
export async function payableGroup(t: TestApp, who: GroupActors, over: Partial<GroupDeskQuoteBody> = {}, booking?: GroupBookingBody): Promise<GroupOrder> {
  const confirmed = await confirmedGroup(t, who, over, booking);
  const res = await call<GroupOrder>(t.app, 'POST', `${GROUPS}/orders/${confirmed.id}/seats`, { token: who.desk, body: { outcome: 'secured' } });
  expect(res.data.status, res.message).toBe('to_be_pay_first');
  return groupDetail(t, who.agent, confirmed.id);
}

/** ... and the instalments in `paid` paid by the agent from the balance, in order: as the agent then reads it. */
export async function paidGroup(t: TestApp, who: GroupActors, paid: GroupInstalmentKind[], over: Partial<GroupDeskQuoteBody> = {}, booking?: GroupBookingBody): Promise<GroupOrder> {
  const g = await payableGroup(t, who, over, booking);
  for (const instalment of paid) {
    const res = await payInstalment(t, who.agent, g.id, instalment);
    expect(res.status, res.message).toBe(200);
  }
  return groupDetail(t, who.agent, g.id);
}
