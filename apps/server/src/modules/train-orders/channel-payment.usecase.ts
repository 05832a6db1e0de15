import type { FastifyBaseLogger } from 'fastify';
import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { TrainChannelOutcome, TrainChannelPayment } from '@portal/contract/api/train-payments';
import type { PayTrainOrderAnswer } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import { channelFee } from '@portal/contract/top-up';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { Payments } from '../../payments/registry.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { findTransaction, findTransactionByKey, insertTransaction, type TransactionRow } from '../payments/payments.repository.ts';
import { reconcile, registerOriginHandler } from '../payments/settlement.service.ts';
import { EXPIRY_GRACE_MS, openOrReconcile } from '../payments/wallet-payments.service.ts';
import { TRAIN_ORDER_REFERENCE, type TrainOrderDeps } from './deps.ts';
import { holdForTicketing, payableTrainOrder } from './payment-hold.ts';
import { ticketTrainOrder } from './ticketing.usecase.ts';
import { visibleTrainOrder } from './train.access.ts';
import { companyTrainConfig, findTrainOrder, lockTrainOrder, paidWithKey, type TrainOrderRow } from './train.repository.ts';
import { refusedTrainMove } from './train-transition.ts';

/**
 * Paying a train order through an external channel (issue 13), as flight orders and group instalments are paid: a
 * pending payment transaction (origin 'train-order') for the order's total plus the channel's fee, then the channel's
 * hosted page, closing by the railway's hold deadline. When the channel's signed callback credits the wallet
 * (settlement.service, any number of times, exactly once), the 'train-order' origin handler below holds the total from
 * that cash with the wallet path's own step and ledger key (payment-hold.ts) in the same transaction, and ticketing
 * follows as after a wallet payment: at once, or by the desk under a manual train config. Money that finds the order no
 * longer payable (paid another way, expired, canceled) stays in the wallet as a top-up.
 */

export interface TrainPaymentDeps extends TrainOrderDeps {
  payments: Payments;
  log?: FastifyBaseLogger;
}

const methodNotAllowed = () => new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });

/**
 * A channel payment's transaction key: the order and the request's (agency-scoped) Idempotency-Key, so a replay finds
 * its payment, and the handler can record on the pay event the key the agent sent, as the wallet path does.
 */
const channelKeyOf = (orderId: string, requestKey: string) => `train-channel:${orderId}:${requestKey}`;
const requestKeyOf = (row: Pick<TransactionRow, 'idempotencyKey' | 'originId'>): string | null => {
  const prefix = `train-channel:${row.originId}:`;
  return row.idempotencyKey?.startsWith(prefix) ? row.idempotencyKey.slice(prefix.length) : null;
};

/** The channel payment this request's key opened on the order, if any. */
export const priorChannelPayment = (db: DbOrTx, orderId: string, requestKey: string) => findTransactionByKey(db, channelKeyOf(orderId, requestKey));

/**
 * Opens (or, for the same Idempotency-Key, answers again) the channel payment of the order. `visible` is the agency's
 * own order, already checked by payTrainOrder (tenancy, payment enabled, method allowed by the agency's settings).
 */
export async function payTrainThroughChannel(
  deps: TrainPaymentDeps,
  auth: AuthContext,
  visible: TrainOrderRow,
  method: PaymentChannelCode,
  o: { idempotencyKey: string; lang: Language; now: Date },
): Promise<PayTrainOrderAnswer> {
  const channel = deps.payments.channels.get(method);
  // Trains are sold in CNY only (docs/decisions/0018): a channel that does not take CNY cannot pay them.
  if (!channel || !channel.currencies.includes('CNY')) throw methodNotAllowed();
  const key = channelKeyOf(visible.id, o.idempotencyKey);

  const { row, order, replay } = await deps.db.transaction(async (tx) => {
    // Under the order's lock, so first requests racing with one key open one payment.
    const order = (await lockTrainOrder(tx, visible.id))!;
    const prior = await findTransactionByKey(tx, key);
    if (prior) {
      if (prior.method !== method) throw idempotencyConflict();
      return { row: prior, order, replay: true };
    }
    // A key that already paid from the wallet belongs to that payment.
    if (await paidWithKey(tx, order.id, o.idempotencyKey)) throw idempotencyConflict();
    if (!payableTrainOrder(order)) throw refusedTrainMove(order, 'pay');
    if (order.paymentDeadline && order.paymentDeadline <= o.now) throw new AppError(Code.ORDER_STATE, 'order.payment.deadlinePassed');
    const fee = channelFee(order.total, channel.feeBp);
    // The page closes by the railway's hold deadline, so a payment never lands on an order whose seats are gone (and
    // if one still does, its money is credited to the wallet, never lost).
    const closesAt = Math.min(o.now.getTime() + channel.paymentTimeoutMinutes * 60_000, order.paymentDeadline?.getTime() ?? Infinity);
    const row = await insertTransaction(tx, {
      companyId: order.companyId,
      kind: 'payment',
      method: method as TransactionRow['method'],
      status: 'pending',
      originType: TRAIN_ORDER_REFERENCE,
      originId: order.id,
      grossAmount: order.total + fee,
      grossCurrency: 'CNY',
      feeAmount: fee,
      feeBp: channel.feeBp,
      netAmount: order.total,
      netCurrency: 'CNY',
      idempotencyKey: key,
      requestHash: method,
      createdBy: auth.user.id,
      expiresAt: new Date(closesAt + EXPIRY_GRACE_MS),
    });
    return { row, order, replay: false };
  });

  const subject = translate('train.order.payment.subject', o.lang, { booking: order.orderNumber });
  // Back on the order, the page knows which payment it waits for (the callback may come a moment later).
  const returnUrl = `${deps.payments.publicUrl}/train/orders/${order.id}?payment=${row.id}`;
  const answer = await openOrReconcile(deps, channel, row, { replay, subject, returnUrl, log: deps.log });
  const current = (await findTrainOrder(deps.db, order.id))!;
  return {
    status: current.status,
    paymentStatus: current.paymentStatus,
    redirectUrl: answer.row.status === 'pending' ? answer.redirectUrl : null,
    transactionId: row.id,
  };
}

