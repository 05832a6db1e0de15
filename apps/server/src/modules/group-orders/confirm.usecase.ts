import { Code } from '@portal/contract/codes';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { ownGroup } from './group.access.ts';
import { applyGroupTransition } from './group-transition.ts';
import { allow, confirmRefusal } from './group.guards.ts';
import { lockGroup } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';

/**
 * POST /order/v2/flight/group/orders/{id}/confirmation: the agency accepts the quote version it read, before the
 * quote's deadline (-> to_be_apply_seat). A requote since then is refused (the agent must read the new one); a quote
 * past its deadline is refused as lapsed even before the lapse job has closed the group.
 */
export async function confirmGroup(db: DbOrTx, auth: AuthContext, id: string, quoteVersion: number, o: { now?: Date } = {}): Promise<GroupOrder> {
  const visible = await ownGroup(db, auth, id);
  const now = o.now ?? new Date();
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    // The table and the deadline first: confirming a group that is not awaiting confirmation says so, whatever the version.
    allow(confirmRefusal(group, now));
    if (!group.quote || group.quoteVersion !== quoteVersion) throw new AppError(Code.CONFLICT, 'group.quote.versionChanged', { version: group.quoteVersion });
    await applyGroupTransition(tx, group, 'confirm', { kind: 'agency', userId: auth.user.id }, { data: { quoteVersion }, patch: { confirmBy: null } });
  });
  return loadGroupDetail(db, auth, id);
}
