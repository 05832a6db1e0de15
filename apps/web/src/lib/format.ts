import { useCallback, useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import { DEFAULT_DATE_FORMAT, DATE_FORMATS, type DateFormat } from '@portal/contract/api/auth-constants';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, minorToDecimal, type Currency } from '@portal/contract/currency';
import { useSiteConfig } from './site';
import { storage, STORAGE_KEYS } from './storage';

/** Prices: thousands separators and always 2 decimals, e.g. 1234.5 -> "1,234.50" (spec point 5). */
export function formatPrice(value: number | string | null | undefined, currency?: string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  const text = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${text}` : text;
}

/**
 * Money held as integer minor units (wallets, ledgers, statements): thousands separators and the currency's own
 * decimals (2; 0 for JPY and KRW), worked on the decimal string so large amounts never pass through a float.
 * `sign` writes "+" before positive amounts (movements in and out); `code: false` leaves out the currency code.
 */
export function formatAmount(
  amountMinor: number | null | undefined,
  currency: Currency,
  opts: { sign?: boolean; code?: boolean } = {},
): string {
  if (amountMinor === null || amountMinor === undefined || !Number.isSafeInteger(amountMinor)) return '-';
  const decimal = minorToDecimal(Math.abs(amountMinor), currency);
  const [whole, fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amountMinor < 0 ? '-' : opts.sign && amountMinor > 0 ? '+' : '';
  const text = `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
  return opts.code === false ? text : `${currency} ${text}`;
}

/**
 * Durations: the spec writes "HHh mm m"; we render hours and minutes zero-padded to two digits with the unit
 * letters glued on: 125 -> "02h 05m", 45 -> "00h 45m", 1505 -> "25h 05m" (hours are not wrapped into days).
 */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '-';
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}h ${String(m).padStart(2, '0')}m`;
}

/** The contract's formats use Unicode tokens (yyyy, dd); dayjs wants YYYY, DD. MM and MMM mean the same in both. */
export function toDayjsFormat(format: string): string {
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/**
 * Formats a date in the user's chosen format. "dd MMM yyyy" uses English month abbreviations in every
 * language, as airline documents do (e.g. 05 Mar 2025).
 */
export function formatDate(date: string | number | Date | dayjs.Dayjs | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (date === null || date === undefined || date === '') return '-';
  const d = dayjs(date);
  if (!d.isValid()) return '-';
  const fmt = isDateFormat(format) ? format : DEFAULT_DATE_FORMAT;
  return d.locale('en').format(toDayjsFormat(fmt));
}

export function formatDateTime(date: string | number | Date | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (date === null || date === undefined || date === '') return '-';
  const d = dayjs(date);
  return d.isValid() ? `${formatDate(d, format)} ${d.format('HH:mm')}` : '-';
}

// Currency choice: a tiny store so every select and price re-renders together.
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const readChosen = () => storage.get(STORAGE_KEYS.currency);

export function setCurrency(currency: Currency): void {
  storage.set(STORAGE_KEYS.currency, currency);
  for (const l of listeners) l();
}

/** The display currency: the user's choice if the site still offers it, else the site default, else CNY. */
export function useCurrency(): { currency: Currency; currencies: readonly Currency[]; setCurrency: (c: Currency) => void } {
  const chosen = useSyncExternalStore(subscribe, readChosen, readChosen);
  const { data: site } = useSiteConfig();
  const currencies: readonly Currency[] = site?.currencies?.length ? site.currencies : CURRENCIES;
  const fallback = site?.defaultCurrency ?? DEFAULT_CURRENCY;
  const currency = chosen && isCurrency(chosen) && currencies.includes(chosen) ? chosen : fallback;
  const set = useCallback((c: Currency) => setCurrency(c), []);
  return { currency, currencies, setCurrency: set };
}
