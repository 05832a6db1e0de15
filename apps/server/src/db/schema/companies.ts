import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommonConfig } from '@portal/contract/api/auth';
import { DEFAULT_FLIGHT_CONFIG, type FlightConfig } from '@portal/contract/api/agency-config';
import {
  DEFAULT_CREDIT_PERIOD,
  DEFAULT_PAYMENT_SETTINGS,
  DEFAULT_TRAIN_CONFIG,
  type AgencyStatus,
  type CreditPeriod,
  type PaymentSettings,
  type TrainConfig,
} from '@portal/contract/api/agencies';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => companies.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    alias: text('alias'),
    address: text('address'),
    logoFileId: uuid('logo_file_id'),
    proxyLevel: integer('proxy_level').notNull(),
    commonConfig: jsonb('common_config').$type<CommonConfig>().notNull(),
    flightConfig: jsonb('flight_config').$type<FlightConfig>().notNull().default(DEFAULT_FLIGHT_CONFIG),
    trainConfig: jsonb('train_config').$type<TrainConfig>().notNull().default(DEFAULT_TRAIN_CONFIG),
    creditPeriod: jsonb('credit_period').$type<CreditPeriod>().notNull().default(DEFAULT_CREDIT_PERIOD),
    paymentSettings: jsonb('payment_settings').$type<PaymentSettings>().notNull().default(DEFAULT_PAYMENT_SETTINGS),
    status: text('status').$type<AgencyStatus>().notNull().default('active'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    customerService: text('customer_service'),
    allowedHosts: text('allowed_hosts').array().notNull().default(sql`'{}'::text[]`),
    extraInfo: text('extra_info'),
    // Single-login signing secrets; the previous one keeps working until the next rotation so agencies can roll over.
    singleLoginSecret: text('single_login_secret').notNull(),
    singleLoginSecretPrev: text('single_login_secret_prev'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('companies_parent_idx').on(t.parentId)],
);

export const sites = pgTable('sites', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  websitePrefix: text('website_prefix').notNull().default('/'),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  chineseName: text('chinese_name').notNull(),
  chineseShortName: text('chinese_short_name').notNull(),
  type: text('type').notNull().default('client'),
  dateFormat: text('date_format').notNull().default('yyyy-MM-dd'),
  defaultCurrency: text('default_currency').notNull().default('CNY'),
  defaultLanguage: text('default_language').notNull().default('zh-CN'),
  currencies: text('currencies').array().notNull(),
  languages: text('languages').array().notNull(),
  logoFileId: uuid('logo_file_id'),
  whiteLogoFileId: uuid('white_logo_file_id'),
  faviconFileId: uuid('favicon_file_id'),
  isIcp: boolean('is_icp').notNull().default(false),
  icpCode: text('icp_code'),
  isNetworkSecurity: boolean('is_network_security').notNull().default(false),
  networkSecurityCode: text('network_security_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
