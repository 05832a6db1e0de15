import { bigint, bigserial, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TrainOrderStatus } from '@portal/contract/api/trains';
import type { PaymentStatus } from '@portal/contract/api/flight-orders';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Train orders (issue 13): one row per booking on one train. A train order has at most 5 passengers and is read
 * whole, so its passengers (with their seat, ticket and refund or change) are kept as one jsonb list rather than a
 * table; `passenger_names` is what the name filter searches. Money in fen (CNY).
 */
export const trainOrders = pgTable(
  'train_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique('train_orders_order_number_uq'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id),
    status: text('status').$type<TrainOrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    supplier: text('supplier').notNull(),
    /** The supplier's booking id and the railway's order number (RailBookingRef), once held. */
    supplierBookingId: text('supplier_booking_id'),
    supplierOrderNumber: text('supplier_order_number'),
    serviceId: text('service_id').notNull(),
    trainNumber: text('train_number').notNull(),
    trainType: text('train_type').notNull(),
    serviceDate: date('service_date').notNull(),
    /** {code, name, time} of the boarding and alighting stations. */
    fromStation: jsonb('from_station').notNull(),
    toStation: jsonb('to_station').notNull(),
    /** China wall-clock "YYYY-MM-DDTHH:mm"; departure_utc is the same instant, for the refund tiers and sorting. */
    departureAt: text('departure_at').notNull(),
    arrivalAt: text('arrival_at').notNull(),
    departureUtc: timestamp('departure_utc', { withTimezone: true }).notNull(),
    departureDate: date('departure_date').notNull(),
    seatClass: text('seat_class').notNull(),
    berth: text('berth'),
    passengers: jsonb('passengers').notNull(),
    passengerNames: text('passenger_names').notNull(),
    contact: jsonb('contact').notNull(),
    remark: text('remark'),
    currency: text('currency').notNull().default('CNY'),
    total: bigint('total', { mode: 'number' }).notNull(),
    refundedTotal: bigint('refunded_total', { mode: 'number' }).notNull().default(0),
    refundFeeTotal: bigint('refund_fee_total', { mode: 'number' }).notNull().default(0),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    holdId: uuid('hold_id'),
    paymentTransactionId: uuid('payment_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').unique('train_orders_idempotency_key_uq'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('train_orders_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('train_orders_company_status_idx').on(t.companyId, t.status),
    index('train_orders_company_departure_idx').on(t.companyId, t.departureDate),
  ],
);

/** Every transition and action on a train order (its timeline). */
export const trainOrderEvents = pgTable(
  'train_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Events of one transaction share their time: the sequence keeps them in the order they happened.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => trainOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorKind: text('actor_kind').$type<'user' | 'platform' | 'system'>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    remark: text('remark'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('train_order_events_order_idx').on(t.orderId, t.seq)],
);
