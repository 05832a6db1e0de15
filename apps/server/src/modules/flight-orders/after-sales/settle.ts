import type { Currency } from '@portal/contract/currency';
import type { Tx } from '../../../db/client.ts';
import { captureAsSpend, refund as ledgerRefund, release } from '../../ledger/ledger.service.ts';
import { insertTransaction, type TransactionRow } from '../../payments/payments.repository.ts';
import { applyTransition, SYSTEM, type Actor } from '../order-transition.ts';
import { passengersOf, setTicketNumber, type OrderRow } from '../order.repository.ts';
import { ORDER_REFERENCE } from '../pay.usecase.ts';
import { releaseClaims } from './requests.repository.ts';

/**
 * How each after-sales order ends, inside the caller's transaction under the order's row lock, so the status, the
 * coupons and the money never disagree. Money goes back to the wallet it was paid from: balance and credit payments
 * (a credit payment lowers the used credit), and channel payments too, which the channel settled into the wallet
 * before the order was paid from it (docs/decisions/0014-after-sales.md). Exactly once: the ledger movement is keyed by
 * the request.
 */

const done: Actor = SYSTEM;

/** refunded -> refunded_reimbursing -> refunded_reimbursed, or voided -> voided_reimbursing -> voided_reimbursed. */
export async function completeMoneyBack(tx: Tx, order: OrderRow, actor: Actor, remark: string | null): Promise<OrderRow> {
  const finished = await applyTransition(tx, order, 'supplier_done', actor, { remark, patch: { nextActionAt: null, leaseUntil: null, inDoubt: false, issuedAt: new Date() } });
  const reimbursing = await applyTransition(tx, finished, 'reimburse', done);
  const reason = order.type === 'void' ? 'void-flight' : 'refund-flight';
  let movementId: string | null = null;
  if (order.total > 0) {
    const moved = await ledgerRefund(tx, order.companyId, order.currency, order.total, reason, {
      reference: { type: ORDER_REFERENCE, id: order.id },
      idempotencyKey: `after-sales:${order.id}`,
      actor: actor.userId,
    });
    if (!moved.ok) throw new Error(`order ${order.id}: money could not be returned (${moved.reason})`);
    movementId = moved.movementId;
    await insertTransaction(tx, {
      companyId: order.companyId,
      kind: 'refund',
      method: (order.paymentMethod ?? 'balance') as TransactionRow['method'],
      status: 'succeeded',
      originType: ORDER_REFERENCE,
      originId: order.id,
      grossAmount: order.total,
      grossCurrency: order.currency,
      netAmount: order.total,
      netCurrency: order.currency,
      movementId,
      idempotencyKey: `order-refund:${order.id}`,
      createdBy: actor.userId,
      paidAt: new Date(),
    });
  }
  return applyTransition(tx, reimbursing, 'reimbursed', done, { data: { amount: order.total, currency: order.currency as Currency, movementId } });
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
    const captured = await captureAsSpend(tx, order.holdId, { reason: 'change-flight', reference: { type: ORDER_REFERENCE, id: order.id }, result: { bookingNumber: order.bookingNumber }, now: new Date() });
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
