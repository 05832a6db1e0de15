import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { GroupBookingBody, GroupDeskQuoteBody, GroupInstalmentKind, GroupOrder, GroupPaymentAnswer, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { groupBooking, groupQuoteBody } from '@portal/contract/api/group-orders.fixture';
import { call, type TestApp } from './app.ts';

/**
 * Group flights for tests that start further along the flow: a request, quoted by the platform desk, confirmed, its
 * seats secured. `agent` is a token of the agency's operator, `desk` of a platform operator (the group desk).
 */

export const GROUPS = '/order/v2/flight/group';
// The request and quote every tier uses (the browser tests too), with their date helpers.
export { DAY_MS, daysFromToday, groupBooking, groupQuoteBody, inMs } from '@portal/contract/api/group-orders.fixture';

export interface GroupActors {
  agent: string;
  desk: string;
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
