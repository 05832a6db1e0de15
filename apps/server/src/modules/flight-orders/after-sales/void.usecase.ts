import type { z } from 'zod';
import type { RefundQuote, VoidRequestBody } from '@portal/contract/api/after-sales';
import type { Currency } from '@portal/contract/currency';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { OrderDeps } from '../deps.ts';
import { loadOrderDetail } from '../order.queries.ts';
import { lockOrder } from '../order.repository.ts';
import { isAmendableStatus, loadAmendable, pickCoupons, quotePassenger, serviceFeesFor } from './context.ts';
import { createRequest, openRequest, priorUnderLock } from './create-request.ts';
import { couponValue, sum, voidAllowed, voidLines } from './quotes.ts';

/**
 * POST /order/v2/flight/orders/{id}/void: voids whole tickets the same ticketing day. Allowed only while the fare says
 * voidAllowed and before the void deadline (end of the ticketing day at the issuing office, never past departure),
 * for tickets none of whose coupons is changed, refunded or voided. The void order starts in void_proceeding and the
 * airline is asked at once (background step); the full price comes back, less the agency's void service fee.
 */
export async function requestVoid(deps: OrderDeps, auth: AuthContext, id: string, body: z.output<typeof VoidRequestBody>, o: { idempotencyKey: string; now?: Date }): Promise<FlightOrder> {
  const { visible, key, hash, prior } = await openRequest(deps.db, auth, id, 'void', body, o.idempotencyKey);
  if (prior) return loadOrderDetail(deps.db, auth, prior.id);
  const now = o.now ?? new Date();

  const created = await deps.db.transaction(async (tx) => {
    const original = (await lockOrder(tx, visible.id))!;
    const winner = await priorUnderLock(tx, key, hash);
    if (winner) return winner;
    if (!isAmendableStatus(original)) throw new AppError(Code.ORDER_STATE, 'afterSales.notAmendable');
    const a = await loadAmendable(tx, original);
    if (!a.voidDeadline || now >= a.voidDeadline) throw new AppError(Code.ORDER_STATE, 'afterSales.void.deadlinePassed');
    const { passengers, coupons } = pickCoupons(a, body.passengerIds, [], now);
    if (coupons.length !== passengers.length * a.legs.length) throw new AppError(Code.ORDER_STATE, 'afterSales.void.partial');
    if (!voidAllowed(a.fare, passengers.map((p) => p.type as never))) throw new AppError(Code.ORDER_STATE, 'afterSales.void.notAllowed');
    const fees = await serviceFeesFor(tx, original.companyId, original.currency);
    const quoted = passengers.map(quotePassenger);
    const lines = voidLines(a.fare, quoted, fees.void);
    // What comes back, per passenger, in the refund quote's shape: shown on the void order and in the statements.
    const quote: RefundQuote = {
      version: 1,
      involuntary: false,
      lines: lines.map((l, i) => ({
        passengerId: l.passengerId,
        passengerType: quoted[i].type,
        name: quoted[i].name,
        ticketNumber: quoted[i].ticketNumber,
        paid: l.paid,
        tax: couponValue(a.fare, quoted[i].type, 1, 1).tax,
        refundFee: 0,
        serviceFee: l.serviceFee,
        refundAmount: l.back,
      })),
      total: sum(lines, (l) => l.back),
      currency: original.currency as Currency,
      expiresAt: null,
    };
    return createRequest(tx, auth, {
      kind: 'void',
      original,
      passengers,
      segments: a.segments,
      coupons,
      total: quote.total,
      idempotencyKey: key,
      requestHash: hash,
      remark: body.remark ?? null,
      request: { reason: null, subReason: null, involuntary: false, passengerIds: passengers.map((p) => p.id), legs: a.legs, refundQuote: quote },
      nextActionAt: now,
      now,
    });
  });
  deps.work.kick(created.id);
  return loadOrderDetail(deps.db, auth, created.id);
}
