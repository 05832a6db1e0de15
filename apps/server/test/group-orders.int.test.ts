import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupBookingBody, GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { closeLapsedGroups } from '../src/modules/group-orders/groups.jobs.ts';
import { runSimulatedGroupDesk } from '../src/modules/group-orders/quote.usecase.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { daysFromToday as day, groupBooking, groupQuoteBody as deskQuote, GROUPS as G, inMs, quoteGroup } from './helpers/groups.ts';
import { setCommonConfig } from './helpers/shopping.ts';

/** Group flights, first part of issue 12: request, quote (desk and simulator), confirm, cancel, lapse; roles and tenancy. */
let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let finance: string;
/** The helpers' request (PEK-SHA, 10 adults, 2 children, 1 infant) with a remark on its journey. */
const body = (over: Partial<GroupBookingBody> = {}): GroupBookingBody => {
  const b = groupBooking();
  return { ...b, journeys: [{ ...b.journeys[0], remark: 'morning please' }], ...over };
};
const request = (token: string, b: unknown, key: string = randomUUID()) => call<GroupOrder>(t.app, 'POST', `${G}/orders`, { token, body: b, headers: { 'idempotency-key': key } });

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, other, admin, finance] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin'), loginAs(t.app, 'finance')]);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
});
afterAll(() => t?.close());

