import type { PaymentChannelCode, PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { Currency } from '@portal/contract/currency';
import { channelFee } from '@portal/contract/top-up';

export interface PayChoice {
  channel: PaymentChannelCode;
  feeBp: number;
  /** The channel's fee on the amount, minor units of its currency (0 for balance and credit). */
  fee: number;
  /** The channel takes the amount's currency. */
  usable: boolean;
  /** Balance: the cash; credit: the unused credit (same currency only); null when not comparable. */
  available: number | null;
}

/**
 * The ways an amount (a flight order's total, a group's instalment) can be paid, in the configuration's order, with
 * what each costs on top of it.
 */
export function payChoices(config: PaymentConfigAnswer | undefined, total: number, currency: Currency): PayChoice[] {
  if (!config || config.disablePayment) return [];
  const same = config.balance.currency === currency;
  return config.channels.map((c) => ({
    channel: c.channel,
    feeBp: c.feeBp,
    fee: channelFee(total, c.feeBp),
    usable: c.currencies.includes(currency),
    available: !same ? null : c.channel === 'balance' ? config.balance.cash : c.channel === 'credit' ? config.balance.availableCredit : null,
  }));
}

/** A fee in basis points as a percent for people: 60 -> "0.6%". */
export const feePercent = (feeBp: number): string => `${Number((feeBp / 100).toFixed(2))}%`;
