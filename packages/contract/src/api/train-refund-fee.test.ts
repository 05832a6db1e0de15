import { describe, expect, it } from 'vitest';
import { chinaTimeToInstant, trainRefundFee } from './trains.ts';

const H = 3_600_000;
const departure = chinaTimeToInstant('2027-01-15T08:00');
/** `ms` before departure. */
const at = (ms: number) => new Date(departure.getTime() - ms);

describe('12306 refund fee tiers (trainRefundFee)', () => {
  it('reads China wall-clock times as UTC+8', () => {
    expect(departure.toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('is free at 8 days or more, 5% just under 8 days and at exactly 48 hours', () => {
    expect(trainRefundFee(55_300, departure, at(30 * 24 * H))).toEqual({ tier: 'free', feePercent: 0, fee: 0 });
    expect(trainRefundFee(55_300, departure, at(192 * H))).toEqual({ tier: 'free', feePercent: 0, fee: 0 });
    expect(trainRefundFee(55_300, departure, at(192 * H - 1))).toEqual({ tier: 'days2to8', feePercent: 5, fee: 2750 });
    expect(trainRefundFee(55_300, departure, at(48 * H))).toEqual({ tier: 'days2to8', feePercent: 5, fee: 2750 });
  });

  it('is 10% from 24 hours up to just under 48 hours', () => {
    expect(trainRefundFee(55_300, departure, at(48 * H - 1))).toEqual({ tier: 'hours24to48', feePercent: 10, fee: 5550 });
    expect(trainRefundFee(55_300, departure, at(24 * H))).toEqual({ tier: 'hours24to48', feePercent: 10, fee: 5550 });
  });

  it('is 20% under 24 hours until the last millisecond, and refused from departure on', () => {
    expect(trainRefundFee(55_300, departure, at(24 * H - 1))).toEqual({ tier: 'under24h', feePercent: 20, fee: 11_050 });
    expect(trainRefundFee(55_300, departure, at(1))).toEqual({ tier: 'under24h', feePercent: 20, fee: 11_050 });
    expect(trainRefundFee(55_300, departure, at(0))).toBeNull();
    expect(trainRefundFee(55_300, departure, at(-H))).toBeNull();
  });

  it('rounds the fee to the nearest 0.5 CNY, a remainder from 0.25 CNY up', () => {
    const fee = (fare: number, percent: 5 | 10 | 20) => trainRefundFee(fare, departure, at(percent === 5 ? 72 * H : percent === 10 ? 30 * H : 2 * H))!.fee;
    // 553 x 5% = 27.65 -> 27.5 (the example of the issue)
    expect(fee(55_300, 5)).toBe(2750);
    // 24.4 x 5% = 1.22 -> 1.0; 24.6 x 5% = 1.23 -> 1.0; 25 x 5% = 1.25 -> 1.5 (exactly 0.25 rounds up)
    expect(fee(2440, 5)).toBe(100);
    expect(fee(2460, 5)).toBe(100);
    expect(fee(2500, 5)).toBe(150);
    // 1.74 -> 1.5; 1.75 -> 2.0 (exactly 0.75 rounds up)
    expect(fee(3480, 5)).toBe(150);
    expect(fee(3500, 5)).toBe(200);
    // 10%: 62.6 -> 6.26 -> 6.5; 20%: 0.5 CNY fare x 20% = 0.10 -> 0
    expect(fee(6260, 10)).toBe(650);
    expect(fee(50, 20)).toBe(0);
    // 20% of 1.25 CNY = 0.25 -> 0.5
    expect(fee(125, 20)).toBe(50);
  });

  it('never takes more than the fare and keeps the fee a multiple of 50 fen', () => {
    for (let fare = 0; fare <= 20_000; fare += 37) {
      for (const before of [72 * H, 30 * H, 2 * H]) {
        const { fee } = trainRefundFee(fare, departure, at(before))!;
        expect(fee % 50 === 0 || fee === fare).toBe(true);
        expect(fee).toBeLessThanOrEqual(fare);
        const exact = (fare * (before === 72 * H ? 5 : before === 30 * H ? 10 : 20)) / 100;
        expect(Math.abs(Math.min(fee, fare) - Math.min(exact, fare))).toBeLessThanOrEqual(25);
      }
    }
  });
});
