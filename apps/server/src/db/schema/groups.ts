import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The passenger list: last uploaded (and by whom), and confirmed (then it cannot change; spec point 9). */
    namesUploadedAt: timestamp('names_uploaded_at', { withTimezone: true }),
    namesUploadedBy: uuid('names_uploaded_by').references(() => users.id),
    namesConfirmedAt: timestamp('names_confirmed_at', { withTimezone: true }),
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

/**
 * The group's passenger list (names), uploaded as a workbook after the final payment. Replaced whole on each upload
 * until the agency confirms it (group_orders.names_confirmed_at); then fixed, and ticketing writes one ticket number
 * per row.
 */
export const groupPassengers = pgTable(
  'group_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupOrderId: uuid('group_order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    /** The workbook row order (1-based), kept so the list reads as the agency typed it. */
    seq: integer('seq').notNull(),
    /** The booking passenger shape (spec point 3), validated with the booking rules. */
    passenger: jsonb('passenger').$type<GroupPassengerData>().notNull(),
    ticketNumber: text('ticket_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_passengers_order_seq_uq').on(t.groupOrderId, t.seq), uniqueIndex('group_passengers_ticket_uq').on(t.ticketNumber)],
);

export interface GroupPassengerData {
  type: 'adult' | 'child' | 'infant';
  surname: string;
  given_names: string;
  gender: 'male' | 'female';
  birthday: string;
  nationality: string;
  travel_document: { type: string; number: string; expiryDate?: string | null; issuingCountry?: string | null };
  frequentFlyer?: { airline: string; number: string } | null;
}

/**
 * Reminders sent for a group's deadlines (the quote's confirm-by and each instalment): one row per deadline, lead
 * ('3d', '1d' ahead, or 'lapse') and due time, so a reminder goes out once even when the job runs twice, and a
 * requote with a new deadline is reminded again.
 */
export const groupReminders = pgTable(
  'group_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupOrderId: uuid('group_order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    deadline: text('deadline').$type<'confirm' | 'deposit1' | 'deposit2' | 'deposit3' | 'final'>().notNull(),
    lead: text('lead').$type<'3d' | '1d' | 'lapse'>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_reminders_once_uq').on(t.groupOrderId, t.deadline, t.lead, t.dueAt)],
);
