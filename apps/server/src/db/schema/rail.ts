import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * A simulated railway's seats (suppliers/rail): per train on its service date, per seat class and per segment between
 * two consecutive stops of its run (segment 0 = first stop to second). A ticket from stop i to stop j occupies
 * segments i..j-1, so a seat sold Beijing-Jinan is free again from Jinan on. Rows appear the first time a train's
 * date is searched or booked, with the capacity of its train set; `sold` counts every seat taken on that segment.
 */
export const railSeatInventory = pgTable(
  'rail_seat_inventory',
  {
    supplier: text('supplier').notNull(),
    serviceDate: date('service_date').notNull(),
    trainNumber: text('train_number').notNull(),
    seatClass: text('seat_class').notNull(),
    segment: smallint('segment').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rail_seat_inventory_pk', columns: [t.supplier, t.serviceDate, t.trainNumber, t.seatClass, t.segment] }),
    // The last line of defence of the inventory: no code path can oversell or release more than it sold.
    check('rail_seat_inventory_sold_ck', sql`${t.sold} >= 0 and ${t.sold} <= ${t.capacity}`),
  ],
);

/**
 * Which seat (its number within the class, 0-based) a booking holds on each segment: one row per seat and segment,
 * so two tickets can never share a seat on any stretch of the run.
 */
export const railSeatAssignments = pgTable(
  'rail_seat_assignments',
  {
    supplier: text('supplier').notNull(),
    serviceDate: date('service_date').notNull(),
    trainNumber: text('train_number').notNull(),
    seatClass: text('seat_class').notNull(),
    seatNo: integer('seat_no').notNull(),
    segment: smallint('segment').notNull(),
    bookingId: uuid('booking_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rail_seat_assignments_pk', columns: [t.supplier, t.serviceDate, t.trainNumber, t.seatClass, t.seatNo, t.segment] }),
    index('rail_seat_assignments_booking_idx').on(t.bookingId),
  ],
);

/** A simulated railway's orders: what 12306 keeps for an agent channel (held until paid, then ticketed). */
export const railBookings = pgTable(
  'rail_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplier: text('supplier').notNull(),
    /** 12306 order number: "E" and 9 digits. */
    orderNumber: text('order_number').notNull(),
    /** The client's own reference: a second hold with it answers the first. */
    clientReference: text('client_reference').notNull(),
    serviceDate: date('service_date').notNull(),
    trainNumber: text('train_number').notNull(),
    seatClass: text('seat_class').notNull(),
    fromIndex: smallint('from_index').notNull(),
    toIndex: smallint('to_index').notNull(),
    /** held -> ticketed | cancelled | expired */
    status: text('status').notNull(),
    /** The boarding and alighting stops as sold (RailStop), so the booking reads the same if the timetable changes. */
    ride: jsonb('ride').notNull(),
    passengers: jsonb('passengers').notNull(),
    /** One per passenger: seat, fare, ticket number and state, and the after-sales requests that acted on it. */
    tickets: jsonb('tickets').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    /** Set on a booking made by changing tickets of another. */
    changedFrom: uuid('changed_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('rail_bookings_order_number_uq').on(t.supplier, t.orderNumber),
    unique('rail_bookings_client_reference_uq').on(t.supplier, t.clientReference),
    // Holds past their time on a service date are found and released by date (search sweeps them).
    index('rail_bookings_hold_idx').on(t.supplier, t.status, t.serviceDate),
  ],
);
