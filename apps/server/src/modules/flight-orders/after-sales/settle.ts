import type { Currency } from '@portal/contract/currency';
import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { captureAsSpend, refund as ledgerRefund, refundToChannel, release } from '../../ledger/ledger.service.ts';
import { findTransaction, insertTransaction } from '../../payments/payments.repository.ts';
import { applyTransition, SYSTEM, type Actor } from '../order-transition.ts';
import { findOrder, passengersOf, setTicketNumber, type OrderRow } from '../order.repository.ts';
import { ORDER_REFERENCE, settledOrderTransaction } from '../pay.usecase.ts';
import { sum } from './quotes.ts';
import { findRequest, releaseClaims } from './requests.repository.ts';

/**
 * How each after-sales order ends, inside the caller's transaction under the order's row lock, so the status, the
 * coupons and the money never disagree. Money goes back where it came from: the wallet for balance and credit payments
 * (a credit payment lowers the used credit), the payment channel's refund for channel payments
 * (docs/decisions/0014-after-sales.md). Exactly once: the ledger movements are keyed by the request.
 */

const done: Actor = SYSTEM;

/**
 * refunded -> refunded_reimbursing -> refunded_reimbursed, or voided -> voided_reimbursing -> voided_reimbursed. Money
 * paid from the wallet goes back to it at once. Money paid through a payment channel goes back through the channel's
 * refund call, which the background step makes outside any transaction (reimburseThroughChannel): the order waits in
 * *_reimbursing until then.
 */
export async function completeMoneyBack(tx: Tx, order: OrderRow, actor: Actor, remark: string | null): Promise<OrderRow> {
  const finished = await applyTransition(tx, order, 'supplier_done', actor, { remark, patch: { nextActionAt: null, leaseUntil: null, inDoubt: false, issuedAt: new Date() } });
  const viaChannel = order.total > 0 && (await channelPaymentOf(tx, order)) !== null;
  const reimbursing = await applyTransition(tx, finished, 'reimburse', done, { patch: viaChannel ? { nextActionAt: new Date(), attempts: 0 } : {} });
  return viaChannel ? reimbursing : reimburseToWallet(tx, reimbursing, actor, null);
}

/** The channel payment the request's original order was paid with, when it was paid through one. */
export async function channelPaymentOf(db: DbOrTx, order: OrderRow): Promise<{ channel: string; channelPaymentId: string } | null> {
  const original = order.originalOrderId ? await findOrder(db, order.originalOrderId) : null;
  const paidWith = original?.paymentTransactionId ? await findTransaction(db, original.paymentTransactionId) : null;
  if (!paidWith || paidWith.status !== 'succeeded' || !paidWith.channelPaymentId) return null;
  if (!(EXTERNAL_PAYMENT_CHANNELS as readonly string[]).includes(paidWith.method)) return null;
  return { channel: paidWith.method, channelPaymentId: paidWith.channelPaymentId };
}

const moneyReason = (order: OrderRow) => (order.type === 'void' ? 'void-flight' : 'refund-flight');

/** The agency's service fees within a request's amount (statements show them). */
async function serviceFeeIn(db: DbOrTx, order: OrderRow): Promise<number> {
  const r = await findRequest(db, order.id);
  if (!r) return 0;
  if (order.type === 'change') return sum(r.changeLines ?? [], (l) => l.serviceFee);
  return sum(r.refundQuote?.lines ?? [], (l) => l.serviceFee);
}

/** The refund (void) entry to the agency's wallet, exactly once (keyed by the request). */
async function creditWallet(tx: Tx, order: OrderRow, actor: Actor): Promise<string> {
  const moved = await ledgerRefund(tx, order.companyId, order.currency, order.total, moneyReason(order), {
    reference: { type: ORDER_REFERENCE, id: order.id },
    idempotencyKey: `after-sales:${order.id}`,
    actor: actor.userId,
    result: { serviceFee: await serviceFeeIn(tx, order) },
  });
  if (!moved.ok) throw new Error(`order ${order.id}: money could not be returned (${moved.reason})`);
  return moved.movementId;
}

