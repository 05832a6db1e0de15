import type { RefundQuote } from '@portal/contract/api/after-sales';
import type { FareChoice } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';
import type { Tx } from '../../../db/client.ts';
import { readsOn } from '../../../db/parallel.ts';
import { applyTransition, type Actor } from '../order-transition.ts';
import { findOrder, passengersOf, segmentsOf, type OrderRow } from '../order.repository.ts';
import { legDeparture, quotePassenger, serviceFeesFor } from './context.ts';
import { refundLines, sum } from './quotes.ts';
import { findRequest, updateRequest, type RequestRow } from './requests.repository.ts';
import { quoteMs } from './timing.ts';
import { openOrRefusedNoticeFor } from '../schedule-changes/notices.usecase.ts';

export interface QuoteAdjust {
  involuntary?: boolean;
  lines?: { passengerId: string; refundFee: number | null; serviceFee: number }[];
}

/**
 * The refund quote from the fare rules as sold (and the desk's adjustments within them): rfd_reviewing ->
 * rfd_to_be_confirm (quote) or, for a new version, the same status (requote). The quote's deadline is when the
 * background step lets it lapse. Involuntary when the request says so and the evidence holds: the airline changed or
 * cancelled the flight (a schedule notice on the order), or an illness with a certificate; the desk may decide either way.
 */
export async function quoteRefund(tx: Tx, order: OrderRow, actor: Actor, now: Date, adjust: QuoteAdjust = {}, remark: string | null = null): Promise<OrderRow> {
  const request = (await findRequest(tx, order.id))!;
  const original = (await findOrder(tx, request.originalOrderId))!;
  // Only what the price needs (the coupons were checked and claimed when the request was made).
  const [held, segments, fees, involuntary] = await readsOn(tx, [
    () => passengersOf(tx, original.id),
    () => segmentsOf(tx, original.id),
    () => serviceFeesFor(tx, original.companyId, original.currency),
    () => adjust.involuntary ?? evidenceHolds(tx, request),
  ]);
  const legCount = new Set(segments.map((s) => s.leg)).size;
  const departure = legDeparture(segments, Math.min(...request.legs)) ?? segments[0]?.departureUtc ?? original.departureAt;
  const passengers = request.passengerIds.map((id) => held.find((p) => p.id === id)!).map(quotePassenger);
  const lines = refundLines({
    fare: original.fare as FareChoice,
    legCount,
    legs: request.legs.length,
    passengers,
    departed: now >= departure,
    involuntary,
    serviceFee: fees.refund,
    adjust: adjust.lines ? new Map(adjust.lines.map((l) => [l.passengerId, l])) : undefined,
  });
  const expiresAt = new Date(now.getTime() + quoteMs());
  const version = request.quoteVersion + 1;
  const quote: RefundQuote = { version, involuntary, lines, total: sum(lines, (l) => l.refundAmount), currency: original.currency as Currency, expiresAt: expiresAt.toISOString() };
  await updateRequest(tx, order.id, { refundQuote: quote, quoteVersion: version, quoteExpiresAt: expiresAt, involuntary });
  const event = order.status === 'rfd_to_be_confirm' ? 'requote' : 'quote';
  return applyTransition(tx, order, event, actor, {
    remark,
    patch: { total: quote.total, nextActionAt: expiresAt, leaseUntil: null, reviewRemark: remark ?? order.reviewRemark },
    data: { version, total: quote.total, involuntary },
  });
}

async function evidenceHolds(tx: Tx, request: RequestRow): Promise<boolean> {
  if (!request.involuntary) return false;
  if (request.scheduleNoticeId) return true;
  // Illness with a certificate: the airlines of the simulated world waive the fee, as Chinese carriers do on proof.
  if (request.reason === 2 && request.attachmentIds.length > 0) return true;
  return (await openOrRefusedNoticeFor(tx, request.originalOrderId)) !== null;
}
