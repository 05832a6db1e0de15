import { Code } from '@portal/contract/codes';
import type { TrainOrder } from '@portal/contract/api/trains';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { railCall, railSupplierOf, type TrainOrderDeps } from './deps.ts';
import { visibleTrainOrder } from './train.access.ts';
import { trainOrderOf } from './train.queries.ts';
import { lockTrainOrder, passengersOfRow, type StoredTrainPassenger } from './train.repository.ts';
import { applyTrainTransition, refusedTrainMove } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * Canceling an unpaid order (DELETE .../{id}): the railway releases the hold first (idempotent), then the order is
 * canceled. Should the railway not answer, nothing changes and the agent may try again; the hold lapses anyway.
 */
export async function cancelTrainOrder(deps: TrainOrderDeps, auth: AuthContext, orderId: string): Promise<TrainOrder> {
  const { order, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  if (!trainTransitionOf(order.status, 'cancel', 'agency')) throw refusedTrainMove(order, 'cancel');
  const supplier = railSupplierOf(deps, order.supplier);
  if (supplier && order.supplierBookingId) {
    const r = await railCall((signal) => supplier.cancel({ bookingId: order.supplierBookingId!, orderNumber: order.supplierOrderNumber! }, { signal }));
    if (r.status === 'error') throw new AppError(Code.SUPPLIER_FAILED, 'train.order.supplierFailed');
    if (r.status === 'refused' && r.reason === 'ticketed') throw refusedTrainMove(order, 'cancel');
  }
  const canceled = await deps.db.transaction(async (tx) => {
    const locked = (await lockTrainOrder(tx, order.id))!;
    const passengers = passengersOfRow(locked).map((p): StoredTrainPassenger => ({ ...p, ticketStatus: 'canceled' }));
    return applyTrainTransition(tx, locked, 'cancel', { kind: 'agency', userId: auth.user.id }, { patch: { passengers } });
  });
  return trainOrderOf(deps.db, canceled);
}
