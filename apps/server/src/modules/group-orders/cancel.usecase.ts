import type { z } from 'zod';
import { groupForfeitOf, type GroupCancelBody, type GroupForfeit, type GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { DEFAULT_CURRENCY, formatMoney, type Currency } from '@portal/contract/currency';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { ownGroup } from './group.access.ts';
import { applyGroupTransition } from './group-transition.ts';
import { allow, cancelRefusal } from './group.guards.ts';
import { groupEventsOf, lockGroup } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { paymentsOf } from './instalments.ts';

type CancelBody = z.output<typeof GroupCancelBody>;

export interface CanceledGroup {
  group: GroupOrder;
  /** What the agency paid and gave up (spec point 9), or null when nothing was paid. */
  forfeit: GroupForfeit | null;
}

/** The forfeit as message parameters: the amount as the portal writes prices, beside its currency. */
export const forfeitParams = (f: GroupForfeit) => ({ amount: formatMoney(f.amount, f.currency), currency: f.currency });

/**
 * DELETE /order/v2/flight/group/orders/{id}: the agency withdraws its request, declines the quote, or gives the group up
 * after confirming it (to_be_apply_seat, to_be_pay_*: the table's cancel rows; not while the desk is applying for the
 * seats). Spec point 9: deposits paid are not refunded, so nothing moves in the ledger; the agency must have said it
 * understands (`acknowledgeForfeit`), and the sum it gives up is written on the cancel event. Seats already secured
 * are released by the desk at the airline, outside the portal.
 */
export async function cancelGroup(db: DbOrTx, auth: AuthContext, id: string, body: CancelBody = { remark: '' }, o: { now?: Date } = {}): Promise<CanceledGroup> {
  const visible = await ownGroup(db, auth, id);
  const now = o.now ?? new Date();
  let forfeit: GroupForfeit | null = null;
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    allow(cancelRefusal(group, now));
    // Read under the group's lock, which a payment also takes: a payment that committed first is counted here.
    const lost = groupForfeitOf(paymentsOf(await groupEventsOf(tx, group.id)));
    if (lost && body.acknowledgeForfeit !== true) {
      const params = forfeitParams(lost);
      throw new AppError(Code.VALIDATION, 'group.cancel.acknowledge', params, { acknowledgeForfeit: { key: 'group.cancel.acknowledge', params } }, { forfeit: lost });
    }
    // The sum the agent was shown, when sent, must still be the sum given up: never forfeit more than was read.
    if (body.forfeitAmount !== undefined && body.forfeitAmount !== (lost?.amount ?? 0)) {
      const params = forfeitParams(lost ?? { amount: 0, currency: (group.quote?.currency ?? DEFAULT_CURRENCY) as Currency });
      throw new AppError(Code.CONFLICT, 'group.cancel.forfeitChanged', params, { forfeitAmount: { key: 'group.cancel.forfeitChanged', params } }, { forfeit: lost });
    }
    forfeit = lost;
    await applyGroupTransition(tx, group, 'cancel', { kind: 'agency', userId: auth.user.id }, {
      remark: body.remark || null,
      patch: { confirmBy: null },
      data: lost ? { messageKey: 'group.cancel.forfeited', params: forfeitParams(lost), forfeit: lost } : undefined,
    });
  });
  return { group: await loadGroupDetail(db, auth, id), forfeit };
}
