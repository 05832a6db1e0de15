import { z } from 'zod';
import { CURRENCIES, RATE_PATTERN } from '../currency.ts';
import { LANGUAGES } from '../languages.ts';
import { DATE_FORMATS } from './auth.ts';

export const SiteInfo = z.object({
  logo: z.string().nullable(),
  whiteLogo: z.string().nullable(),
  name: z.string(),
  shortName: z.string(),
  chineseName: z.string(),
  chineseShortName: z.string(),
  type: z.string(),
  dateFormat: z.enum(DATE_FORMATS),
  defaultCurrency: z.enum(CURRENCIES),
  defaultLanguage: z.enum(LANGUAGES),
  currencies: z.array(z.enum(CURRENCIES)),
  languages: z.array(z.enum(LANGUAGES)),
  favicon: z.string().nullable(),
  isIcp: z.boolean(),
  icpCode: z.string().nullable(),
  isNetworkSecurity: z.boolean(),
  networkSecurityCode: z.string().nullable(),
  /** rateMap[X] = how many units of the base currency (CNY) one unit of X costs, as a decimal string. */
  rateMap: z.record(z.string(), z.string()),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const ExchangeRate = z.object({ currency: z.enum(CURRENCIES), rate: z.string(), updatedAt: z.string() });
export const ExchangeRatesAnswer = z.object({
  base: z.enum(CURRENCIES),
  rates: z.array(ExchangeRate),
  rateMap: z.record(z.string(), z.string()),
}).meta({ id: 'ExchangeRatesAnswer' });
export type ExchangeRatesAnswer = z.infer<typeof ExchangeRatesAnswer>;

export const UpdateRatesBody = z.object({
  rates: z
    .array(z.object({ currency: z.enum(CURRENCIES, 'validation.currency'), rate: z.string().regex(RATE_PATTERN, 'validation.rate').refine((r) => Number(r) > 0, 'validation.rate') }))
    .min(1, 'validation.list.empty'),
});
export type UpdateRatesBody = z.infer<typeof UpdateRatesBody>;
