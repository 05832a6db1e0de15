import { describe, expect, it } from 'vitest';
import { computeTopUp, matchesComputed, suggestedRate } from './top-up-amount';

describe('computeTopUp', () => {
  it('credits the received amount unchanged in the same currency without a fee', () => {
    expect(computeTopUp({ receivedAmount: 100_000, receivedCurrency: 'CNY', exchangeRate: '1', feePercent: 0, settlementCurrency: 'CNY' })).toEqual({
      converted: 100_000,
      fee: 0,
      amount: 100_000,
    });
  });

  it('converts USD into CNY at a 6-decimal rate', () => {
    // 100.00 USD x 7.123456 = 712.3456 CNY -> 712.35 (half up)
    expect(computeTopUp({ receivedAmount: 10_000, receivedCurrency: 'USD', exchangeRate: '7.123456', feePercent: 0, settlementCurrency: 'CNY' })?.amount).toBe(71_235);
  });

  it('takes the fee percent off the converted amount', () => {
    // 1,000.00 USD x 7.1 = 7,100.00 CNY; 1.5% fee = 106.50; credited 6,993.50
    expect(computeTopUp({ receivedAmount: 100_000, receivedCurrency: 'USD', exchangeRate: '7.1', feePercent: 1.5, settlementCurrency: 'CNY' })).toEqual({
      converted: 710_000,
      fee: 10_650,
      amount: 699_350,
    });
  });

  it('reads JPY received amounts as whole yen (0 decimals)', () => {
    // 10,000 JPY x 0.048765 = 487.65 CNY
    expect(computeTopUp({ receivedAmount: 10_000, receivedCurrency: 'JPY', exchangeRate: '0.048765', feePercent: 0, settlementCurrency: 'CNY' })?.amount).toBe(48_765);
  });

  it('rounds a JPY settlement to whole yen, half up', () => {
    // 100.00 CNY x 20.5 = 2,050 JPY; less 1.5% = 2,019.25 -> 2,019
    expect(computeTopUp({ receivedAmount: 10_000, receivedCurrency: 'CNY', exchangeRate: '20.5', feePercent: 1.5, settlementCurrency: 'JPY' })).toEqual({
      converted: 2_050,
      fee: 31,
      amount: 2_019,
    });
    // 1.00 CNY x 20.5 = 20.5 JPY -> 21 (half up, not banker's rounding)
    expect(computeTopUp({ receivedAmount: 100, receivedCurrency: 'CNY', exchangeRate: '20.5', feePercent: 0, settlementCurrency: 'JPY' })?.amount).toBe(21);
  });

  it('rounds half up at the cent', () => {
    // 0.01 USD x 7.5 = 0.075 CNY -> 0.08; x 7.4 = 0.074 -> 0.07
    expect(computeTopUp({ receivedAmount: 1, receivedCurrency: 'USD', exchangeRate: '7.5', feePercent: 0, settlementCurrency: 'CNY' })?.amount).toBe(8);
    expect(computeTopUp({ receivedAmount: 1, receivedCurrency: 'USD', exchangeRate: '7.4', feePercent: 0, settlementCurrency: 'CNY' })?.amount).toBe(7);
  });

  it('stays exact on amounts a float would blur', () => {
    // 9,999,999,999.99 USD x 7.123457 = 71,234,569,999.9287... CNY -> 71,234,569,999.93; in floats the product drifts.
    const result = computeTopUp({ receivedAmount: 999_999_999_999, receivedCurrency: 'USD', exchangeRate: '7.123457', feePercent: 0, settlementCurrency: 'CNY' });
    expect(result?.amount).toBe(7_123_456_999_993);
  });

  it('credits nothing when the fee is 100%', () => {
    expect(computeTopUp({ receivedAmount: 5_000, receivedCurrency: 'EUR', exchangeRate: '1.1', feePercent: 100, settlementCurrency: 'USD' })).toEqual({
      converted: 5_500,
      fee: 5_500,
      amount: 0,
    });
  });

  it('answers null for inputs that cannot be computed yet', () => {
    const base = { receivedAmount: 100, receivedCurrency: 'USD', exchangeRate: '7.1', feePercent: 0, settlementCurrency: 'CNY' } as const;
    expect(computeTopUp({ ...base, exchangeRate: '' })).toBeNull();
    expect(computeTopUp({ ...base, exchangeRate: 'abc' })).toBeNull();
    expect(computeTopUp({ ...base, exchangeRate: '0' })).toBeNull();
    expect(computeTopUp({ ...base, exchangeRate: '1.1234567' })).toBeNull();
    expect(computeTopUp({ ...base, feePercent: 101 })).toBeNull();
    expect(computeTopUp({ ...base, receivedAmount: 1.5 })).toBeNull();
  });
});

describe('matchesComputed', () => {
  it('accepts one minor unit either way, as the server does', () => {
    expect(matchesComputed(1000, 1000)).toBe(true);
    expect(matchesComputed(1001, 1000)).toBe(true);
    expect(matchesComputed(999, 1000)).toBe(true);
    expect(matchesComputed(1002, 1000)).toBe(false);
  });
});

describe('suggestedRate', () => {
  const rateMap = { USD: '7.2', JPY: '0.048', EUR: '7.8' };
  it('is 1 for the same currency, even without rates', () => {
    expect(suggestedRate(undefined, 'JPY', 'JPY')).toBe('1');
  });
  it('is settlement units per received unit, from CNY-based rates', () => {
    expect(suggestedRate(rateMap, 'USD', 'CNY')).toBe('7.2');
    expect(suggestedRate(rateMap, 'CNY', 'USD')).toBe('0.138889');
    expect(suggestedRate(rateMap, 'USD', 'JPY')).toBe('150');
    expect(suggestedRate(rateMap, 'EUR', 'USD')).toBe('1.083333');
  });
  it('is null when a currency has no rate', () => {
    expect(suggestedRate(rateMap, 'GBP', 'CNY')).toBeNull();
    expect(suggestedRate(undefined, 'USD', 'CNY')).toBeNull();
  });
});
