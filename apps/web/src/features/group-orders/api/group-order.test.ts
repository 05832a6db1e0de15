import { describe, expect, it } from 'vitest';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { groupOrder } from '../../../components/groups/test-fixtures';
import { PAYMENT_RETURN_POLL_MS, PAYMENT_RETURN_WAIT_MS, DESK_POLL_MS, awaitsChannel, groupPollInterval } from './group-order';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const due = (over: Partial<GroupOrder> = {}) =>
  groupOrder({ status: 'to_be_pay_first', nextInstalment: { kind: 'deposit1', amount: 175_348, dueAt: '2030-01-03T00:00:00Z' }, ...over });
const paid = due({ status: 'to_be_pay_second', payments: [{ kind: 'deposit1', amount: 175_348, currency: 'CNY', paidAt: '2030-01-01T00:00:30Z', method: 'alipay' }], nextInstalment: { kind: 'deposit2', amount: 100_000, dueAt: '2030-01-05T00:00:00Z' } });
const back = { instalment: 'deposit1', since: T0 };

describe('when the group page asks again', () => {
  it('back from a channel: often, while the instalment paid there is still due, and only for a while', () => {
    expect(groupPollInterval(due(), T0, back)).toBe(PAYMENT_RETURN_POLL_MS);
    expect(groupPollInterval(due(), T0 + PAYMENT_RETURN_WAIT_MS - 1, back)).toBe(PAYMENT_RETURN_POLL_MS);
    expect(groupPollInterval(due(), T0 + PAYMENT_RETURN_WAIT_MS, back)).toBe(false);
    expect(awaitsChannel(due(), back, T0 + PAYMENT_RETURN_WAIT_MS)).toBe(false);
    // Paid: the agency's turn again, nothing to wait for.
    expect(groupPollInterval(paid, T0 + 3000, back)).toBe(false);
    expect(awaitsChannel(paid, back, T0 + 3000)).toBe(false);
  });

  it('an ordinary visit never waits for a channel', () => {
    expect(groupPollInterval(due(), T0, null)).toBe(false);
    expect(awaitsChannel(due(), null, T0)).toBe(false);
    expect(groupPollInterval(undefined, T0, back)).toBe(false);
  });

  it("the desk's turn (a quote, the seats, the tickets of a confirmed list): at the desk's pace", () => {
    expect(groupPollInterval(groupOrder({ status: 'to_be_quote' }), T0, null)).toBe(DESK_POLL_MS);
    expect(groupPollInterval(groupOrder({ status: 'seat_applying' }), T0, null)).toBe(DESK_POLL_MS);
    expect(groupPollInterval(groupOrder({ status: 'proceeding', names: { ...groupOrder().names, status: 'confirmed' } }), T0, null)).toBe(DESK_POLL_MS);
    expect(groupPollInterval(groupOrder({ status: 'proceeding' }), T0, null)).toBe(false);
  });
});
