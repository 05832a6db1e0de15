import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { Currency } from '@portal/contract/currency';

/**
 * One shape for every external payment channel (alipay, wechat-pay, the yeepay variants, airwallex, stripe, paypal).
 * The portal creates a payment, sends the payer to `redirectUrl`, and learns the outcome from signed callbacks (and,
 * when they do not come, by asking with retrievePayment). Balance and credit are not channels: they are the ledger.
 */
export interface PaymentChannel {
  readonly code: ExternalPaymentChannel;
  /** Currencies the channel settles in. */
  readonly currencies: readonly Currency[];
  /** Handling fee in basis points of the amount (1% = 100). */
  readonly feeBp: number;
  /** How long the payer has on the hosted page before the channel closes the payment. */
  readonly paymentTimeoutMinutes: number;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The channel's record of the payment; null when the channel does not know the id. */
  retrievePayment(channelPaymentId: string, now?: Date): Promise<ChannelPayment | null>;
  /** Closes an unpaid payment so it can no longer be paid. */
  cancelPayment(channelPaymentId: string, now?: Date): Promise<CancelResult>;
  /**
   * Sends part or all of a paid payment back to the payer (Alipay's trade refund, Stripe's refund). Each refund is
   * named by the merchant's own reference: asking again with it answers the first refund and never pays twice; the
   * refunds of one payment never add up to more than was paid.
   */
  refundPayment(channelPaymentId: string, input: RefundInput, now?: Date): Promise<RefundResult>;
  /**
   * Checks a callback's signature and freshness before reading anything from it. Asynchronous: the keys or
   * certificates it checks against may have to be loaded first (the sandbox's from the database; a real PayPal or
   * WeChat Pay adapter downloads the certificate a callback names, or a newer platform certificate, on first sight).
   */
  verifyCallback(headers: CallbackHeaders, rawBody: string, now?: Date): Promise<CallbackVerification>;
  /** What the channel expects back: its retries stop only on this exact acknowledgement. */
  acknowledgement(accepted: boolean): CallbackAck;
}

export interface CreatePaymentInput {
  /** The merchant's own id for the payment (our transaction id); the channel refuses a second payment under it. */
  merchantReference: string;
  /** Integer minor units of `currency`. */
  amount: number;
  currency: Currency;
  subject: string;
  /** Where the channel posts its callbacks. */
  notifyUrl: string;
  /** Where the payer's browser goes after paying or canceling. */
  returnUrl: string;
  /** When the channel closes the payment if it is not paid. */
  expiresAt: Date;
}

export interface CreatedPayment {
  channelPaymentId: string;
  redirectUrl: string;
}

export type ChannelPaymentStatus = 'created' | 'paid' | 'canceled' | 'expired';

export interface ChannelPayment {
  channelPaymentId: string;
  merchantReference: string;
  status: ChannelPaymentStatus;
  amount: number;
  currency: Currency;
  paidAt: Date | null;
  expiresAt: Date;
  /** The hosted page while the payment can still be paid, otherwise null. */
  redirectUrl: string | null;
}

export interface RefundInput {
  refundReference: string;
  /** Integer minor units of `currency`, the payment's currency. */
  amount: number;
  currency: Currency;
}

export type RefundResult =
  | { ok: true; refundId: string; amount: number }
  | { ok: false; reason: 'not_found' | 'not_paid' | 'exceeds_paid' | 'currency_mismatch' };

export type CancelResult =
  | { ok: true; status: 'canceled' | 'expired' }
  | { ok: false; reason: 'already_paid' | 'not_found' };

/** Header names in lower case, as Node delivers them. */
export type CallbackHeaders = Record<string, string | string[] | undefined>;

export interface CallbackEvent {
  channelPaymentId: string;
  merchantReference: string;
  status: 'paid' | 'canceled' | 'expired';
  amount: number;
  currency: Currency;
  /** The channel's event id: the same for every delivery of one event. */
  eventId: string;
  occurredAt: Date;
}

/**
 * A genuine event that settles nothing: an attempt the provider declined while the payment stays open for another
 * (Stripe's payment_intent.payment_failed for a card declined on the Checkout page). The merchant acknowledges it and
 * may tell the payer why; the payment is still paid, or expires, as before.
 */
export interface CallbackNotice {
  channelPaymentId: string;
  merchantReference: string;
  eventId: string;
  occurredAt: Date;
  /** The provider's code (`card_declined`) and its message for the payer ("Your card was declined."). */
  failure: { code: string; declineCode: string | null; message: string };
}

export type CallbackRefusal = 'malformed' | 'bad_signature' | 'stale';
export type CallbackVerification =
  | { ok: true; event: CallbackEvent; notice?: undefined }
  | { ok: true; event: null; notice: CallbackNotice }
  | { ok: false; reason: CallbackRefusal };

export interface CallbackAck {
  status: number;
  contentType: string;
  body: string;
}

/** Thrown when the channel refuses or cannot be reached while creating a payment: the outcome is a failure. */
export class ChannelRequestError extends Error {
  constructor(
    readonly channel: string,
    readonly reason: 'currency_not_supported' | 'invalid_request' | 'unavailable',
  ) {
    super(`${channel}: ${reason}`);
  }
}
