import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { flightOrderAttachments, flightOrderRequests, flightOrders, flightTicketClaims } from '../../../db/schema/index.ts';

/** The only code that touches the after-sales tables (requests, coupon claims, supporting documents). */

export type RequestRow = typeof flightOrderRequests.$inferSelect;
export type NewRequestRow = typeof flightOrderRequests.$inferInsert;
export type AttachmentRow = Omit<typeof flightOrderAttachments.$inferSelect, 'data'>;
export type AfterSalesKind = RequestRow['kind'];

export async function insertRequest(db: DbOrTx, row: NewRequestRow): Promise<RequestRow> {
  const [r] = await db.insert(flightOrderRequests).values(row).returning();
  return r;
}

export async function findRequest(db: DbOrTx, orderId: string): Promise<RequestRow | undefined> {
  const [r] = await db.select().from(flightOrderRequests).where(eq(flightOrderRequests.orderId, orderId)).limit(1);
  return r;
}

export async function updateRequest(db: DbOrTx, orderId: string, patch: Partial<NewRequestRow>): Promise<RequestRow> {
  const [r] = await db.update(flightOrderRequests).set(patch).where(eq(flightOrderRequests.orderId, orderId)).returning();
  return r;
}

export interface Coupon {
  passengerId: string;
  leg: number;
}
export const couponKey = (c: Coupon) => `${c.passengerId}|${c.leg}`;

/** Live claims on these passengers' coupons (any leg): what is already being changed, refunded or voided, or was. */
export async function liveClaims(db: DbOrTx, passengerIds: string[]): Promise<(Coupon & { requestOrderId: string; kind: AfterSalesKind })[]> {
  if (!passengerIds.length) return [];
  return db
    .select({ passengerId: flightTicketClaims.passengerId, leg: flightTicketClaims.leg, requestOrderId: flightTicketClaims.requestOrderId, kind: flightTicketClaims.kind })
    .from(flightTicketClaims)
    .where(and(inArray(flightTicketClaims.passengerId, passengerIds), eq(flightTicketClaims.active, true)));
}

/** Claims coupons for a request; the caller holds the original order's row lock, and the unique index backs it up. */
export async function claimCoupons(db: DbOrTx, requestOrderId: string, kind: AfterSalesKind, coupons: Coupon[]): Promise<void> {
  if (!coupons.length) return;
  await db.insert(flightTicketClaims).values(coupons.map((c) => ({ ...c, requestOrderId, kind })));
}

/** The request ended without using its coupons (canceled, rejected, failed, lapsed): they are free again. */
export async function releaseClaims(db: DbOrTx, requestOrderId: string): Promise<void> {
  await db.update(flightTicketClaims).set({ active: false }).where(eq(flightTicketClaims.requestOrderId, requestOrderId));
}

export async function insertAttachment(db: DbOrTx, row: typeof flightOrderAttachments.$inferInsert): Promise<AttachmentRow> {
  const [r] = await db.insert(flightOrderAttachments).values(row).returning({
    id: flightOrderAttachments.id,
    companyId: flightOrderAttachments.companyId,
    orderId: flightOrderAttachments.orderId,
    name: flightOrderAttachments.name,
    mime: flightOrderAttachments.mime,
    size: flightOrderAttachments.size,
    createdBy: flightOrderAttachments.createdBy,
    createdAt: flightOrderAttachments.createdAt,
  });
  return r;
}

const attachmentHead = {
  id: flightOrderAttachments.id,
  companyId: flightOrderAttachments.companyId,
  orderId: flightOrderAttachments.orderId,
  name: flightOrderAttachments.name,
  mime: flightOrderAttachments.mime,
  size: flightOrderAttachments.size,
  createdBy: flightOrderAttachments.createdBy,
  createdAt: flightOrderAttachments.createdAt,
};

export async function attachmentsOf(db: DbOrTx, ids: string[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  const rows = await db.select(attachmentHead).from(flightOrderAttachments).where(inArray(flightOrderAttachments.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is AttachmentRow => !!r);
}

export async function countAttachments(db: DbOrTx, orderId: string): Promise<number> {
  return (await db.select({ id: flightOrderAttachments.id }).from(flightOrderAttachments).where(eq(flightOrderAttachments.orderId, orderId))).length;
}

export async function attachmentData(db: DbOrTx, id: string): Promise<(AttachmentRow & { data: Buffer }) | undefined> {
  const [r] = await db.select().from(flightOrderAttachments).where(eq(flightOrderAttachments.id, id)).limit(1);
  return r;
}

/** Every order of one booking: the original and the requests made on it (and on its change orders). */
export async function familyOf(db: DbOrTx, orderId: string, originalOrderId: string | null) {
  const ids = [orderId, ...(originalOrderId ? [originalOrderId] : [])];
  return db
    .select({ id: flightOrders.id, bookingNumber: flightOrders.bookingNumber, type: flightOrders.type, status: flightOrders.status, total: flightOrders.total, createdAt: flightOrders.createdAt })
    .from(flightOrders)
    .where(or(inArray(flightOrders.id, ids), inArray(flightOrders.originalOrderId, ids)))
    .orderBy(asc(flightOrders.createdAt));
}
