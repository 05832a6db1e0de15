import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TransactionMethod, TransactionStatus } from '@portal/contract/api/bills';
import type { PaymentFailure } from '@portal/contract/api/payment-failure';
import { companies } from './companies.ts';
import { ledgerMovements } from './ledger.ts';
import { users } from './users.ts';

/**
 * Money around the ledger (issue 4): payment transactions (top-ups, channel payments), the channel sandboxes' own
 * records, monthly statements, API keys and the email outbox. The journal itself is in ledger.ts.
 */

/** Spec point 3, Transaction: every payment and top-up, whatever the channel. The ledger movement is its effect. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<'top-up' | 'payment' | 'refund'>().notNull(),
    method: text('method').$type<TransactionMethod>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    // Original ID: what the money is for (an order id, or null for a plain top-up).
    originType: text('origin_type'),
    originId: text('origin_id'),
    grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
    grossCurrency: text('gross_currency').notNull(),
    feeAmount: bigint('fee_amount', { mode: 'number' }).notNull().default(0),
    // Fee percent in basis points (1% = 100) as recorded at the time.
    feeBp: integer('fee_bp').notNull().default(0),
    exchangeRate: text('exchange_rate'),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    netCurrency: text('net_currency').notNull(),
    // Bank transfer reference or the channel's own transaction id.
    externalReference: text('external_reference'),
    remark: text('remark'),
    // The channel's payment id; unique so a channel payment maps to one transaction.
    channelPaymentId: text('channel_payment_id').unique('payment_transactions_channel_payment_uq'),
    movementId: uuid('movement_id').references(() => ledgerMovements.id),
    idempotencyKey: text('idempotency_key').unique('payment_transactions_idempotency_key_uq'),
    requestHash: text('request_hash'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // The provider's reason for the last declined attempt while the payment stayed open (Stripe's
    // payment_intent.payment_failed), newest attempt wins; cleared when the payment succeeds (issue 15).
    lastFailure: jsonb('last_failure').$type<PaymentFailure>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_transactions_company_created_idx').on(t.companyId, t.createdAt),
    index('payment_transactions_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * The sandbox channels' side of a payment: what a real provider keeps in its own systems. The portal never reads it
 * except through the channel adapter, exactly as it could not read Stripe's database.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    // created -> paid | canceled | expired
    status: text('status').notNull().default('created'),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Refunds of a paid payment, each under the merchant's own refund reference: [{ id, reference, amount, at }].
    refunds: jsonb('refunds').$type<{ id: string; reference: string; amount: number; at: string }[]>().notNull().default([]),
  },
  (t) => [index('sandbox_payments_status_expires_idx').on(t.status, t.expiresAt)],
);

/** Callbacks (webhooks) a sandbox channel still has to deliver, with the channel's retry schedule. */
export const sandboxCallbacks = pgTable(
  'sandbox_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id),
    event: text('event').notNull(),
    body: text('body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    url: text('url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_callbacks_due_idx').on(t.deliveredAt, t.nextAttemptAt)],
);

/** Monthly statements (spec point 3): one per agency, month and currency, written by the statements job. */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull(),
    closingBalance: bigint('closing_balance', { mode: 'number' }).notNull(),
    totalIn: bigint('total_in', { mode: 'number' }).notNull(),
    totalOut: bigint('total_out', { mode: 'number' }).notNull(),
    entryCount: integer('entry_count').notNull(),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    dueDate: text('due_date'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('statements_company_month_currency_uq').on(t.companyId, t.month, t.currency), index('statements_month_idx').on(t.month)],
);

/** API keys (domain facts: 32 random bytes, shown once, stored hashed with a short lookup prefix). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    // The agency's API user: requests with the key act as this user.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    prefix: text('prefix').notNull().unique('api_keys_prefix_uq'),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId)],
);

/** Outgoing email: written here in the same transaction as its cause, sent (or kept, without SMTP) by a job. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    // pending -> sent | failed; 'kept' when no SMTP server is configured (readable in the portal only).
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status, t.createdAt)],
);
