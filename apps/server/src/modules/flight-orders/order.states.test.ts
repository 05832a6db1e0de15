import { describe, expect, it } from 'vitest';
import { ORIGIN_STATUSES } from '@portal/contract/api/flight-orders';
import { checkTable, eventsFrom, ORIGIN_TRANSITIONS, transitionOf } from './order.states.ts';

describe('origin state table', () => {
  it('names only origin statuses and passes its own start-up check', () => {
    for (const t of ORIGIN_TRANSITIONS) {
      expect(ORIGIN_STATUSES).toContain(t.from);
      expect(ORIGIN_STATUSES).toContain(t.to);
    }
    expect(() => checkTable()).not.toThrow();
  });

  it('start-up check rejects unreachable states, dead ends and duplicates', () => {
    expect(() => checkTable([{ from: 'holding', event: 'booked', to: 'to_be_paid', by: ['system'] }, { from: 'issued', event: 'pay', to: 'failed', by: ['agency'] }])).toThrow(/unreachable/);
    expect(() => checkTable([{ from: 'holding', event: 'booked', to: 'to_be_paid', by: ['system'] }])).toThrow(/without a way out: to_be_paid/);
    expect(() =>
      checkTable([
        { from: 'holding', event: 'booked', to: 'closed', by: ['system'] },
        { from: 'holding', event: 'booked', to: 'canceled', by: ['system'] },
      ]),
    ).toThrow(/two transitions/);
  });

  it('lets each actor do only its own moves', () => {
    expect(transitionOf('to_be_paid', 'pay', 'agency')?.to).toBe('proceeding');
    expect(transitionOf('to_be_paid', 'pay', 'platform')).toBeNull();
    expect(transitionOf('reviewing', 'approve', 'agency')).toBeNull();
    expect(transitionOf('issued', 'cancel', 'agency')).toBeNull();
    expect(eventsFrom('to_be_paid', 'agency')).toEqual(['pay', 'cancel']);
    expect(eventsFrom('proceeding', 'platform')).toEqual(['retry_ticketing', 'mark_failed']);
  });
});
