import { describe, expect, it } from 'vitest';
import type { NoticeFlight } from '@portal/contract/api/after-sales';
import { instantAt } from './notices.repository.ts';
import { actionsOf, deadlineOf } from './notices.usecase.ts';

const HOUR = 3_600_000;
// PEK and SHA are UTC+8 all year; the flights are local times.
const leg: NoticeFlight[] = [
  { flightNumber: 'CA1501', origin: 'PEK', destination: 'SHA', departure: '2030-03-10T08:00', arrival: '2030-03-10T10:10' },
  { flightNumber: 'MU5101', origin: 'SHA', destination: 'CAN', departure: '2030-03-10T12:00', arrival: '2030-03-10T14:30' },
];
const firstDeparture = Date.parse('2030-03-10T00:00:00Z');
const secondDeparture = Date.parse('2030-03-10T04:00:00Z');
const retimed = (i: number, departure: string): NoticeFlight[] => leg.map((f, k) => (k === i ? { ...f, departure } : f));

describe('answer deadline', () => {
  it('reads local times in the airport time zone', () => {
    expect(instantAt('PEK', '2030-03-10T08:00').getTime()).toBe(firstDeparture);
  });

  it('is 72 hours after reading when the flight is further away', () => {
    const now = new Date(firstDeparture - 10 * 24 * HOUR);
    expect(deadlineOf('change', leg, retimed(0, '2030-03-10T09:00'), now).getTime()).toBe(now.getTime() + 72 * HOUR);
  });

  it('is two hours before the first flight the change touches, old or new time, when that comes sooner', () => {
    const now = new Date(firstDeparture - 24 * HOUR);
    expect(deadlineOf('change', leg, retimed(0, '2030-03-10T09:00'), now).getTime()).toBe(firstDeparture - 2 * HOUR);
    // Only the connection moved: the first flight is not affected.
    expect(deadlineOf('change', leg, retimed(1, '2030-03-10T13:00'), now).getTime()).toBe(secondDeparture - 2 * HOUR);
    // Moved earlier: the new time decides.
    expect(deadlineOf('change', leg, retimed(1, '2030-03-10T11:00'), now).getTime()).toBe(secondDeparture - 3 * HOUR);
    expect(deadlineOf('cancel_save', leg, [leg[0], { ...leg[1], flightNumber: 'MU5103', departure: '2030-03-10T15:00' }], now).getTime()).toBe(secondDeparture - 2 * HOUR);
    expect(deadlineOf('restore', retimed(0, '2030-03-10T09:00'), leg, now).getTime()).toBe(firstDeparture - 2 * HOUR);
  });

  it('is the cancelled flight departure when there is no protected flight', () => {
    const now = new Date(firstDeparture - 10 * 24 * HOUR);
    expect(deadlineOf('cancel_no_save', leg, [], now).getTime()).toBe(firstDeparture);
  });
});

describe('actions', () => {
  const deadline = new Date(firstDeparture);
  const before = new Date(firstDeparture - HOUR);
  it('accept and refuse while open and before the deadline; only refuse for a cancellation without protection', () => {
    expect(actionsOf({ status: 'open', kind: 'change', deadline }, before)).toEqual(['accept', 'refuse']);
    expect(actionsOf({ status: 'open', kind: 'restore', deadline }, before)).toEqual(['accept', 'refuse']);
    expect(actionsOf({ status: 'open', kind: 'cancel_no_save', deadline }, before)).toEqual(['refuse']);
  });
  it('none once answered, closed or due', () => {
    for (const status of ['accepted', 'refused', 'refunding', 'changing', 'closed'] as const) expect(actionsOf({ status, kind: 'change', deadline }, before)).toEqual([]);
    expect(actionsOf({ status: 'open', kind: 'change', deadline }, deadline)).toEqual([]);
  });
});
