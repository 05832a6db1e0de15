import type { Currency } from '@portal/contract/currency';

/**
 * The simulators compute in whole CNY (yuan) and answer in their own currency's minor units. The NDC simulator
 * quotes USD at a fixed simulator rate (its "airline" files fares in USD); the platform converts with its own rates.
 */
export const SIM_CNY_PER_USD = 7.1;

/** Yuan amount (whole units) as minor units of `currency`, rounded up to whole units as airlines file fares. */
export function yuanToMinor(yuan: number, currency: Currency): number {
  if (yuan <= 0) return 0;
  if (currency === 'CNY') return Math.round(yuan) * 100;
  if (currency === 'USD') return Math.ceil(yuan / SIM_CNY_PER_USD) * 100;
  throw new RangeError(`simulators quote CNY or USD, not ${currency}`);
}

/** Rounds a fare in yuan to the 10 yuan Chinese carriers file in (never below 10 for a paid fare). */
export const roundFare = (yuan: number): number => (yuan <= 0 ? 0 : Math.max(10, Math.round(yuan / 10) * 10));
