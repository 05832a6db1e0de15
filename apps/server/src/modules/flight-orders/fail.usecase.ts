import type { Tx } from '../../db/client.ts';
import { release } from '../ledger/ledger.service.ts';
import { insertTransaction, type TransactionRow } from '../payments/payments.repository.ts';
import { applyTransition, SYSTEM, type Actor } from './order-transition.ts';
import type { OriginEvent } from './order.states.ts';
import type { OrderRow } from './order.repository.ts';

/**
 * A paid order that will not be ticketed: failed -> failed_reimbursing (the hold is released to the wallet) ->
 * failed_reimbursed, in the caller's transaction so the money and the status never disagree. The release is exactly
 * once (the ledger resolves a hold once); an order paid through a channel gets its money back in the wallet the
 * channel credited.
 */
export async function failAndReimburse(tx: Tx, order: OrderRow, event: Extract<OriginEvent, 'ticketing_failed' | 'mark_failed'>, actor: Actor, remark: string | null): Promise<OrderRow> {
  const failed = await applyTransition(tx, order, event, actor, { remark, patch: { nextActionAt: null, leaseUntil: null, inDoubt: false } });
  const reimbursing = await applyTransition(tx, failed, 'reimburse', actor.kind === 'platform' ? actor : SYSTEM);
  if (order.holdId) {
    const r = await release(tx, order.holdId, { actor: actor.userId });
    if (!r.ok && r.reason !== 'hold_already_resolved') throw new Error(`order ${order.id}: hold ${order.holdId} could not be released (${r.reason})`);
    // All Transactions shows the money going back, against the order.
    await insertTransaction(tx, {
      companyId: order.companyId,
      kind: 'refund',
      method: (order.paymentMethod ?? 'balance') as TransactionRow['method'],
      status: 'succeeded',
      originType: 'flight-order',
      originId: order.id,
      grossAmount: order.total,
      grossCurrency: order.currency,
      netAmount: order.total,
      netCurrency: order.currency,
      movementId: r.ok ? r.movementId : null,
      idempotencyKey: `order-refund:${order.id}`,
      createdBy: actor.userId,
      paidAt: new Date(),
    });
  }
  return applyTransition(tx, reimbursing, 'reimbursed', SYSTEM);
}
