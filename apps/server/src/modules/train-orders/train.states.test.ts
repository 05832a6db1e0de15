import { describe, expect, it } from 'vitest';
import { TRAIN_ORDER_STATUSES } from '@portal/contract/api/trains';
import { checkTrainTable, TRAIN_EVENTS, TRAIN_FINALS, TRAIN_TRANSITIONS, trainEventsFrom, trainTransitionOf, type TrainActor } from './train.states.ts';

/** Every (status, event, actor) the table allows, and nothing else: the exhaustive expectation, written out. */
const EXPECTED: Record<string, string> = {
  'to_be_paid|pay|agency': 'ticketing',
  'to_be_paid|pay_for_desk|agency': 'manual_ticketing',
  'to_be_paid|cancel|agency': 'canceled',
  'to_be_paid|expire|system': 'canceled',
  'ticketing|issue|system': 'issued',
  'ticketing|ticketing_failed|system': 'failed',
  'ticketing|retry_ticketing|system': 'ticketing',
  'ticketing|retry_ticketing|platform': 'ticketing',
  'manual_ticketing|issue|platform': 'issued',
  'manual_ticketing|mark_failed|platform': 'failed',
  'issued|refund|agency': 'partially_refunded',
  'issued|refund_all|agency': 'refunded',
  'partially_refunded|refund|agency': 'partially_refunded',
  'partially_refunded|refund_all|agency': 'refunded',
  'issued|change|agency': 'issued',
  'partially_refunded|change|agency': 'partially_refunded',
};

describe('train order state table', () => {
  it('names only train statuses and passes its start-up check', () => {
    for (const t of TRAIN_TRANSITIONS) {
      expect(TRAIN_ORDER_STATUSES).toContain(t.from);
      expect(TRAIN_ORDER_STATUSES).toContain(t.to);
    }
    expect(() => checkTrainTable()).not.toThrow();
    // Every status of the contract is used by the table.
    const used = new Set(TRAIN_TRANSITIONS.flatMap((t) => [t.from, t.to]));
    expect([...used].sort()).toEqual([...TRAIN_ORDER_STATUSES].sort());
  });

  it('allows exactly the expected moves for every status, event and actor', () => {
    const actors: TrainActor[] = ['agency', 'platform', 'system'];
    let allowed = 0;
    for (const status of TRAIN_ORDER_STATUSES) {
      for (const event of TRAIN_EVENTS) {
        for (const actor of actors) {
          const key = `${status}|${event}|${actor}`;
          expect(trainTransitionOf(status, event, actor)?.to ?? null, key).toBe(EXPECTED[key] ?? null);
          if (EXPECTED[key]) allowed++;
        }
      }
    }
    expect(allowed).toBe(Object.keys(EXPECTED).length);
  });

  it('has no way out of the final statuses', () => {
    for (const s of TRAIN_FINALS) for (const a of ['agency', 'platform', 'system'] as const) expect(trainEventsFrom(s, a)).toEqual([]);
  });

  it('start-up check rejects unreachable states, dead ends and duplicates', () => {
    expect(() => checkTrainTable([{ from: 'issued', event: 'refund_all', to: 'refunded', by: ['agency'] }])).toThrow(/unreachable/);
    expect(() => checkTrainTable([{ from: 'to_be_paid', event: 'pay', to: 'ticketing', by: ['agency'] }])).toThrow(/without a way out: ticketing/);
    expect(() =>
      checkTrainTable([
        { from: 'to_be_paid', event: 'cancel', to: 'canceled', by: ['agency'] },
        { from: 'to_be_paid', event: 'cancel', to: 'failed', by: ['agency'] },
      ]),
    ).toThrow(/two transitions/);
  });
});
