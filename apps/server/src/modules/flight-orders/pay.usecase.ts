import { and, eq, sql } from 'drizzle-orm';
import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { PayOrderAnswer } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import { channelFee } from '@portal/contract/top-up';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { flightOrderEvents } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { hold } from '../ledger/ledger.service.ts';
import { findTransactionByKey, insertTransaction, type TransactionRow } from '../payments/payments.repository.ts';
import { registerOriginHandler } from '../payments/settlement.service.ts';
import { allowedChannels } from '../payments/top-up-rules.ts';
import { EXPIRY_GRACE_MS, openAtChannel } from '../payments/wallet-payments.service.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import { kickWebhooks } from '../webhooks/webhooks.delivery.ts';
import { PAYMENT_HOLD_MINUTES, type OrderDeps } from './deps.ts';
import { visibleOrder } from './order.access.ts';
import { applyTransition, refusedMove, type Actor } from './order-transition.ts';
import { lockOrder, updateOrder, type OrderRow } from './order.repository.ts';
import type { OrderStatus } from '@portal/contract/api/flight-orders';
import { transitionOf } from './order.states.ts';

/**
 * Paying an order (POST /order/v2/flight/orders/{id}/payment): a booking (to_be_paid) or a change's difference
 * (chg_to_be_paid), whatever the state table lets the agency pay. Balance and credit hold the money in the ledger at
 * once (captured when the tickets are issued or reissued, released if that fails) and move the order on; an external
 * channel opens the channel's hosted page, and the order is paid when the channel's signed callback credits the
 * wallet (the 'flight-order' origin handler below). One hold per order, keyed by the order: paying twice, with two
 * keys, two tabs or a replayed callback, never charges twice.
 */

export const ORDER_REFERENCE = 'flight-order';
const holdKeyOf = (orderId: string) => `flight-order-pay:${orderId}`;

/**
 * The All Transactions row of an order's money settled in the ledger at once (a wallet payment, a refund): one per
 * order and kind, its full total, succeeded.
 */
export function settledOrderTransaction(order: OrderRow, kind: 'payment' | 'refund', method: string, movementId: string, createdBy: string | null, at: Date) {
  return {
    companyId: order.companyId,
    kind,
    method: method as TransactionRow['method'],
    status: 'succeeded' as const,
    originType: ORDER_REFERENCE,
    originId: order.id,
    grossAmount: order.total,
    grossCurrency: order.currency,
    netAmount: order.total,
    netCurrency: order.currency,
    movementId,
    idempotencyKey: `order-${kind}:${order.id}`,
    createdBy,
    paidAt: at,
  };
}

function answerOf(order: OrderRow, redirectUrl: string | null = null, transactionId: string | null = order.paymentTransactionId): PayOrderAnswer {
  return { status: order.status, paymentStatus: order.paymentStatus, redirectUrl, transactionId };
}

/**
 * Holds the order's total in the wallet and moves it to proceeding, inside the caller's transaction. `useCredit`:
 * false pays from cash only ("balance"). Returns null when the funds do not cover it.
 */
async function holdAndProceed(tx: Tx, order: OrderRow, method: PaymentChannelCode, actor: Actor, o: { useCredit: boolean; fee?: number; transactionId?: string; idempotencyKey?: string; now: Date }) {
  // A change that costs nothing (the airline's own change) is confirmed, not charged: no hold, no payment row.
  if (order.total === 0) {
    return applyTransition(tx, order, 'pay', actor, {
      patch: { paymentStatus: 'paid', paymentMethod: method, paidAt: o.now, nextActionAt: o.now, leaseUntil: null, attempts: 0 },
      data: { method, idempotencyKey: o.idempotencyKey ?? null, transactionId: null },
    });
  }
  const held = await hold(tx, order.companyId, order.currency as Currency, order.total, {
    useCredit: o.useCredit,
    ttlMinutes: PAYMENT_HOLD_MINUTES,
    reference: { type: ORDER_REFERENCE, id: order.id },
    idempotencyKey: holdKeyOf(order.id),
    actor: actor.userId,
    now: o.now,
  });
  if (!held.ok) return null;
  // All Transactions lists every payment: a balance or credit payment is recorded here; a channel's already is.
  const transactionId =
    o.transactionId ??
    (
      await insertTransaction(tx, settledOrderTransaction(order, 'payment', method, held.movementId, actor.userId ?? null, o.now))
    ).id;
  return applyTransition(tx, order, 'pay', actor, {
    patch: {
      paymentStatus: 'paid',
      paymentMethod: method,
      holdId: held.holdId,
      paidAt: o.now,
      transactionFee: o.fee ?? 0,
      paymentTransactionId: transactionId,
      nextActionAt: o.now,
      leaseUntil: null,
      attempts: 0,
    },
    data: { method, idempotencyKey: o.idempotencyKey ?? null, transactionId: o.transactionId ?? null },
  });
}

/** The agency may pay it now: a booking waiting for payment or a change waiting for its difference. */
const payable = (order: OrderRow) => order.paymentStatus !== 'paid' && transitionOf(order.status as OrderStatus, 'pay', 'agency', order.type) !== null;

async function paidWithKey(db: DbOrTx, orderId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: flightOrderEvents.id })
    .from(flightOrderEvents)
    .where(and(eq(flightOrderEvents.orderId, orderId), eq(flightOrderEvents.event, 'pay'), sql`${flightOrderEvents.data}->>'idempotencyKey' = ${key}`))
    .limit(1);
  return rows.length > 0;
}

