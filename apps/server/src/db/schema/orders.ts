import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { OrderStatus, OrderType, PaymentStatus } from '@portal/contract/api/flight-orders';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Flight orders (issue 8): one row per order of any kind (origin, change, refund, void), its passengers, its flights
 * and its event log. The offer and priced fare as booked are kept whole (jsonb) so the order never depends on a
 * search that expires; the columns are what lists filter and sort on.
 */
export const flightOrders = pgTable(
  'flight_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingNumber: text('booking_number').notNull().unique('flight_orders_booking_number_uq'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id),
    type: text('type').$type<OrderType>().notNull().default('origin'),
    originalOrderId: uuid('original_order_id'),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    supplier: text('supplier').notNull(),
    /** The supplier's own booking id and the record locator (PNR) it answered. */
    supplierRef: text('supplier_ref'),
    recordLocator: text('record_locator'),
    validatingCarrier: text('validating_carrier').notNull(),
    searchId: uuid('search_id'),
    fareId: text('fare_id').notNull(),
    /** The supplier offer as booked (SupplierOffer) and the fare as priced for the agency (FareChoice). */
    offer: jsonb('offer').notNull(),
    fare: jsonb('fare').notNull(),
    contact: jsonb('contact').notNull(),
    remark: text('remark'),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** What the supplier is paid, converted to the order currency (platform only). */
    costTotal: bigint('cost_total', { mode: 'number' }).notNull(),
    transactionFee: bigint('transaction_fee', { mode: 'number' }).notNull().default(0),
    invoiceType: text('invoice_type').notNull(),
    productType: text('product_type').notNull(),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    ticketingTimeLimit: timestamp('ticketing_time_limit', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    holdId: uuid('hold_id'),
    paymentTransactionId: uuid('payment_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    reviewRemark: text('review_remark'),
    /** First flight's UTC departure and local date: the travel view and departure filters. */
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    departureDate: date('departure_date').notNull(),
    lastFlightDate: date('last_flight_date').notNull(),
    /**
     * Background work: when the next step (ticketing, reconciliation, expiry) is due, and who holds it until when. A
     * worker claims an order by moving lease_until forward; a crashed worker's lease simply runs out.
     */
    nextActionAt: timestamp('next_action_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The supplier call's outcome is not known (timed out): reconciliation asks the supplier before anything else. */
    inDoubt: boolean('in_doubt').notNull().default(false),
    idempotencyKey: text('idempotency_key').unique('flight_orders_idempotency_key_uq'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flight_orders_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('flight_orders_company_status_idx').on(t.companyId, t.status),
    index('flight_orders_company_departure_idx').on(t.companyId, t.departureDate),
    index('flight_orders_record_locator_idx').on(t.recordLocator),
    // Booking-number prefix search within an agency (LIKE 'F2611%' needs pattern ops under a non-C collation).
    index('flight_orders_company_booking_number_idx').on(t.companyId, t.bookingNumber.op('text_pattern_ops')),
    index('flight_orders_next_action_idx').on(t.nextActionAt).where(sql`next_action_at is not null`),
  ],
);

export const flightOrderPassengers = pgTable(
  'flight_order_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    surname: text('surname').notNull(),
    givenNames: text('given_names').notNull(),
    gender: text('gender').notNull(),
    birthday: date('birthday').notNull(),
    nationality: text('nationality').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    documentExpiry: date('document_expiry'),
    documentIssuingCountry: text('document_issuing_country'),
    frequentFlyer: jsonb('frequent_flyer'),
    ticketNumber: text('ticket_number'),
  },
  (t) => [
    index('flight_order_passengers_order_idx').on(t.orderId),
    index('flight_order_passengers_ticket_idx').on(t.ticketNumber),
    // Names are stored upper case; a name search is a prefix on either name.
    index('flight_order_passengers_surname_idx').on(t.surname.op('text_pattern_ops')),
    index('flight_order_passengers_given_names_idx').on(t.givenNames.op('text_pattern_ops')),
  ],
);

export const flightOrderSegments = pgTable(
  'flight_order_segments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    leg: integer('leg').notNull(),
    flightNumber: text('flight_number').notNull(),
    carrier: text('carrier').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    /** Local wall-clock times, "YYYY-MM-DDTHH:mm". */
    departure: text('departure').notNull(),
    arrival: text('arrival').notNull(),
    departureDate: date('departure_date').notNull(),
    departureUtc: timestamp('departure_utc', { withTimezone: true }).notNull(),
    cabin: text('cabin').notNull(),
    bookingClass: text('booking_class').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('flight_order_segments_flight_idx').on(t.flightNumber, t.departureDate),
    index('flight_order_segments_date_idx').on(t.departureDate),
  ],
);

/** Every transition and action on an order: who, when, from, to, why (the order timeline). */
export const flightOrderEvents = pgTable(
  'flight_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Events of one transaction share their time: the sequence keeps the timeline in the order things happened.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorKind: text('actor_kind').$type<'user' | 'platform' | 'system'>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    remark: text('remark'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flight_order_events_order_idx').on(t.orderId, t.seq)],
);

/** Booking numbers are readable per day: F + yyMMdd + a daily sequence. */
export const bookingNumberCounters = pgTable('booking_number_counters', {
  day: text('day').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * The simulated suppliers' own records of bookings: what a GDS or airline keeps on its side. The portal reads them
 * only through the supplier adapter (book, ticket, cancel, retrieve), as it could never read Amadeus's tables.
 */
export const supplierBookings = pgTable(
  'supplier_bookings',
  {
    id: text('id').primaryKey(),
    supplier: text('supplier').notNull(),
    recordLocator: text('record_locator').notNull(),
    /** The client's (the portal's) own reference: a second booking with the same reference is a duplicate. */
    clientReference: text('client_reference').notNull(),
    offerId: text('offer_id').notNull(),
    /** booked -> ticketed | cancelled */
    status: text('status').notNull(),
    passengers: jsonb('passengers').notNull(),
    contact: jsonb('contact').notNull(),
    /** Seats sold: [{ flightNumber, date, bookingClass, seats }]. */
    seats: jsonb('seats').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    ticketingTimeLimit: timestamp('ticketing_time_limit', { withTimezone: true }).notNull(),
    tickets: jsonb('tickets'),
    ticketingRequestedAt: timestamp('ticketing_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('supplier_bookings_locator_uq').on(t.supplier, t.recordLocator),
    unique('supplier_bookings_client_reference_uq').on(t.supplier, t.clientReference),
  ],
);

/** Per agency: the secret its booking webhooks are signed with (HMAC-SHA256), shown to the agency once. */
export const webhookSecrets = pgTable('webhook_secrets', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook deliveries: one row per event and URL, retried with backoff; the agency reads this log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id'),
    event: text('event').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending | delivered | failed (gave up) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_company_idx').on(t.companyId, t.createdAt.desc()),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // The retention purge removes finished deliveries by age.
    index('webhook_deliveries_finished_idx').on(t.createdAt).where(sql`status <> 'pending'`),
  ],
);
