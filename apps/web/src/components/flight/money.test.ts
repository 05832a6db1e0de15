import { describe, expect, it } from 'vitest';
import { convertMinor, formatMinor, formatMoney } from './money';

describe('flight prices', () => {
  it('format minor units with thousands separators and 2 decimals', () => {
    expect(formatMinor(123456789, 'CNY')).toBe('CNY 1,234,567.89');
    expect(formatMinor(5, 'USD')).toBe('USD 0.05');
    // JPY has no minor digits: 12345 minor units are 12,345 yen.
    expect(formatMinor(12345, 'JPY')).toBe('JPY 12,345.00');
  });

  it('stay in the answer currency when the user currency is the same or has no rate', () => {
    expect(formatMoney(123456, 'CNY', 'CNY', { USD: '7.2' })).toBe('CNY 1,234.56');
    expect(formatMoney(123456, 'CNY', 'EUR', { USD: '7.2' })).toBe('CNY 1,234.56');
    expect(formatMoney(123456, 'CNY', 'USD', undefined)).toBe('CNY 1,234.56');
  });

  it('convert with the site rates, rounding up (price by rate)', () => {
    // 1,234.56 CNY at 7.2 CNY per USD = 171.466... -> 171.47 USD
    expect(convertMinor(123456, 'CNY', 'USD', { USD: '7.2' })).toEqual({ amountMinor: 17147, currency: 'USD' });
    expect(formatMoney(123456, 'CNY', 'USD', { USD: '7.2' })).toBe('USD 171.47');
    expect(formatMoney(10000, 'USD', 'CNY', { USD: '7.2' })).toBe('CNY 720.00');
    // USD -> JPY goes through CNY: the cross rate keeps 6 decimals (0.006944 USD per yen), then rounds up.
    expect(formatMoney(10000, 'USD', 'JPY', { USD: '7.2', JPY: '0.05' })).toBe('JPY 14,401.00');
  });

  it('ignore a broken rate rather than show a wrong number', () => {
    expect(formatMoney(100, 'CNY', 'USD', { USD: 'abc' })).toBe('CNY 1.00');
  });
});
