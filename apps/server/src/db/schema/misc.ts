import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded images live in the database so every server process sees them (no local disk state). */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').references(() => companies.id),
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Login attempts per (account, address) pair, per account and per address (docs/decisions/0013-login-throttling.md):
 * `next_at` is the earliest moment the key's next attempt is evaluated; an attempt is counted before the password is.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  },
  // The retention purge removes keys idle for a day.
  (t) => [index('login_throttles_last_idx').on(t.lastAt)],
);

/** Fixed-window counters shared by all server processes (partnership form, API keys, searches). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  // The retention purge removes counters whose window is long over.
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  // Decimal string: how many CNY one unit of `currency` costs. Kept as text so no float ever touches it.
  rate: text('rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone'),
    country: text('country').notNull(),
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    website: text('website'),
    remarks: text('remarks'),
    language: text('language').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applications_company_created_idx').on(t.companyId, t.createdAt)],
);
