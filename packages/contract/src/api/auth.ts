import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';
import { LANGUAGES } from '../languages.ts';
import { EmbedOrigins } from './agency-config.ts';
import { ROLES, USER_STATUSES, PASSWORD_MIN, PASSWORD_MAX } from '../roles.ts';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, DEFAULT_REGION } from './auth-constants.ts';
export * from './auth-constants.ts';

export const Password = z.string().min(PASSWORD_MIN, 'validation.password.length').max(PASSWORD_MAX, 'validation.password.length');

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  password: z.string().min(1, 'validation.required').max(128, 'validation.tooLong'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** `data` of a throttled login (429, code 200002): the same seconds as its Retry-After header. */
export const LoginThrottled = z.object({ retryAfterSeconds: z.number().int().positive() });
export type LoginThrottled = z.infer<typeof LoginThrottled>;

export const SingleLoginBody = z.object({
  code: z.string().min(8, 'validation.invalid').max(128, 'validation.tooLong'),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'validation.invalid'),
  timestamp: z.coerce.number().int('validation.invalid').positive('validation.invalid'),
  userid: z.string().min(1, 'validation.required').max(64, 'validation.tooLong'),
});
export type SingleLoginBody = z.infer<typeof SingleLoginBody>;

export const CityCode = z.string().regex(/^[A-Z]{3}$/, 'validation.city');
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'validation.country');
export const AreaCode = z.string().regex(/^\d{1,4}$/, 'validation.region');

export const UserConfig = z.object({
  defaultRegion: AreaCode,
  dateFormat: z.enum(DATE_FORMATS),
  cities: z.array(CityCode),
  countries: z.array(CountryCode),
});
export type UserConfig = z.infer<typeof UserConfig>;

/**
 * Frequent passengers are not a config key: they live in their own table, served by /base/v2/often-used-passengers
 * (issue 11, docs/decisions/0015-travellers.md); migration 0010 moved the old `passengers` lists there.
 */

/** A new user's favourites: the spec's defaults (area code 86, yyyy-MM-dd) and empty lists. */
export const DEFAULT_USER_CONFIG: UserConfig = { defaultRegion: DEFAULT_REGION, dateFormat: DEFAULT_DATE_FORMAT, cities: [], countries: [] };

/** Bodies of PUT /base/v2/me/config/{key}: favourite lists must not be empty (spec point 5). */
export const ConfigBodies = {
  cities: z.object({ value: z.array(CityCode).min(1, 'validation.list.empty').max(50, 'validation.invalid') }),
  countries: z.object({ value: z.array(CountryCode).min(1, 'validation.list.empty').max(50, 'validation.invalid') }),
  defaultRegion: z.object({ value: AreaCode }),
  dateFormat: z.object({ value: z.enum(DATE_FORMATS, 'validation.dateFormat') }),
} as const;
export const CONFIG_KEYS = ['cities', 'countries', 'defaultRegion', 'dateFormat'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export const ConfigKeyParams = z.object({ key: z.enum(CONFIG_KEYS) });

export const UserInfo = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  companyId: z.string(),
  config: UserConfig,
}).meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

export const CommonConfig = z.object({
  enableTrainService: z.boolean(),
  enableFlightService: z.boolean(),
  isShowBill: z.boolean(),
  canCreateSubAgency: z.boolean(),
  settlementCurrency: z.enum(CURRENCIES),
  /** Spec point 3: the agency may not search by PNR (the PNR mode is hidden and analysis-pnr refuses). */
  hidePnrBooking: z.boolean().default(false),
  /** Spec point 3: no mainland China (country CN; not HK, MO, TW) places, searches or connections for this agency. */
  hideMainlandContent: z.boolean().default(false),
  /** Language of the emails the portal sends this agency (top-up, credit, statements). */
  emailLanguage: z.enum(LANGUAGES).default('zh-CN'),
  /** The parent agency's emails (top-up, credit) also go to this agency's contact. */
  sendEmailToSubAgency: z.boolean().default(true),
  /** No online payment at all: orders are paid by the parent agency's staff (GET /order/v2/flight/config/payment). */
  disablePayment: z.boolean().default(false),
  /** Users without SuperUser see only the orders they created. */
  onlyOwnOrders: z.boolean().default(false),
  /** The Excel bill carries the invoice-type column. */
  showInvoiceType: z.boolean().default(false),
  /** Sites that may show the portal in a frame (embedded single-login mode); nobody may when empty. */
  embedOrigins: EmbedOrigins.default([]),
});
export type CommonConfig = z.infer<typeof CommonConfig>;

/** A new agency's common settings: both services on, bills hidden, CNY settlement (spec point 9 fallback). */
export const DEFAULT_COMMON_CONFIG: CommonConfig = {
  enableTrainService: true,
  enableFlightService: true,
  isShowBill: false,
  canCreateSubAgency: false,
  settlementCurrency: 'CNY',
  hidePnrBooking: false,
  hideMainlandContent: false,
  emailLanguage: 'zh-CN',
  sendEmailToSubAgency: true,
  disablePayment: false,
  onlyOwnOrders: false,
  showInvoiceType: false,
  embedOrigins: [],
};

export const Company = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  proxyLevel: z.number().int(),
  parentId: z.string().nullable(),
  config: z.object({ commonConfig: CommonConfig }),
}).meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

export const MeAnswer = z.object({
  userInfo: UserInfo,
  company: Company,
  websitePrefix: z.string(),
  permissions: z.array(z.string()),
  embedded: z.boolean(),
}).meta({ id: 'MeAnswer' });
export type MeAnswer = z.infer<typeof MeAnswer>;

export const SessionAnswer = MeAnswer.extend({ token: z.string() }).meta({ id: 'SessionAnswer' });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

export const UpdateMeBody = z.object({
  nickname: z.string().trim().max(64, 'validation.tooLong').nullish(),
  areaCode: AreaCode.nullish(),
  mobile: z.string().trim().regex(/^[0-9 -]{4,20}$/, 'validation.phone.format').nullish().or(z.literal('')),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const ChangePasswordBody = z.object({
  oldPassword: z.string().min(1, 'validation.required').max(128, 'validation.tooLong'),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
