import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { transitionOf, type OrderActor, type OrderEvent } from './order.states.ts';
import { insertEvent, updateOrder, type NewOrderRow, type OrderRow } from './order.repository.ts';
import { statusChanged } from './status-notifications.ts';

export interface Actor {
  kind: OrderActor;
  userId: string | null;
}

export const SYSTEM: Actor = { kind: 'system', userId: null };

export const refusedMove = (order: Pick<OrderRow, 'status'>, event: string) =>
  new AppError(Code.ORDER_STATE, 'order.transition.refused', { status: order.status, event });

/**
 * The one way an order changes status: the table decides (refusing anything it does not list), the row is saved with
 * any other changes of the step, the event is recorded (who, when, from, to, why) and the status-change side effects
 * (webhook, emails) are written in the same transaction. `order` must have been locked by the caller (lockOrder).
 */
export async function applyTransition(
  tx: DbOrTx,
  order: OrderRow,
  event: OrderEvent,
  actor: Actor,
  o: { patch?: Partial<NewOrderRow>; remark?: string | null; data?: unknown } = {},
): Promise<OrderRow> {
  const t = transitionOf(order.status, event, actor.kind, order.type);
  if (!t) throw refusedMove(order, event);
  const updated = await updateOrder(tx, order.id, { ...o.patch, status: t.to });
  await insertEvent(tx, {
    orderId: order.id,
    event,
    from: order.status,
    to: t.to,
    actorKind: actor.kind === 'agency' ? 'user' : actor.kind,
    actorUserId: actor.userId,
    remark: o.remark ?? null,
    data: o.data,
  });
  if (t.to !== order.status) await statusChanged(tx, updated, order.status, event);
  return updated;
}
