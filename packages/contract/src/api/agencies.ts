import { z } from 'zod';
import { CURRENCIES, RATE_PATTERN } from '../currency.ts';
import { Password } from './auth.ts';
import { CommonConfig } from './auth.ts';
import { FlightConfig } from './agency-config.ts';
import { optionalText, PageQuery, Paged } from './common.ts';
import { USERNAME_PATTERN } from '../roles.ts';
import { MAX_ADJUSTMENT_BP, MAX_AMOUNT_MINOR, MAX_CREDIT_LIMIT_MINOR, positiveAmount } from '../amounts.ts';
import { isTooWideRange } from '../host-range.ts';

/**
 * Agency management (spec points 3, 6 and 7: /base/v2/agencies*, /base/v2/sub/balance). A top-level agency
 * (proxyLevel 0 with canCreateSubAgency) manages the agencies whose parent it is. Money is in integer minor units of
 * the named currency everywhere.
 */

export const AGENCY_STATUSES = ['active', 'disabled'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];

export const CREDIT_PERIOD_UNITS = ['day', 'week', 'month', 'year'] as const;
export type CreditPeriodUnit = (typeof CREDIT_PERIOD_UNITS)[number];

/** When used credit falls due: `value` units after the end of the statement month (spec point 3, credit period). */
export const CreditPeriod = z.object({
  value: z.number().int('validation.invalid').min(0, 'validation.invalid').max(366, 'validation.invalid'),
  unit: z.enum(CREDIT_PERIOD_UNITS),
});
export type CreditPeriod = z.infer<typeof CreditPeriod>;
export const DEFAULT_CREDIT_PERIOD: CreditPeriod = { value: 1, unit: 'month' };

export const TrainConfig = z.object({
  notificationUrl: z.string().url('validation.url.format').nullable(),
  /** Orders are ticketed by staff by hand instead of automatically. */
  manual: z.boolean(),
});
export type TrainConfig = z.infer<typeof TrainConfig>;
export const DEFAULT_TRAIN_CONFIG: TrainConfig = { notificationUrl: null, manual: false };

/** Spec point 3: balance (wallet), credit and the external channels. yeepay comes in four variants. */
export const PAYMENT_CHANNELS = [
  'balance',
  'credit',
  'alipay',
  'wechat-pay',
  'yeepay-alipay',
  'yeepay-credit-card',
  'yeepay-debit-card',
  'yeepay-wechat',
  'airwallex',
  'stripe',
  'paypal',
] as const;
export type PaymentChannelCode = (typeof PAYMENT_CHANNELS)[number];
export const EXTERNAL_PAYMENT_CHANNELS = PAYMENT_CHANNELS.filter((c) => c !== 'balance' && c !== 'credit') as Exclude<
  PaymentChannelCode,
  'balance' | 'credit'
>[];
export type ExternalPaymentChannel = (typeof EXTERNAL_PAYMENT_CHANNELS)[number];

/** Which channels the agency may pay with; set by its parent. Balance and credit are on by default. */
export const PaymentSettings = z.object({
  channels: z.array(z.enum(PAYMENT_CHANNELS)),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = { channels: ['balance', 'credit', 'alipay', 'wechat-pay', 'stripe'] };

export const AgencyConfig = z.object({
  common: CommonConfig,
  flight: FlightConfig,
  train: TrainConfig,
  creditPeriod: CreditPeriod,
  payment: PaymentSettings,
});
export type AgencyConfig = z.infer<typeof AgencyConfig>;

/**
 * The flight group's amounts, bounded on the way in only (issue 9): AgencyConfig also answers, and a configuration
 * stored before the bounds existed must still be answered. Fixed values are minor units, percent ones basis points.
 */
function boundFlightAmounts(body: { flight?: FlightConfig }, ctx: z.RefinementCtx): void {
  const f = body.flight;
  if (!f) return;
  const check = (value: number, unit: 'fixed' | 'percent', path: (string | number)[]) => {
    const max = unit === 'percent' ? MAX_ADJUSTMENT_BP : MAX_AMOUNT_MINOR;
    if (Math.abs(value) <= max) return;
    const message = unit === 'percent' ? 'validation.percent.max' : 'validation.amount.max';
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, input: value, path: ['flight', ...path], message });
  };
  check(f.markup.value, f.markup.unit, ['markup', 'value']);
  for (const k of ['booking', 'change', 'refund', 'void'] as const) check(f.serviceFees[k], 'fixed', ['serviceFees', k]);
  f.priceAdjustments.forEach((a, i) => {
    check(a.value, a.unit, ['priceAdjustments', i, 'value']);
    check(a.limit, 'fixed', ['priceAdjustments', i, 'limit']);
  });
}

