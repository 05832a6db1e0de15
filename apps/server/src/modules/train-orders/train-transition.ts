import { eq } from 'drizzle-orm';
import { DEFAULT_TRAIN_CONFIG } from '@portal/contract/api/agencies';
import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { queueWebhookTo } from '../webhooks/webhooks.service.ts';
import { trainTransitionOf, type TrainActor, type TrainEvent } from './train.states.ts';
import { insertTrainEvent, updateTrainOrder, type NewTrainOrderRow, type TrainOrderRow } from './train.repository.ts';

export interface TrainActorRef {
  kind: TrainActor;
  userId: string | null;
}
export const TRAIN_SYSTEM: TrainActorRef = { kind: 'system', userId: null };

export const refusedTrainMove = (order: Pick<TrainOrderRow, 'status'>, event: string) =>
  new AppError(Code.ORDER_STATE, 'order.transition.refused', { status: order.status, event });

/**
 * The one way a train order changes: the table decides, the row is saved with the step's other changes, the event
 * joins the timeline, and the agency's train webhook is queued, all in the caller's transaction (`order` locked).
 */
export async function applyTrainTransition(
  tx: DbOrTx,
  order: TrainOrderRow,
  event: TrainEvent,
  actor: TrainActorRef,
  o: { patch?: Partial<NewTrainOrderRow>; remark?: string | null; data?: unknown } = {},
): Promise<TrainOrderRow> {
  const t = trainTransitionOf(order.status, event, actor.kind);
  if (!t) throw refusedTrainMove(order, event);
  const updated = await updateTrainOrder(tx, order.id, { ...o.patch, status: t.to });
  await insertTrainEvent(tx, {
    orderId: order.id,
    event,
    fromStatus: order.status,
    toStatus: t.to,
    actorKind: actor.kind === 'agency' ? 'user' : actor.kind,
    actorUserId: actor.userId,
    remark: o.remark ?? null,
    data: o.data,
  });
  await queueTrainWebhook(tx, updated, order.status, event);
  return updated;
}

/**
 * The train config's notificationUrl gets every status change and every refund or change (a ticket-level event that
 * may keep the status), signed like the flight booking webhooks (the agency's one secret), delivered by their job.
 */
export async function queueTrainWebhook(tx: DbOrTx, order: TrainOrderRow, from: string, event: string): Promise<string | null> {
  const [company] = await tx.select({ trainConfig: companies.trainConfig }).from(companies).where(eq(companies.id, order.companyId)).limit(1);
  return queueWebhookTo(tx, { ...DEFAULT_TRAIN_CONFIG, ...company?.trainConfig }.notificationUrl, {
    companyId: order.companyId,
    orderId: order.id,
    event: 'train_order.status_changed',
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      product: 'train',
      event,
      from,
      status: order.status,
      paymentStatus: order.paymentStatus,
      trainNumber: order.trainNumber,
      departureAt: order.departureAt,
      total: order.total,
      refundedTotal: order.refundedTotal,
      currency: order.currency,
      changedAt: new Date().toISOString(),
    },
  });
}
