import { DEFAULT_PAYMENT_SETTINGS, type PaymentChannelCode } from '@portal/contract/api/agencies';
import type { CommonConfig } from '@portal/contract/api/auth';
import type { Currency } from '@portal/contract/currency';
import { channelFee } from '@portal/contract/top-up';
import type { MessageKey } from '@portal/contract/messages';
import type { PaymentChannel } from '../../payments/types.ts';

/** The rules of an online wallet top-up, as pure functions of the agency's settings and the channel. */

export interface TopUpCompany {
  commonConfig: CommonConfig;
  paymentSettings: { channels: PaymentChannelCode[] } | null;
}

export type TopUpRefusal =
  | { reason: 'not_top_up_channel'; key: MessageKey; field: 'channel' }
  | { reason: 'payment_disabled'; key: MessageKey }
  | { reason: 'channel_not_allowed'; key: MessageKey }
  | { reason: 'not_settlement_currency' | 'currency_not_supported'; key: MessageKey; field: 'currency'; currency: Currency }
  | { reason: 'below_fee'; key: MessageKey; field: 'amount' };

export const settlementCurrencyOf = (c: Pick<TopUpCompany, 'commonConfig'>): Currency => c.commonConfig.settlementCurrency ?? 'CNY';

export const allowedChannels = (c: TopUpCompany): PaymentChannelCode[] => c.paymentSettings?.channels ?? DEFAULT_PAYMENT_SETTINGS.channels;


/** Why this top-up cannot be made, or null when it can. `channel` is undefined for balance, credit or an unknown code. */
export function topUpRefusal(
  company: TopUpCompany,
  code: PaymentChannelCode,
  channel: PaymentChannel | undefined,
  amount: number,
  currency: Currency,
): TopUpRefusal | null {
  if (code === 'balance' || code === 'credit') return { reason: 'not_top_up_channel', key: 'payments.channel.notTopUp', field: 'channel' };
  if (company.commonConfig.disablePayment) return { reason: 'payment_disabled', key: 'payments.disabled' };
  if (!channel || !allowedChannels(company).includes(code)) return { reason: 'channel_not_allowed', key: 'payments.channel.notAllowed' };
  const settlement = settlementCurrencyOf(company);
  if (currency !== settlement) return { reason: 'not_settlement_currency', key: 'payments.currency.settlement', field: 'currency', currency: settlement };
  if (!channel.currencies.includes(currency)) return { reason: 'currency_not_supported', key: 'payments.currency.unsupported', field: 'currency', currency };
  if (amount - channelFee(amount, channel.feeBp) <= 0) return { reason: 'below_fee', key: 'payments.amount.belowFee', field: 'amount' };
  return null;
}
