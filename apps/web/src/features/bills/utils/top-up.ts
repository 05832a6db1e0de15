import { EXTERNAL_PAYMENT_CHANNELS, type ExternalPaymentChannel, type PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { channelFee } from '@portal/contract/top-up';

/** What reaches the wallet after the channel's fee (the contract's channelFee, which the server charges). */
export function netCredited(amountMinor: number, feeBp: number): number {
  return amountMinor - channelFee(amountMinor, feeBp);
}

/** A fee in basis points as a percent for people: 60 -> "0.6%", 250 -> "2.5%". */
export function feePercent(feeBp: number): string {
  return `${Number((feeBp / 100).toFixed(2))}%`;
}

/**
 * A typed amount in major units ("1234.5") to integer minor units of the currency, read from the string so no float
 * rounding creeps in; null when it is not a positive amount with at most the currency's decimals.
 */
export function toMinor(major: string | number | null | undefined, currency: Currency): number | null {
  if (major === null || major === undefined) return null;
  const text = String(major).trim();
  const digits = minorDigits(currency);
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}

export interface TopUpChannel {
  channel: ExternalPaymentChannel;
  feeBp: number;
  /** The channel takes the agency's settlement currency, the only currency a wallet is topped up in. */
  usable: boolean;
}

const isExternal = (c: string): c is ExternalPaymentChannel => (EXTERNAL_PAYMENT_CHANNELS as readonly string[]).includes(c);

/** The external channels the agency may top up with; balance and credit are ways to pay, not to top up. */
export function topUpChannels(config: PaymentConfigAnswer | undefined, currency: Currency): TopUpChannel[] {
  if (!config || config.disablePayment) return [];
  return config.channels
    .filter((c): c is typeof c & { channel: ExternalPaymentChannel } => isExternal(c.channel))
    .map((c) => ({ channel: c.channel, feeBp: c.feeBp, usable: c.currencies.includes(currency) }));
}
