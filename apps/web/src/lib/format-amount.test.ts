import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';

describe('formatAmount (integer minor units)', () => {
  it('uses thousands separators and the currency decimals', () => {
    expect(formatAmount(123_456_789, 'CNY')).toBe('CNY 1,234,567.89');
    expect(formatAmount(5, 'USD')).toBe('USD 0.05');
    expect(formatAmount(0, 'EUR')).toBe('EUR 0.00');
    // JPY and KRW have no minor digits: 1234567 minor units are 1,234,567 yen.
    expect(formatAmount(1_234_567, 'JPY')).toBe('JPY 1,234,567');
    expect(formatAmount(999, 'KRW')).toBe('KRW 999');
  });

  it('signs movements and keeps large amounts exact', () => {
    expect(formatAmount(-250_050, 'CNY')).toBe('CNY -2,500.50');
    expect(formatAmount(250_050, 'CNY', { sign: true })).toBe('CNY +2,500.50');
    expect(formatAmount(0, 'CNY', { sign: true })).toBe('CNY 0.00');
    expect(formatAmount(9_007_199_254_740_991, 'USD', { code: false })).toBe('90,071,992,547,409.91');
  });

  it('shows a dash for missing or non-integer values', () => {
    expect(formatAmount(null, 'CNY')).toBe('-');
    expect(formatAmount(undefined, 'CNY')).toBe('-');
    expect(formatAmount(1.5, 'CNY')).toBe('-');
  });
});
