import { DEFAULT_TRAIN_CONFIG, type PaymentChannelCode } from '@portal/contract/api/agencies';
import type { PayTrainOrderAnswer } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { captureAsSpend, hold, release } from '../ledger/ledger.service.ts';
import { allowedChannels } from '../payments/top-up-rules.ts';
import { railCall, railSupplierOf, TRAIN_ORDER_REFERENCE, TRAIN_PAYMENT_HOLD_MINUTES, type TrainOrderDeps } from './deps.ts';
import { visibleTrainOrder } from './train.access.ts';
import { findTrainOrder, lockTrainOrder, paidWithKey, passengersOfRow, type StoredTrainPassenger, type TrainOrderRow } from './train.repository.ts';
import { applyTrainTransition, refusedTrainMove, TRAIN_SYSTEM, type TrainActorRef } from './train-transition.ts';
import { trainTransitionOf } from './train.states.ts';

/**
 * Paying a train order (POST .../payment): balance or credit hold the total in the CNY wallet at once (one hold per
 * order, keyed by it: two keys, two tabs never charge twice) and move the order to ticketing, or to manual_ticketing
 * when the agency's train config says `manual`. Ticketing then runs right away: issued captures the hold as an
 * `origin-train` spend; a refusal releases it (nothing charged); no answer leaves the order ticketing for a retry.
 * External channels are not offered for trains yet (docs/decisions/0018).
 */

const holdKeyOf = (orderId: string) => `train-order-pay:${orderId}`;
const TRAIN_METHODS: readonly PaymentChannelCode[] = ['balance', 'credit'];

const answerOf = (o: TrainOrderRow): PayTrainOrderAnswer => ({ status: o.status, paymentStatus: o.paymentStatus, redirectUrl: null, transactionId: null });

export async function payTrainOrder(deps: TrainOrderDeps, auth: AuthContext, orderId: string, method: PaymentChannelCode, o: { idempotencyKey: string; now?: Date }): Promise<PayTrainOrderAnswer> {
  const { order: visible, asDesk } = await visibleTrainOrder(deps.db, auth, orderId);
  if (asDesk) throw forbidden();
  if (auth.company.commonConfig.disablePayment) throw new AppError(Code.FORBIDDEN, 'order.payment.disabled');
  if (!TRAIN_METHODS.includes(method) || !allowedChannels(auth.company).includes(method)) {
    throw new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });
  }
  const manual = { ...DEFAULT_TRAIN_CONFIG, ...auth.company.trainConfig }.manual;
  const actor: TrainActorRef = { kind: 'agency', userId: auth.user.id };
  const now = o.now ?? new Date();
  const paid = await deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, visible.id))!;
    if (order.paymentStatus === 'paid') {
      if (await paidWithKey(tx, order.id, o.idempotencyKey)) return { order, replay: true };
      throw refusedTrainMove(order, 'pay');
    }
    const event = manual ? 'pay_for_desk' : 'pay';
    if (!trainTransitionOf(order.status, event, 'agency')) throw refusedTrainMove(order, 'pay');
    if (order.paymentDeadline && order.paymentDeadline <= now) throw new AppError(Code.ORDER_STATE, 'order.payment.deadlinePassed');
    const held = await hold(tx, order.companyId, 'CNY', order.total, {
      useCredit: method === 'credit',
      ttlMinutes: TRAIN_PAYMENT_HOLD_MINUTES,
      reference: { type: TRAIN_ORDER_REFERENCE, id: order.id },
      idempotencyKey: holdKeyOf(order.id),
      actor: auth.user.id,
      now,
    });
    if (!held.ok) throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
    const next = await applyTrainTransition(tx, order, event, actor, {
      patch: { paymentStatus: 'paid', paymentMethod: method, holdId: held.holdId, paidAt: now },
      data: { method, idempotencyKey: o.idempotencyKey },
    });
    return { order: next, replay: false };
  });
  if (paid.order.status !== 'ticketing') return answerOf(paid.order);
  // The railway's answer is the system's move (issue or ticketing_failed), not the agent's.
  return answerOf(await ticketTrainOrder(deps, paid.order.id));
}

/**
 * Asks the railway for the tickets of a paid order (ticketing) and settles the outcome. Safe to repeat: the railway
 * answers the same tickets again, and only the first settlement moves the order and the money.
 */