/** *_reimbursing -> *_reimbursed with the money in the agency's wallet (and an All Transactions row). */
export async function reimburseToWallet(tx: Tx, order: OrderRow, actor: Actor, remark: string | null): Promise<OrderRow> {
  let movementId: string | null = null;
  if (order.total > 0) {
    movementId = await creditWallet(tx, order, actor);
    // A wallet or credit payment's money is back where it came from; a channel payment the channel would not refund
    // (the remark says why) stays with the agency as wallet money.
    const method = (await channelPaymentOf(tx, order)) ? 'balance' : (order.paymentMethod ?? 'balance');
    await insertTransaction(tx, settledOrderTransaction(order, 'refund', method, movementId, actor.userId ?? null, new Date()));
  }
  return applyTransition(tx, order, 'reimbursed', done, { remark, patch: { nextActionAt: null, leaseUntil: null }, data: { amount: order.total, currency: order.currency as Currency, movementId } });
}

/**
 * *_reimbursing -> *_reimbursed after the channel refunded the payer: the wallet shows the refund and, at once, the
 * same amount leaving for the channel, so the agency's statement tells the whole story and its balance is unchanged.
 */
export async function reimburseThroughChannel(tx: Tx, order: OrderRow, channel: string, refundId: string): Promise<OrderRow> {
  const movementId = await creditWallet(tx, order, SYSTEM);
  const out = await refundToChannel(tx, order.companyId, order.currency, order.total, {
    channel,
    reference: { type: ORDER_REFERENCE, id: order.id },
    idempotencyKey: `after-sales-channel:${order.id}`,
  });
  if (!out.ok) throw new Error(`order ${order.id}: channel refund could not be booked (${out.reason})`);
  await insertTransaction(tx, settledOrderTransaction(order, 'refund', channel, out.movementId, SYSTEM.userId ?? null, new Date()));
  return applyTransition(tx, order, 'reimbursed', done, {
    patch: { nextActionAt: null, leaseUntil: null, inDoubt: false },
    data: { amount: order.total, currency: order.currency as Currency, movementId, channel, refundId },
  });
}

/** The airline refused (or the desk gave up): the coupons are free again; a paid change gets its money back. */
export async function failRequest(tx: Tx, order: OrderRow, actor: Actor, remark: string | null): Promise<OrderRow> {
  await releaseClaims(tx, order.id);
  if (order.type === 'change' && order.holdId) {
    const r = await release(tx, order.holdId, { actor: actor.userId });
    if (!r.ok && r.reason !== 'hold_already_resolved') throw new Error(`order ${order.id}: hold ${order.holdId} could not be released (${r.reason})`);
  }
  return applyTransition(tx, order, 'supplier_refused', actor, { remark, patch: { nextActionAt: null, leaseUntil: null, inDoubt: false, reviewRemark: remark } });
}

/** A change reissued: new tickets on the change order's passengers, the held difference spent (change-flight). */
export async function completeChange(tx: Tx, order: OrderRow, tickets: { passengerIndex: number; ticketNumber: string }[], actor: Actor, remark: string | null): Promise<OrderRow> {
  const passengers = await passengersOf(tx, order.id);
  for (const t of tickets) {
    const p = passengers.find((x) => x.position === t.passengerIndex);
    if (p) await setTicketNumber(tx, p.id, t.ticketNumber);
  }
  if (order.holdId) {
    const captured = await captureAsSpend(tx, order.holdId, { reason: 'change-flight', reference: { type: ORDER_REFERENCE, id: order.id }, result: { bookingNumber: order.bookingNumber, serviceFee: await serviceFeeIn(tx, order) }, now: new Date() });
    if (!captured.ok) throw new Error(`order ${order.id}: change payment could not be captured (${captured.reason})`);
  }
  return applyTransition(tx, order, 'supplier_done', actor, {
    remark,
    patch: { issuedAt: new Date(), nextActionAt: null, leaseUntil: null, inDoubt: false },
    data: { tickets: tickets.map((t) => t.ticketNumber) },
  });
}

/** Canceled or lapsed before anything reached the airline: the coupons are free again. */
export async function endUnused(tx: Tx, order: OrderRow, event: 'cancel' | 'expire', actor: Actor, remark: string | null = null): Promise<OrderRow> {
  await releaseClaims(tx, order.id);
  return applyTransition(tx, order, event, actor, { remark, patch: { nextActionAt: null, leaseUntil: null } });
}
