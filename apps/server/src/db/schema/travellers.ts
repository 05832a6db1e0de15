import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DocumentType, Gender } from '@portal/contract/api/flight-orders';
import { companies } from './companies.ts';
import { files } from './misc.ts';
import { users } from './users.ts';

/**
 * Frequent passengers (issue 11) belong to the user who keeps them, not to the agency: the spec's limit is 30 per
 * user, and a colleague's travellers are not offered. `company_id` is kept beside `user_id` so every query can also
 * check the tenant. Gender, birthday and nationality are null only on travellers moved from the old favourites list.
 */
export const frequentPassengers = pgTable(
  'frequent_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    surname: text('surname').notNull(),
    givenNames: text('given_names').notNull(),
    localName: text('local_name'),
    gender: text('gender').$type<Gender>(),
    birthday: date('birthday'),
    nationality: text('nationality'),
    areaCode: text('area_code'),
    phone: text('phone'),
    email: text('email'),
    remark: text('remark'),
    documentImageId: uuid('document_image_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frequent_passengers_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A traveller's documents. The number is stored only encrypted (AES-256-GCM, modules/travellers/document-crypto.ts);
 * its last 4 characters and length draw the masked form, and a keyed hash finds a whole number without decrypting.
 */
export const frequentPassengerDocuments = pgTable(
  'frequent_passenger_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => frequentPassengers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<DocumentType>().notNull(),
    numberCipher: text('number_cipher').notNull(),
    numberLast4: text('number_last4').notNull(),
    numberLength: integer('number_length').notNull(),
    numberHash: text('number_hash').notNull(),
    expiryDate: date('expiry_date'),
    issuingCountry: text('issuing_country'),
  },
  (t) => [index('frequent_passenger_documents_passenger_idx').on(t.passengerId, t.position), index('frequent_passenger_documents_hash_idx').on(t.numberHash)],
);

/** Frequent flyer cards: one per programme (airline) per traveller. */
export const memberCards = pgTable(
  'member_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => frequentPassengers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    airline: text('airline').notNull(),
    number: text('number').notNull(),
    holder: text('holder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_cards_passenger_airline_idx').on(t.passengerId, t.airline), index('member_cards_user_idx').on(t.userId)],
);
