import { describe, expect, it } from 'vitest';
import { chinaTimeToInstant, trainChangeQuote } from './trains.ts';

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
});
