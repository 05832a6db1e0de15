import { describe, expect, it } from 'vitest';
import { itineraryDefaults, toMinorUnits } from './order-detail';
import { orderPollInterval, POLL_MS, REVIEW_POLL_MS } from '../api/get-order';
import { makeOrder } from '../test/fixtures';
import { remaining } from '../../../components/orders/countdown';

describe('itinerary defaults', () => {
  it('start from the adult line: fare, every tax once, service fee, the passenger count', () => {
    const order = makeOrder({
      priceLines: [
        { ...makeOrder().priceLines[0], passengerType: 'child', ticketPrice: 1, faceValue: 2 },
        { ...makeOrder().priceLines[0], passengerType: 'adult' },
      ],
    });
    expect(itineraryDefaults(order, 'en')).toEqual({ fare: 1000, tax: 234.56, serviceCharge: 20, quantity: 2, lang: 'en' });
  });

  it('minor units follow the currency', () => {
    expect(toMinorUnits(1234.5, 'CNY')).toBe(123_450);
    expect(toMinorUnits(0.1 + 0.2, 'CNY')).toBe(30);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
  });
});

describe('detail polling', () => {
  it('every 3 s while holding or proceeding, never once settled', () => {
    expect(orderPollInterval(makeOrder({ status: 'proceeding' }), 10, false)).toBe(POLL_MS);
    expect(orderPollInterval(makeOrder({ status: 'holding' }), 0, false)).toBe(3000);
    expect(orderPollInterval(makeOrder({ status: 'issued' }), 0, true)).toBe(false);
    expect(orderPollInterval(makeOrder({ status: 'to_be_paid' }), 0, false)).toBe(false);
    expect(orderPollInterval(undefined, 0, true)).toBe(false);
  });

  it('a change, refund or void: every 3 s while the airline works on it, every 10 s while the desk reviews it', () => {
    expect(orderPollInterval(makeOrder({ type: 'void', status: 'void_proceeding' }), 0, false)).toBe(POLL_MS);
    expect(orderPollInterval(makeOrder({ type: 'refund', status: 'refund_holding' }), 0, false)).toBe(POLL_MS);
    expect(orderPollInterval(makeOrder({ type: 'refund', status: 'rfd_reviewing' }), 0, false)).toBe(REVIEW_POLL_MS);
    expect(orderPollInterval(makeOrder({ type: 'refund', status: 'rfd_to_be_confirm' }), 0, false)).toBe(false);
    expect(orderPollInterval(makeOrder({ type: 'refund', status: 'refunded_reimbursed' }), 0, false)).toBe(false);
    expect(orderPollInterval(makeOrder({ type: 'change', status: 'chg_to_be_paid' }), 3, true)).toBe(POLL_MS);
  });

  it('for a while after a return from a payment channel, until the payment lands', () => {
    expect(orderPollInterval(makeOrder({ status: 'to_be_paid' }), 3, true)).toBe(POLL_MS);
    expect(orderPollInterval(makeOrder({ status: 'to_be_paid' }), 400, true)).toBe(false);
    expect(orderPollInterval(makeOrder({ status: 'to_be_paid', paymentStatus: 'paid' }), 3, true)).toBe(false);
  });
});

describe('countdown', () => {
  it('counts whole seconds, days apart, and ends', () => {
    const at = Date.parse('2025-03-06T10:00:00Z');
    expect(remaining('2025-03-06T10:25:03Z', at)).toEqual({ days: 0, clock: '00:25:03', expired: false });
    expect(remaining('2025-03-08T11:00:00.900Z', at)).toEqual({ days: 2, clock: '01:00:00', expired: false });
    expect(remaining('2025-03-06T10:00:00Z', at).expired).toBe(true);
    expect(remaining('not a date', at).expired).toBe(true);
  });
});
