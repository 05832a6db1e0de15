import type { z } from 'zod';
import type { TrainDeskAnswer, TrainDeskQuery } from '@portal/contract/api/train-payments';
import type { TrainOrder, TrainOrderStatus } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { isDesk } from '../flight-orders/order.access.ts';
import { companiesUnder, userNames } from '../flight-orders/order.repository.ts';
import type { TrainOrderDeps } from './deps.ts';
import { failTrainOrder, ticketTrainOrder } from './ticketing.usecase.ts';
import { visibleTrainOrder } from './train.access.ts';
import { toListItem, trainOrderOf } from './train.queries.ts';
import { deskTrainOrderRows } from './train.repository.ts';
import { refusedTrainMove, TRAIN_SYSTEM } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * The operations desk on paid train orders of its agencies: `issue` a manual_ticketing order (the railway is asked for
 * the tickets on the desk's word) or retry an order stuck in ticketing; `mark-failed` gives one up (hold released),
 * with the reason the agency reads on its timeline.
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
  // Giving up a paid order is a decision the agency must be able to read: never without a reason.
  if (!remark) throw new AppError(Code.VALIDATION, 'train.desk.reasonRequired', {}, { remark: 'train.desk.reasonRequired' });
  return trainOrderOf(deps.db, await failTrainOrder(deps, order.id, actor, remark), true);
}

const VIEW_STATUSES: Record<z.output<typeof TrainDeskQuery>['view'], TrainOrderStatus[]> = {
  waiting: ['manual_ticketing', 'ticketing'],
  manual: ['manual_ticketing'],
  ticketing: ['ticketing'],
};

/**
 * The desk's queue (GET /order/v2/train/desk/orders): its agencies' paid orders waiting for a person, manual ticketing
 * and ticketing the railway has not answered, longest waiting first. Only the agencies directly below the platform,
 * the orders the desk may act on (visibleTo); the platform's own orders are its agency business, not the desk's.
 */
export async function listTrainDesk(db: DbOrTx, auth: AuthContext, q: z.output<typeof TrainDeskQuery>): Promise<TrainDeskAnswer> {
  if (!isDesk(auth)) throw forbidden();
  const agencies = await companiesUnder(db, auth.company.id);
  agencies.delete(auth.company.id);
  const { rows, total } = await deskTrainOrderRows(db, [...agencies.keys()], VIEW_STATUSES[q.view], q.page, q.pageSize);
  const names = await userNames(db, [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))]);
  return {
    items: rows.map((r) => {
      const company = agencies.get(r.companyId)!;
      return {
        ...toListItem(r, r.createdBy ? (names.get(r.createdBy) ?? null) : null),
        companyName: company.name,
        companyCode: company.code,
        paidAt: r.paidAt?.toISOString() ?? null,
        paymentMethod: r.paymentMethod,
      };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
