import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeFlight } from '@portal/contract/api/after-sales';
import { Code } from '@portal/contract/codes';
import { companies, flightOrderEvents, flightOrders, flightScheduleNotices, outboxEmails, webhookDeliveries } from '../src/db/schema/index.ts';
import { orderDepsOf } from '../src/modules/flight-orders/orders.jobs.ts';
import { segmentsOf } from '../src/modules/flight-orders/order.repository.ts';
import { pollScheduleChanges } from '../src/modules/flight-orders/schedule-changes/notices.jobs.ts';
import { instantAt } from '../src/modules/flight-orders/schedule-changes/notices.repository.ts';
import { markNoticeResolved, noticesOfOrder, openOrRefusedNoticeFor, recordScheduleChange } from '../src/modules/flight-orders/schedule-changes/notices.usecase.ts';
import { SimulatedAirSupplier } from '../src/suppliers/air/simulator.ts';
import type { AirSupplier, SupplierScheduleChange } from '../src/suppliers/air/types.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { book, detail, findFare, healthySuppliers, pay, step } from './helpers/orders.ts';
import { setCommonConfig } from './helpers/shopping.ts';

/**
 * Airline schedule changes on the portal side (issue 10): the supplier's queue becomes notices on issued orders (with a
 * timeline event, the agency's flight-change webhook and the contact's mail), the agent accepts or refuses them, and
 * the job closes what was not answered in time. The airline is a fake queue on sim-gds, so nothing here depends on how
 * the simulator raises changes; the last block reads the simulator's own queue.
 */
const INBOX = '/order/v2/flight/schedule-changes';
const HOOK_URL = 'http://127.0.0.1:9/schedule-changes';
const HOUR = 3_600_000;

let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
/** The fake airline queue of sim-gds; `replay` makes it answer everything whatever the cursor (a re-read). */
const queue: SupplierScheduleChange[] = [];
let replay = false;
let seq = 0;

beforeAll(async () => {
  process.env.ORDER_BOOK_BUDGET_MS = '1500';
  process.env.ORDER_TICKET_BUDGET_MS = '1500';
  t = await createTestApp({ demoMoney: true });
  [operator, agency, other, admin] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin')]);
  const gds = t.app.deps.airSuppliers.get('sim-gds')! as AirSupplier;
  gds.scheduleChanges = async (afterSeq) => queue.filter((c) => replay || c.seq > afterSeq);
  // The other simulators' own queues stay empty: only the fake speaks.
  for (const s of t.app.deps.airSuppliers.all()) if (s.code !== 'sim-gds') s.scheduleChanges = async () => [];
  const [a] = await t.db.select({ flightConfig: companies.flightConfig }).from(companies).where(eq(companies.code, 'A00001'));
  await t.db.update(companies).set({ flightConfig: { ...a.flightConfig!, flightChangeNotificationUrl: HOOK_URL } }).where(eq(companies.code, 'A00001'));
  await setCommonConfig(t, 'A00001', { emailLanguage: 'en' });
});
afterAll(async () => {
  // Let the webhook kick of the last run finish against the closed port before the database goes.
  await new Promise((r) => setTimeout(r, 300));
  await t?.close();
});
beforeEach(async () => {
  replay = false;
  await healthySuppliers(t);
});

const poll = (now?: Date) => pollScheduleChanges(orderDepsOf(t.app.deps), now);
const post = (path: string, token = operator, body: object = {}) => call(t.app, 'POST', path, { token, body });
const inbox = (token = operator, query: Record<string, string | number> = {}) => call(t.app, 'GET', INBOX, { token, query });

async function issuedOrder(token = operator, days = 12) {
  const fare = await findFare(t.app, token, { days });
  const booked = await book(t.app, token, fare);
  expect(booked.code, booked.message).toBe(0);
  expect((await pay(t.app, token, booked.data.id, 'balance')).code).toBe(0);
  expect(await step(t, booked.data.id)).toBe('done');
  const order = (await detail(t.app, token, booked.data.id)).data;
  expect(order.status).toBe('issued');
  return order;
}

