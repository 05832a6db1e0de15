import { randomUUID } from 'node:crypto';
import { chinaTimeToInstant, SEAT_CLASSES, trainRefundFee, type SeatClass } from '@portal/contract/api/trains';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { railSeatAssignments, railSeatInventory } from '../../db/schema/index.ts';
import { HEALTHY, setRailFaults } from './faults.ts';
import { SPEED_RANGES, trainTypeOf } from './train-types.ts';
import type { RailBooking, RailContext, RailHoldRequest, RailPassenger, RailResult, RailSearchRequest, RailService, RailSupplier } from './types.ts';

export interface RailContractOptions {
  /** Routes the supplier sells (station codes): the first must run trains with at least four stops and second class. */
  routes?: { from: string[]; to: string[] }[];
  /**
   * A simulator: the fault switches apply and the seat tables can be set (seats left by segment, 30 bookings racing
   * for the last 5 seats). A real adapter behind neither sets false.
   */
  simulator?: boolean;
}

interface Made {
  supplier: RailSupplier;
  db: Db;
  close(): Promise<void>;
}

/** 16:00 in China on 1 December 2026; departures a week out are in the 15-day pre-sale window. */
const NOW = new Date('2026-12-01T08:00:00Z');
const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(NOW.getTime() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
const ctx = (signal: AbortSignal = new AbortController().signal, now = NOW): RailContext => ({ signal, now });
const minutes = (a: string, b: string) => (Date.parse(`${b}:00Z`) - Date.parse(`${a}:00Z`)) / 60_000;

const BEIJING_SHANGHAI = { from: ['VNP', 'BXP', 'BJP'], to: ['AOH', 'SHH'] };
const DEFAULT_ROUTES = [
  BEIJING_SHANGHAI,
  { from: ['BXP'], to: ['IZQ', 'IOQ', 'GZQ'] },
  { from: ['AOH'], to: ['KOM'] },
  { from: ['ZAF'], to: ['EAY', 'LAJ'] },
  { from: ['AOH'], to: ['ICW'] },
  { from: ['VAB'], to: ['DFT'] },
  { from: ['ICW'], to: ['CYW'] },
  { from: ['VNP'], to: ['TJP'] },
  { from: ['GGQ'], to: ['SZQ'] },
];

export function valueOf<T>(r: RailResult<T, string>): T {
  if (r.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.value;
}

const adult = (name: string, over: Partial<RailPassenger> = {}): RailPassenger => ({ name, type: 'adult', document: { type: 'id_card', number: '11010519491231002X' }, ...over });
const child = (name: string): RailPassenger => ({ name, type: 'child', document: { type: 'id_card', number: '110105201501010014' } });

/**
 * The one contract every rail supplier adapter passes, simulated or real: well-formed and consistent timetables
 * (arrival after departure, stop times increasing, speeds within each train type's range), fares rounded to 0.5 CNY
 * and rising with distance, the pre-sale window, holds, tickets, cancellation, lapsed holds, refunds and changes, and
 * for simulators the fault switches and the inventory by segment under concurrency.
 */
export function railSupplierContract(name: string, make: () => Promise<Made>, options: RailContractOptions = {}): void {
  const routes = options.routes ?? DEFAULT_ROUTES;
  const simulator = options.simulator ?? true;
  const OUT = dateIn(7);

  describe(`rail supplier contract: ${name}`, () => {
    let made: Made;
    beforeAll(async () => {
      made = await make();
    }, 60_000);
    afterAll(async () => {
      await made?.close();
    });
    afterEach(async () => {
      if (simulator) await setRailFaults(made.db, made.supplier.code, HEALTHY);
    });

    const search = async (route: { from: string[]; to: string[] }, date = OUT, c = ctx()) => valueOf(await made.supplier.search({ ...route, date }, c));
    const boarding = (s: RailService) => s.stops[s.fromIndex];
    const alighting = (s: RailService) => s.stops[s.toIndex];
    const classOf = (s: RailService, seatClass: SeatClass) => s.classes.find((c) => c.seatClass === seatClass);
    const holdRequest = (s: RailService, over: Partial<RailHoldRequest> = {}): RailHoldRequest => ({
      serviceId: s.serviceId,
      from: boarding(s).code,
      to: alighting(s).code,
      seatClass: 'second',
      passengers: [adult('张三')],
      clientReference: randomUUID(),
      ...over,
    });
    const hold = async (s: RailService, over: Partial<RailHoldRequest> = {}) => valueOf(await made.supplier.hold(holdRequest(s, over), ctx()));
    const refOf = (b: RailBooking) => ({ bookingId: b.bookingId, orderNumber: b.orderNumber });
    /** The same train again, asked between two of its stops. */
    const again = async (s: RailService, from: number, to: number, date = s.stops[from].departure!.slice(0, 10)) =>
      (await search({ from: [s.stops[from].code], to: [s.stops[to].code] }, date)).find((x) => x.serviceId === s.serviceId);
    /** A G train of the date with at least four stops on the ride and seats left in the class (each test its own date). */
    async function gTrain(date: string, seatClass: SeatClass = 'second', seats = 5): Promise<RailService> {
      const found = (await search(routes[0], date)).find((s) => s.trainType === 'G' && s.toIndex - s.fromIndex >= 3 && (classOf(s, seatClass)?.available ?? 0) >= seats);
      expect(found, date).toBeDefined();
      return found!;
    }
    async function setSeatsLeft(s: RailService, seatClass: SeatClass, left: number) {
      await made.db
        .update(railSeatInventory)
        .set({ sold: sql`${railSeatInventory.capacity} - ${left}` })
        .where(
          and(
            eq(railSeatInventory.supplier, made.supplier.code),
            eq(railSeatInventory.trainNumber, s.trainNumber),
            eq(railSeatInventory.serviceDate, s.serviceDate),
            eq(railSeatInventory.seatClass, seatClass),
          ),
        );
    }

    it('lists the stations it sells: telegraph codes, names and city keys', () => {
      const stations = made.supplier.stations();
      expect(stations.length).toBeGreaterThan(20);
      expect(new Set(stations.map((s) => s.code)).size).toBe(stations.length);
      for (const s of stations) {
        expect(s.code).toMatch(/^[A-Z]{3}$/);
        expect(s.name.length).toBeGreaterThan(0);
        expect(s.city.length).toBeGreaterThan(0);
      }
      const codes = new Set(stations.map((s) => s.code));
      for (const r of routes) for (const c of [...r.from, ...r.to]) expect(codes.has(c), c).toBe(true);
    });

    it('answers every route with well-formed services leaving the boarding station on the date asked', async () => {
      for (const route of routes) {
        const services = await search(route);
        expect(services.length, route.from.join()).toBeGreaterThan(0);
        expect(new Set(services.map((s) => s.serviceId)).size).toBe(services.length);
        for (const s of services) {
          expect(s.trainNumber).toMatch(/^[GDCZTK]\d{1,4}$/);
          expect(s.trainType).toBe(trainTypeOf(s.trainNumber));
          expect(s.currency).toBe('CNY');
          expect(s.fromIndex).toBeGreaterThanOrEqual(0);
          expect(s.toIndex).toBeGreaterThan(s.fromIndex);
          expect(s.toIndex).toBeLessThan(s.stops.length);
          expect(route.from).toContain(boarding(s).code);
          expect(route.to).toContain(alighting(s).code);
          expect(boarding(s).departure!.slice(0, 10)).toBe(OUT);
          expect(s.stops[0].departure!.slice(0, 10)).toBe(s.serviceDate);
          expect(s.classes.length).toBeGreaterThan(0);
          expect(new Set(s.classes.map((c) => c.seatClass)).size).toBe(s.classes.length);
          for (const c of s.classes) {
            expect(SEAT_CLASSES).toContain(c.seatClass);
            expect(Number.isInteger(c.available) && c.available >= 0).toBe(true);
            for (const fare of [c.price, c.childPrice, ...(c.berths ?? []).flatMap((b) => [b.price, b.childPrice])]) {
              expect(Number.isInteger(fare) && fare > 0).toBe(true);
              // China Railway fares are whole or half yuan.
              expect(fare % 50).toBe(0);
            }
            expect(c.childPrice).toBeLessThan(c.price);
            if (c.seatClass === 'hard_sleeper' || c.seatClass === 'soft_sleeper') {
              expect(c.berths?.length).toBeGreaterThan(1);
              expect(c.price).toBe(Math.min(...c.berths!.map((b) => b.price)));
              const lower = c.berths!.find((b) => b.berth === 'lower')!;
              const upper = c.berths!.find((b) => b.berth === 'upper')!;
              expect(lower.price).toBeGreaterThan(upper.price);
            }
          }
        }
      }
    });

    it('keeps every timetable consistent: arrival after departure, times increasing, speeds within the train type', async () => {
      let checked = 0;
      for (const route of routes) {
        for (const s of await search(route)) {
          const range = SPEED_RANGES[s.trainType];
          const first = s.stops[0];
          const last = s.stops[s.stops.length - 1];
          expect(first.arrival).toBeNull();
          expect(last.departure).toBeNull();
          for (let k = 1; k < s.stops.length; k++) {
            const prev = s.stops[k - 1];
            const stop = s.stops[k];
            const running = minutes(prev.departure!, stop.arrival!);
            expect(running, `${s.trainNumber} ${prev.code}-${stop.code}`).toBeGreaterThan(0);
            expect(stop.km).toBeGreaterThan(prev.km);
            const legSpeed = (stop.km - prev.km) / (running / 60);
            expect(legSpeed, `${s.trainNumber} ${prev.code}-${stop.code}`).toBeGreaterThanOrEqual(range.leg.min);
            expect(legSpeed, `${s.trainNumber} ${prev.code}-${stop.code}`).toBeLessThanOrEqual(range.leg.max);
            if (stop.departure) {
              const dwell = minutes(stop.arrival!, stop.departure);
              expect(dwell).toBeGreaterThanOrEqual(1);
              expect(dwell).toBeLessThanOrEqual(20);
            }
          }
          const average = last.km / (minutes(first.departure!, last.arrival!) / 60);
          expect(average, s.trainNumber).toBeGreaterThanOrEqual(range.journey.min);
          expect(average, s.trainNumber).toBeLessThanOrEqual(range.journey.max);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(50);
    });

    it('is deterministic: the same question gets the same answer', async () => {
      const a = await search(routes[0]);
      const b = await search(routes[0]);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    });

    it('prices every class higher the farther the ride, from the same boarding station', async () => {
      const services = await search(routes[0]);
      const picks = [services.find((s) => s.trainType === 'G'), services.find((s) => s.trainType === 'T' || s.trainType === 'K' || s.trainType === 'Z')].filter(
        (s): s is RailService => !!s,
      );
      expect(picks.length).toBeGreaterThan(0);
      for (const s of picks) {
        const previous = new Map<SeatClass, number>();
        for (let k = 1; k < s.stops.length; k++) {
          const same = await again(s, 0, k);
          expect(same, `${s.trainNumber} to ${s.stops[k].code}`).toBeDefined();
          for (const c of same!.classes) {
            const before = previous.get(c.seatClass);
            if (before !== undefined) expect(c.price, `${s.trainNumber} ${c.seatClass} to ${s.stops[k].code}`).toBeGreaterThan(before);
            previous.set(c.seatClass, c.price);
          }
        }
      }
    });

    it('sells within the 15-day pre-sale window only (dates in China)', async () => {
      expect(await search(routes[0], dateIn(-1))).toEqual([]);
      expect(await search(routes[0], dateIn(15))).toEqual([]);
      expect((await search(routes[0], dateIn(14))).length).toBeGreaterThan(0);
      expect((await search(routes[0], dateIn(0))).length).toBeGreaterThan(0);
    });

    describe('orders', () => {
      it('holds seats with their cars and seats, retrieves, tickets once (idempotently), then refuses to cancel', async () => {
        const s = await gTrain(dateIn(3));
        const clientReference = randomUUID();
        const b = await hold(s, { clientReference, passengers: [adult('张三', { seatPreference: 'F' }), child('张小明')] });
        const second = classOf(s, 'second')!;
        expect(b).toMatchObject({ status: 'held', clientReference, trainNumber: s.trainNumber, seatClass: 'second', serviceId: s.serviceId, currency: 'CNY' });
        expect(b.orderNumber).toMatch(/^E\d{9}$/);
        expect(b.from.code).toBe(boarding(s).code);
        expect(b.to.code).toBe(alighting(s).code);
        expect(Date.parse(b.holdUntil)).toBeGreaterThan(NOW.getTime());
        expect(b.tickets.map((t) => t.price)).toEqual([second.price, second.childPrice]);
        expect(b.total).toBe(second.price + second.childPrice);
        for (const t of b.tickets) {
          expect(t.status).toBe('held');
          expect(t.ticketNumber).toBeNull();
          expect(t.seat.car).toMatch(/^\d{2}$/);
          expect(t.seat.seat).toMatch(/^\d{2}[ABCDF]$/);
        }
        expect(new Set(b.tickets.map((t) => `${t.seat.car}${t.seat.seat}`)).size).toBe(2);
        expect(valueOf(await made.supplier.retrieve(refOf(b), ctx()))).toEqual(b);
        expect(valueOf(await made.supplier.retrieve({ clientReference }, ctx()))).toEqual(b);
        expect(valueOf(await made.supplier.retrieve({ clientReference: randomUUID() }, ctx()))).toBeNull();
        expect(valueOf(await made.supplier.retrieve({ bookingId: b.bookingId, orderNumber: 'E000000000' }, ctx()))).toBeNull();
        // The same reference answers the first hold.
        expect(valueOf(await made.supplier.hold(holdRequest(s, { clientReference }), ctx()))).toEqual(b);

        const ticketed = valueOf(await made.supplier.ticket(refOf(b), ctx()));
        expect(ticketed.status).toBe('ticketed');
        expect(ticketed.tickets.map((t) => t.status)).toEqual(['issued', 'issued']);
        expect(ticketed.tickets.map((t) => t.seat)).toEqual(b.tickets.map((t) => t.seat));
        for (const t of ticketed.tickets) expect(t.ticketNumber).toMatch(/^E\d{9}\d{3}$/);
        expect(new Set(ticketed.tickets.map((t) => t.ticketNumber)).size).toBe(2);
        expect(valueOf(await made.supplier.ticket(refOf(b), ctx()))).toEqual(ticketed);
        expect(await made.supplier.cancel(refOf(b), ctx())).toEqual({ status: 'refused', reason: 'ticketed' });
      });

      it('cancels a hold (idempotently) and its seats go back on sale; a cancelled hold is not ticketed', async () => {
        const s = await gTrain(dateIn(4), 'first', 2);
        const left = async () => classOf((await again(s, s.fromIndex, s.toIndex))!, 'first')!.available;
        const before = await left();
        const b = await hold(s, { seatClass: 'first', passengers: [adult('李四'), adult('王五')] });
        expect(b.tickets.every((t) => /^\d{2}[ACDF]$/.test(t.seat.seat ?? ''))).toBe(true);
        expect(await left()).toBe(before - 2);
        expect(valueOf(await made.supplier.cancel(refOf(b), ctx())).status).toBe('cancelled');
        expect(await left()).toBe(before);
        expect(valueOf(await made.supplier.cancel(refOf(b), ctx())).status).toBe('cancelled');
        expect(await made.supplier.ticket(refOf(b), ctx())).toEqual({ status: 'refused', reason: 'cancelled' });
      });

      it('lets an unpaid hold lapse: it cannot be ticketed after its time and its seats return', async () => {
        const s = await gTrain(dateIn(5), 'business', 1);
        const left = async (now: Date) => classOf((await made.supplier.search({ from: [boarding(s).code], to: [alighting(s).code], date: boarding(s).departure!.slice(0, 10) }, ctx(undefined, now)).then(valueOf)).find((x) => x.serviceId === s.serviceId)!, 'business')!.available;
        const before = await left(NOW);
        const b = await hold(s, { seatClass: 'business' });
        const later = new Date(Date.parse(b.holdUntil) + 60_000);
        expect(await made.supplier.ticket(refOf(b), ctx(undefined, later))).toEqual({ status: 'refused', reason: 'expired' });
        expect(valueOf(await made.supplier.retrieve(refOf(b), ctx(undefined, later)))?.status).toBe('expired');
        expect(await left(later)).toBe(before);
      });

      it('refuses what the railway refuses: unknown trains, stations out of order, too many passengers, departed trains', async () => {
        const s = await gTrain(dateIn(6));
        for (const over of [{ serviceId: 'X1@2026-12-07' }, { serviceId: `${s.trainNumber}@2031-01-01` }, { from: alighting(s).code, to: boarding(s).code }, { seatClass: 'soft_sleeper' as const }]) {
          expect(await made.supplier.hold(holdRequest(s, over), ctx()), JSON.stringify(over)).toEqual({ status: 'refused', reason: 'invalid_service' });
        }
        const six = Array.from({ length: 6 }, (_, i) => adult(`乘客${i}`));
        expect(await made.supplier.hold(holdRequest(s, { passengers: six }), ctx())).toEqual({ status: 'refused', reason: 'too_many_passengers' });
        const justBefore = new Date(Date.parse(`${boarding(s).departure}:00+08:00`) - 60_000);
        expect(await made.supplier.hold(holdRequest(s), ctx(undefined, justBefore))).toEqual({ status: 'refused', reason: 'departed' });
        expect(await made.supplier.ticket({ bookingId: randomUUID(), orderNumber: 'E123456789' }, ctx())).toEqual({ status: 'refused', reason: 'not_found' });
      });

      it('refunds tickets less the fee by time before departure, once per reference', async () => {
        const s = await gTrain(dateIn(4));
        const b = await hold(s, { passengers: [adult('赵六'), adult('钱七')] });
        valueOf(await made.supplier.ticket(refOf(b), ctx()));
        const clientReference = randomUUID();
        const r = valueOf(await made.supplier.refund(refOf(b), { passengerIndexes: [0], clientReference }, ctx()));
        // Four days out: 48 hours to 8 days before departure costs 5%, rounded to 0.5 CNY: the platform's rule, so the
        // railway keeps what the platform quoted.
        const rule = trainRefundFee(b.tickets[0].price, chinaTimeToInstant(b.from.departure!), NOW)!;
        expect(rule.feePercent).toBe(5);
        const fee = rule.fee;
        expect(fee).toBe(Math.round((b.tickets[0].price * 0.05) / 50) * 50);
        expect(r.lines).toEqual([{ passengerIndex: 0, fare: b.tickets[0].price, fee, refund: b.tickets[0].price - fee }]);
        expect(r.booking.tickets.map((t) => t.status)).toEqual(['refunded', 'issued']);
        expect(valueOf(await made.supplier.refund(refOf(b), { passengerIndexes: [0], clientReference }, ctx()))).toEqual(r);
        expect(await made.supplier.refund(refOf(b), { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'already_done' });
        const held = await hold(s);
        expect(await made.supplier.refund(refOf(held), { passengerIndexes: [0], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'not_ticketed' });
      });

      it('changes a ticket to another train once: new seats, the old released, the fare difference answered', async () => {
        const date = dateIn(5);
        const [s, other] = (await search(routes[0], date)).filter((x) => x.trainType === 'G' && (classOf(x, 'second')?.available ?? 0) > 2);
        const b = await hold(s, { passengers: [adult('孙八'), adult('周九')] });
        valueOf(await made.supplier.ticket(refOf(b), ctx()));
        const clientReference = randomUUID();
        const request = { passengerIndexes: [1], serviceId: other.serviceId, from: boarding(other).code, to: alighting(other).code, seatClass: 'second' as const, clientReference };
        const c = valueOf(await made.supplier.change(refOf(b), request, ctx()));
        expect(c.booking).toMatchObject({ status: 'ticketed', trainNumber: other.trainNumber, serviceId: other.serviceId });
        expect(c.booking.passengers.map((p) => p.name)).toEqual(['周九']);
        expect(c.booking.tickets[0].ticketNumber).toMatch(/^E\d{12}$/);
        expect(c.previous.tickets.map((t) => t.status)).toEqual(['issued', 'changed']);
        const newFare = classOf(other, 'second')!.price;
        const difference = newFare - b.tickets[1].price;
        // A cheaper train refunds the difference less the refund fee on it; a dearer one costs no fee.
        const fee = difference < 0 ? trainRefundFee(-difference, chinaTimeToInstant(b.from.departure!), NOW)!.fee : 0;
        expect(c.lines).toEqual([{ passengerIndex: 1, oldFare: b.tickets[1].price, newFare, difference, fee }]);
        expect(valueOf(await made.supplier.change(refOf(b), request, ctx()))).toEqual(c);
        // 12306 changes a ticket once.
        expect(
          await made.supplier.change(refOf(c.booking), { ...request, passengerIndexes: [0], serviceId: s.serviceId, from: boarding(s).code, to: alighting(s).code, clientReference: randomUUID() }, ctx()),
        ).toEqual({ status: 'refused', reason: 'not_allowed' });
      });
    });

    describe('changes to a sleeper and refunds of changed tickets', () => {
      it('gives every new ticket the berth asked for, priced as that berth, and refunds it on the new booking by the new train', async () => {
        const date = dateIn(5);
        const sleepers = (await search(routes[0], date)).filter((x) => (classOf(x, 'hard_sleeper')?.available ?? 0) > 4);
        expect(sleepers.length, 'a train with hard sleepers').toBeGreaterThan(0);
        const [s] = sleepers;
        const later = (await search(routes[0], dateIn(9))).find((x) => x.trainNumber === s.trainNumber)!;
        const b = await hold(s, { seatClass: 'hard_sleeper', passengers: [adult('郑一'), adult('王二')] });
        valueOf(await made.supplier.ticket(refOf(b), ctx()));
        const request = { passengerIndexes: [0, 1], serviceId: later.serviceId, from: boarding(later).code, to: alighting(later).code, seatClass: 'hard_sleeper' as const, berth: 'middle' as const, clientReference: randomUUID() };
        const c = valueOf(await made.supplier.change(refOf(b), request, ctx()));
        const middle = classOf(later, 'hard_sleeper')!.berths!.find((x) => x.berth === 'middle')!.price;
        expect(c.booking.tickets.map((t) => [t.passengerIndex, t.seat.berth, t.price])).toEqual([
          [0, 'middle', middle],
          [1, 'middle', middle],
        ]);
        expect(c.booking.passengers.map((p) => p.name)).toEqual(['郑一', '王二']);
        expect(c.lines.map((l) => l.newFare)).toEqual([middle, middle]);
        // Nine days out: the new train's time decides the fee (free), on the new fare.
        const r = valueOf(await made.supplier.refund(refOf(c.booking), { passengerIndexes: [1], clientReference: randomUUID() }, ctx()));
        expect(trainRefundFee(middle, chinaTimeToInstant(c.booking.from.departure!), NOW)!.tier).toBe('free');
        expect(r.lines).toEqual([{ passengerIndex: 1, fare: middle, fee: 0, refund: middle }]);
        expect(r.booking.tickets.map((t) => t.status)).toEqual(['issued', 'refunded']);
        // The old booking's ticket stays changed: it is not the railway's to refund again.
        expect(await made.supplier.refund(refOf(b), { passengerIndexes: [1], clientReference: randomUUID() }, ctx())).toEqual({ status: 'refused', reason: 'already_done' });
      });
    });

    describe.runIf(simulator)('seats by segment (simulator)', () => {
      it('a seat sold A-C is not on sale A-B or B-C, and is again from C on', async () => {
        const s = await gTrain(dateIn(8));
        const [a, bIdx, c, d] = [s.fromIndex, s.fromIndex + 1, s.fromIndex + 2, s.fromIndex + 3];
        await setSeatsLeft(s, 'second', 1);
        const left = async (i: number, j: number) => classOf((await again(s, i, j))!, 'second')!.available;
        expect(await left(a, c)).toBe(1);
        const booking = valueOf(
          await made.supplier.hold({ ...holdRequest(s), from: s.stops[a].code, to: s.stops[c].code, passengers: [adult('吴十')] }, ctx()),
        );
        expect(await left(a, bIdx)).toBe(0);
        expect(await left(bIdx, c)).toBe(0);
        expect(await left(a, d)).toBe(0);
        expect(await left(c, d)).toBe(1);
        // The seat freed at C is sold again C-D, even as the same seat number.
        const onward = valueOf(await made.supplier.hold({ ...holdRequest(s), from: s.stops[c].code, to: s.stops[d].code }, ctx()));
        expect(onward.tickets[0].seat).toEqual(booking.tickets[0].seat);
        valueOf(await made.supplier.cancel({ bookingId: booking.bookingId, orderNumber: booking.orderNumber }, ctx()));
        expect(await left(a, bIdx)).toBe(1);
        expect(await left(c, d)).toBe(0);
      });

      it('sells the last 5 second-class seats exactly once to 30 parallel holds', async () => {
        const s = await gTrain(dateIn(9));
        await setSeatsLeft(s, 'second', 5);
        const results = await Promise.all(Array.from({ length: 30 }, (_, i) => made.supplier.hold(holdRequest(s, { passengers: [adult(`旅客${i}`)] }), ctx())));
        const held = results.filter((r) => r.status === 'ok');
        expect(held).toHaveLength(5);
        expect(results.filter((r) => r.status === 'error' && r.error.kind === 'sold_out')).toHaveLength(25);
        const rows = await made.db
          .select()
          .from(railSeatInventory)
          .where(and(eq(railSeatInventory.trainNumber, s.trainNumber), eq(railSeatInventory.serviceDate, s.serviceDate), eq(railSeatInventory.seatClass, 'second')));
        for (const r of rows.filter((x) => x.segment >= s.fromIndex && x.segment < s.toIndex)) expect(r.sold).toBe(r.capacity);
        const seats = await made.db
          .select()
          .from(railSeatAssignments)
          .where(and(eq(railSeatAssignments.trainNumber, s.trainNumber), eq(railSeatAssignments.serviceDate, s.serviceDate), eq(railSeatAssignments.segment, s.fromIndex)));
        expect(new Set(seats.map((x) => x.seatNo)).size).toBe(5);
        expect(classOf((await again(s, s.fromIndex, s.toIndex))!, 'second')!.available).toBe(0);
      });
    });

    describe.runIf(simulator)('fault switches', () => {
      const code = () => made.supplier.code;

      it('slow: latency delays the answer and stays abortable (a timeout)', async () => {
        await setRailFaults(made.db, code(), { latencyMs: 300 });
        let t = Date.now();
        expect((await search(routes[0])).length).toBeGreaterThan(0);
        expect(Date.now() - t).toBeGreaterThanOrEqual(290);
        t = Date.now();
        const r = await made.supplier.search({ ...routes[0], date: OUT } satisfies RailSearchRequest, ctx(AbortSignal.timeout(50)));
        expect(r).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
        expect(Date.now() - t).toBeLessThan(280);
      });

      it('timeout never answers until the caller gives up; fail and switched off answer unavailable', async () => {
        await setRailFaults(made.db, code(), { timeout: true });
        expect(await made.supplier.search({ ...routes[0], date: OUT }, ctx(AbortSignal.timeout(60)))).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
        await setRailFaults(made.db, code(), { timeout: false, fail: true });
        expect(await made.supplier.search({ ...routes[0], date: OUT }, ctx())).toMatchObject({ status: 'error', error: { kind: 'unavailable' } });
        await setRailFaults(made.db, code(), { fail: false, enabled: false });
        expect(await made.supplier.search({ ...routes[0], date: OUT }, ctx())).toMatchObject({ status: 'error', error: { kind: 'unavailable' } });
      });

      it('sold out: trains show no seats and a hold answers sold_out', async () => {
        const s = await gTrain(dateIn(2));
        await setRailFaults(made.db, code(), { soldOut: true });
        for (const x of await search(routes[0], dateIn(2))) for (const c of x.classes) expect(c.available).toBe(0);
        expect(await made.supplier.hold(holdRequest(s), ctx())).toMatchObject({ status: 'error', error: { kind: 'sold_out' } });
      });

      it('booking fails, or holds and never answers (found again by the client reference)', async () => {
        const s = await gTrain(dateIn(2));
        await setRailFaults(made.db, code(), { bookFail: true });
        expect(await made.supplier.hold(holdRequest(s), ctx())).toMatchObject({ status: 'error', error: { kind: 'booking_failed' } });
        await setRailFaults(made.db, code(), { bookFail: false, bookTimeout: true });
        const clientReference = randomUUID();
        expect(await made.supplier.hold(holdRequest(s, { clientReference }), ctx(AbortSignal.timeout(80)))).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
        expect(valueOf(await made.supplier.retrieve({ clientReference }, ctx()))?.status).toBe('held');
      });

      it('ticketing fails, or issues and never answers (asking again answers the tickets)', async () => {
        const s = await gTrain(dateIn(2));
        const b = await hold(s);
        await setRailFaults(made.db, code(), { ticketFail: true });
        expect(await made.supplier.ticket(refOf(b), ctx())).toMatchObject({ status: 'error', error: { kind: 'ticketing_failed' } });
        expect(valueOf(await made.supplier.retrieve(refOf(b), ctx()))?.status).toBe('held');
        await setRailFaults(made.db, code(), { ticketFail: false, ticketTimeout: true });
        expect(await made.supplier.ticket(refOf(b), ctx(AbortSignal.timeout(80)))).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
        await setRailFaults(made.db, code(), { ticketTimeout: false });
        expect(valueOf(await made.supplier.ticket(refOf(b), ctx())).status).toBe('ticketed');
      });
    });
  });
}
