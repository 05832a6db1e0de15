import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisruptionKind, NoticeFlight, NoticeStatus, RefundQuote, ChangeQuoteLine } from '@portal/contract/api/after-sales';
import { companies } from './companies.ts';
import { flightOrders } from './orders.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * After-sales (issue 10). A change, refund or void is its own row of flight_orders (type, original_order_id); this
 * table keeps what only such a request has: the reason, the tickets and legs it covers, the quote.
 */
export const flightOrderRequests = pgTable('flight_order_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => flightOrders.id, { onDelete: 'cascade' }),
  originalOrderId: uuid('original_order_id')
    .notNull()
    .references(() => flightOrders.id),
  kind: text('kind').$type<'change' | 'refund' | 'void'>().notNull(),
  reason: integer('reason'),
  subReason: text('sub_reason'),
  involuntary: boolean('involuntary').notNull().default(false),
  /** Passenger rows of the original order whose tickets this request covers. */
  passengerIds: jsonb('passenger_ids').$type<string[]>().notNull(),
  /** Legs (journeys) of the original order, 0-based. */
  legs: jsonb('legs').$type<number[]>().notNull(),
  refundQuote: jsonb('refund_quote').$type<RefundQuote>(),
  quoteVersion: integer('quote_version').notNull().default(0),
  quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
  changeLines: jsonb('change_lines').$type<ChangeQuoteLine[]>(),
  attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
  scheduleNoticeId: uuid('schedule_notice_id'),
});

/**
 * Which request holds which coupon (ticket of a passenger, leg): at most one live claim per coupon, enforced by a
 * unique partial index, so two refunds, a refund and a void, or a change and a refund of the same coupon can never
 * both go ahead however the requests interleave. A claim is released (active = false) when its request ends without
 * using the coupon (canceled, rejected, failed, lapsed); a refund, void or change that completes keeps it for good.
 */
export const flightTicketClaims = pgTable(
  'flight_ticket_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passengerId: uuid('passenger_id').notNull(),
    leg: integer('leg').notNull(),
    requestOrderId: uuid('request_order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'change' | 'refund' | 'void'>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flight_ticket_claims_live_uq').on(t.passengerId, t.leg).where(sql`active`),
    index('flight_ticket_claims_request_idx').on(t.requestOrderId),
  ],
);

/** Supporting documents of refund requests: uploaded first, then named by the request (at most 5, 2 MB each). */
export const flightOrderAttachments = pgTable(
  'flight_order_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The order the document was uploaded for (the original); the request that uses it is in flight_order_requests. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flight_order_attachments_order_idx').on(t.orderId)],
);

/** Airline-initiated schedule changes on the portal's ticketed orders, as read from the suppliers' queues. */
export const flightScheduleNotices = pgTable(
  'flight_schedule_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    supplier: text('supplier').notNull(),
    /** The supplier's own id of the change: reading the queue twice never makes two notices. */
    supplierNoticeId: text('supplier_notice_id').notNull(),
    kind: text('kind').$type<DisruptionKind>().notNull(),
    leg: integer('leg').notNull(),
    oldFlights: jsonb('old_flights').$type<NoticeFlight[]>().notNull(),
    newFlights: jsonb('new_flights').$type<NoticeFlight[]>().notNull(),
    status: text('status').$type<NoticeStatus>().notNull().default('open'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** The refund or change request the agent made in answer. */
    resolutionOrderId: uuid('resolution_order_id'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flight_schedule_notices_supplier_uq').on(t.supplier, t.supplierNoticeId),
    index('flight_schedule_notices_company_idx').on(t.companyId, t.status, t.deadline),
    index('flight_schedule_notices_order_idx').on(t.orderId),
  ],
);

/**
 * The simulated suppliers' queue of airline schedule changes on their bookings (what a GDS queue holds): the portal
 * reads it only through the supplier adapter, never this table.
 */
export const supplierScheduleChanges = pgTable(
  'supplier_schedule_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
    supplier: text('supplier').notNull(),
    bookingId: text('booking_id').notNull(),
    recordLocator: text('record_locator').notNull(),
    clientReference: text('client_reference').notNull(),
    kind: text('kind').$type<DisruptionKind>().notNull(),
    leg: integer('leg').notNull(),
    oldFlights: jsonb('old_flights').$type<NoticeFlight[]>().notNull(),
    newFlights: jsonb('new_flights').$type<NoticeFlight[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supplier_schedule_changes_supplier_idx').on(t.supplier, t.seq)],
);