async function legFlights(orderId: string, leg = 0): Promise<NoticeFlight[]> {
  return (await segmentsOf(t.db, orderId))
    .filter((s) => s.leg === leg)
    .map((s) => ({ flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, departure: s.departure, arrival: s.arrival }));
}

const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);
const moved = (flights: NoticeFlight[], minutes: number, flightNumber?: string) =>
  flights.map((f) => ({ ...f, flightNumber: flightNumber ?? f.flightNumber, departure: shift(f.departure, minutes), arrival: shift(f.arrival, minutes) }));

/** Queues one airline change on the order's booking, as the supplier would. */
function airlineChange(order: { id: string; recordLocator: string }, kind: SupplierScheduleChange['kind'], oldFlights: NoticeFlight[], newFlights: NoticeFlight[], o: { clientReference?: string; leg?: number } = {}) {
  const change: SupplierScheduleChange = {
    id: `chg-${++seq}`,
    seq,
    supplierRef: `ref-${order.id}`,
    recordLocator: order.recordLocator,
    clientReference: o.clientReference ?? order.id,
    kind,
    leg: o.leg ?? 0,
    oldFlights,
    newFlights,
    createdAt: new Date().toISOString(),
  };
  queue.push(change);
  return change;
}

const noticeOf = async (supplierNoticeId: string) => (await t.db.select().from(flightScheduleNotices).where(eq(flightScheduleNotices.supplierNoticeId, supplierNoticeId)))[0];
const eventsOf = (orderId: string) => t.db.select().from(flightOrderEvents).where(eq(flightOrderEvents.orderId, orderId)).orderBy(flightOrderEvents.seq);
const hooksOf = (orderId: string) => t.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.orderId, orderId), eq(webhookDeliveries.event, 'flight.schedule_change')));
const mailsTo = (subjectPart: string) => t.db.select().from(outboxEmails).where(sql`${outboxEmails.subject} like ${`%${subjectPart}%`}`);
const counts = async () => ({
  notices: (await t.db.select({ id: flightScheduleNotices.id }).from(flightScheduleNotices)).length,
  events: (await t.db.select({ id: flightOrderEvents.id }).from(flightOrderEvents)).length,
  hooks: (await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).length,
  mails: (await t.db.select({ id: outboxEmails.id }).from(outboxEmails)).length,
});

