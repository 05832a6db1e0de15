import { useCallback } from 'react';
import { crossRate, minorToDecimal, priceByRate, type Currency, type RateMap } from '@portal/contract/currency';
import { formatPrice, useCurrency } from '../../lib/format';
import { useSiteConfig } from '../../lib/site';

export interface Money {
  amountMinor: number;
  currency: Currency;
}

/**
 * Converts an amount into the user's display currency with the site's rates (spec point 9: divide by the rate and
 * round up). Without a usable rate the amount stays in its own currency rather than showing a wrong number.
 */
export function convertMinor(amountMinor: number, from: Currency, to: Currency, rateMap: Record<string, string> | undefined): Money {
  if (from === to || !rateMap) return { amountMinor, currency: from };
  try {
    const rate = crossRate(rateMap as RateMap, from, to);
    return rate ? { amountMinor: priceByRate(amountMinor, from, to, rate), currency: to } : { amountMinor, currency: from };
  } catch {
    return { amountMinor, currency: from };
  }
}

/** "USD 1,234.56": minor units to a decimal string first, so JPY (0 digits) and CNY (2 digits) both read right. */
export function formatMinor(amountMinor: number, currency: Currency): string {
  return formatPrice(minorToDecimal(amountMinor, currency), currency);
}

export function formatMoney(amountMinor: number, from: Currency, to: Currency, rateMap: Record<string, string> | undefined): string {
  const m = convertMinor(amountMinor, from, to, rateMap);
  return formatMinor(m.amountMinor, m.currency);
}

export type MoneyFormatter = (amountMinor: number, currency: Currency) => string;

/** A formatter bound to the user's currency choice and the site's rates; re-renders when either changes. */
export function useMoney(): MoneyFormatter {
  const { currency } = useCurrency();
  const { data: site } = useSiteConfig();
  const rateMap = site?.rateMap;
  return useCallback((amountMinor: number, from: Currency) => formatMoney(amountMinor, from, currency, rateMap), [currency, rateMap]);
}
