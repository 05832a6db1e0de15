import { and, eq, sql } from 'drizzle-orm';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { flightOrderEvents } from '../../../db/schema/index.ts';
import { AppError, forbidden } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { OrderDeps } from '../deps.ts';
import { visibleOrder } from '../order.access.ts';
import { applyTransition, refusedMove } from '../order-transition.ts';
import { loadOrderDetail } from '../order.queries.ts';
import { lockOrder } from '../order.repository.ts';
import { findRequest } from './requests.repository.ts';

/**
 * POST /order/v2/flight/orders/{id}/confirmation: the agent accepts the refund quote it was shown (by its version: a
 * quote the desk changed since must be read again) before the quote's deadline; the refund then goes to the airline.
 * The same Idempotency-Key answers the confirmation it made.
 */
export async function confirmRefund(deps: OrderDeps, auth: AuthContext, id: string, quoteVersion: number, o: { idempotencyKey: string; now?: Date }): Promise<FlightOrder> {
  const { order: visible, asDesk } = await visibleOrder(deps.db, auth, id);
  if (asDesk) throw forbidden();
  const now = o.now ?? new Date();
  const confirmed = await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, visible.id))!;
    const replay = await tx
      .select({ id: flightOrderEvents.id })
      .from(flightOrderEvents)
      .where(and(eq(flightOrderEvents.orderId, order.id), eq(flightOrderEvents.event, 'confirm'), sql`${flightOrderEvents.data}->>'idempotencyKey' = ${o.idempotencyKey}`))
      .limit(1);
    if (replay.length) return false;
    if (order.type !== 'refund' || order.status !== 'rfd_to_be_confirm') throw refusedMove(order, 'confirm');
    const request = (await findRequest(tx, order.id))!;
    if (!request.refundQuote || !request.quoteExpiresAt || request.quoteExpiresAt <= now) throw new AppError(Code.ORDER_STATE, 'afterSales.quote.lapsed');
    if (request.quoteVersion !== quoteVersion) throw new AppError(Code.ORDER_STATE, 'afterSales.quote.changed');
    await applyTransition(tx, order, 'confirm', { kind: 'agency', userId: auth.user.id }, {
      patch: { nextActionAt: now, leaseUntil: null, attempts: 0 },
      data: { idempotencyKey: o.idempotencyKey, quoteVersion, total: request.refundQuote.total },
    });
    return true;
  });
  if (confirmed) deps.work.kick(visible.id);
  return loadOrderDetail(deps.db, auth, id);
}
