import { describe, expect, it } from 'vitest';
import { GROUP_ORDER_STATUSES } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';
import { checkGroupTable, decideGroupMove, GROUP_EVENTS, GROUP_TRANSITIONS, groupEventsFrom, type GroupActor } from './group.states.ts';

/**
 * The group flow of issue 12 written out again by hand, independently of the table: "status event" -> [next, actors].
 * The exhaustive walk below compares every status x event x actor with it, so an edit of either that is not made to
 * both fails here.
 */
const EXPECTED: Record<string, [string, GroupActor[]]> = {
  'to_be_quote quote': ['to_be_confirm', ['platform', 'system']],
  'to_be_quote reject': ['closed', ['platform', 'system']],
  'to_be_quote cancel': ['canceled', ['agency']],
  'to_be_confirm requote': ['to_be_confirm', ['platform']],
  'to_be_confirm confirm': ['to_be_apply_seat', ['agency']],
  'to_be_confirm expire': ['closed', ['system']],
  'to_be_confirm cancel': ['canceled', ['agency']],
  'to_be_confirm reject': ['closed', ['platform']],
  'to_be_apply_seat apply_seat': ['seat_applying', ['platform', 'system']],
  'to_be_apply_seat cancel': ['canceled', ['agency']],
  'seat_applying seats_secured': ['to_be_pay_first', ['platform', 'system']],
  'seat_applying seats_changed': ['to_be_confirm', ['platform', 'system']],
  'seat_applying reject': ['closed', ['platform', 'system']],
  'to_be_pay_first pay': ['to_be_pay_second', ['agency']],
  'to_be_pay_first pay_last_deposit': ['to_be_paid_last_money', ['agency']],
  'to_be_pay_first close': ['closed', ['system']],
  'to_be_pay_first cancel': ['canceled', ['agency']],
  'to_be_pay_second pay': ['to_be_pay_third', ['agency']],
  'to_be_pay_second pay_last_deposit': ['to_be_paid_last_money', ['agency']],
  'to_be_pay_second close': ['closed', ['system']],
  'to_be_pay_second cancel': ['canceled', ['agency']],
  'to_be_pay_third pay_last_deposit': ['to_be_paid_last_money', ['agency']],
  'to_be_pay_third close': ['closed', ['system']],
  'to_be_pay_third cancel': ['canceled', ['agency']],
  'to_be_paid_last_money pay': ['proceeding', ['agency']],
  'to_be_paid_last_money close': ['closed', ['system']],
  'to_be_paid_last_money cancel': ['canceled', ['agency']],
  'proceeding issue': ['issued', ['system', 'platform']],
  'proceeding ticketing_failed': ['failed', ['system', 'platform']],
};

const ACTORS: GroupActor[] = ['agency', 'platform', 'system'];
const cases = GROUP_ORDER_STATUSES.flatMap((status) => GROUP_EVENTS.flatMap((event) => ACTORS.map((actor) => ({ status, event, actor }))));

describe('group state table', () => {
  it('has exactly the rows of the issue, and passes its own start-up check', () => {
    expect(GROUP_TRANSITIONS.length).toBe(Object.keys(EXPECTED).length);
    expect(() => checkGroupTable()).not.toThrow();
  });

  it.each(cases)('$status --$event--> by $actor', ({ status, event, actor }) => {
    const expected = EXPECTED[`${status} ${event}`];
    if (expected && expected[1].includes(actor)) {
      expect(decideGroupMove(status, event, actor).to).toBe(expected[0]);
      return;
    }
    let error: unknown;
    try {
      decideGroupMove(status, event, actor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(Code.ORDER_STATE);
    expect((error as AppError).key).toBe('group.transition.refused');
    expect((error as AppError).params).toEqual({ status, event });
  });

  it('start-up check rejects unknown, forgotten and unreachable states, dead ends, moves out of a final state and duplicates', () => {
    const all = (extra: typeof GROUP_TRANSITIONS) => [...GROUP_TRANSITIONS, ...extra];
    expect(() => checkGroupTable(all([{ from: 'to_be_quote', event: 'quote', to: 'nowhere' as never, by: ['system'] }]))).toThrow(/not in the contract: nowhere/);
    expect(() => checkGroupTable(GROUP_TRANSITIONS.filter((t) => t.to !== 'failed'))).toThrow(/never names: failed/);
    expect(() => checkGroupTable(GROUP_TRANSITIONS.filter((t) => t.from !== 'proceeding'))).toThrow(/never names|without a way out/);
    expect(() => checkGroupTable(GROUP_TRANSITIONS.filter((t) => !(t.from === 'seat_applying' && t.to !== 'to_be_confirm')))).toThrow(/unreachable|never names/);
    expect(() => checkGroupTable(all([{ from: 'closed', event: 'quote', to: 'to_be_confirm', by: ['platform'] }]))).toThrow(/two group transitions|final states with a way out/);
    expect(() => checkGroupTable(all([{ from: 'issued', event: 'close', to: 'closed', by: ['system'] }]))).toThrow(/final states with a way out: issued\|close/);
    expect(() => checkGroupTable(all([{ from: 'to_be_quote', event: 'quote', to: 'closed', by: ['system'] }]))).toThrow(/two group transitions for to_be_quote\|quote/);
  });

  it('offers each actor only its own moves', () => {
    expect(groupEventsFrom('to_be_confirm', 'agency')).toEqual(['confirm', 'cancel']);
    expect(groupEventsFrom('to_be_confirm', 'platform')).toEqual(['requote', 'reject']);
    expect(groupEventsFrom('closed', 'platform')).toEqual([]);
  });
});
