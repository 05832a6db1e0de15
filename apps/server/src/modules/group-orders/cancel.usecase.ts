import type { GroupOrder } from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { visibleGroup } from './group.access.ts';
import { applyGroupTransition } from './group-transition.ts';
import { lockGroup } from './group.repository.ts';
import { AGENCY_CANCELABLE, loadGroupDetail } from './group.queries.ts';
import { refusedGroupMove } from './group.states.ts';

/** DELETE /order/v2/flight/group/orders/{id}: the agency withdraws its request or declines the quote (-> canceled). */
export async function cancelGroup(db: DbOrTx, auth: AuthContext, id: string, remark: string | null = null): Promise<GroupOrder> {
  const { group: visible } = await visibleGroup(db, auth, id);
  // The desk reads other agencies' groups; only the agency itself may withdraw its request.
  if (visible.companyId !== auth.company.id) throw forbidden();
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    if (!AGENCY_CANCELABLE.has(group.status)) throw refusedGroupMove(group.status, 'cancel');
    await applyGroupTransition(tx, group, 'cancel', { kind: 'agency', userId: auth.user.id }, { remark, patch: { confirmBy: null } });
  });
  return loadGroupDetail(db, auth, id);
}