export async function payOrder(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: string,
  method: PaymentChannelCode,
  o: { idempotencyKey: string; lang: Language; now?: Date },
): Promise<PayOrderAnswer> {
  const { order: visible, asDesk } = await visibleOrder(deps.db, auth, orderId);
  // The desk reads other agencies' orders; paying is the agency's own business.
  if (asDesk) throw forbidden();
  const company = auth.company;
  if (company.commonConfig.disablePayment) throw new AppError(Code.FORBIDDEN, 'order.payment.disabled');
  if (!allowedChannels(company).includes(method)) throw new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });
  const actor: Actor = { kind: 'agency', userId: auth.user.id };
  const now = o.now ?? new Date();

  // Nothing to charge: any method confirms it without touching the wallet or a channel.
  if (method === 'balance' || method === 'credit' || visible.total === 0) {
    const result = await deps.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, visible.id))!;
      if (order.paymentStatus === 'paid') {
        if (await paidWithKey(tx, order.id, o.idempotencyKey)) return answerOf(order);
        throw refusedMove(order, 'pay');
      }
      if (!payable(order)) throw refusedMove(order, 'pay');
      if (order.paymentDeadline && order.paymentDeadline <= now) throw new AppError(Code.ORDER_STATE, 'order.payment.deadlinePassed');
      const paid = await holdAndProceed(tx, order, method, actor, { useCredit: method === 'credit', idempotencyKey: o.idempotencyKey, now });
      if (!paid) throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
      return answerOf(paid);
    });
    if (result.status !== visible.status) deps.work.kick(visible.id);
    return result;
  }
  return payThroughChannel(deps, auth, visible, method, o.idempotencyKey, o.lang, now);
}

/**
 * An external channel: a pending payment transaction for the order's total plus the channel's fee, then the channel's
 * hosted page. The same key answers the same payment (and the same page while it is open).
 */
async function payThroughChannel(deps: OrderDeps, auth: AuthContext, order: OrderRow, method: PaymentChannelCode, key: string, lang: Language, now: Date): Promise<PayOrderAnswer> {
  const channel = deps.payments.channels.get(method);
  if (!channel || !channel.currencies.includes(order.currency as Currency)) {
    throw new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });
  }
  const scopedKey = `${auth.company.id}:flight-order:${order.id}:${key}`;
  const prior = await findTransactionByKey(deps.db, scopedKey);
  if (prior) {
    if (prior.originId !== order.id || prior.method !== method) throw idempotencyConflict();
    return answerOf(order, null, prior.id);
  }
  if (!payable(order)) throw refusedMove(order, 'pay');
  if (order.paymentDeadline && order.paymentDeadline <= now) throw new AppError(Code.ORDER_STATE, 'order.payment.deadlinePassed');
  const fee = channelFee(order.total, channel.feeBp);
  // The channel page closes a little before the order's deadline, so a payment never lands on a closed booking
  // (and if one still does, its money is credited to the wallet, never lost).
  const closesAt = Math.min(now.getTime() + channel.paymentTimeoutMinutes * 60_000, order.paymentDeadline?.getTime() ?? Infinity);
  const row = await insertTransaction(deps.db, {
    companyId: order.companyId,
    kind: 'payment',
    method: method as TransactionRow['method'],
    status: 'pending',
    originType: ORDER_REFERENCE,
    originId: order.id,
    grossAmount: order.total + fee,
    grossCurrency: order.currency,
    feeAmount: fee,
    feeBp: channel.feeBp,
    netAmount: order.total,
    netCurrency: order.currency,
    idempotencyKey: scopedKey,
    requestHash: method,
    createdBy: auth.user.id,
    expiresAt: new Date(closesAt + EXPIRY_GRACE_MS),
  });
  const subject = translate('order.payment.subject', lang, { booking: order.bookingNumber });
  const returnUrl = `${deps.payments.publicUrl}/flight/orders/${order.id}?payment=${row.id}`;
  const opened = await openAtChannel({ db: deps.db, payments: deps.payments }, channel, row, subject, undefined, returnUrl);
  await updateOrder(deps.db, order.id, { paymentTransactionId: row.id });
  return { status: order.status, paymentStatus: order.paymentStatus, redirectUrl: opened.redirectUrl, transactionId: row.id };
}

/**
 * The channel credited the order's money to the wallet (settlement.service): pay the order from it, cash only. An
 * order that can no longer be paid (closed, canceled, already paid another way) simply leaves the money in the wallet.
 */
export function registerOrderPayments(deps: OrderDeps): void {
  registerOriginHandler(ORDER_REFERENCE, async (tx, transaction) => {
    if (!transaction.originId) return;
    const order = await lockOrder(tx, transaction.originId);
    if (!order || !payable(order)) {
      deps.log?.warn({ orderId: transaction.originId, transactionId: transaction.id }, 'channel payment arrived for an order that cannot be paid; kept in the wallet');
      return;
    }
    const paid = await holdAndProceed(tx, order, transaction.method as PaymentChannelCode, { kind: 'agency', userId: transaction.createdBy }, {
      useCredit: false,
      fee: transaction.feeAmount,
      transactionId: transaction.id,
      now: new Date(),
    });
    if (!paid) return;
    return () => {
      deps.work.kick(order.id);
      void kickWebhooks(deps);
    };
  });
}
