import { describe, expect, it } from 'vitest';
import type { CancellationPolicy, FareChoice } from '@portal/contract/api/shopping';
import { afterSalesPaths, changeLines, cheapestPath, couponValue, refundLines, voidDeadlineOf, voidLines } from './quotes.ts';

const rule = (fee: number | null) => (fee === null ? { allowed: false, fee: null } : { allowed: true, fee });
const policy = (refund: [number | null, number | null], change: [number | null, number | null], voidAllowed = true): CancellationPolicy => ({
  passengerType: 'adult',
  currency: 'CNY',
  change: { beforeDeparture: rule(change[0]), afterDeparture: rule(change[1]) },
  refund: { beforeDeparture: rule(refund[0]), afterDeparture: rule(refund[1]) },
  noShow: rule(null),
  voidAllowed,
});
// 1,000.00 fare + 50.00 markup, 150.00 tax, 30.00 booking service fee = 1,230.00 paid.
const fare = (p: CancellationPolicy): Pick<FareChoice, 'priceList' | 'cancellationPolicy'> => ({
  priceList: [{ passengerType: 'adult', count: 1, price: 115_000, salePrice: 123_000, currency: 'CNY', breakdown: { fare: 100_000, tax: 15_000, airportTax: 5_000, fuelSurcharge: 10_000, markup: 5_000, serviceFee: 3_000 } }],
  cancellationPolicy: [p],
});
const pax = [{ id: 'p1', type: 'adult' as const, name: 'ZHANG/SAN', ticketNumber: '9991234567890' }];

