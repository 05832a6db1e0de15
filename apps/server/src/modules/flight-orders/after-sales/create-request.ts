import { createHash } from 'node:crypto';
import type { FareChoice } from '@portal/contract/api/shopping';
import type { Tx } from '../../../db/client.ts';
import { forbidden } from '../../../plugins/errors.ts';
import { idempotencyConflict } from '../../../plugins/idempotency.ts';
import { visibleOrder } from '../order.access.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { SupplierOffer } from '../../../suppliers/air/types.ts';
import { insertEvent, insertOrder, nextBookingNumber, findOrderByKey, type NewSegmentRow, type OrderRow, type PassengerRow, type SegmentRow } from '../order.repository.ts';
import { STATE_TABLES } from '../order.states.ts';
import { statusChanged } from '../status-notifications.ts';
import { claimCoupons, insertRequest, type AfterSalesKind, type Coupon, type NewRequestRow } from './requests.repository.ts';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * Writes an after-sales request as its own order (architecture: one row per order of any kind), inside the caller's
 * transaction that holds the original's row lock: the order row in the type's start status, copies of the chosen
 * passengers (same booking positions, so the supplier knows them) and flights, the request's details, the coupon
 * claims, and an event on both timelines.
 */

export const afterSalesKey = (companyId: string, kind: AfterSalesKind, originalId: string, key: string) => `${companyId}:${kind}:${originalId}:${key}`;
export const bodyHash = (kind: string, body: unknown) => createHash('sha256').update(JSON.stringify([kind, body])).digest('hex');

/**
 * The start every request shares: the order must be the caller's own (the desk reads, it does not ask for the
 * agency), and a repeated Idempotency-Key answers the request it made (the same key with another body is a conflict).
 */
export async function openRequest(db: DbOrTx, auth: AuthContext, id: string, kind: AfterSalesKind, body: unknown, idempotencyKey: string) {
  const { order: visible, asDesk } = await visibleOrder(db, auth, id);
  if (asDesk) throw forbidden();
  const key = afterSalesKey(auth.company.id, kind, visible.id, idempotencyKey);
  const hash = bodyHash(kind, body);
  const prior = await findOrderByKey(db, key);
  if (prior && prior.requestHash !== hash) throw idempotencyConflict();
  return { visible, key, hash, prior: prior ?? null };
}

/**
 * The same key's request, looked up again under the original's row lock: two requests with one key that both missed
 * it in openRequest meet here, and the second answers the first's order instead of finding its coupons taken.
 */
export async function priorUnderLock(tx: Tx, key: string, hash: string): Promise<OrderRow | null> {
  const prior = await findOrderByKey(tx, key);
  if (prior && prior.requestHash !== hash) throw idempotencyConflict();
  return prior ?? null;
}

/** Dates of the first and last flight of the request's segments (lists filter on them). */
function travelDates(segments: Pick<SegmentRow, 'departureUtc' | 'departureDate'>[], fallback: OrderRow) {
  const first = segments[0];
  const last = segments[segments.length - 1];
  return {
    departureAt: first?.departureUtc ?? fallback.departureAt,
    departureDate: first?.departureDate ?? fallback.departureDate,
    lastFlightDate: last?.departureDate ?? fallback.lastFlightDate,
  };
}

export interface NewRequest {
  kind: AfterSalesKind;
  original: OrderRow;
  passengers: PassengerRow[];
  /** The flights of the request: the original's chosen legs (refund, void) or the new flights (change). */
  segments: (NewSegmentRow | SegmentRow)[];
  coupons: Coupon[];
  total: number;
  idempotencyKey: string;
  requestHash: string;
  remark: string | null;
  request: Omit<NewRequestRow, 'orderId' | 'originalOrderId' | 'kind'>;
  /** Change: the new offer and fare; refund and void keep the original's. */
  offer?: SupplierOffer;
  fare?: FareChoice;
  nextActionAt: Date | null;
  now: Date;
}

export async function createRequest(tx: Tx, auth: AuthContext, r: NewRequest): Promise<OrderRow> {
  const status = STATE_TABLES[r.kind].start;
  const segments = r.segments.map((s, position) => ({
    position,
    leg: s.leg,
    flightNumber: s.flightNumber,
    carrier: s.carrier,
    origin: s.origin,
    destination: s.destination,
    departure: s.departure,
    arrival: s.arrival,
    departureDate: s.departureDate,
    departureUtc: s.departureUtc,
    cabin: s.cabin,
    bookingClass: s.bookingClass,
  }));
  const o = r.original;
  const row = await insertOrder(
    tx,
    {
      bookingNumber: await nextBookingNumber(tx, r.now),
      companyId: o.companyId,
      createdBy: auth.user.id,
      type: r.kind,
      originalOrderId: o.id,
      status,
      // A refund or void settles money already paid; a change is unpaid until its difference is paid.
      paymentStatus: r.kind === 'change' ? 'unpaid' : o.paymentStatus,
      supplier: o.supplier,
      supplierRef: o.supplierRef,
      recordLocator: o.recordLocator,
      validatingCarrier: o.validatingCarrier,
      searchId: o.searchId,
      fareId: r.fare?.fareId ?? o.fareId,
      offer: r.offer ?? o.offer,
      fare: r.fare ?? o.fare,
      contact: o.contact,
      remark: r.remark,
      currency: o.currency,
      total: r.total,
      costTotal: 0,
      invoiceType: o.invoiceType,
      productType: o.productType,
      paymentMethod: r.kind === 'change' ? null : o.paymentMethod,
      ...travelDates(segments, o),
      nextActionAt: r.nextActionAt,
      idempotencyKey: r.idempotencyKey,
      requestHash: r.requestHash,
    },
    r.passengers.map((p) => ({
      position: p.position,
      type: p.type,
      surname: p.surname,
      givenNames: p.givenNames,
      gender: p.gender,
      birthday: p.birthday,
      nationality: p.nationality,
      documentType: p.documentType,
      documentNumber: p.documentNumber,
      documentExpiry: p.documentExpiry,
      documentIssuingCountry: p.documentIssuingCountry,
      frequentFlyer: p.frequentFlyer,
      // Refund and void name the tickets they settle; a change gets its new tickets when reissued.
      ticketNumber: r.kind === 'change' ? null : p.ticketNumber,
    })),
    segments,
  );
  await insertRequest(tx, { ...r.request, orderId: row.id, originalOrderId: o.id, kind: r.kind });
  await claimCoupons(tx, row.id, r.kind, r.coupons);
  const actor = { actorKind: 'user' as const, actorUserId: auth.user.id };
  await insertEvent(tx, { orderId: row.id, event: 'request', from: null, to: status, ...actor, remark: r.remark, data: { originalOrderId: o.id } });
  await insertEvent(tx, { orderId: o.id, event: `${r.kind}_requested`, from: o.status, to: o.status, ...actor, remark: r.remark, data: { requestOrderId: row.id, bookingNumber: row.bookingNumber } });
  await statusChanged(tx, row, o.status, 'request');
  return row;
}
