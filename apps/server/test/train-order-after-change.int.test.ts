import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TrainOrder, TrainRefundQuote, type TrainChangeAnswer, type TrainPassengerInput, type TrainRefundAnswer, type TrainSearchAnswer, type TrainService } from '@portal/contract/api/trains';
import { SMITH, TRAIN_CONTACT as CONTACT, ZHANG } from '@portal/contract/passengers/train.fixture';
import { companies, ledgerMovements, outboxEmails, railBookings, trainOrders } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { HEALTHY, setRailFaults } from '../src/suppliers/rail/faults.ts';
import { call, createTestApp, loginAll, type TestApp } from './helpers/app.ts';
import { extractPdfText } from './helpers/pdf-text.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';
import { chinaDate, setDepartureIn } from './helpers/trains.ts';

/**
 * Train orders after a change (issue 13): refunding the changed ticket (by the new train's departure, on the new fare,
 * at the railway's new booking), the new ticket shown as the current one, changes to a sleeper priced by berth, and the
 * contact's e-ticket mail when tickets are issued.
 */

const ORDERS = '/order/v2/train/orders';
const fee5 = (fare: number) => Math.floor((fare * 5 + 2500) / 5000) * 50;

let t: TestApp;
let operator: string;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, admin] = await loginAll(t.app, ['operator', 'admin']);
  agencyId = await companyIdOf(t, 'A00001');
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 10_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
afterEach(async () => {
  await setRailFaults(t.db, 'sim-rail', HEALTHY);
  await t.db.update(companies).set({ trainConfig: { notificationUrl: null, manual: false } }).where(eq(companies.id, agencyId));
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const cash = async () => (await ledger.balances(t.db, agencyId, 'CNY')).cash;
const departsIn = (orderId: string, ms: number) => setDepartureIn(t.db, orderId, ms);

/** A train from Beijing to Shanghai `days` ahead of the given types, selling `seatClass`. */
async function findTrain(days: number, seatClass: string, trainTypes = ['G'], trainNumber?: string): Promise<TrainService> {
  const res = await call<TrainSearchAnswer>(t.app, 'POST', '/shopping/v2/train/search', { token: operator, body: { from: 'BJS', to: 'SHA', date: chinaDate(days), filters: { trainTypes } } });
  expect(res.code, res.message).toBe(0);
  const service = res.data.services.find((s) => (!trainNumber || s.trainNumber === trainNumber) && s.classes.some((c) => c.seatClass === seatClass && c.available !== 0));
  expect(service, `a ${trainTypes.join('/')} train with ${seatClass} ${days} days ahead`).toBeDefined();
  return service!;
}
const offerOf = (s: TrainService, seatClass: string) => s.classes.find((c) => c.seatClass === seatClass)!;

async function issued(o: { passengers?: TrainPassengerInput[]; days: number; seatClass?: string; trainTypes?: string[]; berth?: string }): Promise<TrainOrder> {
  const seatClass = o.seatClass ?? 'second';
  const passengers = o.passengers ?? [ZHANG];
  const service = await findTrain(o.days, seatClass, o.trainTypes);
  const offer = offerOf(service, seatClass);
  const fare = (o.berth ? offer.berthPrices!.find((b) => b.berth === o.berth)!.price : offer.price) * passengers.length;
  const body = { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass, passengers, contact: CONTACT, acceptedTotal: fare, ...(o.berth ? { berth: o.berth } : {}) };
  const booked = await call<TrainOrder>(t.app, 'POST', ORDERS, { token: operator, body, headers: { 'idempotency-key': randomUUID() } });
  expect(booked.code, booked.message).toBe(0);
  const paid = await call<{ status: string }>(t.app, 'POST', `${ORDERS}/${booked.data.id}/payment`, { token: operator, body: { method: 'balance' }, headers: { 'idempotency-key': randomUUID() } });
  expect(paid.data.status).toBe('issued');
  return (await detail(booked.data.id)).data;
}
const detail = (id: string) => call<TrainOrder>(t.app, 'GET', `${ORDERS}/${id}`, { token: operator });
const change = (id: string, body: Record<string, unknown>, key: string = randomUUID()) => call<TrainChangeAnswer>(t.app, 'POST', `${ORDERS}/${id}/change`, { token: operator, body, headers: { 'idempotency-key': key } });
const quote = (id: string, passengerIds: string[]) => call<TrainRefundQuote>(t.app, 'POST', `${ORDERS}/${id}/refund-quote`, { token: operator, body: { passengerIds } });
const refund = (id: string, passengerIds: string[], key: string = randomUUID()) => call<TrainRefundAnswer>(t.app, 'POST', `${ORDERS}/${id}/refund`, { token: operator, body: { passengerIds }, headers: { 'idempotency-key': key } });
const changeBody = (passengerIds: string[], s: TrainService, seatClass: string, acceptedDifference: number, extra: Record<string, unknown> = {}) => ({
  passengerIds,
  serviceId: s.serviceId,
  from: s.from.code,
  to: s.to.code,
  seatClass,
  date: s.departureAt.slice(0, 10),
  acceptedDifference,
  ...extra,
});
const movements = (orderId: string) =>
  t.db.select({ reason: ledgerMovements.reason }).from(ledgerMovements).where(and(eq(ledgerMovements.referenceType, 'train-order'), eq(ledgerMovements.referenceId, orderId)));

describe('refunding a changed ticket', () => {
  it("refunds it by the new train's departure (free 12 days out, though the old train leaves in 3) on the new fare, at the railway's new booking", async () => {
    const order = await issued({ passengers: [ZHANG, SMITH], days: 3 });
    const [a, b] = order.passengers;
    const later = await findTrain(12, 'first');
    const first = offerOf(later, 'first');
    const changed = await change(order.id, changeBody([a.id], later, 'first', first.price - a.price));
    expect(changed.code, changed.message).toBe(0);
    const newTicket = changed.data.order.passengers[0].change!;
    expect(changed.data.order.actions).toContain('refund');

    // The original and the changed ticket are two railway orders: not refunded together.
    const mixed = await quote(order.id, [a.id, b.id]);
    expect(mixed.status).toBe(400);
    expect(mixed.message).toBe('Refund the original tickets and the tickets of each change separately: they are different railway tickets');

    const q = await quote(order.id, [a.id]);
    expect(q.code, q.message).toBe(0);
    expect(TrainRefundQuote.parse(q.data)).toEqual({
      tier: 'free',
      feePercent: 0,
      departureAt: newTicket.departureAt,
      lines: [{ passengerId: a.id, name: a.name, fare: first.price, fee: 0, refund: first.price }],
      totalFare: first.price,
      totalFee: 0,
      totalRefund: first.price,
      currency: 'CNY',
    });
    const before = await cash();
    const key = randomUUID();
    const res = await refund(order.id, [a.id], key);
    expect(res.code, res.message).toBe(0);
    expect(res.data.quote.totalRefund).toBe(first.price);
    expect(res.data.order.status).toBe('partially_refunded');
    expect(res.data.order.passengers.map((p) => p.ticketStatus)).toEqual(['refunded', 'issued']);
    expect(res.data.order.passengers[0].refund).toMatchObject({ fee: 0, amount: first.price });
    // The change stays on the passenger as the ticket's history.
    expect(res.data.order.passengers[0].change?.ticketNumber).toBe(newTicket.ticketNumber);
    expect(await cash()).toBe(before + first.price);
    // Replayed, nothing moves again; a second refund of the same ticket is refused.
    expect((await refund(order.id, [a.id], key)).data.quote.totalRefund).toBe(first.price);
    expect((await refund(order.id, [a.id])).status).toBe(409);
    expect(await cash()).toBe(before + first.price);

    // The railway refunded the new booking's ticket, and left the old booking's changed ticket as it was.
    const [newBooking] = await t.db.select().from(railBookings).where(eq(railBookings.orderNumber, newTicket.orderNumber!));
    expect((newBooking.tickets as { status: string }[]).map((x) => x.status)).toEqual(['refunded']);
    const reasons = (await movements(order.id)).map((m) => m.reason);
    expect(reasons.filter((r) => r === 'change-train')).toHaveLength(1);
    expect(reasons.filter((r) => r === 'refund-train')).toHaveLength(1);

    // The other (original) ticket is still refunded by the original train's time: 3 days out, 5%.
    const rest = await refund(order.id, [b.id]);
    expect(rest.data.quote).toMatchObject({ tier: 'days2to8', totalFee: fee5(b.price), totalRefund: b.price - fee5(b.price) });
    expect(rest.data.order.status).toBe('refunded');
    expect(rest.data.order.actions).toEqual([]);
  });

  it("keeps the fee tier of the new train's time on the new fare, and stays refundable after the old train's time has passed", async () => {
    const order = await issued({ days: 3 });
    const a = order.passengers[0];
    const next = await findTrain(4, 'first');
    const first = offerOf(next, 'first');
    expect((await change(order.id, changeBody([a.id], next, 'first', first.price - a.price))).code).toBe(0);
    // The original train's time is past: only the changed ticket's own train counts.
    await departsIn(order.id, -60 * 60_000);
    const after = (await detail(order.id)).data;
    expect(after.actions).toEqual(['downloadTicket', 'refund']);
    const before = await cash();
    const res = await refund(order.id, [a.id]);
    expect(res.code, res.message).toBe(0);
    expect(res.data.quote).toMatchObject({ tier: 'days2to8', feePercent: 5, totalFare: first.price, totalFee: fee5(first.price), totalRefund: first.price - fee5(first.price) });
    expect(fee5(first.price)).not.toBe(fee5(a.price));
    expect(res.data.order).toMatchObject({ status: 'refunded', refundFeeTotal: fee5(first.price) });
    expect(await cash()).toBe(before + first.price - fee5(first.price));
  });

  it('refuses the refund of a changed ticket once its new train has left', async () => {
    const order = await issued({ days: 3 });
    const a = order.passengers[0];
    const next = await findTrain(4, 'second');
    expect((await change(order.id, changeBody([a.id], next, 'second', 1_000_000))).code).toBe(0);
    const row = (await t.db.select().from(trainOrders).where(eq(trainOrders.id, order.id)))[0];
    const past = new Date(Date.now() - 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 16);
    const passengers = (row.passengers as { change: Record<string, unknown> | null }[]).map((p) => (p.change ? { ...p, change: { ...p.change, departureAt: past } } : p));
    await t.db.update(trainOrders).set({ passengers }).where(eq(trainOrders.id, order.id));
    expect((await detail(order.id)).data.actions).toEqual(['downloadTicket']);
    const before = await cash();
    const res = await refund(order.id, [a.id]);
    expect(res.status).toBe(409);
    expect(res.message).toBe('The train has left: its tickets can no longer be refunded');
    expect(await cash()).toBe(before);
  });
});

describe('the new ticket is the current one', () => {
  it('answers the new ticket number, railway order, stations, fare and seat on the passenger, and prints them on the e-ticket', async () => {
    const order = await issued({ days: 5 });
    const a = order.passengers[0];
    const later = await findTrain(6, 'first');
    const first = offerOf(later, 'first');
    const res = await change(order.id, changeBody([a.id], later, 'first', first.price - a.price));
    expect(res.code, res.message).toBe(0);
    const p = (await detail(order.id)).data.passengers[0];
    const c = p.change!;
    expect(c.ticketNumber).toMatch(/^E\d{12}$/);
    expect(c.ticketNumber).not.toBe(p.ticketNumber);
    expect(c.ticketNumber!.startsWith(c.orderNumber!)).toBe(true);
    expect(c.orderNumber).not.toBe(order.supplierOrderNumber);
    // Station names as on the ticket (Chinese), like the order's own.
    expect(c).toMatchObject({
      trainNumber: later.trainNumber,
      departureAt: later.departureAt,
      arrivalAt: later.arrivalAt,
      fare: first.price,
      from: { code: later.from.code, time: later.from.time },
      to: { code: later.to.code, time: later.to.time },
    });
    expect(p.ticketNumber).toBe(a.ticketNumber);

    const pdf = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/e-ticket`, headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en' } });
    expect(pdf.statusCode).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    // One page: the new ticket in the header and the body, the old one as a history line.
    expect(text).not.toContain('\f');
    expect(text).toContain(`12306 order ${c.orderNumber} Ticket ${c.ticketNumber}`);
    expect(text).toContain(`${c.from!.name} ${later.trainNumber} ${c.to!.name}`);
    expect(text).toContain(`Car / seat\n${c.seat!.car} / ${c.seat!.seat}`);
    expect(text).toContain(`Class\nFirst class`);
    expect(text).toContain(`Fare\n${(first.price / 100).toFixed(2)}`);
    expect(text).toMatch(new RegExp(`Changed from\\n?\\s*${order.trainNumber} .+ Ticket ${a.ticketNumber}`));
    expect(text).not.toContain(`12306 order ${order.supplierOrderNumber}`);
  });
});

describe('a change to a sleeper is priced by its berth', () => {
  it('requires a berth for a sleeper and refuses one for seats', async () => {
    const order = await issued({ days: 5, seatClass: 'hard_sleeper', trainTypes: ['Z', 'T', 'K'], berth: 'upper' });
    const a = order.passengers[0];
    const next = await findTrain(6, 'hard_sleeper', ['Z', 'T', 'K']);
    const none = await change(order.id, changeBody([a.id], next, 'hard_sleeper', 1_000_000));
    expect(none.status).toBe(400);
    expect(none.message).toBe('Choose the berth for a change to a sleeper: upper, middle and lower berths cost differently');
    const g = await findTrain(6, 'second');
    const seat = await change(order.id, changeBody([a.id], g, 'second', 1_000_000, { berth: 'lower' }));
    expect(seat.status).toBe(400);
    expect(seat.message).toBe('A berth can be chosen on sleepers only');
    expect((await detail(order.id)).data.passengers[0].ticketStatus).toBe('issued');
  });

  it('charges the lower berth as a lower berth: the headline (upper) difference is refused as a price change, the berth difference is paid', async () => {
    const order = await issued({ days: 5, seatClass: 'hard_sleeper', trainTypes: ['Z', 'T', 'K'], berth: 'upper' });
    const a = order.passengers[0];
    expect(a.seat?.berth).toBe('upper');
    // The same train a day later: the upper berth costs what was paid, the lower berth more.
    const next = await findTrain(6, 'hard_sleeper', ['Z', 'T', 'K'], order.trainNumber);
    expect(offerOf(next, 'hard_sleeper').price).toBe(a.price);
    const offer = offerOf(next, 'hard_sleeper');
    const lower = offer.berthPrices!.find((b) => b.berth === 'lower')!.price;
    expect(lower).toBeGreaterThan(offer.price);
    const headline = Math.max(0, offer.price - a.price);
    const before = await cash();
    const tooLittle = await change(order.id, changeBody([a.id], next, 'hard_sleeper', headline, { berth: 'lower' }));
    expect(tooLittle.status).toBe(409);
    expect(tooLittle.data).toEqual({ previousTotal: headline, newTotal: lower - a.price, currency: 'CNY' });
    expect(await cash()).toBe(before);

    const res = await change(order.id, changeBody([a.id], next, 'hard_sleeper', lower - a.price, { berth: 'lower' }));
    expect(res.code, res.message).toBe(0);
    expect(res.data.lines).toEqual([{ passengerId: a.id, oldFare: a.price, newFare: lower, difference: lower - a.price, fee: 0 }]);
    const c = res.data.order.passengers[0].change!;
    expect(c.seat?.berth).toBe('lower');
    expect(c.fare).toBe(lower);
    expect(await cash()).toBe(before - (lower - a.price));
  });
});

describe("the contact's e-ticket mail", () => {
  const mailsTo = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, String(CONTACT.email))).orderBy(desc(outboxEmails.createdAt));

  it("queues one mail when the tickets are issued, in the agency's email language, with the train and each ticket", async () => {
    await setCommonConfig(t, 'A00001', { emailLanguage: 'en' });
    const before = (await mailsTo()).length;
    const order = await issued({ passengers: [ZHANG, SMITH], days: 7 });
    const mails = await mailsTo();
    expect(mails).toHaveLength(before + 1);
    const [mail] = mails;
    expect(mail).toMatchObject({ kind: 'notice', companyId: agencyId, language: 'en' });
    expect(mail.subject).toContain(`Your train e-tickets ${order.orderNumber} are issued`);
    expect(mail.text).toContain(`12306 order ${order.supplierOrderNumber}`);
    expect(mail.text).toContain(`Train ${order.trainNumber}: ${order.from.name} ${order.departureAt.replace('T', ' ')} to ${order.to.name} ${order.arrivalAt.replace('T', ' ')}, Second class`);
    for (const p of order.passengers) expect(mail.text).toContain(`${p.name}  ticket ${p.ticketNumber}  car ${p.seat!.car} seat ${p.seat!.seat}`);
    // The platform's Outbox page lists it with the agency's other mails.
    const listed = await call<{ items: { subject: string; to: string; companyId: string | null }[]; total: number }>(t.app, 'GET', '/base/v2/outbox', { token: admin, query: { keyword: order.orderNumber } });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.items).toEqual([expect.objectContaining({ subject: mail.subject, to: CONTACT.email, companyId: agencyId })]);
    // Reading or refunding the order later writes no other mail.
    await refund(order.id, [order.passengers[0].id]);
    expect(await mailsTo()).toHaveLength(before + 1);
  });

  it('writes it in Traditional Chinese for an agency mailing in zh-TW, and writes none when the railway does not issue', async () => {
    await setCommonConfig(t, 'A00001', { emailLanguage: 'zh-TW' });
    const before = (await mailsTo()).length;
    const order = await issued({ days: 7 });
    const [mail] = await mailsTo();
    expect(mail.language).toBe('zh-TW');
    expect(mail.text).toContain(`火車票訂單 ${order.orderNumber}（12306 訂單號 ${order.supplierOrderNumber}）已出票`);
    expect(mail.text).toContain(`${order.passengers[0].name}  票號 ${order.passengers[0].ticketNumber}`);
    expect(mail.text).toContain('二等座');

    await setRailFaults(t.db, 'sim-rail', { ...HEALTHY, enabled: true, ticketFail: true });
    const service = await findTrain(7, 'second');
    const booked = await call<TrainOrder>(t.app, 'POST', ORDERS, {
      token: operator,
      body: { serviceId: service.serviceId, supplier: service.supplier, from: service.from.code, to: service.to.code, seatClass: 'second', passengers: [ZHANG], contact: CONTACT, acceptedTotal: offerOf(service, 'second').price },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(booked.code, booked.message).toBe(0);
    const paid = await call<{ status: string }>(t.app, 'POST', `${ORDERS}/${booked.data.id}/payment`, { token: operator, body: { method: 'balance' }, headers: { 'idempotency-key': randomUUID() } });
    expect(paid.data.status).toBe('failed');
    expect(await mailsTo()).toHaveLength(before + 1);
    await setCommonConfig(t, 'A00001', { emailLanguage: 'zh-CN' });
  });
});
