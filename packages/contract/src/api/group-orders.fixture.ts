import type { GroupBookingBody, GroupDeskQuoteBody, GroupOrder } from './group-orders.ts';

/**
 * A group request and the desk's quote for it, for the server's group tests (apps/server/test/helpers/groups.ts) and
 * the browser tests that need a quoted group without waiting for the simulated desk (e2e/accessibility.e2e.test.ts):
 * one pair, so every tier quotes the same group.
 */

export const DAY_MS = 86_400_000;
/** An ISO instant `ms` from now. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
/** The UTC calendar date `days` from today, 'YYYY-MM-DD'. */
export const daysFromToday = (days: number) => inMs(days * DAY_MS).slice(0, 10);

export function groupBooking(daysAhead = 60): GroupBookingBody {
  const date = daysFromToday(daysAhead);
  return {
    tripType: 'oneway',
    journeys: [{ origin: 'PEK', destination: 'SHA', date, remark: '', isChangeDate: false, acceptChangeFlight: true }],
    passengers: { adult: 10, child: 2, infant: 1 },
    contact: { name: 'Group Lead', email: 'lead@example.com', areaCode: '86', phone: '13800000000' },
  };
}

/** 10 adults x 1100 + 2 children x 800 + 1 infant x 100 = 12700 CNY: three deposits (1000, 2000, 3000) and the final 6700. */
export function groupQuoteBody(g: Pick<GroupOrder, 'request'>, over: Partial<GroupDeskQuoteBody> = {}): GroupDeskQuoteBody {
  const j = g.request.journeys[0];
  return {
    journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'CA1501', origin: j.origin, destination: j.destination, departure: `${j.date}T08:00`, arrival: `${j.date}T10:10` }] }],
    prices: [
      { passengerType: 'adult', fare: 1000, tax: 100, currency: 'CNY' },
      { passengerType: 'child', fare: 700, tax: 100, currency: 'CNY' },
      { passengerType: 'infant', fare: 100, tax: 0, currency: 'CNY' },
    ],
    currency: 'CNY',
    confirmBy: inMs(DAY_MS),
    seats: 12,
    paymentPlan: [
      { kind: 'deposit1', amount: 1000, dueAt: inMs(3 * DAY_MS) },
      { kind: 'deposit2', amount: 2000, dueAt: inMs(10 * DAY_MS) },
      { kind: 'deposit3', amount: 3000, dueAt: inMs(20 * DAY_MS) },
      { kind: 'final', amount: 6700, dueAt: inMs(40 * DAY_MS) },
    ],
    remark: '',
    ...over,
  };
}