/**
 * The channel credited an order's money to the wallet (settlement.service, same transaction): pay the order from that
 * cash. Declines, leaving the money in the wallet, when the order can no longer take it: paid another way, expired or
 * canceled, its total changed, or the payer paid after the railway's hold lapsed (the payer's time, not the callback's).
 * The settlement runs the handler once per payment, however many callbacks arrive; the hold key stops a second
 * payment of the order by any path. After commit, ticketing runs as after a wallet payment.
 */
export function registerTrainPayments(deps: TrainPaymentDeps, o: { kickWebhooks: () => void }): void {
  registerOriginHandler(TRAIN_ORDER_REFERENCE, async (tx, transaction) => {
    const kept = (reason: string) =>
      deps.log?.warn({ orderId: transaction.originId, transactionId: transaction.id, reason }, 'channel payment arrived for a train order that cannot take it; kept in the wallet');
    const order = transaction.originId ? await lockTrainOrder(tx, transaction.originId) : undefined;
    if (!order || !payableTrainOrder(order)) return kept('not_payable');
    if (transaction.netAmount !== order.total || transaction.netCurrency !== 'CNY') return kept('amount_changed');
    const paidAt = transaction.paidAt ?? new Date();
    if (order.paymentDeadline && order.paymentDeadline.getTime() < paidAt.getTime()) return kept('after_deadline');
    const { manual } = await companyTrainConfig(tx, order.companyId);
    const paid = await holdForTicketing(tx, order, transaction.method as PaymentChannelCode, { kind: 'agency', userId: transaction.createdBy }, {
      useCredit: false,
      manual,
      idempotencyKey: requestKeyOf(transaction),
      transactionId: transaction.id,
      now: new Date(),
    });
    if (!paid) return kept('insufficient_funds');
    return () => {
      o.kickWebhooks();
      if (paid.status !== 'ticketing') return;
      // Not awaited: the channel waits for its acknowledgement (WeChat Pay: 5 s), not for the railway. An order this
      // leaves ticketing (a crash, no answer) is asked again by the train orders sweep.
      void ticketTrainOrder(deps, paid.id)
        .then(() => o.kickWebhooks())
        .catch((err) => deps.log?.error({ err, orderId: paid.id }, 'train ticketing after a channel payment failed; the sweep retries it'));
    };
  });
}

function outcomeOf(row: TransactionRow, order: TrainOrderRow): TrainChannelOutcome {
  if (row.status === 'pending') return 'pending';
  if (row.status !== 'succeeded') return 'closed';
  return order.paymentTransactionId === row.id ? 'paid' : 'credited';
}

/**
 * The payer's poll on return (GET .../payments/{paymentId}): the stored status, brought up to date by asking the
 * channel while it is pending (a callback that has not arrived yet is not waited for), and what became of the money.
 */
export async function getTrainChannelPayment(deps: TrainPaymentDeps, auth: AuthContext, orderId: string, paymentId: string): Promise<TrainChannelPayment> {
  const { order } = await visibleTrainOrder(deps.db, auth, orderId);
  const row = await findTransaction(deps.db, paymentId);
  // Only this order's channel payments; anything else is as absent as another agency's order.
  if (!row || row.originType !== TRAIN_ORDER_REFERENCE || row.originId !== order.id || row.companyId !== order.companyId) {
    throw new AppError(Code.NOT_FOUND, 'order.notFound');
  }
  const now = new Date();
  let current = row;
  let redirectUrl: string | null = null;
  try {
    ({ transaction: current, redirectUrl } = await reconcile(deps, row, now, { overdue: !!row.expiresAt && row.expiresAt <= now, log: deps.log }));
  } catch (err) {
    // The channel being unreachable must not hide what we already know.
    deps.log?.warn({ err, transactionId: row.id }, 'could not ask the channel about a pending train payment');
  }
  const after = (await findTrainOrder(deps.db, order.id))!;
  return {
    transactionId: current.id,
    channel: current.method as TrainChannelPayment['channel'],
    status: current.status,
    outcome: outcomeOf(current, after),
    amount: current.netAmount,
    fee: current.feeAmount,
    gross: current.grossAmount,
    currency: 'CNY',
    redirectUrl: current.status === 'pending' ? redirectUrl : null,
    // When the channel closes its page; our own expiry waits a grace period longer for a last-second callback.
    expiresAt: new Date((current.expiresAt ?? current.createdAt).getTime() - EXPIRY_GRACE_MS).toISOString(),
    paidAt: current.paidAt?.toISOString() ?? null,
    orderStatus: after.status,
    failure: current.lastFailure ?? null,
  };
}
