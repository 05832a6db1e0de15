import { describe, expect, it } from 'vitest';
import { kindAt, planSum, quoteFieldName, quoteTotal } from './quote-form';

describe('quote form model', () => {
  it('names the last plan row the final payment and the others deposits in order', () => {
    expect([0, 1, 2, 3].map((i) => kindAt(i, 4))).toEqual(['deposit1', 'deposit2', 'deposit3', 'final']);
    expect([0, 1].map((i) => kindAt(i, 2))).toEqual(['deposit1', 'final']);
  });

  it('adds money in minor units, so 0.1 + 0.2 is exact, and waits for every price', () => {
    expect(planSum({ currency: 'CNY', paymentPlan: [{ amount: 0.1 }, { amount: 0.2 }] })).toBe(30);
    expect(quoteTotal({ currency: 'CNY', prices: [{ passengerType: 'adult', fare: 0.1, tax: 0.2 }] }, { adult: 10, child: 0, infant: 0 })).toBe(300);
    expect(quoteTotal({ currency: 'CNY', prices: [{ passengerType: 'adult', fare: 1, tax: null }] }, { adult: 10, child: 0, infant: 0 })).toBeNull();
    expect(quoteTotal({ currency: 'JPY', prices: [{ passengerType: 'child', fare: 1000, tax: 50 }] }, { adult: 10, child: 2, infant: 0 })).toBe(2100);
  });

  it("maps the server's field paths onto the form's fields, a whole list onto none", () => {
    expect(quoteFieldName('journeys.1.flights.0.flightNumber')).toEqual(['journeys', 1, 'flights', 0, 'flightNumber']);
    expect(quoteFieldName('paymentPlan.2.dueAt')).toEqual(['paymentPlan', 2, 'dueAt']);
    expect(quoteFieldName('prices.0.currency')).toEqual(['currency']);
    expect(quoteFieldName('seats')).toEqual(['seats']);
    expect(quoteFieldName('paymentPlan')).toBeNull();
    expect(quoteFieldName('journeys')).toBeNull();
  });
});
