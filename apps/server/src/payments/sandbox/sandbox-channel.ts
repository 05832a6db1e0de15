import type { Currency } from '@portal/contract/currency';
import type { CallbackVerification, ChannelPayment, ChannelPaymentStatus, PaymentChannel } from '../types.ts';
import type { SandboxProfile } from './profiles.ts';
import type { SandboxProvider } from './provider.ts';
import type { ChannelCredentials } from './styles/types.ts';

/**
 * The merchant's adapter to one sandbox channel. Its calls to the provider stand where a real adapter would make HTTPS
 * requests; its callback check uses only the merchant's copy of the credentials, never the provider's records.
 */
/**
 * `credentials` is the merchant's configuration of the channel, read when a callback is first checked (the sandbox's
 * keys are loaded from the database on first use).
 */
export function createSandboxChannel(profile: SandboxProfile, provider: SandboxProvider, credentials: () => Promise<ChannelCredentials>): PaymentChannel {
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
      let row = await provider.lookup(code, channelPaymentId, now);
      if (!row) return null;
      // PayPal: the payer approved and came back before the webhook; the merchant captures now, as a real integration
      // does on the payer's return (a capture already made answers as it is).
      if (row.status === 'approved') row = (await provider.capture(code, channelPaymentId, now)).payment ?? row;
      const status = (row.status === 'approved' ? 'created' : row.status) as ChannelPaymentStatus;
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

    async verifyCallback(headers, rawBody, now = new Date()): Promise<CallbackVerification> {
      const v = style.verify(headers, rawBody, await credentials(), now);
      if (!v.ok) return v;
      const { status, failure, ...event } = v.event;
      if (status === 'declined') {
        // Stripe's payment_intent.payment_failed: the attempt failed, the payment stays open for another.
        if (!failure) return { ok: false, reason: 'malformed' };
        const { channelPaymentId, merchantReference, eventId, occurredAt } = event;
        return { ok: true, event: null, notice: { channelPaymentId, merchantReference, eventId, occurredAt, failure } };
      }
      if (status === 'approved') {
        // PayPal's CHECKOUT.ORDER.APPROVED: the buyer approved, nothing is paid until the merchant captures. PayPal's
        // guidance is to capture on this event; the capture's outcome is what the event means for the payment.
        const captured = await provider.capture(code, event.channelPaymentId, now);
        const row = captured.payment;
        if (!row || row.merchantReference !== event.merchantReference || row.status === 'created' || row.status === 'approved') return { ok: false, reason: 'malformed' };
        return { ok: true, event: { ...event, status: row.status as 'paid' | 'canceled' | 'expired' } };
      }
      return { ok: true, event: { ...event, status } };
    },

    acknowledgement: (accepted) => style.acknowledgement(accepted),
  };
}
