import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GroupOrderStatus, GroupQuote, GroupRequest } from '@portal/contract/api/group-orders';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Group orders (issue 12): bought on request. The request and the current quote are kept whole (jsonb, the contract's
 * shapes); the columns are what lists, the desk and the deadline jobs filter on.
 */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingNumber: text('booking_number').notNull().unique('group_orders_booking_number_uq'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id').references(() => users.id),
    status: text('status').$type<GroupOrderStatus>().notNull(),
    request: jsonb('request').$type<GroupRequest>().notNull(),
    quote: jsonb('quote').$type<GroupQuote>(),
    /** 0 before the first quote; every quote and requote adds one. */
    quoteVersion: integer('quote_version').notNull().default(0),
    /** The current quote's deadline to confirm (the lapse job closes the group after it). */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    /** First journey's date: lists show and sort by it. */
    departureDate: date('departure_date').notNull(),
    idempotencyKey: text('idempotency_key').unique('group_orders_idempotency_key_uq'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_orders_company_status_created_idx').on(t.companyId, t.status, t.createdAt.desc()),
    index('group_orders_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('group_orders_company_booking_number_idx').on(t.companyId, t.bookingNumber.op('text_pattern_ops')),
    // The desk's queue and the simulated desk (to_be_quote, oldest first) across agencies.
    index('group_orders_status_created_idx').on(t.status, t.createdAt),
    index('group_orders_confirm_by_idx').on(t.confirmBy).where(sql`status = 'to_be_confirm'`),
  ],
);

/** Every transition on a group: who, when, from, to, why (the group timeline). */
export const groupOrderEvents = pgTable(
  'group_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Events of one transaction share their time: the sequence keeps the timeline in the order things happened.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    groupOrderId: uuid('group_order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorKind: text('actor_kind').$type<'user' | 'platform' | 'system'>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    remark: text('remark'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_order_events_order_idx').on(t.groupOrderId, t.seq)],
);