export async function ticketTrainOrder(deps: TrainOrderDeps, orderId: string, actor: TrainActorRef = TRAIN_SYSTEM): Promise<TrainOrderRow> {
  const order = (await findTrainOrder(deps.db, orderId))!;
  if (order.status !== 'ticketing' && !(order.status === 'manual_ticketing' && actor.kind === 'platform')) return order;
  const supplier = railSupplierOf(deps, order.supplier);
  if (!supplier) throw new Error(`train order ${order.id}: unknown rail supplier ${order.supplier}`);
  const ref = { bookingId: order.supplierBookingId!, orderNumber: order.supplierOrderNumber! };
  const result = await railCall((signal) => supplier.ticket(ref, { signal }));
  if (result.status === 'ok') return issueTrainOrder(deps, order.id, result.value, actor);
  if (result.status === 'refused' || result.error.kind === 'ticketing_failed') {
    const reason = result.status === 'refused' ? result.reason : result.error.kind;
    return failTrainOrder(deps, order.id, actor.kind === 'platform' ? actor : TRAIN_SYSTEM, reason);
  }
  // No answer or a supplier fault: the order stays ticketing; the retry is recorded on the timeline.
  deps.log?.warn({ orderId, error: result.error }, 'train ticketing outcome unknown; stays ticketing');
  return deps.db.transaction(async (tx) => {
    const locked = (await lockTrainOrder(tx, order.id))!;
    if (locked.status !== 'ticketing') return locked;
    return applyTrainTransition(tx, locked, 'retry_ticketing', TRAIN_SYSTEM, { remark: result.error.kind, data: { error: result.error.kind } });
  });
}

type IssuedBooking = { tickets: { passengerIndex: number; seat: StoredTrainPassenger['seat']; price: number; ticketNumber: string | null }[] };

/** Tickets in, money captured, status issued: one transaction, once whoever gets here first. */
export async function issueTrainOrder(deps: TrainOrderDeps, orderId: string, booking: IssuedBooking, actor: TrainActorRef): Promise<TrainOrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, orderId))!;
    if (order.status !== 'ticketing' && order.status !== 'manual_ticketing') return order;
    const passengers = passengersOfRow(order).map((p): StoredTrainPassenger => {
      const t = booking.tickets.find((x) => x.passengerIndex === p.index);
      return t ? { ...p, seat: t.seat, ticketNumber: t.ticketNumber, ticketStatus: 'issued' } : p;
    });
    if (!order.holdId) throw new Error(`train order ${order.id} is ticketing without a payment hold`);
    const captured = await captureAsSpend(tx, order.holdId, {
      reason: 'origin-train',
      reference: { type: TRAIN_ORDER_REFERENCE, id: order.id },
      result: { orderNumber: order.orderNumber, trainNumber: order.trainNumber },
      actor: actor.userId,
    });
    if (!captured.ok) throw new Error(`train order ${order.id}: payment hold could not be captured (${captured.reason})`);
    return applyTrainTransition(tx, order, 'issue', actor, {
      patch: { passengers, issuedAt: new Date() },
      data: { tickets: passengers.map((p) => p.ticketNumber) },
    });
  });
}

/** The railway refused: the hold is released (nothing was charged) and the seats are the railway's again. */
export async function failTrainOrder(deps: TrainOrderDeps, orderId: string, actor: TrainActorRef, reason: string): Promise<TrainOrderRow> {
  const failed = await deps.db.transaction(async (tx) => {
    const order = (await lockTrainOrder(tx, orderId))!;
    if (order.status !== 'ticketing' && order.status !== 'manual_ticketing') return order;
    if (order.holdId) {
      const released = await release(tx, order.holdId, { actor: actor.userId });
      if (!released.ok && released.reason !== 'hold_already_resolved') throw new Error(`train order ${order.id}: hold not released (${released.reason})`);
    }
    const passengers = passengersOfRow(order).map((p): StoredTrainPassenger => ({ ...p, ticketStatus: 'canceled' }));
    return applyTrainTransition(tx, order, actor.kind === 'platform' ? 'mark_failed' : 'ticketing_failed', actor, {
      patch: { passengers, paymentStatus: 'unpaid' },
      remark: reason,
      data: { reason },
    });
  });
  const supplier = railSupplierOf(deps, failed.supplier);
  if (supplier && failed.supplierBookingId) {
    await railCall((signal) => supplier.cancel({ bookingId: failed.supplierBookingId!, orderNumber: failed.supplierOrderNumber! }, { signal }));
  }
  return failed;
}
