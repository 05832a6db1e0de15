import { describe, expect, it } from 'vitest';
import { bankTopUp, channelFee, percentToBp } from './top-up.ts';

const figures = (receivedAmount: number, receivedCurrency: any, settlementCurrency: any, exchangeRate: string, feeBp = 0) => {
  const { net, fee } = bankTopUp({ receivedAmount, receivedCurrency, settlementCurrency, exchangeRate, feeBp });
  return { net, fee };
};

describe('bankTopUp', () => {
  it('passes the same currency through at rate 1', () => {
    expect(figures(100_000, 'CNY', 'CNY', '1')).toEqual({ net: 100_000, fee: 0 });
  });

  it('converts between currencies with different minor digits', () => {
    // 1,000.00 USD at 7.1 = 7,100.00 CNY
    expect(figures(100_000, 'USD', 'CNY', '7.1').net).toBe(710_000);
    // 10,000 JPY (no minor unit) at 0.0468 = 468.00 CNY
    expect(figures(10_000, 'JPY', 'CNY', '0.0468').net).toBe(46_800);
    // 100.00 CNY at 21.367521 JPY per CNY = 2,136.7521 JPY -> 2,137 JPY
    expect(figures(10_000, 'CNY', 'JPY', '21.367521').net).toBe(2137);
  });

  it('takes the fee off the converted amount and reports it in the received currency', () => {
    // 1,000.00 USD, 2.5 % fee: 975.00 USD at 7.1 = 6,922.50 CNY; the fee is 25.00 USD
    expect(figures(100_000, 'USD', 'CNY', '7.1', 250)).toEqual({ net: 692_250, fee: 2_500 });
    expect(figures(100_000, 'CNY', 'CNY', '1', 10_000)).toEqual({ net: 0, fee: 100_000 });
  });

  it('rounds half up, once', () => {
    // 0.01 USD at 0.5 = 0.005 CNY -> 0.01
    expect(figures(1, 'USD', 'CNY', '0.5').net).toBe(1);
    // 0.01 USD at 0.4999 = 0.004999 CNY -> 0.00
    expect(figures(1, 'USD', 'CNY', '0.4999').net).toBe(0);
    // 3 % of 0.50 = 0.015 -> 0.02
    expect(figures(50, 'CNY', 'CNY', '1', 300).fee).toBe(2);
  });

  it('stays exact on large amounts', () => {
    // 99,999,999,999.99 HKD at 0.912345 = 91,234,499,999.99 CNY (exactly 91,234,499,999.990877)
    expect(figures(9_999_999_999_999, 'HKD', 'CNY', '0.912345').net).toBe(9_123_449_999_999);
  });
});

describe('percentToBp', () => {
  it('accepts up to two decimals', () => {
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(2.5)).toBe(250);
    expect(percentToBp(0.29)).toBe(29);
    expect(percentToBp(100)).toBe(10_000);
    expect(percentToBp(1.15)).toBe(115);
    expect(percentToBp(1.005)).toBeNull();
  });
});

describe('bankTopUp: the converted amount the web shows beside the net', () => {
  it('is the received amount at the rate, before the fee', () => {
    expect(bankTopUp({ receivedAmount: 100_000, receivedCurrency: 'USD', settlementCurrency: 'CNY', exchangeRate: '7.1', feeBp: 150 })).toEqual({
      converted: 710_000,
      net: 699_350,
      fee: 1_500,
    });
  });
});

describe('channelFee', () => {
  it('rounds the channel fee up to the minor unit, exactly on large amounts', () => {
    expect(channelFee(100_000, 60)).toBe(600);
    expect(channelFee(1, 60)).toBe(1);
    expect(channelFee(16_667, 60)).toBe(101);
    expect(channelFee(16_666, 60)).toBe(100);
    // 12345 x 0.6% = 74.07 -> 75
    expect(channelFee(12_345, 60)).toBe(75);
    expect(channelFee(12_345, 0)).toBe(0);
    expect(channelFee(1e11, 440)).toBe(4.4e9);
  });
});
