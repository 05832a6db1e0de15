import type { Currency } from '@portal/contract/currency';
import type { ChannelPayment, ChannelPaymentStatus, PaymentChannel } from '../types.ts';
import type { SandboxProfile } from './profiles.ts';
import type { SandboxProvider } from './provider.ts';
import type { ChannelCredentials } from './styles/types.ts';

/**
 * The merchant's adapter to one sandbox channel. Its calls to the provider stand where a real adapter would make HTTPS
 * requests; its callback check uses only the merchant's copy of the credentials, never the provider's records.
 */
/**
 * `credentials` is the merchant's configuration of the channel, read when a callback is first checked (the sandbox's
 * keys are made on first use).
 */
export function createSandboxChannel(profile: SandboxProfile, provider: SandboxProvider, credentials: () => ChannelCredentials): PaymentChannel {
  const { code, style } = profile;
  return {
    code,
    currencies: profile.currencies,
    feeBp: profile.feeBp,
    paymentTimeoutMinutes: profile.paymentTimeoutMinutes,

    async createPayment(input) {
      const row = await provider.open(code, input, new Date());
      return { channelPaymentId: row.id, redirectUrl: provider.hostedPageUrl(code, row.id) };
    },

    async retrievePayment(channelPaymentId, now = new Date()): Promise<ChannelPayment | null> {
      const row = await provider.lookup(code, channelPaymentId, now);
      if (!row) return null;
      const status = row.status as ChannelPaymentStatus;
      return {
        channelPaymentId: row.id,
        merchantReference: row.merchantReference,
        status,
        amount: row.amount,
        currency: row.currency as Currency,
        paidAt: row.paidAt,
        expiresAt: row.expiresAt,
        redirectUrl: status === 'created' ? provider.hostedPageUrl(code, row.id) : null,
      };
    },

    cancelPayment: (channelPaymentId, now = new Date()) => provider.close(code, channelPaymentId, now),

    refundPayment: (channelPaymentId, input, now = new Date()) => provider.refund(code, channelPaymentId, input, now),

    verifyCallback: (headers, rawBody, now = new Date()) => style.verify(headers, rawBody, credentials(), now),

    acknowledgement: (accepted) => style.acknowledgement(accepted),
  };
}
