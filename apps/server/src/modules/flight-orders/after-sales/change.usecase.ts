import type { z } from 'zod';
import type { ChangeRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import { AppError } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import { parseFareId, priceFor } from '../../shopping/agency-pricing.ts';
import { findSearch, findSupplierOffers } from '../../shopping/search.repository.ts';
import { withBudget } from '../../shopping/search-runner.ts';
import { VERIFY_MAX_MS } from '../../shopping/verification.service.ts';
import { PriceChanged, segmentsOfOffer } from '../book.usecase.ts';
import type { OrderDeps } from '../deps.ts';
import { loadOrderDetail } from '../order.queries.ts';
import { lockOrder } from '../order.repository.ts';
import { markNoticeResolved, openOrRefusedNoticeFor } from '../schedule-changes/notices.usecase.ts';
import { supplierOf } from '../supplier-calls.ts';
import { changeContext, changePricing, exchangeable, linesOf } from './change-search.usecase.ts';
import { serviceFeesFor } from './context.ts';
import { createRequest, openRequest, priorUnderLock } from './create-request.ts';
import { deskDelayMs } from './timing.ts';

/**
 * POST /order/v2/flight/orders/{id}/change: asks for the option the agent picked from a change search. Steps:
 *  1. the search must be this order's change search for these passengers and this reason, still fresh;
 *  2. the option is priced again at the airline (outside any transaction: a supplier call never holds a row lock);
 *     gone -> "search again", dearer than the total the agent accepted -> PRICE_CHANGED with the new total;
 *  3. under the original's row lock, the coupons are checked open again and claimed, and the change order is written
 *     (chg_reviewing) with the new flights and the per-passenger quote. A schedule notice it answers is marked as such.
 * Nothing reaches the airline before the quote is paid (the reissue is the background step of chg_proceeding), so a
 * failure here leaves nothing to undo.
 */
export async function requestChange(deps: OrderDeps, auth: AuthContext, id: string, body: z.output<typeof ChangeRequestBody>, o: { idempotencyKey: string; now?: Date }): Promise<FlightOrder> {
  const { db } = deps;
  const { visible, key, hash, prior } = await openRequest(db, auth, id, 'change', body, o.idempotencyKey);
  if (prior) return loadOrderDetail(db, auth, prior.id);
  const now = o.now ?? new Date();

  const gone = () => new AppError(Code.BOOKING_REFUSED, 'afterSales.change.optionGone');
  const search = await findSearch(db, body.searchId, auth.company.id);
  const amends = search?.request.amends;
  if (!search || !amends || amends.orderId !== visible.id || search.expiresAt <= now) throw gone();
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v) => y.includes(v));
  if (!same([...new Set(body.passengerIds)], amends.passengerIds) || amends.reason !== body.reason) {
    throw new AppError(Code.VALIDATION, 'afterSales.change.mismatch', {}, { passengerIds: 'afterSales.change.mismatch' });
  }
  const ref = parseFareId(body.optionId);
  const supplier = supplierOf(deps, visible);
  if (!ref || ref.supplier !== supplier.code) throw gone();
  const stored = (await findSupplierOffers(db, search.id, ref.supplier))?.find((x) => x.offerId === ref.offerId);
  if (!stored) throw gone();

  const pricing = await changePricing(db, auth, visible, search.request);
  let verified;
  try {
    verified = await withBudget(Math.min(VERIFY_MAX_MS, pricing.config.maxResponseTimeMs), (signal) => supplier.verify(ref.offerId, { signal }));
  } catch (err) {
    deps.log?.warn({ err, orderId: visible.id, supplier: supplier.code }, 'price check of a change option failed');
    throw new AppError(Code.SUPPLIER_FAILED, 'order.supplierFailed');
  }
  if (verified.status === 'invalid' || !exchangeable(verified.offer, visible, amends.legs.length)) throw gone();
  const priced = priceFor(verified.offer, pricing);
  if (!priced) throw gone();
  const fare = { ...priced, fareId: body.optionId };
  const fees = await serviceFeesFor(db, visible.companyId, visible.currency);

  const created = await db.transaction(async (tx) => {
    const original = (await lockOrder(tx, visible.id))!;
    const winner = await priorUnderLock(tx, key, hash);
    if (winner) return winner;
    const c = await changeContext(tx, original, amends.passengerIds, amends.legs, amends.reason, now);
    const { lines, total } = linesOf(c, fare, fees.change);
    if (total > body.acceptedTotal) throw new PriceChanged({ previousTotal: body.acceptedTotal, newTotal: total, currency: original.currency as Currency });
    const notice = c.involuntary ? await openOrRefusedNoticeFor(tx, original.id) : null;
    // The new flights take the places of the legs they replace (offer leg i is original leg legs[i]).
    const segments = segmentsOfOffer(verified.offer).map((s) => ({ ...s, leg: c.legs[s.leg] }));
    const row = await createRequest(tx, auth, {
      kind: 'change',
      original,
      passengers: c.passengers,
      segments,
      coupons: c.passengers.flatMap((p) => c.legs.map((leg) => ({ passengerId: p.id, leg }))),
      total,
      idempotencyKey: key,
      requestHash: hash,
      remark: body.remark ?? null,
      request: {
        reason: body.reason,
        subReason: null,
        involuntary: c.involuntary,
        passengerIds: c.passengers.map((p) => p.id),
        legs: c.legs,
        attachmentIds: [],
        changeLines: lines,
        scheduleNoticeId: notice?.id ?? null,
      },
      offer: verified.offer,
      fare,
      nextActionAt: new Date(now.getTime() + deskDelayMs()),
      now,
    });
    if (notice) await markNoticeResolved(tx, notice.id, 'changing', row.id);
    return row;
  });
  deps.work.kick(created.id);
  return loadOrderDetail(db, auth, created.id);
}
