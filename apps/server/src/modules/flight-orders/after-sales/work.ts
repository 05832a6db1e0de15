import type { Currency } from '@portal/contract/currency';
import type { SupplierAfterSalesResult, SupplierReissueResult } from '../../../suppliers/air/types.ts';
import type { OrderDeps } from '../deps.ts';
import { ticketBudgetMs } from '../deps.ts';
import { applyTransition, SYSTEM } from '../order-transition.ts';
import { lockOrder, passengersOf, updateOrder, type OrderRow } from '../order.repository.ts';
import { call, isDefinite, refOf, supplierOf } from '../supplier-calls.ts';
import { quoteRefund } from './quote.ts';
import { findRequest } from './requests.repository.ts';
import { channelPaymentOf, completeChange, completeMoneyBack, endUnused, failRequest, reimburseThroughChannel, reimburseToWallet } from './settle.ts';
import { quoteMs } from './timing.ts';

/**
 * The background side of change, refund and void orders (one step per claim of the order's lease, like the origin's
 * work.usecase.ts):
 *  chg_reviewing / rfd_reviewing  -> when the desk has not answered in its delay, the simulated airline desk quotes
 *  rfd_to_be_confirm / chg_to_be_paid -> at the quote's (payment's) deadline: canceled, coupons free again
 *  *_proceeding / *_holding       -> the airline call, keyed by the request: done, refused, or unknown (ask again)
 *  *_reimbursing                  -> the payment channel's refund call, keyed by the request (channel payments only)
 */
export type Outcome = 'done' | 'later';

const backoff = (attempts: number) => Math.min(30 * 60_000, 15_000 * 2 ** Math.min(attempts, 10));

export async function stepAfterSales(deps: OrderDeps, order: OrderRow, now: Date): Promise<Outcome> {
  switch (order.status) {
    case 'rfd_reviewing':
    case 'chg_reviewing':
      return locked(deps, order, async (tx, o) => {
        if (o.type === 'refund') await quoteRefund(tx, o, SYSTEM, now);
        else {
          const deadline = new Date(now.getTime() + quoteMs());
          await applyTransition(tx, o, 'quote', SYSTEM, { patch: { paymentDeadline: deadline, nextActionAt: deadline, leaseUntil: null } });
        }
      });
    case 'rfd_to_be_confirm':
    case 'chg_to_be_paid': {
      const due = order.status === 'rfd_to_be_confirm' ? (await findRequest(deps.db, order.id))?.quoteExpiresAt : order.paymentDeadline;
      if (due && due > now) {
        await updateOrder(deps.db, order.id, { nextActionAt: due, leaseUntil: null });
        return 'later';
      }
      return locked(deps, order, (tx, o) => endUnused(tx, o, 'expire', SYSTEM, 'quote lapsed'));
    }
    case 'rfd_proceeding':
    case 'refund_holding':
    case 'void_proceeding':
    case 'void_holding':
    case 'chg_proceeding':
    case 'change_holding':
      return askAirline(deps, order, now);
    case 'refunded_reimbursing':
    case 'voided_reimbursing':
      return reimburse(deps, order, now);
    default:
      await updateOrder(deps.db, order.id, { nextActionAt: null, leaseUntil: null });
      return 'done';
  }
}

async function locked(deps: OrderDeps, order: OrderRow, fn: (tx: Parameters<Parameters<OrderDeps['db']['transaction']>[0]>[0], o: OrderRow) => Promise<unknown>): Promise<Outcome> {
  await deps.db.transaction(async (tx) => {
    const o = (await lockOrder(tx, order.id))!;
    // Someone (the desk, the agent) moved it meanwhile: nothing to do.
    if (o.status !== order.status) return;
    await fn(tx, o);
  });
  return 'done';
}

