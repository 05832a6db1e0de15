import type { AfterSalesOptions, AfterSalesRequest, RelatedOrder } from '@portal/contract/api/after-sales';
import type { OrderAction } from '@portal/contract/api/flight-orders';
import type { Currency } from '@portal/contract/currency';
import type { DbOrTx } from '../../../db/client.ts';
import { readsOn } from '../../../db/parallel.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import { visibleOrder } from '../order.access.ts';
import { findOrder, type OrderRow } from '../order.repository.ts';
import { loadAmendable, quotePassenger, serviceFeesFor } from './context.ts';
import { afterSalesPaths, cheapestPath } from './quotes.ts';
import { attachmentsOf, familyOf, findRequest } from './requests.repository.ts';
import { openOrRefusedNoticeFor } from '../schedule-changes/notices.usecase.ts';

/** GET /order/v2/flight/orders/{id}/after-sales: change, refund and void side by side (see quotes.ts for the rules). */
export async function afterSalesOptions(db: DbOrTx, auth: AuthContext, id: string, now = new Date()): Promise<AfterSalesOptions> {
  const { order } = await visibleOrder(db, auth, id);
  return optionsOf(db, order, now);
}

export async function optionsOf(db: DbOrTx, order: OrderRow, now: Date): Promise<AfterSalesOptions> {
  const a = await loadAmendable(db, order);
  const fees = await serviceFeesFor(db, order.companyId, order.currency);
  const paths = afterSalesPaths({
    fare: a.fare,
    legCount: a.legs.length,
    open: a.open.map((o) => ({ passenger: quotePassenger(o.passenger), legs: o.legs })),
    issued: a.issued,
    pending: a.pending,
    voidDeadline: a.voidDeadline,
    firstDeparture: a.firstDeparture,
    lastDeparture: a.lastDeparture,
    fees,
    involuntary: a.issued && (await openOrRefusedNoticeFor(db, order.id)) !== null,
    now,
  });
  return {
    currency: order.currency as Currency,
    open: a.open.map((o) => ({ passengerId: o.passenger.id, name: `${o.passenger.surname}/${o.passenger.givenNames}`, ticketNumber: o.passenger.ticketNumber, legs: o.legs })),
    paths,
    cheapest: cheapestPath(paths),
    voidDeadline: a.voidDeadline?.toISOString() ?? null,
    related: await relatedOf(db, order),
  };
}

export async function relatedOf(db: DbOrTx, order: OrderRow): Promise<RelatedOrder[]> {
  const rows = await familyOf(db, order.id, order.originalOrderId);
  return rows.filter((r) => r.id !== order.id).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function requestOf(db: DbOrTx, order: OrderRow): Promise<AfterSalesRequest | null> {
  if (order.type === 'origin') return null;
  const r = await findRequest(db, order.id);
  if (!r) return null;
  const original = await findOrder(db, r.originalOrderId);
  const files = await attachmentsOf(db, r.attachmentIds);
  return {
    kind: r.kind,
    originalBookingNumber: original?.bookingNumber ?? '',
    reason: r.reason,
    subReason: r.subReason,
    involuntary: r.involuntary,
    passengerIds: r.passengerIds,
    legs: r.legs,
    attachments: files.map((f) => ({ id: f.id, name: f.name, mime: f.mime as AfterSalesRequest['attachments'][number]['mime'], size: f.size })),
    refundQuote: r.refundQuote ?? null,
    changeLines: r.changeLines ?? [],
    scheduleNoticeId: r.scheduleNoticeId,
  };
}

/** The after-sales part of an order's detail: request, related orders, void deadline and the actions it allows. */
export async function detailExtras(db: DbOrTx, order: OrderRow, now: Date, agencyView: boolean) {
  const [request, options] = await readsOn(db, [() => requestOf(db, order), () => optionsOf(db, order, now)]);
  const actions: OrderAction[] = [];
  if (agencyView) {
    const open = (kind: string) => options.paths.some((p) => p.kind === kind && p.available);
    if (open('change')) actions.push('requestChange');
    if (open('refund')) actions.push('requestRefund');
    if (open('void')) actions.push('requestVoid');
    const q = request?.refundQuote;
    if (order.status === 'rfd_to_be_confirm' && q?.expiresAt && Date.parse(q.expiresAt) > now.getTime()) actions.push('confirmRefund');
  }
  return { request, related: options.related, voidDeadline: options.voidDeadline, actions };
}