describe('after-sales quotes', () => {
  it('shares a fare between its legs, rounding down', () => {
    expect(couponValue(fare(policy([0, 0], [0, 0])), 'adult', 1, 2)).toEqual({ paid: 61_500, fare: 52_500, tax: 7_500, bookingFee: 1_500 });
    expect(couponValue(fare(policy([0, 0], [0, 0])), 'adult', 1, 3).paid).toBeLessThanOrEqual(Math.ceil(123_000 / 3));
  });

  it('refunds fare less fee plus taxes, taxes only when not refundable, nothing of the fee when involuntary', () => {
    const f = fare(policy([20_000, 40_000], [0, 0]));
    const base = { fare: f, legCount: 1, legs: 1, passengers: pax, serviceFee: 1_000 };
    expect(refundLines({ ...base, departed: false, involuntary: false })[0]).toMatchObject({ paid: 123_000, tax: 15_000, refundFee: 20_000, refundAmount: 105_000 - 20_000 + 15_000 - 1_000 });
    expect(refundLines({ ...base, departed: true, involuntary: false })[0].refundFee).toBe(40_000);
    expect(refundLines({ ...base, departed: false, involuntary: true })[0]).toMatchObject({ refundFee: 0, refundAmount: 105_000 + 15_000 - 1_000 });
    const saver = fare(policy([null, null], [60_000, null]));
    expect(refundLines({ ...base, fare: saver, departed: false, involuntary: false })[0]).toMatchObject({ refundFee: null, refundAmount: 14_000 });
    // Never more back than paid, never below zero.
    for (const l of refundLines({ ...base, fare: saver, serviceFee: 999_999, departed: false, involuntary: true })) expect(l.refundAmount).toBe(0);
  });

  it('voids the whole price less the void fee, until the end of the Beijing ticketing day or departure', () => {
    expect(voidLines(fare(policy([0, 0], [0, 0])), pax, 2_000)[0]).toMatchObject({ paid: 123_000, back: 121_000 });
    // Issued 2026-11-23 15:00 UTC = 23:00 Beijing: the window ends an hour later.
    expect(voidDeadlineOf(new Date('2026-11-23T15:00:00Z'), new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-11-23T15:59:59.000Z');
    // Issued 16:30 UTC = 00:30 next day in Beijing: that whole day.
    expect(voidDeadlineOf(new Date('2026-11-23T16:30:00Z'), new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-11-24T15:59:59.000Z');
    expect(voidDeadlineOf(new Date('2026-11-23T01:00:00Z'), new Date('2026-11-23T03:00:00Z')).toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });

  it('prices a change as fee + positive differences + service fee; forbidden fares give no option', () => {
    const old = fare(policy([0, 0], [30_000, 60_000]));
    const dearer = { priceList: [{ ...old.priceList[0], breakdown: { ...old.priceList[0].breakdown, fare: 120_000, tax: 16_000 } }] };
    const [l] = changeLines({ oldFare: old, oldLegCount: 1, legs: 1, newFare: dearer, passengers: pax, departed: false, involuntary: false, serviceFee: 500 })!;
    expect(l).toMatchObject({ changeFee: 30_000, fareDifference: 20_000, taxDifference: 1_000, serviceFee: 500, total: 51_500 });
    const cheaper = { priceList: [{ ...old.priceList[0], breakdown: { ...old.priceList[0].breakdown, fare: 80_000 } }] };
    expect(changeLines({ oldFare: old, oldLegCount: 1, legs: 1, newFare: cheaper, passengers: pax, departed: false, involuntary: false, serviceFee: 0 })![0].fareDifference).toBe(0);
    expect(changeLines({ oldFare: fare(policy([0, 0], [null, null])), oldLegCount: 1, legs: 1, newFare: dearer, passengers: pax, departed: false, involuntary: false, serviceFee: 0 })).toBeNull();
    expect(changeLines({ oldFare: fare(policy([0, 0], [null, null])), oldLegCount: 1, legs: 1, newFare: dearer, passengers: pax, departed: false, involuntary: true, serviceFee: 0 })![0].total).toBe(0);
  });

  it('compares the three paths and picks the one that gives the most back', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    const input = {
      fare: fare(policy([20_000, 40_000], [30_000, 60_000])),
      legCount: 1,
      open: [{ passenger: pax[0], legs: [0] }],
      issued: true,
      pending: false,
      voidDeadline: new Date('2026-11-23T15:59:59Z'),
      firstDeparture: new Date('2026-11-30T00:00:00Z'),
      lastDeparture: new Date('2026-11-30T00:00:00Z'),
      fees: { change: 0, refund: 0, void: 0 },
      involuntary: false,
      now,
    };
    const paths = afterSalesPaths(input);
    expect(paths.map((p) => [p.kind, p.available, p.now?.back])).toEqual([
      ['change', true, 0],
      ['refund', true, 100_000],
      ['void', true, 123_000],
    ]);
    expect(paths[1].steps.map((s) => s.back)).toEqual([100_000, 80_000]);
    // One flight: a change is possible until it leaves, with no empty "after departure" step.
    expect(paths[0].steps).toHaveLength(1);
    expect(paths[0].until).toBe('2026-11-30T00:00:00.000Z');
    const twoLegs = afterSalesPaths({ ...input, legCount: 2, open: [{ passenger: pax[0], legs: [0, 1] }], lastDeparture: new Date('2026-12-05T00:00:00Z') });
    expect(twoLegs[0].steps.map((s) => [s.from, s.until])).toEqual([
      [null, '2026-11-30T00:00:00.000Z'],
      ['2026-11-30T00:00:00.000Z', '2026-12-05T00:00:00.000Z'],
    ]);
    expect(cheapestPath(paths)).toBe('void');
    const late = afterSalesPaths({ ...input, now: new Date('2026-11-24T02:00:00Z') });
    expect(late.find((p) => p.kind === 'void')).toMatchObject({ available: false, blocker: 'deadlinePassed' });
    expect(cheapestPath(late)).toBe('refund');
    expect(afterSalesPaths({ ...input, pending: true }).every((p) => p.blocker === 'pending')).toBe(true);
    expect(afterSalesPaths({ ...input, open: [] }).every((p) => p.blocker === 'nothingLeft')).toBe(true);
  });
});
