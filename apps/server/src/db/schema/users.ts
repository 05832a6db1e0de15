import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserConfig } from '@portal/contract/api/auth';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull(),
    nickname: text('nickname'),
    email: text('email'),
    areaCode: text('area_code'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    // 'api': the agency's API user, which only API keys act as; it cannot log in with a password.
    kind: text('kind').$type<'person' | 'api'>().notNull().default('person'),
    avatarFileId: uuid('avatar_file_id'),
    config: jsonb('config').$type<UserConfig>().notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), index('users_company_idx').on(t.companyId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    embedded: boolean('embedded').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Retention (issue 9): the session cap counts a user's live sessions; the purge finds ended and expired ones.
    index('sessions_user_live_idx').on(t.userId, t.createdAt.desc()).where(sql`revoked_at is null`),
    index('sessions_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const singleLoginCodes = pgTable('single_login_codes', {
  code: text('code').primaryKey(),
  companyId: uuid('company_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userLogs = pgTable(
  'user_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username'),
    targetUserId: uuid('target_user_id'),
    targetUsername: text('target_username'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_logs_company_created_idx').on(t.companyId, t.createdAt)],
);
