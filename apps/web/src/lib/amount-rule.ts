import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { formatAmount } from './format';

/**
 * Bounds of a typed amount, in the units the input shows (major units of a currency, or percent). antd's InputNumber
 * would enforce min / max / precision itself by rewriting the value on blur (-100 becomes 0, an oversized top-up
 * becomes the maximum, 1.005 becomes 1.01), which silently saves an amount nobody typed; the form checks them with
 * this rule instead and keeps what was typed.
 */
export interface AmountBounds {
  /** Decimals the amount may carry: the currency's minor digits, 2 for a percentage. */
  decimals: number;
  /** Inclusive lower bound; 0 refuses negative amounts. */
  min?: number;
  /** Inclusive upper bound. */
  max?: number;
  /** 0 itself is refused too (a payment or top-up of nothing). */
  positive?: boolean;
  /** Writes a bound in a message, e.g. 1e11 as "CNY 100,000,000,000.00". */
  format?: (bound: number) => string;
  /** The message for an amount below 0 when min is 0, when the field has a better one than the generic. */
  negativeMessage?: string;
}

/** Decimals of a typed number: "12.50" has 1 (a trailing zero adds nothing), 1e-7 has 7. */
export function decimalsOf(value: number | string): number {
  const text = typeof value === 'number' ? String(Math.abs(value)) : value.trim().replace(/^[-+]/, '');
  const [mantissa, exponent] = text.toLowerCase().split('e');
  const fraction = (mantissa.split('.')[1] ?? '').replace(/0+$/, '');
  return Math.max(0, fraction.length - Number(exponent ?? 0));
}

/** The first broken bound of `value`, as a message; null when the value fits. Empty values fit (a `required` rule asks for them). */
export function amountProblem(value: unknown, bounds: AmountBounds, t: TFunction): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : Number(value);
  if ((typeof value !== 'number' && typeof value !== 'string') || !Number.isFinite(n)) return t('common.amount.notNumber');
  const show = bounds.format ?? ((b: number) => String(b));
  if (bounds.positive && n <= 0) return t('validation.amount.positive');
  if (bounds.min !== undefined && n < bounds.min) {
    return bounds.min === 0 ? (bounds.negativeMessage ?? t('common.amount.negative')) : t('common.amount.min', { min: show(bounds.min) });
  }
  if (bounds.max !== undefined && n > bounds.max) return t('common.amount.max', { max: show(bounds.max) });
  if (decimalsOf(value as number | string) > bounds.decimals) {
    return bounds.decimals === 0 ? t('common.amount.wholeNumber') : t('common.amount.decimals', { count: bounds.decimals });
  }
  return null;
}

/** The bounds as an antd form rule: the message shows under the field, the value stays as typed, nothing is sent. */
export function amountRule(t: TFunction, bounds: AmountBounds): FormRule {
  return {
    validator: (_, value: unknown) => {
      const problem = amountProblem(value, bounds, t);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/**
 * The contract's upper bound of a money field (minor units) in major units of `currency`, so the form refuses what
 * the server would refuse; undefined for a schema without a bound of its own (only int's safe-integer limit).
 */
export function contractMaxMajor(schema: z.ZodNumber, currency: Currency): number | undefined {
  const max = schema.maxValue;
  const bounded = max !== null && Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER;
  return bounded ? max / 10 ** minorDigits(currency) : undefined;
}

/** Bounds for an amount of money in `currency` typed in major units. */
export function moneyBounds(currency: Currency, bounds: Omit<AmountBounds, 'decimals' | 'format'>): AmountBounds {
  const digits = minorDigits(currency);
  return { ...bounds, decimals: digits, format: (major) => formatAmount(Math.round(major * 10 ** digits), currency) };
}
