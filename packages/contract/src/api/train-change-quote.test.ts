import { describe, expect, it } from 'vitest';
import { chinaTimeToInstant, trainBerthFare, trainChangeQuote } from './trains.ts';

const H = 3_600_000;
const departure = chinaTimeToInstant('2027-01-15T08:00');
const adult = { passengerId: 'a', ticketType: 'adult' as const, fare: 55_300 };
const child = { passengerId: 'c', ticketType: 'child' as const, fare: 27_650 };

describe('train change quote (trainChangeQuote)', () => {
  it('charges a dearer class in full, the child at the child fare, and takes no fee', () => {
    const q = trainChangeQuote([adult, child], { price: 93_300, childPrice: 46_650 }, departure, new Date(departure.getTime() - 72 * H));
    expect(q.lines).toEqual([
      { passengerId: 'a', oldFare: 55_300, newFare: 93_300, difference: 38_000, fee: 0 },
      { passengerId: 'c', oldFare: 27_650, newFare: 46_650, difference: 19_000, fee: 0 },
    ]);
    expect(q).toMatchObject({ owed: 57_000, returned: 0 });
  });

  it("returns a cheaper class's difference less 12306's refund fee on it, by the original train's time to departure", () => {
    // 3 days out: 5% of the 100 CNY difference is 5 CNY.
    const q = trainChangeQuote([adult], { price: 45_300, childPrice: 22_650 }, departure, new Date(departure.getTime() - 72 * H));
    expect(q.lines).toEqual([{ passengerId: 'a', oldFare: 55_300, newFare: 45_300, difference: -10_000, fee: 500 }]);
    expect(q).toMatchObject({ owed: 0, returned: 9_500 });
    // 8 days or more out the refund fee, and so the change fee, is nothing.
    expect(trainChangeQuote([adult], { price: 45_300, childPrice: 22_650 }, departure, new Date(departure.getTime() - 200 * H)).returned).toBe(10_000);
  });

  it('settles each ticket on its own: one dearer and one cheaper ticket owe and return at once', () => {
    const q = trainChangeQuote([adult, { ...child, fare: 30_000 }], { price: 60_000, childPrice: 25_000 }, departure, new Date(departure.getTime() - 30 * H));
    expect(q.lines.map((l) => [l.difference, l.fee])).toEqual([
      [4_700, 0],
      [-5_000, 500],
    ]);
    expect(q).toMatchObject({ owed: 4_700, returned: 4_500 });
  });

  // A T train's hard sleeper as the search offers it: the headline is the upper berth, the cheapest.
  const sleeper = {
    price: 30_450,
    childPrice: 21_550,
    berthPrices: [
      { berth: 'lower' as const, price: 32_550, childPrice: 23_650 },
      { berth: 'middle' as const, price: 31_550, childPrice: 22_650 },
      { berth: 'upper' as const, price: 30_450, childPrice: 21_550 },
    ],
  };

  it('prices a change to a sleeper by the berth chosen, for adults and children, not at the headline fare', () => {
    const now = new Date(departure.getTime() - 72 * H);
    const lower = trainChangeQuote([{ ...adult, fare: 17_750 }, { ...child, fare: 8_850 }], sleeper, departure, now, 'lower');
    expect(lower.lines.map((l) => l.newFare)).toEqual([32_550, 23_650]);
    expect(lower.owed).toBe(32_550 - 17_750 + (23_650 - 8_850));
    expect(trainChangeQuote([{ ...adult, fare: 17_750 }], sleeper, departure, now, 'middle').lines[0].newFare).toBe(31_550);
    expect(trainChangeQuote([{ ...adult, fare: 17_750 }], sleeper, departure, now, 'upper').lines[0].newFare).toBe(30_450);
    // A cheaper berth than the ticket held returns the difference less the fee on it.
    const back = trainChangeQuote([{ ...adult, fare: 32_550 }], sleeper, departure, now, 'upper');
    expect(back.lines[0]).toEqual({ passengerId: 'a', oldFare: 32_550, newFare: 30_450, difference: -2_100, fee: 100 });
  });

  it('reads the headline fare without a berth, or for a berth the offer does not sell (a seat class)', () => {
    expect(trainBerthFare(sleeper)).toEqual({ price: 30_450, childPrice: 21_550 });
    expect(trainBerthFare(sleeper, null)).toEqual({ price: 30_450, childPrice: 21_550 });
    expect(trainBerthFare({ price: 55_300, childPrice: 27_650 }, 'lower')).toEqual({ price: 55_300, childPrice: 27_650 });
    expect(trainBerthFare({ ...sleeper, berthPrices: sleeper.berthPrices.slice(1) }, 'lower')).toEqual({ price: 30_450, childPrice: 21_550 });
  });
});
