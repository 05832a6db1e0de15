import { DEFAULT_TRAIN_CONFIG, type PaymentChannelCode } from '@portal/contract/api/agencies';
import type { PayTrainOrderAnswer } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { AppError, forbidden } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { allowedChannels } from '../payments/top-up-rules.ts';
import { payTrainThroughChannel, priorChannelPayment, type TrainPaymentDeps } from './channel-payment.usecase.ts';
import { holdForTicketing, payableTrainOrder } from './payment-hold.ts';
import { ticketTrainOrder } from './ticketing.usecase.ts';
import { visibleTrainOrder } from './train.access.ts';
import { lockTrainOrder, paidWithKey, type TrainOrderRow } from './train.repository.ts';
import { refusedTrainMove, type TrainActorRef } from './train-transition.ts';

/**
 * Paying a train order (POST .../payment): balance or credit hold the total in the CNY wallet at once (one hold per
 * order, keyed by it: two keys, two tabs never charge twice) and move the order to ticketing, or to manual_ticketing
 * when the agency's train config says `manual`. Ticketing then runs right away: issued captures the hold as an
 * `origin-train` spend; a refusal releases it (nothing charged); no answer leaves the order ticketing for a retry.
 * An external channel (channel-payment.usecase.ts) opens the channel's hosted page instead; its callback credits the
 * wallet and pays the order from that cash through `holdForTicketing` (payment-hold.ts), the same hold and key.
 */

const answerOf = (o: TrainOrderRow): PayTrainOrderAnswer => ({ status: o.status, paymentStatus: o.paymentStatus, redirectUrl: null, transactionId: o.paymentTransactionId });

export async function payTrainOrder(
  deps: TrainPaymentDeps,
  auth: AuthContext,
  orderId: string,
  method: PaymentChannelCode,
  o: { idempotencyKey: string; lang: Language; now?: Date },
): Promise<PayTrainOrderAnswer> {
  const { order: visible, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  if (auth.company.commonConfig.disablePayment) throw new AppError(Code.FORBIDDEN, 'order.payment.disabled');
  if (!allowedChannels(auth.company).includes(method)) {
    throw new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });
  }
  const manual = { ...DEFAULT_TRAIN_CONFIG, ...auth.company.trainConfig }.manual;
  const now = o.now ?? new Date();
  if (method !== 'balance' && method !== 'credit') return payTrainThroughChannel(deps, auth, visible, method, { ...o, now });
  // A key that opened a channel payment is that payment's: reused for the wallet it is another request.
  if (await priorChannelPayment(deps.db, visible.id, o.idempotencyKey)) throw idempotencyConflict();
  const actor: TrainActorRef = { kind: 'agency', userId: auth.user.id };
  const paid = await deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, visible.id))!;
    if (order.paymentStatus === 'paid') {
      if (await paidWithKey(tx, order.id, o.idempotencyKey)) return { order, replay: true };
      throw refusedTrainMove(order, 'pay');
    }
    if (!payableTrainOrder(order)) throw refusedTrainMove(order, 'pay');
    if (order.paymentDeadline && order.paymentDeadline <= now) throw new AppError(Code.ORDER_STATE, 'order.payment.deadlinePassed');
    const next = await holdForTicketing(tx, order, method, actor, { useCredit: method === 'credit', manual, idempotencyKey: o.idempotencyKey, now });
    if (!next) throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
    return { order: next, replay: false };
  });
  if (paid.order.status !== 'ticketing') return answerOf(paid.order);
  // The railway's answer is the system's move (issue or ticketing_failed), not the agent's.
  return answerOf(await ticketTrainOrder(deps, paid.order.id));
}