/** PUT /base/v2/agencies/{id}/config: any subset of the groups, each group given whole. */
export const UpdateAgencyConfigBody = AgencyConfig.partial().superRefine(boundFlightAmounts);
export type UpdateAgencyConfigBody = z.infer<typeof UpdateAgencyConfigBody>;

/** Balances derived from the journal, in one currency. `available` = cash + unused credit. */
export const Balances = z.object({
  currency: z.enum(CURRENCIES),
  cash: z.number().int(),
  creditLimit: z.number().int(),
  usedCredit: z.number().int(),
  availableCredit: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
}).meta({ id: 'Balances' });
export type Balances = z.infer<typeof Balances>;

export const ApiKeyInfo = z.object({
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const Agency = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  parentId: z.string().nullable(),
  proxyLevel: z.number().int(),
  status: z.enum(AGENCY_STATUSES),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Dedicated customer service: who at the parent looks after this agency. */
  customerService: z.string().nullable(),
  /** Hosts (IP addresses, CIDR ranges or host names) the agency's API key may be used from. */
  allowedHosts: z.array(z.string()),
  extraInfo: z.string().nullable(),
  settlementCurrency: z.enum(CURRENCIES),
  /** Balances in the settlement currency. */
  balance: Balances,
  apiKey: ApiKeyInfo.nullable(),
  superUser: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Agency = z.infer<typeof Agency>;

export const AgencyDetail = Agency.extend({ config: AgencyConfig }).meta({ id: 'AgencyDetail' });
export type AgencyDetail = z.infer<typeof AgencyDetail>;

export const AGENCY_BALANCE_FILTERS = ['positive', 'zero', 'usingCredit'] as const;
export const AgencyListQuery = PageQuery.extend({
  /** Name, alias, code or contact. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(AGENCY_STATUSES).optional(),
  balance: z.enum(AGENCY_BALANCE_FILTERS).optional(),
  /** true: only agencies with a credit line; false: only without. */
  hasCredit: z.enum(['true', 'false']).optional(),
});
export type AgencyListQuery = z.infer<typeof AgencyListQuery>;
export const AgencyPage = Paged(Agency);

/** Host entries: IPv4/IPv6 address, CIDR range, or a host name (wildcard *.example.com allowed). */
export const HOST_PATTERN = /^(?:\*\.)?[A-Za-z0-9.-]{1,253}$|^[0-9a-fA-F:.]{2,45}(?:\/\d{1,3})?$/;
const Hosts = z
  .array(z.string().trim().regex(HOST_PATTERN, 'validation.host').refine((h) => !isTooWideRange(h), 'validation.hostTooWide'))
  .max(50, 'validation.invalid');

const AgencyFields = {
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  alias: optionalText(50),
  address: optionalText(200),
  contactName: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  contactEmail: z.string().trim().email('validation.email.format').max(120, 'validation.tooLong'),
  contactPhone: z.string().trim().regex(/^\+?[0-9 -]{4,20}$/, 'validation.phone.format'),
  customerService: optionalText(100),
  allowedHosts: Hosts.default([]),
  extraInfo: optionalText(2000),
};

/** POST /base/v2/agencies: the agency and its first SuperUser; the code is generated. */
export const CreateAgencyBody = z.object({
  ...AgencyFields,
  settlementCurrency: z.enum(CURRENCIES, 'validation.currency'),
  enableFlightService: z.boolean().default(true),
  enableTrainService: z.boolean().default(true),
  superUser: z.object({
    username: z.string().trim().regex(USERNAME_PATTERN, 'validation.username.format'),
    password: Password,
  }),
});
export type CreateAgencyBody = z.input<typeof CreateAgencyBody>;

/** PUT /base/v2/agencies/{id}. */
export const UpdateAgencyBody = z.object({ ...AgencyFields, status: z.enum(AGENCY_STATUSES) });
export type UpdateAgencyBody = z.input<typeof UpdateAgencyBody>;

/** POST /base/v2/agencies/{id}/superuser/password: the platform sets a new password and tells the agency. */
export const ResetSuperUserPasswordBody = z.object({ password: Password });
export const ResetSuperUserPasswordAnswer = z.object({ username: z.string() });

/** POST /base/v2/agencies/{id}/apikey: the key is shown once; a new key replaces the old one. */
export const ApiKeyAnswer = z.object({ key: z.string(), prefix: z.string(), createdAt: z.string() });
export type ApiKeyAnswer = z.infer<typeof ApiKeyAnswer>;

/**
 * POST /base/v2/agencies/{id}/single-login-secret: a new single-login signing secret, shown once. The old current
 * secret becomes the previous one and keeps signing valid links until the next rotation (docs/single-login.md).
 */
export const SingleLoginSecretAnswer = z.object({ secret: z.string(), rotatedAt: z.string() });
export type SingleLoginSecretAnswer = z.infer<typeof SingleLoginSecretAnswer>;

/**
 * POST /base/v2/agencies/{id}/balance (spec point 3, top-up). The parent records money it received: receivedAmount in
 * receivedCurrency at exchangeRate (settlement units per received unit, decimal string), minus transactionFeePercent,
 * gives `amount` in the agency's settlement currency; the server recomputes it and refuses a mismatch.
 */
export const TopUpBody = z.object({
  receivedCurrency: z.enum(CURRENCIES, 'validation.currency'),
  receivedAmount: positiveAmount(),
  exchangeRate: z.string().regex(RATE_PATTERN, 'validation.rate'),
  /** Percent with up to 2 decimals, 0-100. */
  transactionFeePercent: z.number().min(0, 'validation.invalid').max(100, 'validation.invalid').default(0),
  referenceNumber: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  amount: positiveAmount(),
  sendEmail: z.boolean().default(false),
  remark: optionalText(200),
});
export type TopUpBody = z.input<typeof TopUpBody>;

export const TopUpAnswer = z.object({
  transactionId: z.string(),
  movementId: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  balance: Balances,
  replayed: z.boolean(),
});
export type TopUpAnswer = z.infer<typeof TopUpAnswer>;

/** PUT /base/v2/agencies/{id}/credit: the credit line in the settlement currency's minor units. */
export const CreditBody = z.object({
  // A negative line is not "no credit": the message says so rather than a bare "invalid value" (issue 9).
  credit: z.number({ error: 'validation.credit.required' }).int('validation.invalid').min(0, 'validation.credit.negative').max(MAX_CREDIT_LIMIT_MINOR, 'validation.credit.max'),
  sendEmail: z.boolean().default(false),
});
export type CreditBody = z.input<typeof CreditBody>;

/** GET /base/v2/agencies/{id}/look-to-book?from&to: searches per booking over the period (dates inclusive). */
export const LookToBookQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
});
export const LookToBook = z.object({
  from: z.string(),
  to: z.string(),
  searches: z.number().int(),
  bookings: z.number().int(),
  /** Searches per booking; null when there was no booking. */
  ratio: z.number().nullable(),
});
export type LookToBook = z.infer<typeof LookToBook>;

/** GET /order/v2/flight/config/payment: what the caller's agency may pay with right now. */
export const PaymentConfigAnswer = z.object({
  disablePayment: z.boolean(),
  channels: z.array(
    z.object({
      channel: z.enum(PAYMENT_CHANNELS),
      /** Channel handling fee in basis points of the amount (0 for balance and credit). */
      feeBp: z.number().int(),
      currencies: z.array(z.enum(CURRENCIES)),
    }),
  ),
  balance: Balances,
});
export type PaymentConfigAnswer = z.infer<typeof PaymentConfigAnswer>;
