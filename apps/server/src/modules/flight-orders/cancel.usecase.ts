import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { OrderDeps } from './deps.ts';
import { visibleOrder } from './order.access.ts';
import { applyTransition } from './order-transition.ts';
import { loadOrderDetail } from './order.queries.ts';
import { lockOrder } from './order.repository.ts';
import { releaseAtSupplier } from './supplier-calls.ts';
import { endUnused } from './after-sales/settle.ts';

/**
 * DELETE /order/v2/flight/orders/{id}: the agency cancels a booking it has not paid (to_be_paid or reviewing ->
 * canceled), or a change or refund request the airline has not been asked for yet (change_canceled, refund_canceled). The order changes under its row lock first; the booking is then released at the supplier (best effort:
 * an unreachable supplier lets it lapse at its ticketing time limit). Anything else is refused by the state table.
 */
export async function cancelOrder(deps: OrderDeps, auth: AuthContext, id: string): Promise<FlightOrder> {
  const { order: visible, asDesk } = await visibleOrder(deps.db, auth, id);
  if (asDesk) throw forbidden();
  const canceled = await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, visible.id))!;
    const actor = { kind: 'agency' as const, userId: auth.user.id };
    // A change or refund request not yet at the airline: its coupons are free again; nothing was booked to release.
    if (order.type !== 'origin') return endUnused(tx, order, 'cancel', actor);
    return applyTransition(tx, order, 'cancel', actor, { patch: { nextActionAt: null, leaseUntil: null } });
  });
  if (canceled.type === 'origin') await releaseAtSupplier(deps, canceled);
  return loadOrderDetail(deps.db, auth, id);
}
