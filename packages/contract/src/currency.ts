/** Currencies of spec point 9, in the order the currency picker shows them. */
export const CURRENCIES = [
  'CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'THB', 'SGD', 'CHF', 'DKK',
  'MOP', 'MYR', 'NOK', 'NZD', 'PHP', 'RUB', 'SEK', 'TWD', 'KRW', 'ZAR', 'ILS',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';
/** Rates are quoted against this currency: rateMap[X] = how many CNY one unit of X costs. */
export const RATE_BASE: Currency = 'CNY';

/** ISO 4217 minor-unit digits; money is always carried as integers in these units. */
export function minorDigits(currency: Currency): number {
  return currency === 'JPY' || currency === 'KRW' ? 0 : 2;
}

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** Rates are carried as decimal strings ("7.1234") and computed as integers with 6 fraction digits. */
const RATE_SCALE = 1_000_000n;
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,6})?$/;

export function rateToMicro(rate: string): bigint {
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`invalid rate ${rate}`);
  const [whole, frac = ''] = rate.split('.');
  const micro = BigInt(whole) * RATE_SCALE + BigInt(frac.padEnd(6, '0'));
  if (micro === 0n) throw new RangeError('rate must be positive');
  return micro;
}

function ceilDiv(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  if (n >= 0n) return (n + d - 1n) / d;
  return -((-n) / d);
}

const pow10 = (n: number) => 10n ** BigInt(n);

/**
 * "Price by rate: divide by the rate and round up" (spec point 9).
 * amountMinor is in `from`; rate is how many `from` units one `to` unit costs. The result, in `to` minor units,
 * is rounded up so a converted selling price never undercuts the source price.
 */
export function priceByRate(amountMinor: number, from: Currency, to: Currency, rate: string): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amount must be an integer of minor units');
  const n = BigInt(amountMinor) * pow10(minorDigits(to)) * RATE_SCALE;
  const d = pow10(minorDigits(from)) * rateToMicro(rate);
  return Number(ceilDiv(n, d));
}

/**
 * Settlement conversion (spec point 9): the converted amount keeps 2 decimals when it is under 10 units,
 * otherwise it is rounded up to a whole unit. Returns `to` minor units.
 */
export function settlementByRate(amountMinor: number, from: Currency, to: Currency, rate: string): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amount must be an integer of minor units');
  const digits = minorDigits(to);
  const exact = BigInt(amountMinor) * pow10(digits) * RATE_SCALE;
  const d = pow10(minorDigits(from)) * rateToMicro(rate);
  const wholeUnits = pow10(digits);
  // Under 10 units: round up to cents (or the currency's own precision if it has fewer digits).
  if (exact < 10n * wholeUnits * d && exact > -10n * wholeUnits * d) {
    const keep = Math.min(digits, 2);
    const step = pow10(digits - keep);
    return Number(ceilDiv(exact, d * step) * step);
  }
  return Number(ceilDiv(exact, d * wholeUnits) * wholeUnits);
}

export type RateMap = Partial<Record<Currency, string>>;

/** The rate to convert `from` into `to` through the base: from-per-to = rate[to] / rate[from]. */
export function crossRate(rateMap: RateMap, from: Currency, to: Currency): string | null {
  if (from === to) return '1';
  const rFrom = from === RATE_BASE ? '1' : rateMap[from];
  const rTo = to === RATE_BASE ? '1' : rateMap[to];
  if (!rFrom || !rTo) return null;
  // Six fraction digits, rounded half up: enough for display conversions; ledger work uses stored pair rates.
  const q = (rateToMicro(rTo) * RATE_SCALE * 2n) / rateToMicro(rFrom);
  const micro = (q + 1n) / 2n;
  if (micro === 0n) return null;
  const whole = micro / RATE_SCALE;
  const frac = (micro % RATE_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** Major-unit decimal string of a minor amount, e.g. (123456, 'CNY') -> "1234.56". */
export function minorToDecimal(amountMinor: number, currency: Currency): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor).toString().padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Minor units as the spec shows prices: thousands separators and the currency's decimals, "12,345.60" (CNY), "12,345" (JPY). */
export function formatMoney(amountMinor: number, currency: Currency): string {
  const [whole, frac] = minorToDecimal(amountMinor, currency).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}
