import { describe, expect, it } from 'vitest';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { feePercent, netCredited, toMinor, topUpChannels } from './top-up';

describe('online top-up figures', () => {
  it('credits the amount less the channel fee (rounded up)', () => {
    expect(netCredited(12_345, 60)).toBe(12_270);
    expect(netCredited(1e11, 290)).toBe(1e11 - 2_900_000_000);
  });

  it('reads typed amounts exactly in the currency minor units', () => {
    expect(toMinor('1234.5', 'CNY')).toBe(123_450);
    expect(toMinor('0.1', 'USD')).toBe(10);
    expect(toMinor('1.10', 'USD')).toBe(110);
    expect(toMinor('5000', 'JPY')).toBe(5000);
    expect(toMinor('5000.5', 'JPY')).toBeNull();
    expect(toMinor('1.234', 'CNY')).toBeNull();
    expect(toMinor('0', 'CNY')).toBeNull();
    expect(toMinor('-5', 'CNY')).toBeNull();
    expect(toMinor('', 'CNY')).toBeNull();
    expect(toMinor(null, 'CNY')).toBeNull();
  });

  it('shows fees as percents', () => {
    expect(feePercent(60)).toBe('0.6%');
    expect(feePercent(250)).toBe('2.5%');
    expect(feePercent(0)).toBe('0%');
  });

  it('offers only external channels, none when payment is disabled', () => {
    const balance = { currency: 'CNY', cash: 0, creditLimit: 0, usedCredit: 0, availableCredit: 0, held: 0, available: 0 } as const;
    const config: PaymentConfigAnswer = {
      disablePayment: false,
      balance,
      channels: [
        { channel: 'balance', feeBp: 0, currencies: ['CNY'] },
        { channel: 'alipay', feeBp: 60, currencies: ['CNY'] },
        { channel: 'paypal', feeBp: 340, currencies: ['USD', 'EUR'] },
      ],
    };
    expect(topUpChannels(config, 'CNY')).toEqual([
      { channel: 'alipay', feeBp: 60, usable: true },
      { channel: 'paypal', feeBp: 340, usable: false },
    ]);
    expect(topUpChannels({ ...config, disablePayment: true }, 'CNY')).toEqual([]);
    expect(topUpChannels(undefined, 'CNY')).toEqual([]);
  });
});