describe('group request', () => {
  it('creates a to_be_quote group with a G booking number, its timeline and actions; the same key answers it again', async () => {
    const key = randomUUID();
    const res = await request(operator, body(), key);
    expect(res.status).toBe(200);
    expect(res.message).toMatch(/quote within 1-2 business days/);
    const g = res.data;
    expect(g.status).toBe('to_be_quote');
    expect(g.bookingNumber).toMatch(/^G\d{6}\d{4}$/);
    expect(g.request.passengers).toEqual({ adult: 10, child: 2, infant: 1 });
    expect(g.request.journeys[0]).toMatchObject({ origin: 'PEK', destination: 'SHA', remark: 'morning please', acceptChangeFlight: true });
    expect(g.quote).toBeNull();
    expect(g.actions).toEqual(['cancel']);
    expect(g.deskActions).toEqual([]);
    expect(g.timeline.map((e) => [e.event, e.to])).toEqual([['request', 'to_be_quote']]);

    const again = await request(operator, body(), key);
    expect(again.data.id).toBe(g.id);
    const conflict = await request(operator, body({ remark: 'different' }), key);
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe(Code.CONFLICT);
    const noKey = await call(t.app, 'POST', `${G}/orders`, { token: operator, body: body() });
    expect(noKey.status).toBe(400);
  });

  it('applies the defaults (adult 10, child 10, infant 0, economy)', async () => {
    const res = await request(operator, { journeys: body().journeys, contact: body().contact });
    expect(res.data.request).toMatchObject({ tripType: 'oneway', passengers: { adult: 10, child: 10, infant: 0 }, cabin: 'economy' });
  });

  it.each([
    ['fewer than 10 travellers', body({ passengers: { adult: 5, child: 4, infant: 0 } }), 'passengers.adult', 'A group needs at least 10 travellers (adults and children)'],
    ['more than 99', body({ passengers: { adult: 60, child: 40, infant: 0 } }), 'passengers.adult', 'At most 99 travellers in one group'],
    ['more infants than adults', body({ passengers: { adult: 2, child: 10, infant: 3 } }), 'passengers.infant', null],
    ['6 journeys', body({ tripType: 'multi', journeys: Array.from({ length: 6 }, () => body().journeys[0]) }), 'journeys', 'At most 5 flights in a multi-city search'],
    ['no journeys', body({ journeys: [] }), 'journeys', 'Please add at least one flight'],
    ['return with one journey', body({ tripType: 'return' }), 'journeys', 'A return group has exactly two journeys'],
    ['same city', body({ journeys: [{ ...body().journeys[0], origin: 'PEK', destination: 'PKX' }] }), 'journeys.0.destination', null],
    ['past date', body({ journeys: [{ ...body().journeys[0], date: day(-2) }] }), 'journeys.0.date', 'The departure date cannot be in the past'],
    ['date too far', body({ journeys: [{ ...body().journeys[0], date: day(400) }] }), 'journeys.0.date', 'The date must be within 361 days from today'],
    ['bad contact email', body({ contact: { ...body().contact, email: 'not-an-email' } }), 'contact.email', 'The email format is incorrect.'],
    ['long remark', body({ journeys: [{ ...body().journeys[0], remark: 'x'.repeat(201) }] }), 'journeys.0.remark', null],
  ])('refuses %s', async (_name, b, field, message) => {
    const res = await call<{ fields: Record<string, string> }>(t.app, 'POST', `${G}/orders`, { token: operator, body: b, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.VALIDATION);
    expect(Object.keys(res.data.fields)).toContain(field);
    if (message) expect(res.data.fields[field]).toBe(message);
  });

  it('keeps the flight roles: finance only is 403, no login is 401', async () => {
    expect((await request(finance, body())).status).toBe(403);
    expect((await call(t.app, 'GET', `${G}/orders`, { token: finance })).status).toBe(403);
    expect((await call(t.app, 'GET', `${G}/orders`)).status).toBe(401);
  });
});

describe('quote, confirm, cancel, lapse', () => {
  it('the desk quotes; the agency confirms the version it read before confirmBy', async () => {
    const g = (await request(operator, body())).data;
    const queue = await call(t.app, 'GET', `${G}/desk`, { token: admin, query: { pageSize: 100 } });
    expect(queue.status).toBe(200);
    const item = queue.data.items.find((i: { id: string }) => i.id === g.id);
    expect(item).toMatchObject({ status: 'to_be_quote', companyCode: 'A00001', deskActions: ['quote', 'reject'] });

    expect((await call(t.app, 'GET', `${G}/desk`, { token: operator })).status).toBe(403);
    expect((await call(t.app, 'POST', `${G}/orders/${g.id}/quote`, { token: operator, body: deskQuote(g) })).status).toBe(403);

    const [first, ...rest] = deskQuote(g).paymentPlan;
    const wrongTotal = await call(t.app, 'POST', `${G}/orders/${g.id}/quote`, { token: admin, body: deskQuote(g, { paymentPlan: [{ ...first, amount: 1 }, ...rest] }) });
    expect(wrongTotal.status).toBe(400);
    expect(wrongTotal.message).toBe('The instalments must add up to the total (12700 CNY)');
    const missingJourney = await call(t.app, 'POST', `${G}/orders/${g.id}/quote`, { token: admin, body: deskQuote(g, { journeys: [] }) });
    expect(missingJourney.status).toBe(400);

    const quoted = await call<GroupOrder>(t.app, 'POST', `${G}/orders/${g.id}/quote`, { token: admin, body: deskQuote(g) });
    expect(quoted.status).toBe(200);
    expect(quoted.data.status).toBe('to_be_confirm');
    expect(quoted.data.quote).toMatchObject({ version: 1, total: 12700, currency: 'CNY', seats: 12, quotedBy: 'desk' });

    const requoted = await call<GroupOrder>(t.app, 'POST', `${G}/orders/${g.id}/quote`, { token: admin, body: deskQuote(g, { remark: 'v2' }) });
    expect(requoted.data.quote?.version).toBe(2);
    const mine = await call<GroupOrder>(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator });
    expect(mine.data.actions).toEqual(['cancel', 'confirm']);

    const stale = await call(t.app, 'POST', `${G}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/now version 2/);
    const confirmed = await call<GroupOrder>(t.app, 'POST', `${G}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 2 } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.status).toBe('to_be_apply_seat');
    expect(confirmed.data.timeline.map((e) => e.event)).toEqual(['request', 'quote', 'requote', 'confirm']);
    expect(confirmed.data.timeline[1].actor.kind).toBe('platform');

    const twice = await call(t.app, 'POST', `${G}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 2 } });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('This group is to_be_apply_seat: it cannot be confirm now');
    // Cancelling after confirmation (deposits forfeited): group-cancel.int.test.ts.
    expect(confirmed.data.actions).toEqual(['cancel']);
  });

  it('refuses a confirmation after confirmBy; the lapse job then closes the group', async () => {
    const g = (await request(operator, body())).data;
    await quoteGroup(t, admin, g, { confirmBy: inMs(1500) });
    await new Promise((r) => setTimeout(r, 1600));
    const late = await call(t.app, 'POST', `${G}/orders/${g.id}/confirmation`, { token: operator, body: { quoteVersion: 1 } });
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/^The quote lapsed/);
    expect((await call<GroupOrder>(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator })).data.status).toBe('to_be_confirm');
    expect(await closeLapsedGroups(t.app.deps, new Date())).toBeGreaterThanOrEqual(1);
    const closed = (await call<GroupOrder>(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator })).data;
    expect(closed.status).toBe('closed');
    expect(closed.timeline.at(-1)).toMatchObject({ event: 'expire', from: 'to_be_confirm', to: 'closed', actor: { kind: 'system' } });
    expect(closed.actions).toEqual([]);
  });

  it('the agency cancels before and after the quote; a canceled group is not cancelled twice', async () => {
    const a = (await request(operator, body())).data;
    const canceled = await call<GroupOrder>(t.app, 'DELETE', `${G}/orders/${a.id}`, { token: operator });
    expect(canceled.data.status).toBe('canceled');
    expect((await call(t.app, 'DELETE', `${G}/orders/${a.id}`, { token: operator })).status).toBe(409);
    const b = (await request(operator, body())).data;
    await quoteGroup(t, admin, b);
    expect((await call<GroupOrder>(t.app, 'DELETE', `${G}/orders/${b.id}`, { token: operator })).data.status).toBe('canceled');
    // The desk quotes nothing that is over.
    expect((await call(t.app, 'POST', `${G}/orders/${b.id}/quote`, { token: admin, body: deskQuote(b) })).status).toBe(409);
  });

  it('the desk rejects: closed with its remark', async () => {
    const g = (await request(operator, body())).data;
    const res = await call<GroupOrder>(t.app, 'POST', `${G}/orders/${g.id}/rejection`, { token: admin, body: { remark: 'no seats that week' } });
    expect(res.data.status).toBe('closed');
    expect(res.data.timeline.at(-1)?.remark).toBe('no seats that week');
  });

  it('the simulated desk quotes from the air simulators after its delay, with a deposit plan summing to the total', async () => {
    const g = (await request(operator, body({ journeys: [{ ...body().journeys[0], date: day(90) }] }))).data;
    // Not yet: the delay has not passed for this group.
    await runSimulatedGroupDesk(t.app.deps, new Date(), { delaySeconds: 3600 });
    expect((await call<GroupOrder>(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator })).data.status).toBe('to_be_quote');
    await runSimulatedGroupDesk(t.app.deps, new Date(Date.now() + 1000), { delaySeconds: 0 });
    const q = (await call<GroupOrder>(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator })).data;
    expect(q.status).toBe('to_be_confirm');
    const quote = q.quote!;
    expect(quote.quotedBy).toBe('simulator');
    expect(quote.journeys[0].flights.length).toBe(1);
    expect(quote.journeys[0].flights[0].origin).toMatch(/^(PEK|PKX)$/);
    expect(quote.paymentPlan.map((p) => p.kind)).toEqual(['deposit1', 'deposit2', 'final']);
    expect(quote.paymentPlan.reduce((s, p) => s + p.amount, 0)).toBe(quote.total);
    expect(quote.total).toBe(quote.prices.reduce((s, p) => s + (p.fare + p.tax) * q.request.passengers[p.passengerType], 0));
    expect(quote.paymentPlan[0].amount).toBe(Math.floor(quote.total * 0.3));
    expect(Date.parse(quote.confirmBy) - Date.parse(quote.quotedAt)).toBe(24 * 3_600_000);
    expect(q.timeline.at(-1)).toMatchObject({ event: 'quote', actor: { kind: 'system' } });
  });
});

describe('tenancy and listing', () => {
  it('another agency answers 404 Booking does not exist; onlyOwnOrders hides colleagues’ groups', async () => {
    const g = (await request(agency, body())).data;
    const foreign = await call(t.app, 'GET', `${G}/orders/${g.id}`, { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Booking does not exist');
    expect((await call(t.app, 'DELETE', `${G}/orders/${g.id}`, { token: other })).status).toBe(404);
    expect((await call(t.app, 'POST', `${G}/orders/${g.id}/confirmation`, { token: other, body: { quoteVersion: 1 } })).status).toBe(404);
    expect((await call(t.app, 'GET', `${G}/orders/${randomUUID()}`, { token: operator })).status).toBe(404);
    const otherList = await call(t.app, 'GET', `${G}/orders`, { token: other, query: { bookingNumber: g.bookingNumber } });
    expect(otherList.data.total).toBe(0);

    await setCommonConfig(t, 'A00001', { onlyOwnOrders: true });
    try {
      expect((await call(t.app, 'GET', `${G}/orders/${g.id}`, { token: operator })).status).toBe(404);
      expect((await call(t.app, 'GET', `${G}/orders`, { token: operator, query: { bookingNumber: g.bookingNumber } })).data.total).toBe(0);
      expect((await call(t.app, 'GET', `${G}/orders`, { token: agency, query: { bookingNumber: g.bookingNumber } })).data.total).toBe(1);
    } finally {
      await setCommonConfig(t, 'A00001', { onlyOwnOrders: false });
    }
  });

  it('lists by status and booking-number prefix, and counts every status', async () => {
    const g = (await request(operator, body({ tripType: 'return', journeys: [body().journeys[0], { ...body().journeys[0], origin: 'SHA', destination: 'PEK', date: day(65) }] }))).data;
    const list = await call(t.app, 'GET', `${G}/orders`, { token: operator, query: { status: 'to_be_quote', bookingNumber: g.bookingNumber.toLowerCase() } });
    expect(list.data.total).toBe(1);
    expect(list.data.items[0]).toMatchObject({ id: g.id, route: 'PEK-SHA-PEK', tripType: 'return', total: null });
    const closedOnly = await call(t.app, 'GET', `${G}/orders`, { token: operator, query: { status: 'closed', bookingNumber: g.bookingNumber } });
    expect(closedOnly.data.total).toBe(0);
    const counts = await call(t.app, 'GET', `${G}/orders/status`, { token: operator });
    expect(counts.data).toHaveLength(13);
    const before = counts.data.find((c: { status: string }) => c.status === 'to_be_quote').cnt;
    await request(operator, body());
    const after = (await call(t.app, 'GET', `${G}/orders/status`, { token: operator })).data.find((c: { status: string }) => c.status === 'to_be_quote').cnt;
    expect(after).toBe(before + 1);
    expect((await call(t.app, 'GET', `${G}/orders`, { token: operator, query: { status: 'bogus' } })).status).toBe(400);
  });
});
