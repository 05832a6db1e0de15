import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { Tx } from '../../db/client.ts';
import { hold } from '../ledger/ledger.service.ts';
import { TRAIN_ORDER_REFERENCE, TRAIN_PAYMENT_HOLD_MINUTES } from './deps.ts';
import type { TrainOrderRow } from './train.repository.ts';
import { applyTrainTransition, type TrainActorRef } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * The one step that pays a train order, whichever way the money came (balance, credit, or a channel's money credited
 * to the wallet): the wallet path (pay.usecase.ts) and the channels' origin handler (channel-payment.usecase.ts) both
 * hold through here, under the order's lock and with one ledger key per order.
 */

const holdKeyOf = (orderId: string) => `train-order-pay:${orderId}`;

/** The agency may pay it now: unpaid and the table has a pay move from its status (to_be_paid). */
export const payableTrainOrder = (order: TrainOrderRow) => order.paymentStatus !== 'paid' && trainTransitionOf(order.status, 'pay', 'agency') !== null;

/**
 * Holds the order's total in the CNY wallet and moves it to ticketing (or manual_ticketing for a manual agency),
 * inside the caller's transaction on the locked order. Every way of paying a train order ends here, with one hold key
 * per order, so an order is paid at most once whatever the path. `useCredit` false pays from cash only (balance, or a
 * channel's credited money). Null when the funds do not cover it; nothing is written then.
 */
export async function holdForTicketing(
  tx: Tx,
  order: TrainOrderRow,
  method: PaymentChannelCode,
  actor: TrainActorRef,
  o: { useCredit: boolean; manual: boolean; idempotencyKey: string | null; transactionId?: string; now: Date },
): Promise<TrainOrderRow | null> {
  const event = o.manual ? 'pay_for_desk' : 'pay';
  const held = await hold(tx, order.companyId, 'CNY', order.total, {
    useCredit: o.useCredit,
    ttlMinutes: TRAIN_PAYMENT_HOLD_MINUTES,
    reference: { type: TRAIN_ORDER_REFERENCE, id: order.id },
    idempotencyKey: holdKeyOf(order.id),
    actor: actor.userId,
    now: o.now,
  });
  if (!held.ok) return null;
  return applyTrainTransition(tx, order, event, actor, {
    patch: { paymentStatus: 'paid', paymentMethod: method, holdId: held.holdId, paidAt: o.now, paymentTransactionId: o.transactionId ?? null },
    data: { method, idempotencyKey: o.idempotencyKey, transactionId: o.transactionId ?? null },
  });
}

