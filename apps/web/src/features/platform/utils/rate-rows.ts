import type { ExchangeRatesAnswer } from '@portal/contract/api/site';
import { CURRENCIES, RATE_BASE, type Currency } from '@portal/contract/currency';

export interface RateRow {
  currency: Currency;
  /** How many CNY one unit costs, as the server stores it; null when the currency has no rate yet. */
  rate: string | null;
  updatedAt: string | null;
}

/** One row per currency of spec point 9 except the base, in the picker's order, whether or not it has a rate. */
export function rateRows(answer: ExchangeRatesAnswer | undefined): RateRow[] {
  const byCurrency = new Map((answer?.rates ?? []).map((r) => [r.currency, r]));
  return CURRENCIES.filter((c) => c !== RATE_BASE).map((currency) => {
    const stored = byCurrency.get(currency);
    return { currency, rate: stored?.rate ?? null, updatedAt: stored?.updatedAt ?? null };
  });
}
