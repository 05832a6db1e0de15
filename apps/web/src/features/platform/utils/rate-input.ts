import { RATE_PATTERN, rateToMicro, type Currency } from '@portal/contract/currency';

/**
 * Rates are edited as text and sent as text: "7.123456" must reach the server exactly as typed, which a float
 * (or an InputNumber that rounds) cannot promise. These helpers judge and compare that text without parsing it
 * into a JavaScript number.
 */
export type RateProblem = 'required' | 'notNumber' | 'notPositive' | 'tooManyDecimals' | 'tooLarge';

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Why a typed rate cannot be saved, or null when the contract (RATE_PATTERN and > 0) accepts it. */
export function rateProblem(input: string): RateProblem | null {
  const text = input.trim();
  if (text === '') return 'required';
  if (!DECIMAL.test(text)) return 'notNumber';
  if (text.startsWith('-')) return 'notPositive';
  const [whole, frac = ''] = text.split('.');
  if (frac.length > 6) return 'tooManyDecimals';
  if (whole.replace(/^0+(?=\d)/, '').length > 9) return 'tooLarge';
  // Leading zeros ("007.1") are the only other spelling the contract refuses.
  if (!RATE_PATTERN.test(text)) return 'notNumber';
  if (/^0(?:\.0+)?$/.test(text)) return 'notPositive';
  return null;
}

/**
 * The problem of one row's draft: none while untouched, none for a blank draft of a currency that has no rate yet
 * (nothing to save), otherwise the text's own problem. A blank draft over a stored rate is "required": rates can be
 * changed, not removed.
 */
export function draftProblem(stored: string | null, draft: string | undefined): RateProblem | null {
  if (draft === undefined || (stored === null && draft.trim() === '')) return null;
  return rateProblem(draft);
}

/** "7.1" and "7.100" are one rate (the server stores one spelling); malformed text never equals anything. */
export function sameRate(a: string, b: string): boolean {
  try {
    return rateToMicro(a.trim()) === rateToMicro(b.trim());
  } catch {
    return false;
  }
}

export interface RateChange {
  currency: Currency;
  /** The stored rate, or null for a currency that has none yet. */
  from: string | null;
  rate: string;
}

/**
 * The rates whose draft differs from the stored value, in table order. Untouched rows, drafts that spell the stored
 * value differently ("7.10" for "7.1") and blank drafts of currencies without a rate are left out.
 */
export function changedRates(stored: readonly { currency: Currency; rate: string | null }[], drafts: Partial<Record<Currency, string>>): RateChange[] {
  return stored.flatMap(({ currency, rate }) => {
    const draft = drafts[currency]?.trim();
    if (draft === undefined || (rate === null && draft === '') || (rate !== null && sameRate(draft, rate))) return [];
    return [{ currency, from: rate, rate: draft }];
  });
}

/** Relative change in percent, for display only (a float is fine here); null when it cannot be told. */
export function percentChange(from: string | null, to: string): number | null {
  if (from === null) return null;
  const a = Number(from);
  const b = Number(to);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0) return null;
  return ((b - a) / a) * 100;
}
