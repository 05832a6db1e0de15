import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * Double-entry money journal (issue 4, architecture habit 7). Amounts are signed integer minor units beside their
 * currency. Movements and entries are append-only (a trigger in the migration refuses UPDATE and DELETE); a correction
 * is a reversing movement.
 */
export const LEDGER_ACCOUNT_KINDS = ['cash', 'credit_line', 'held', 'receivable', 'platform', 'channel'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for platform and channel accounts.
    companyId: uuid('company_id').references(() => companies.id),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    currency: text('currency').notNull(),
    // Channel accounts only (payment channel name); null otherwise.
    channel: text('channel'),
    // Running sum of this account's entries, kept in the same transaction as each entry; checkInvariants proves it.
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    // Cash accounts only: how far below zero the balance may go.
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_uq').on(t.companyId, t.kind, t.currency, t.channel).nullsNotDistinct(),
    check('ledger_accounts_kind_ck', sql`${t.kind} in ('cash','credit_line','held','receivable','platform','channel')`),
    check('ledger_accounts_credit_limit_ck', sql`${t.creditLimit} >= 0`),
    // MAX_CREDIT_LIMIT_MINOR (contract amounts.ts); balances are bounded by a trigger (migration 0007, issue 9).
    check('ledger_accounts_credit_limit_bound_ck', sql`${t.creditLimit} <= 100000000000000`),
    // Last line of defence behind the service's own check: a cash account never goes past its credit line.
    check('ledger_accounts_cash_floor_ck', sql`${t.kind} <> 'cash' or ${t.balance} >= -${t.creditLimit}`),
  ],
);

export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reason: text('reason').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    actorUserId: uuid('actor_user_id'),
    idempotencyKey: text('idempotency_key').unique('ledger_movements_idempotency_key_uq'),
    requestHash: text('request_hash'),
    // The first answer given for the idempotency key, replayed verbatim.
    result: jsonb('result').$type<Record<string, unknown>>(),
    reversesMovementId: uuid('reverses_movement_id')
      .references((): AnyPgColumn => ledgerMovements.id)
      .unique('ledger_movements_reverses_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_movements_reference_idx').on(t.referenceType, t.referenceId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => ledgerMovements.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('ledger_entries_movement_idx').on(t.movementId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_nonzero_ck', sql`${t.amount} <> 0`),
  ],
);

export const HOLD_STATUSES = ['held', 'captured', 'released', 'expired'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<HoldStatus>().notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdMovementId: uuid('created_movement_id')
      .notNull()
      .references(() => ledgerMovements.id),
    resolvedMovementId: uuid('resolved_movement_id')
      .references(() => ledgerMovements.id)
      .unique('ledger_holds_resolved_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_holds_status_expires_idx').on(t.status, t.expiresAt),
    check('ledger_holds_amount_ck', sql`${t.amount} > 0`),
    check('ledger_holds_status_ck', sql`${t.status} in ('held','captured','released','expired')`),
    check('ledger_holds_resolved_ck', sql`(${t.status} = 'held') = (${t.resolvedMovementId} is null)`),
  ],
);
