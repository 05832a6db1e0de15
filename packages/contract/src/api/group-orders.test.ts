import { describe, expect, it } from 'vitest';
import { GroupCancelBody, groupForfeitOf, groupHeldPassengers } from './group-orders.ts';

describe('group cancel and changed-quote helpers', () => {
  it('counts every instalment paid as forfeited, none as null', () => {
    expect(groupForfeitOf([])).toBeNull();
    expect(
      groupForfeitOf([
        { amount: 1000, currency: 'CNY' },
        { amount: 2000, currency: 'CNY' },
      ]),
    ).toEqual({ amount: 3000, currency: 'CNY' });
  });

  it('seats fewer travellers adults first, then children, infants no more than the adults kept', () => {
    const asked = { adult: 10, child: 2, infant: 3 };
    expect(groupHeldPassengers(asked, 12)).toEqual(asked);
    expect(groupHeldPassengers(asked, 11)).toEqual({ adult: 10, child: 1, infant: 3 });
    expect(groupHeldPassengers(asked, 2)).toEqual({ adult: 2, child: 0, infant: 2 });
    expect(groupHeldPassengers(asked, 0)).toEqual({ adult: 0, child: 0, infant: 0 });
  });

  it('takes an empty cancel body and refuses a non-boolean acknowledgement', () => {
    expect(GroupCancelBody.parse({})).toEqual({ remark: '' });
    expect(GroupCancelBody.safeParse({ acknowledgeForfeit: 'yes' }).success).toBe(false);
    expect(GroupCancelBody.safeParse({ forfeitAmount: -1 }).success).toBe(false);
  });
});
