import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Fault switches and on/off per simulated (or real) air supplier; edited by the platform, read on every call. */
export const supplierSettings = pgTable('supplier_settings', {
  code: text('code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  latencyMs: integer('latency_ms').notNull().default(0),
  timeout: boolean('timeout').notNull().default(false),
  fail: boolean('fail').notNull().default(false),
  priceChangePercent: integer('price_change_percent').notNull().default(0),
  soldOut: boolean('sold_out').notNull().default(false),
  // Booking and ticketing faults (order issue): each drives one error path of the selling loop.
  bookFail: boolean('book_fail').notNull().default(false),
  /** The supplier books, then the answer never arrives: the unknown-outcome case reconciliation must settle. */
  bookTimeout: boolean('book_timeout').notNull().default(false),
  /** How long ticketing takes, seconds (a few by default so the demo flows). */
  ticketingDelaySeconds: integer('ticketing_delay_seconds').notNull().default(3),
  ticketFail: boolean('ticket_fail').notNull().default(false),
  /** Tickets are issued, then the answer never arrives. */
  ticketTimeout: boolean('ticket_timeout').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Seats sold per flight and booking class; availability = the schedule's capacity minus this. */
export const seatInventory = pgTable(
  'seat_inventory',
  {
    supplier: text('supplier').notNull(),
    flightNumber: text('flight_number').notNull(),
    date: date('date').notNull(),
    bookingClass: text('booking_class').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplier, t.flightNumber, t.date, t.bookingClass] })],
);

/** A search any server process can answer polls for: the request, and one row per supplier with its offers. */
export const flightSearches = pgTable(
  'flight_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    request: jsonb('request').notNull(),
    currency: text('currency').notNull(),
    suppliers: text('suppliers').array().notNull(),
    budgetMs: integer('budget_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // created_at alone: the retention purge removes searches by age across all agencies.
  (t) => [index('flight_searches_company_idx').on(t.companyId, t.createdAt), index('flight_searches_created_idx').on(t.createdAt)],
);

export const flightSearchResults = pgTable(
  'flight_search_results',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => flightSearches.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    /** pending | ok | error | timeout */
    status: text('status').notNull(),
    offers: jsonb('offers'),
    error: text('error'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.supplier] })],
);

/** Searches and bookings per agency and day, for the look-to-book ratio. */
export const agencyActivity = pgTable(
  'agency_activity',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    searches: integer('searches').notNull().default(0),
    bookings: integer('bookings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);
