import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { describe, expect, it } from 'vitest';
import type { PaymentChannel } from '../../payments/types.ts';
import { topUpRefusal, type TopUpCompany } from './top-up-rules.ts';

const channel = (over: Partial<PaymentChannel> = {}) => ({ code: 'alipay', currencies: ['CNY'], feeBp: 60, paymentTimeoutMinutes: 30, ...over }) as PaymentChannel;
const company = (over: Partial<TopUpCompany['commonConfig']> = {}, channels: TopUpCompany['paymentSettings'] = { channels: ['balance', 'alipay'] }): TopUpCompany => ({
  commonConfig: { ...DEFAULT_COMMON_CONFIG, ...over },
  paymentSettings: channels,
});

describe('online top-up rules', () => {
  it('refuses in the order a person would fix things', () => {
    expect(topUpRefusal(company(), 'balance', undefined, 100, 'CNY')?.reason).toBe('not_top_up_channel');
    expect(topUpRefusal(company({ disablePayment: true }), 'alipay', channel(), 100, 'CNY')?.reason).toBe('payment_disabled');
    expect(topUpRefusal(company(), 'stripe', channel({ code: 'stripe' }), 100, 'CNY')?.reason).toBe('channel_not_allowed');
    expect(topUpRefusal(company(), 'alipay', undefined, 100, 'CNY')?.reason).toBe('channel_not_allowed');
    expect(topUpRefusal(company(), 'alipay', channel(), 100, 'USD')).toMatchObject({ reason: 'not_settlement_currency', currency: 'CNY' });
    expect(topUpRefusal(company({ settlementCurrency: 'USD' }), 'alipay', channel(), 100, 'USD')).toMatchObject({ reason: 'currency_not_supported', currency: 'USD' });
    expect(topUpRefusal(company(), 'alipay', channel(), 1, 'CNY')?.reason).toBe('below_fee');
    expect(topUpRefusal(company(), 'alipay', channel(), 2, 'CNY')).toBeNull();
    // No stored settings: the defaults (balance, credit, alipay, wechat-pay, stripe) apply.
    expect(topUpRefusal(company({}, null), 'wechat-pay', channel({ code: 'wechat-pay' }), 100, 'CNY')).toBeNull();
  });
});