describe('reading the airline queue', () => {
  it('turns a time change into an open notice: timeline event, signed webhook, mail to the contact, status unchanged', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'change', old, moved(old, 90));
    const now = new Date();
    expect((await poll(now)).recorded).toBe(1);

    const n = await noticeOf(change.id);
    expect(n).toMatchObject({ orderId: order.id, supplier: 'sim-gds', kind: 'change', leg: 0, status: 'open', oldFlights: old, newFlights: change.newFlights });
    // 12 days out: the 72-hour cap decides.
    expect(n.deadline.getTime()).toBe(now.getTime() + 72 * HOUR);

    const row = (await t.db.select().from(flightOrders).where(eq(flightOrders.id, order.id)))[0];
    expect(row.status).toBe('issued');
    const events = await eventsOf(order.id);
    expect(events.at(-1)).toMatchObject({ event: 'schedule_change', fromStatus: 'issued', toStatus: 'issued', actorKind: 'system', data: { kind: 'change', noticeId: n.id } });

    const hooks = await hooksOf(order.id);
    expect(hooks).toHaveLength(1);
    expect(hooks[0].url).toBe(HOOK_URL);
    expect(hooks[0].payload).toMatchObject({
      id: hooks[0].id,
      event: 'flight.schedule_change',
      data: { noticeId: n.id, orderId: order.id, bookingNumber: order.bookingNumber, recordLocator: order.recordLocator, kind: 'change', oldFlights: old, newFlights: change.newFlights, deadline: n.deadline.toISOString() },
    });

    const mails = await mailsTo(`Schedule change on booking ${order.bookingNumber}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: order.contact.email, language: 'en', kind: 'notice' });
    expect(mails[0].subject).toContain('Flight time changed');
    expect(mails[0].text).toContain(`${old[0].flightNumber}  ${old[0].origin}-${old[0].destination}  ${old[0].departure.replace('T', ' ')}`);
    expect(mails[0].text).toContain(change.newFlights[0].departure.replace('T', ' '));

    const listed = await inbox();
    const item = listed.data.items.find((x: any) => x.id === n.id);
    expect(item).toMatchObject({ orderId: order.id, bookingNumber: order.bookingNumber, recordLocator: order.recordLocator, kind: 'change', status: 'open', actions: ['accept', 'refuse'], resolvedAt: null });
    expect((await noticesOfOrder(t.db, order.id)).map((x) => x.id)).toEqual([n.id]);
    expect((await noticesOfOrder(t.db, order.id, { answerable: false }))[0].actions).toEqual([]);
  });

  it('reading the queue again does nothing (idempotent), nor does recording the same change twice', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'cancel_save', old, moved(old, 24 * 60, 'CA9901'));
    expect((await poll()).recorded).toBe(1);
    const before = await counts();
    replay = true;
    expect((await poll()).recorded).toBe(0);
    expect(await recordScheduleChange(t.db, 'sim-gds', change, new Date())).toBe('duplicate');
    expect(await counts()).toEqual(before);
  });

  it('ignores changes of no order of ours, of another supplier or without their flights, and moves on past them', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const stranger = airlineChange(order, 'change', old, moved(old, 60), { clientReference: '00000000-0000-4000-8000-000000000000' });
    const garbage = airlineChange(order, 'change', old, moved(old, 60), { clientReference: 'not-an-order' });
    const before = await counts();
    expect((await poll()).recorded).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await recordScheduleChange(t.db, 'sim-ndc', { ...stranger, id: 'x', clientReference: order.id }, new Date())).toBe('ignored');
    expect(await noticeOf(garbage.id)).toBeUndefined();
    // A protected cancellation without its protected flight cannot be a notice; it does not hold the queue up either.
    const broken = airlineChange(order, 'cancel_save', old, []);
    const after = airlineChange(order, 'change', old, moved(old, 20));
    expect((await poll()).recorded).toBe(1);
    expect(await noticeOf(broken.id)).toBeUndefined();
    expect((await noticeOf(after.id)).status).toBe('open');
  });

  it('waits for an order whose tickets are still being issued, and records the change once they are', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    await t.db.update(flightOrders).set({ status: 'proceeding' }).where(eq(flightOrders.id, order.id));
    const change = airlineChange(order, 'change', old, moved(old, 45));
    expect((await poll()).recorded).toBe(0);
    await t.db.update(flightOrders).set({ status: 'issued' }).where(eq(flightOrders.id, order.id));
    // The cursor stayed before the change, so the next run reads it again.
    expect((await poll()).recorded).toBe(1);
    expect((await noticeOf(change.id)).status).toBe('open');
  });

  it('a newer change of the same leg closes the older notice nobody answered (the airline restored the flights)', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const first = airlineChange(order, 'change', old, moved(old, 120));
    const restore = airlineChange(order, 'restore', first.newFlights, old);
    expect((await poll()).recorded).toBe(2);
    expect((await noticeOf(first.id)).status).toBe('closed');
    const r = await noticeOf(restore.id);
    expect(r).toMatchObject({ kind: 'restore', status: 'open', newFlights: old });
    expect((await noticesOfOrder(t.db, order.id)).map((n) => [n.kind, n.status, n.actions])).toEqual([
      ['change', 'closed', []],
      ['restore', 'open', ['accept', 'refuse']],
    ]);
  });
});

describe('answer deadlines', () => {
  it('two hours before the first affected flight when that comes before 72 hours; the departure itself for a cancellation without protection', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const departure = instantAt(old[0].origin, old[0].departure);
    // Read 30 hours before departure.
    const now = new Date(departure.getTime() - 30 * HOUR);
    const later = airlineChange(order, 'change', old, moved(old, 60));
    await recordScheduleChange(t.db, 'sim-gds', later, now);
    expect((await noticeOf(later.id)).deadline.getTime()).toBe(departure.getTime() - 2 * HOUR);

    // Moved two hours earlier: the earlier new time decides.
    const earlier = airlineChange(order, 'change', old, moved(old, -120));
    await recordScheduleChange(t.db, 'sim-gds', earlier, now);
    expect((await noticeOf(earlier.id)).deadline.getTime()).toBe(departure.getTime() - 4 * HOUR);

    const cancelled = airlineChange(order, 'cancel_no_save', old, []);
    await recordScheduleChange(t.db, 'sim-gds', cancelled, new Date());
    const n = await noticeOf(cancelled.id);
    expect(n.deadline.getTime()).toBe(departure.getTime());
    expect(n.newFlights).toEqual([]);
    const [item] = (await noticesOfOrder(t.db, order.id)).filter((x) => x.id === n.id);
    expect(item.actions).toEqual(['refuse']);
  });
});

describe('the agent answers', () => {
  it('accepts a protected flight: the order flies the new flight, cabin and booking class kept, event on the timeline', async () => {
    const order = await issuedOrder();
    const before = await segmentsOf(t.db, order.id);
    const old = await legFlights(order.id);
    const protectedFlights = moved(old, 24 * 60 + 30, 'MU5101');
    const change = airlineChange(order, 'cancel_save', old, protectedFlights);
    await poll();
    const n = await noticeOf(change.id);

    const res = await post(`${INBOX}/${n.id}/accept`, operator, { remark: 'customer agrees' });
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('Schedule change accepted: the booking now shows the new flights');
    expect(res.data).toMatchObject({ id: n.id, status: 'accepted', actions: [], kind: 'cancel_save' });
    expect(res.data.resolvedAt).not.toBeNull();

    const after = await segmentsOf(t.db, order.id);
    expect(after).toHaveLength(protectedFlights.length);
    expect(after[0]).toMatchObject({
      leg: 0,
      flightNumber: 'MU5101',
      carrier: 'MU',
      departure: protectedFlights[0].departure,
      arrival: protectedFlights[0].arrival,
      departureDate: protectedFlights[0].departure.slice(0, 10),
      cabin: before[0].cabin,
      bookingClass: before[0].bookingClass,
    });
    // PEK is UTC+8 all year.
    expect(after[0].departureUtc.toISOString()).toBe(new Date(Date.parse(`${protectedFlights[0].departure}:00+08:00`)).toISOString());
    const row = (await t.db.select().from(flightOrders).where(eq(flightOrders.id, order.id)))[0];
    expect(row.status).toBe('issued');
    expect(row.departureDate).toBe(protectedFlights[0].departure.slice(0, 10));
    // The detail page (and the documents) read the order's legs: they show the new flight too.
    const shown = (await detail(t.app, operator, order.id)).data.legs[0];
    expect(shown.segments[0]).toMatchObject({ flightNumber: 'MU5101', departure: protectedFlights[0].departure, arrival: protectedFlights[0].arrival, cabin: before[0].cabin });
    expect(shown.durationMinutes).toBeGreaterThan(0);
    const last = (await eventsOf(order.id)).at(-1)!;
    expect(last).toMatchObject({ event: 'schedule_change_accepted', fromStatus: 'issued', toStatus: 'issued', actorKind: 'user', remark: 'customer agrees', data: { kind: 'cancel_save', noticeId: n.id } });

    // Answered once: a second answer is refused and nothing is unaccepted on the order.
    const again = await post(`${INBOX}/${n.id}/refuse`);
    expect(again.code).toBe(Code.ORDER_STATE);
    expect(again.message).toBe('This schedule change is no longer open: it has already been answered or closed');
    expect(await openOrRefusedNoticeFor(t.db, order.id)).toBeNull();
  });

  it('accepts a re-timing and a restore', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'change', old, moved(old, 75));
    await poll();
    expect((await post(`${INBOX}/${(await noticeOf(change.id)).id}/accept`)).code).toBe(0);
    expect(await legFlights(order.id)).toEqual(change.newFlights);
    const restore = airlineChange(order, 'restore', change.newFlights, old);
    await poll();
    expect((await post(`${INBOX}/${(await noticeOf(restore.id)).id}/accept`)).data.status).toBe('accepted');
    expect(await legFlights(order.id)).toEqual(old);
  });

  it('a cancellation without protection cannot be accepted, only refused; the refusal makes after-sales involuntary', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'cancel_no_save', old, []);
    await poll();
    const n = await noticeOf(change.id);
    expect(await openOrRefusedNoticeFor(t.db, order.id)).toMatchObject({ id: n.id, status: 'open' });

    const accept = await post(`${INBOX}/${n.id}/accept`);
    expect(accept.code).toBe(Code.ORDER_STATE);
    expect(accept.message).toBe('A cancellation without a protected flight cannot be accepted: refuse it, then ask for a refund or a change');
    const zh = await call(t.app, 'POST', `${INBOX}/${n.id}/accept`, { token: operator, body: {}, lang: 'zh-TW' });
    expect(zh.message).toBe('無保護航班的取消無法接受：請拒絕後申請退票或改簽');

    const refused = await post(`${INBOX}/${n.id}/refuse`, operator, { remark: 'will refund' });
    expect(refused.code, refused.message).toBe(0);
    expect(refused.data).toMatchObject({ status: 'refused', actions: [] });
    expect(await legFlights(order.id)).toEqual(old);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ event: 'schedule_change_refused', actorKind: 'user', remark: 'will refund' });
    expect(await openOrRefusedNoticeFor(t.db, order.id, 0)).toMatchObject({ id: n.id, status: 'refused' });
    expect(await openOrRefusedNoticeFor(t.db, order.id, 1)).toBeNull();

    // The refund request the agent makes next takes the notice over.
    const resolved = await t.db.transaction((tx) => markNoticeResolved(tx, n.id, 'refunding', order.id));
    expect(resolved).toMatchObject({ status: 'refunding', resolutionOrderId: order.id });
    expect(await t.db.transaction((tx) => markNoticeResolved(tx, n.id, 'changing', order.id))).toBeNull();
    expect(await openOrRefusedNoticeFor(t.db, order.id)).toBeNull();
  });

  it('refuses answers after the deadline', async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'change', old, moved(old, 50));
    await poll();
    const n = await noticeOf(change.id);
    await t.db.update(flightScheduleNotices).set({ deadline: new Date(Date.now() - 60_000) }).where(eq(flightScheduleNotices.id, n.id));
    const res = await post(`${INBOX}/${n.id}/accept`);
    expect(res.code).toBe(Code.ORDER_STATE);
    expect(res.message).toBe('The answer deadline for this schedule change has passed');
    expect((await noticesOfOrder(t.db, order.id)).find((x) => x.id === n.id)!.actions).toEqual([]);
    await t.db.update(flightScheduleNotices).set({ deadline: new Date(Date.now() + 72 * HOUR) }).where(eq(flightScheduleNotices.id, n.id));
  });
});

describe('tenancy', () => {
  it("another agency neither sees the notice nor can answer it; the platform desk may not answer for the agency", async () => {
    const order = await issuedOrder();
    const old = await legFlights(order.id);
    const change = airlineChange(order, 'change', old, moved(old, 30));
    await poll();
    const n = await noticeOf(change.id);

    const theirs = await inbox(other, { status: 'all', pageSize: 100 });
    expect(theirs.code).toBe(0);
    expect(theirs.data.items.map((x: any) => x.id)).not.toContain(n.id);
    expect(theirs.data.total).toBe(0);
    for (const path of ['accept', 'refuse']) {
      const res = await post(`${INBOX}/${n.id}/${path}`, other);
      expect(res.status).toBe(404);
      expect(res.code).toBe(Code.NOT_FOUND);
      expect(res.message).toBe('This schedule change does not exist');
    }
    expect((await post(`${INBOX}/00000000-0000-4000-8000-000000000000/accept`)).code).toBe(Code.NOT_FOUND);
    expect((await post(`${INBOX}/${n.id}/accept`, admin)).code).toBe(Code.FORBIDDEN);
    expect((await inbox(admin, { status: 'all', pageSize: 100 })).data.items.map((x: any) => x.id)).not.toContain(n.id);
    expect((await noticeOf(change.id)).status).toBe('open');
  });

  it('with onlyOwnOrders an operator sees only the notices of the orders they booked; the SuperUser sees all', async () => {
    const mine = await issuedOrder(operator);
    const owners = await issuedOrder(agency);
    const a = airlineChange(mine, 'change', await legFlights(mine.id), moved(await legFlights(mine.id), 30));
    const b = airlineChange(owners, 'change', await legFlights(owners.id), moved(await legFlights(owners.id), 30));
    await poll();
    const [na, nb] = [await noticeOf(a.id), await noticeOf(b.id)];
    await setCommonConfig(t, 'A00001', { onlyOwnOrders: true });
    try {
      const ids = (await inbox(operator, { pageSize: 100 })).data.items.map((x: any) => x.id);
      expect(ids).toContain(na.id);
      expect(ids).not.toContain(nb.id);
      expect((await post(`${INBOX}/${nb.id}/refuse`, operator)).code).toBe(Code.NOT_FOUND);
      const all = (await inbox(agency, { pageSize: 100 })).data.items.map((x: any) => x.id);
      expect(all).toEqual(expect.arrayContaining([na.id, nb.id]));
    } finally {
      await setCommonConfig(t, 'A00001', { onlyOwnOrders: false });
    }
  });
});

describe('the inbox', () => {
  it('lists open notices by deadline, soonest first, paged; status=all adds the answered ones', async () => {
    const first = await issuedOrder();
    const second = await issuedOrder();
    const old1 = await legFlights(first.id);
    const old2 = await legFlights(second.id);
    // Read at different times, so their 72-hour deadlines differ: the one read a day earlier is due a day sooner.
    const late = airlineChange(first, 'change', old1, moved(old1, 15));
    const soon = airlineChange(second, 'cancel_save', old2, moved(old2, 60, 'CA9902'));
    await recordScheduleChange(t.db, 'sim-gds', late, new Date());
    await recordScheduleChange(t.db, 'sim-gds', soon, new Date(Date.now() - 24 * HOUR));
    const [nLate, nSoon] = [await noticeOf(late.id), await noticeOf(soon.id)];

    const all = await inbox(operator, { pageSize: 100 });
    expect(all.code, all.message).toBe(0);
    const ids = all.data.items.map((x: any) => x.id);
    expect(ids.indexOf(nSoon.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(nSoon.id)).toBeLessThan(ids.indexOf(nLate.id));
    const deadlines = all.data.items.map((x: any) => Date.parse(x.deadline));
    expect(deadlines).toEqual([...deadlines].sort((x, y) => x - y));
    expect(all.data.items.every((x: any) => x.status === 'open')).toBe(true);
    expect(all.data.total).toBe(all.data.items.length);

    const page1 = await inbox(operator, { pageSize: 2, page: 1 });
    expect(page1.data).toMatchObject({ page: 1, pageSize: 2, total: all.data.total });
    expect(page1.data.items.map((x: any) => x.id)).toEqual(ids.slice(0, 2));
    const page2 = await inbox(operator, { pageSize: 2, page: 2 });
    expect(page2.data.items.map((x: any) => x.id)).toEqual(ids.slice(2, 4));

    // Answered notices leave the open inbox and stay under status=all.
    expect((await post(`${INBOX}/${nLate.id}/refuse`)).code).toBe(0);
    expect((await inbox(operator, { pageSize: 100 })).data.items.map((x: any) => x.id)).not.toContain(nLate.id);
    const everything = await inbox(operator, { status: 'all', pageSize: 100 });
    expect(everything.data.items.find((x: any) => x.id === nLate.id)).toMatchObject({ status: 'refused', actions: [] });
    expect(everything.data.total).toBeGreaterThan(all.data.total - 1);
  });
});

describe('the deadline job', () => {
  it('lets the airline change stand past the deadline: accepted by the system (new flights), cancellation without protection closed', async () => {
    const a = await issuedOrder();
    const b = await issuedOrder();
    const oldA = await legFlights(a.id);
    const oldB = await legFlights(b.id);
    const change = airlineChange(a, 'change', oldA, moved(oldA, 40));
    const cancel = airlineChange(b, 'cancel_no_save', oldB, []);
    const now = new Date();
    await poll(now);
    const [na, nb] = [await noticeOf(change.id), await noticeOf(cancel.id)];

    // Not yet due: nothing moves.
    expect((await poll(new Date(now.getTime() + HOUR))).closed).toBe(0);
    expect((await noticeOf(change.id)).status).toBe('open');

    const past = new Date(Math.max(na.deadline.getTime(), nb.deadline.getTime()) + 1000);
    expect((await poll(past)).closed).toBeGreaterThanOrEqual(2);
    expect(await noticeOf(change.id)).toMatchObject({ status: 'accepted', resolvedBy: null });
    expect(await noticeOf(cancel.id)).toMatchObject({ status: 'closed' });
    expect(await legFlights(a.id)).toEqual(change.newFlights);
    expect(await legFlights(b.id)).toEqual(oldB);
    expect((await eventsOf(a.id)).at(-1)).toMatchObject({ event: 'schedule_change_accepted', actorKind: 'system', data: { kind: 'change', noticeId: na.id } });
    expect((await eventsOf(b.id)).at(-1)).toMatchObject({ event: 'schedule_change_closed', actorKind: 'system', data: { kind: 'cancel_no_save', noticeId: nb.id } });
    // Running again finds nothing more to close.
    expect((await poll(past)).closed).toBe(0);
  });

  it('is registered as a minutely job', async () => {
    const { jobs } = await import('../src/jobs/index.ts');
    expect(jobs.find((j) => j.name === 'flight-schedule-changes')).toMatchObject({ cron: '* * * * *', runAtStart: true });
  });
});

describe('the simulated supplier queue', () => {
  // Skipped (not silently passed) while the simulator cannot raise changes on purpose.
  it.skipIf(!('raiseScheduleChange' in SimulatedAirSupplier.prototype))('reads a change the simulator raised on a ticketed booking', async () => {
    const s = await createTestApp({ demoMoney: true });
    try {
      await healthySuppliers(s);
      const token = await loginAs(s.app, 'operator');
      const fare = await findFare(s.app, token);
      const booked = await book(s.app, token, fare);
      expect((await pay(s.app, token, booked.data.id, 'balance')).code).toBe(0);
      expect(await step(s, booked.data.id)).toBe('done');
      const gds = s.app.deps.airSuppliers.get('sim-gds') as AirSupplier & { raiseScheduleChange(target: object, now: Date): Promise<{ status: string }> };
      const raised = await gds.raiseScheduleChange({ recordLocator: booked.data.recordLocator, kind: 'change', leg: 0 }, new Date());
      expect(raised.status).toBe('raised');
      expect((await pollScheduleChanges(orderDepsOf(s.app.deps))).recorded).toBe(1);
      const notices = await noticesOfOrder(s.db, booked.data.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ kind: 'change', status: 'open', leg: 0 });
      expect((await pollScheduleChanges(orderDepsOf(s.app.deps))).recorded).toBe(0);
    } finally {
      await s.close();
    }
  });
});
