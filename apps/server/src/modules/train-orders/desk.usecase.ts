import type { TrainOrder } from '@portal/contract/api/trains';
import { forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { TrainOrderDeps } from './deps.ts';
import { failTrainOrder, ticketTrainOrder } from './pay.usecase.ts';
import { visibleTrainOrder } from './train.access.ts';
import { trainOrderOf } from './train.queries.ts';
import { refusedTrainMove, TRAIN_SYSTEM } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * The operations desk on paid train orders of its agencies: `issue` a manual_ticketing order (the railway is asked for
 * the tickets on the desk's word) or retry an order stuck in ticketing; `mark-failed` gives one up (hold released).
 */
export async function trainDeskAction(deps: TrainOrderDeps, auth: AuthContext, orderId: string, action: 'issue' | 'mark-failed', remark: string | null): Promise<TrainOrder> {
  const { order, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (!asDesk) throw forbidden();
  const actor = { kind: 'platform' as const, userId: auth.user.id };
  if (action === 'issue') {
    const event = order.status === 'ticketing' ? 'retry_ticketing' : 'issue';
    if (!trainTransitionOf(order.status, event, 'platform')) throw refusedTrainMove(order, 'issue');
    const done = await ticketTrainOrder(deps, order.id, order.status === 'ticketing' ? TRAIN_SYSTEM : actor);
    return trainOrderOf(deps.db, done, true);
  }
  if (!trainTransitionOf(order.status, 'mark_failed', 'platform')) throw refusedTrainMove(order, 'mark_failed');
  return trainOrderOf(deps.db, await failTrainOrder(deps, order.id, actor, remark ?? 'desk'), true);
}
