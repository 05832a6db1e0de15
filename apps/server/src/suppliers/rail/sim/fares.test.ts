import { SEAT_CLASSES, trainRefundFee, type SeatClass, type TrainType } from '@portal/contract/api/trains';
import { describe, expect, it } from 'vitest';
import { classFare, seatFare, taperedKm, toFen, type FareInput } from './fares.ts';

/** The refund fee the simulator keeps `minutes` before departure: the platform's rule (after-sales.ts). */
const refundFee = (fare: number, minutes: number) => {
  const departure = new Date('2027-01-15T00:00:00Z');
  return trainRefundFee(fare, departure, new Date(departure.getTime() - minutes * 60_000))!.fee;
};

const g = (km: number, premium = false): FareInput => ({ trainType: 'G', lineSpeed: 350, premium, km });
const yuan = (fen: number) => fen / 100;

describe('rail fares', () => {
  it('prices Beijing South-Shanghai Hongqiao (1318 km) as sold: 553 / 933 / 1748 CNY, the expresses 626', () => {
    expect(yuan(classFare('second', g(1318)).price)).toBe(553);
    expect(yuan(classFare('first', g(1318)).price)).toBe(933);
    expect(yuan(classFare('business', g(1318)).price)).toBe(1748);
    expect(yuan(classFare('second', g(1318, true)).price)).toBe(626);
    // Beijing West-Zhengzhou East (693 km) is sold at 309 CNY.
    expect(Math.abs(yuan(classFare('second', g(693)).price) - 309)).toBeLessThanOrEqual(1);
  });

  it('tapers with distance by the railway bands', () => {
    expect(taperedKm(400, [[500, 1], [1000, 0.9]])).toBe(400);
    expect(taperedKm(700, [[500, 1], [1000, 0.9]])).toBe(680);
    expect(taperedKm(0, [[500, 1]])).toBe(0);
  });

  it('rounds to 0.5 CNY as the railway does: under 0.25 down, 0.25 to 0.75 to the half, from 0.75 up', () => {
    expect(toFen(10.24)).toBe(1000);
    expect(toFen(10.25)).toBe(1050);
    expect(toFen(10.74)).toBe(1050);
    expect(toFen(10.75)).toBe(1100);
  });

  it('charges D trains less than G, and first class 1.2x second on D', () => {
    const d: FareInput = { trainType: 'D', lineSpeed: 250, premium: false, km: 808 };
    expect(classFare('second', d).price).toBeLessThan(classFare('second', { ...d, trainType: 'G', lineSpeed: 350 }).price);
    expect(Math.abs(classFare('first', d).price / classFare('second', d).price - 1.2)).toBeLessThan(0.01);
    expect(() => classFare('business', d)).toThrow(RangeError);
  });

  it('prices conventional trains from the hard seat: Beijing-Shanghai T about 177.5, sleepers by berth, lower most', () => {
    const t: FareInput = { trainType: 'T', lineSpeed: 160, premium: false, km: 1463 };
    const seat = yuan(classFare('hard_seat', t).price);
    expect(Math.abs(seat - 177.5)).toBeLessThanOrEqual(5);
    const sleeper = classFare('hard_sleeper', t);
    const [lower, middle, upper] = ['lower', 'middle', 'upper'].map((b) => sleeper.berths!.find((x) => x.berth === b)!.price);
    expect(lower).toBeGreaterThan(middle);
    expect(middle).toBeGreaterThan(upper);
    expect(sleeper.price).toBe(upper);
    expect(Math.abs(yuan(lower) - 325.5)).toBeLessThanOrEqual(10);
    const soft = classFare('soft_sleeper', t);
    expect(soft.berths!.map((b) => b.berth)).toEqual(['lower', 'upper']);
    expect(soft.price).toBeGreaterThan(lower);
    expect(classFare('no_seat', t).price).toBe(classFare('hard_seat', t).price);
    expect(classFare('no_seat', g(500)).price).toBe(classFare('second', g(500)).price);
  });

  it('charges a child half the seat fare; on a sleeper half the seat part and the whole berth supplement', () => {
    const second = classFare('second', g(406));
    expect(second.childPrice).toBe(toFen(second.price / 200));
    const t: FareInput = { trainType: 'K', lineSpeed: 160, premium: false, km: 1463 };
    const seat = classFare('hard_seat', t).price;
    const lower = seatFare('hard_sleeper', 'lower', t, false);
    const childLower = seatFare('hard_sleeper', 'lower', t, true);
    expect(Math.abs(childLower - (lower - seat / 2))).toBeLessThanOrEqual(100);
    expect(childLower).toBeGreaterThan(lower / 2);
    expect(seatFare('second', null, g(406), true)).toBe(second.childPrice);
  });

  it('rises with distance for every train type and class it sells, in half yuan', () => {
    const sold: Record<TrainType, SeatClass[]> = {
      G: ['business', 'first', 'second', 'no_seat'],
      C: ['first', 'second'],
      D: ['first', 'second', 'no_seat'],
      Z: ['soft_sleeper', 'hard_sleeper'],
      T: ['soft_sleeper', 'hard_sleeper', 'hard_seat', 'no_seat'],
      K: ['soft_sleeper', 'hard_sleeper', 'hard_seat', 'no_seat', 'soft_seat'],
    };
    for (const [type, classes] of Object.entries(sold) as [TrainType, SeatClass[]][]) {
      for (const seatClass of classes) {
        expect(SEAT_CLASSES).toContain(seatClass);
        let last = 0;
        for (let km = 20; km <= 3000; km += 20) {
          const f = classFare(seatClass, { trainType: type, lineSpeed: type === 'D' ? 250 : type === 'G' || type === 'C' ? 350 : 160, premium: false, km });
          expect(f.price % 50).toBe(0);
          expect(f.price, `${type} ${seatClass} ${km} km`).toBeGreaterThanOrEqual(last);
          last = f.price;
        }
      }
    }
  });

  it("takes 12306's refund fee by time before departure, rounded to 0.5 CNY", () => {
    const fare = 55_300;
    expect(refundFee(fare, 8 * 24 * 60)).toBe(0);
    expect(refundFee(fare, 8 * 24 * 60 - 1)).toBe(2750);
    expect(refundFee(fare, 48 * 60)).toBe(2750);
    expect(refundFee(fare, 48 * 60 - 1)).toBe(5550);
    expect(refundFee(fare, 24 * 60)).toBe(5550);
    expect(refundFee(fare, 24 * 60 - 1)).toBe(11_050);
    expect(refundFee(fare, 10)).toBe(11_050);
  });
});
