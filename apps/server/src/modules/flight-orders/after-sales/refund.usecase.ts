import type { z } from 'zod';
import { ATTACHMENT_MAX_FILES, INVOLUNTARY_REFUND_REASONS, REFUND_REASONS_NEEDING_DOCUMENTS, type RefundRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { OrderDeps } from '../deps.ts';
import { loadOrderDetail } from '../order.queries.ts';
import { lockOrder } from '../order.repository.ts';
import { isAmendableStatus, loadAmendable, pickCoupons } from './context.ts';
import { createRequest, openRequest, priorUnderLock } from './create-request.ts';
import { deskDelayMs } from './timing.ts';
import { attachmentsOf } from './requests.repository.ts';
import { markNoticeResolved, openOrRefusedNoticeFor } from '../schedule-changes/notices.usecase.ts';

/** Refund reasons that name the airline's doing (its delay or cancellation, its schedule change). */
const AIRLINE_REASONS: number[] = [1, 3];

/**
 * POST /order/v2/flight/orders/{id}/refund: asks for a refund of the chosen passengers' coupons on the chosen legs.
 * Steps: check the coupons are open (under the original's row lock, so two requests cannot take the same coupon) and
 * the documents are the agency's own uploads for this booking; write the refund order (rfd_reviewing) with its claims.
 * The desk (or, left alone, the simulated airline desk after its delay) answers with a quote the agent confirms.
 * Nothing is sent to the airline before the agent confirms, so there is nothing to undo if a later step fails.
 */
export async function requestRefund(
  deps: OrderDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof RefundRequestBody>,
  o: { idempotencyKey: string; now?: Date },
): Promise<FlightOrder> {
  const { visible, key, hash, prior } = await openRequest(deps.db, auth, id, 'refund', body, o.idempotencyKey);
  if (prior) return loadOrderDetail(deps.db, auth, prior.id);
  const now = o.now ?? new Date();

  const created = await deps.db.transaction(async (tx) => {
    const original = (await lockOrder(tx, visible.id))!;
    const winner = await priorUnderLock(tx, key, hash);
    if (winner) return winner;
    if (!isAmendableStatus(original)) throw new AppError(Code.ORDER_STATE, 'afterSales.notAmendable');
    const a = await loadAmendable(tx, original);
    const { passengers, legs, coupons } = pickCoupons(a, body.passengerIds, body.legs, now);
    const attachments = await attachmentsOf(tx, body.attachmentIds);
    if (attachments.length !== new Set(body.attachmentIds).size || attachments.length > ATTACHMENT_MAX_FILES || attachments.some((f) => f.orderId !== original.id || f.companyId !== original.companyId)) {
      throw new AppError(Code.VALIDATION, 'afterSales.attachments.invalid', {}, { attachmentIds: 'afterSales.attachments.invalid' });
    }
    if (REFUND_REASONS_NEEDING_DOCUMENTS.includes(body.reason as never) && !attachments.length) {
      throw new AppError(Code.VALIDATION, 'afterSales.attachments.required', {}, { attachmentIds: 'afterSales.attachments.required' });
    }
    // The airline's own change or cancellation, answered by this refund: the notice says so from now on.
    const notice = AIRLINE_REASONS.includes(body.reason) ? await openOrRefusedNoticeFor(tx, original.id) : null;
    const row = await createRequest(tx, auth, {
      kind: 'refund',
      original,
      passengers,
      segments: a.segments.filter((s) => legs.includes(s.leg)),
      coupons,
      total: 0,
      idempotencyKey: key,
      requestHash: hash,
      remark: body.remark ?? null,
      request: {
        reason: body.reason,
        subReason: body.subReason ?? null,
        // Asked as involuntary; the quote decides (the desk on the evidence, the simulated desk by its rules).
        involuntary: INVOLUNTARY_REFUND_REASONS.includes(body.reason as never),
        passengerIds: passengers.map((p) => p.id),
        legs,
        attachmentIds: attachments.map((f) => f.id),
        scheduleNoticeId: notice?.id ?? null,
      },
      nextActionAt: new Date(now.getTime() + deskDelayMs()),
      now,
    });
    if (notice) await markNoticeResolved(tx, notice.id, 'refunding', row.id);
    return row;
  });
  deps.work.kick(created.id);
  return loadOrderDetail(deps.db, auth, created.id);
}
