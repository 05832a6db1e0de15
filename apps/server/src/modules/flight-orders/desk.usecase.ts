import { and, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeskAction, DeskAnswer, DeskQuery, FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { flightOrders } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import type { OrderDeps } from './deps.ts';
import { failAndReimburse } from './fail.usecase.ts';
import { isDesk, visibleOrder } from './order.access.ts';
import { deskActions, toListItem } from './order.mapper.ts';
import { applyTransition, refusedMove, type Actor } from './order-transition.ts';
import { loadOrderDetail } from './order.queries.ts';
import { companiesUnder, deskOrders, lockOrder, type OrderRow } from './order.repository.ts';
import { releaseAtSupplier } from './supplier-calls.ts';
import type { Tx } from '../../db/client.ts';
import { quoteRefund, type QuoteAdjust } from './after-sales/quote.ts';
import { completeMoneyBack, failRequest } from './after-sales/settle.ts';
import { releaseClaims } from './after-sales/requests.repository.ts';
import { quoteMs } from './after-sales/timing.ts';

/**
 * The desk on a change, refund or void order: approve = quote it (a refund's quote may be set within the fare rules:
 * involuntary or not, the fee and service fee per passenger), reject with a remark, retry the airline call now, mark it
 * failed (the airline refused), or mark it processed (done at the airline by hand: the money goes back at once).
 */
async function deskAfterSales(tx: Tx, order: OrderRow, action: DeskAction, actor: Actor, remark: string | null, quote: QuoteAdjust): Promise<void> {
  const now = new Date();
  switch (action) {
    case 'approve':
      if (order.type === 'refund' && (order.status === 'rfd_reviewing' || order.status === 'rfd_to_be_confirm')) return void (await quoteRefund(tx, order, actor, now, quote, remark));
      if (order.type === 'change') {
        const deadline = new Date(now.getTime() + quoteMs());
        return void (await applyTransition(tx, order, 'quote', actor, { remark, patch: { paymentDeadline: deadline, nextActionAt: deadline, leaseUntil: null, reviewRemark: remark } }));
      }
      throw refusedMove(order, 'quote');
    case 'reject':
      return void (await endUnusedByDesk(tx, order, actor, remark));
    case 'retryTicketing':
      return void (await applyTransition(tx, order, 'retry', actor, { remark, patch: { nextActionAt: now, leaseUntil: null, attempts: 0 } }));
    case 'markFailed':
      if (!order.status.endsWith('_proceeding') && !order.status.endsWith('_holding')) throw refusedMove(order, 'supplier_refused');
      return void (await failRequest(tx, order, actor, remark));
    case 'markProcessed':
      if (order.type === 'change') throw new AppError(Code.ORDER_STATE, 'afterSales.desk.notForType');
      if (!order.status.endsWith('_proceeding') && !order.status.endsWith('_holding')) throw refusedMove(order, 'supplier_done');
      return void (await completeMoneyBack(tx, order, actor, remark));
  }
}

async function endUnusedByDesk(tx: Tx, order: OrderRow, actor: Actor, remark: string | null) {
  await releaseClaims(tx, order.id);
  return applyTransition(tx, order, 'reject', actor, { remark, patch: { reviewRemark: remark, nextActionAt: null, leaseUntil: null } });
}

/**
 * The platform's operations desk: orders of its agencies that need a person, and the person's decisions, each one a
 * transition of the state table by the `platform` actor, audited in the order timeline and the user log.
 */

/** Proceeding longer than this (or paid and still not ticketed) is "stuck" for a person to look at. */
const STUCK_AFTER_MS = 30 * 60_000;
const DUE_SOON_MS = 60 * 60_000;

function viewCondition(view: z.output<typeof DeskQuery>['view'], now: Date): SQL {
  const stuck = and(eq(flightOrders.status, 'proceeding'), lte(flightOrders.paidAt, new Date(now.getTime() - STUCK_AFTER_MS)))!;
  const dueSoon = and(inArray(flightOrders.status, ['to_be_paid', 'reviewing']), lte(flightOrders.paymentDeadline, new Date(now.getTime() + DUE_SOON_MS)))!;
  switch (view) {
    case 'change':
      return inArray(flightOrders.status, ['chg_reviewing', 'chg_proceeding', 'change_holding']);
    case 'refund':
      return inArray(flightOrders.status, ['rfd_reviewing', 'rfd_to_be_confirm', 'rfd_proceeding', 'refund_holding']);
    case 'void':
      return inArray(flightOrders.status, ['void_proceeding', 'void_holding']);
    case 'reviewing':
      return eq(flightOrders.status, 'reviewing');
    case 'holding':
      return eq(flightOrders.status, 'holding');
    case 'failed':
      return inArray(flightOrders.status, ['failed', 'failed_reimbursing']);
    case 'dueSoon':
      return dueSoon;
    case 'stuck':
      return stuck;
    default:
      return or(inArray(flightOrders.status, ['reviewing', 'holding', 'failed', 'failed_reimbursing']), stuck, dueSoon)!;
  }
}

function reasonOf(o: OrderRow, now: Date): string {
  if (o.status === 'proceeding') return 'stuck';
  if ((o.status === 'to_be_paid' || o.status === 'reviewing') && o.paymentDeadline && o.paymentDeadline.getTime() - now.getTime() <= DUE_SOON_MS && o.status !== 'reviewing') return 'dueSoon';
  return o.status === 'failed_reimbursing' ? 'failed' : o.status;
}

export async function listDesk(deps: Pick<OrderDeps, 'db'>, auth: AuthContext, q: z.output<typeof DeskQuery>, now = new Date()): Promise<DeskAnswer> {
  if (!isDesk(auth)) throw forbidden();
  const agencies = await companiesUnder(deps.db, auth.company.id);
  const cond = and(inArray(flightOrders.companyId, [...agencies.keys()]), viewCondition(q.view, now))!;
  const { rows, total } = await deskOrders(deps.db, cond, q.page, q.pageSize);
  return {
    items: rows.map((r) => {
      const c = agencies.get(r.order.companyId)!;
      return { ...toListItem(r), companyName: c.name, companyCode: c.code, reason: reasonOf(r.order, now), deskActions: deskActions(r.order) };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function deskAction(
  deps: OrderDeps,
  auth: AuthContext,
  id: string,
  action: DeskAction,
  remark: string | null,
  meta: RequestMeta,
  quote: QuoteAdjust = {},
): Promise<FlightOrder> {
  if (!isDesk(auth)) throw forbidden();
  const { order: visible } = await visibleOrder(deps.db, auth, id);
  if (action === 'reject' && !remark) throw new AppError(Code.VALIDATION, 'order.review.remarkRequired', {}, { remark: 'order.review.remarkRequired' });
  const actor: Actor = { kind: 'platform', userId: auth.user.id };
  let releaseBooking = false;
  await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, visible.id))!;
    if (order.type !== 'origin') await deskAfterSales(tx, order, action, actor, remark, quote);
    else switch (action) {
      case 'approve':
        await applyTransition(tx, order, 'approve', actor, { remark, patch: { reviewRemark: remark } });
        break;
      case 'reject':
        await applyTransition(tx, order, 'reject', actor, { remark, patch: { reviewRemark: remark, nextActionAt: null, leaseUntil: null } });
        releaseBooking = true;
        break;
      case 'retryTicketing':
        await applyTransition(tx, order, 'retry_ticketing', actor, { remark, patch: { nextActionAt: new Date(), leaseUntil: null, attempts: 0 } });
        break;
      case 'markProcessed':
        throw new AppError(Code.ORDER_STATE, 'afterSales.desk.notForType');
      case 'markFailed':
        if (order.status === 'holding') {
          await applyTransition(tx, order, 'book_failed', actor, { remark, patch: { nextActionAt: null, leaseUntil: null, inDoubt: false } });
        } else if (order.status === 'proceeding') {
          await failAndReimburse(tx, order, 'mark_failed', actor, remark);
        } else throw refusedMove(order, 'mark_failed');
        releaseBooking = true;
        break;
    }
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor: { id: auth.user.id, username: auth.user.username },
      action: 'order_desk',
      detail: { action, orderId: order.id, bookingNumber: order.bookingNumber, from: order.status, remark },
      meta,
    });
  });
  if (releaseBooking && visible.type === 'origin') await releaseAtSupplier(deps, visible);
  if (action === 'retryTicketing') deps.work.kick(visible.id);
  return loadOrderDetail(deps.db, auth, id);
}