async function askAirline(deps: OrderDeps, order: OrderRow, now: Date): Promise<Outcome> {
  const supplier = supplierOf(deps, order);
  const ref = refOf(order);
  const request = await findRequest(deps.db, order.id);
  if (!ref || !request) throw new Error(`order ${order.id}: after-sales without a booking or request`);
  const passengerIndexes = (await passengersOf(deps.db, order.id)).map((p) => p.position);
  const clientReference = order.id;
  let answer: SupplierAfterSalesResult | SupplierReissueResult;
  try {
    if (order.type === 'void') {
      if (!supplier.voidTickets) return leaveToDesk(deps, order);
      answer = await call(ticketBudgetMs(), (signal) => supplier.voidTickets!(ref, { passengerIndexes, clientReference }, { signal, now }));
    } else if (order.type === 'refund') {
      if (!supplier.refundTickets) return leaveToDesk(deps, order);
      answer = await call(ticketBudgetMs(), (signal) => supplier.refundTickets!(ref, { passengerIndexes, legs: request.legs, clientReference }, { signal, now }));
    } else {
      if (!supplier.reissueTickets) return leaveToDesk(deps, order);
      const newOfferId = (order.offer as { offerId: string }).offerId;
      answer = await call(ticketBudgetMs(), (signal) => supplier.reissueTickets!(ref, { passengerIndexes, legs: request.legs, newOfferId, clientReference }, { signal, now }));
    }
  } catch (err) {
    if (isDefinite(err)) {
      // The airline answered with an error: nothing happened; try again later, the desk sees it meanwhile.
      deps.log?.warn({ err, orderId: order.id }, 'after-sales call failed; retrying');
      return later(deps, order, now, false);
    }
    deps.log?.warn({ err, orderId: order.id }, 'after-sales outcome unknown; asking again later');
    return later(deps, order, now, true);
  }
  await deps.db.transaction(async (tx) => {
    const o = (await lockOrder(tx, order.id))!;
    if (o.status !== order.status && !(o.status.endsWith('_holding') && order.status.endsWith('_proceeding'))) return;
    if (answer.status === 'refused') await failRequest(tx, o, SYSTEM, `refused by the airline: ${answer.reason}`);
    else if (o.type === 'change') await completeChange(tx, o, 'tickets' in answer ? answer.tickets : [], SYSTEM, null);
    else await completeMoneyBack(tx, o, SYSTEM, null);
  });
  return 'done';
}

/**
 * The money of a channel payment goes back through the channel (its refund is keyed by the request, so asking again
 * after a lost answer never refunds twice). A refusal (the channel no longer holds that much of the payment, say)
 * credits the wallet instead and says so; no answer is asked again later.
 */
async function reimburse(deps: OrderDeps, order: OrderRow, now: Date): Promise<Outcome> {
  const paid = await channelPaymentOf(deps.db, order);
  const channel = paid ? deps.payments.channels.get(paid.channel) : undefined;
  if (!paid || !channel) return locked(deps, order, (tx, o) => reimburseToWallet(tx, o, SYSTEM, paid ? `payment channel ${paid.channel} is not configured; credited to the wallet` : null));
  let answer;
  try {
    answer = await call(ticketBudgetMs(), () => channel.refundPayment(paid.channelPaymentId, { refundReference: order.id, amount: order.total, currency: order.currency as Currency }, now));
  } catch (err) {
    deps.log?.warn({ err, orderId: order.id, channel: paid.channel }, 'channel refund failed; asking again later');
    return later(deps, order, now, true);
  }
  return locked(deps, order, (tx, o) =>
    answer.ok ? reimburseThroughChannel(tx, o, paid.channel, answer.refundId) : reimburseToWallet(tx, o, SYSTEM, `the payment channel refused the refund (${answer.reason}); credited to the wallet`),
  );
}

/** No answer in time: *_proceeding -> *_holding (the desk sees it), then ask again with the same reference. */
async function later(deps: OrderDeps, order: OrderRow, now: Date, unknown: boolean): Promise<Outcome> {
  await deps.db.transaction(async (tx) => {
    const o = (await lockOrder(tx, order.id))!;
    // Moved on while the airline (or the channel) was being asked, by the desk marking it processed or failed, say:
    // nothing is left to ask again (the same guard as the answer's, in askAirline).
    if (o.status !== order.status && !(o.status.endsWith('_holding') && order.status.endsWith('_proceeding'))) return;
    const patch = { attempts: o.attempts + 1, inDoubt: unknown || o.inDoubt, nextActionAt: new Date(now.getTime() + backoff(o.attempts)), leaseUntil: null };
    if (unknown && o.status.endsWith('_proceeding')) await applyTransition(tx, o, 'supplier_unknown', SYSTEM, { patch });
    else await updateOrder(tx, o.id, patch);
  });
  return 'later';
}

/** A supplier without after-sales calls: the desk does it at the airline by hand (markProcessed). */
async function leaveToDesk(deps: OrderDeps, order: OrderRow): Promise<Outcome> {
  await updateOrder(deps.db, order.id, { nextActionAt: null, leaseUntil: null });
  return 'done';
}
