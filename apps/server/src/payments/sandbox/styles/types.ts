import type { KeyObject } from 'node:crypto';
import type { Currency } from '@portal/contract/currency';
import type { CallbackAck, CallbackEvent, CallbackHeaders, CallbackRefusal } from '../../types.ts';

/**
 * The merchant's configuration of a channel: what a real adapter is given, and all the sandbox's verifier reads. Each
 * channel uses the fields its provider's scheme needs; the provider's keys and certificates come from configuration
 * (in the sandbox, from the simulated provider: payments/sandbox/credentials.ts), never from the provider's records.
 */
export interface ChannelCredentials {
  /** The merchant's account at the channel (app id, mchid, customer number, account, webhook id). */
  merchantId: string;
  /** The shared secret: Stripe's endpoint signing secret, Airwallex's webhook secret, the source of WeChat Pay's APIv3 key. */
  secret: string;
  /** The provider's RSA public key (SPKI PEM) its callbacks are signed with: Alipay's public key, YOP's platform key. */
  providerPublicKey?: string;
  /** The provider's signing certificates (PEM): WeChat Pay's platform certificates by serial, PayPal's by URL. */
  providerCertificates?: Readonly<Record<string, string>>;
  /** The merchant's own private key (PEM), where the provider encrypts to the merchant (YOP's digital envelope). */
  merchantPrivateKey?: string;
}

/** The provider's side of a channel: what it signs (and encrypts) callbacks with. */
export interface ProviderCredentials {
  merchantId: string;
  secret: string;
  /** The provider's RSA private key (Alipay, WeChat Pay platform, PayPal, YOP). */
  signingKey?: KeyObject;
  /** Where the merchant finds the signing certificate: its serial (Wechatpay-Serial) or URL (PAYPAL-CERT-URL). */
  certificateId?: string;
  /** The signing certificate (PEM), which the provider publishes (PayPal serves it at certificateId). */
  certificatePem?: string;
  /** The merchant's public key, which YOP encrypts each notification's random key to. */
  merchantPublicKey?: KeyObject;
}

/**
 * One event about one payment, as the channel's side knows it. Besides the outcomes: `approved`, PayPal's buyer
 * approving an order the merchant has yet to capture (CHECKOUT.ORDER.APPROVED), and `declined`, a card declined on
 * Stripe's page while the session stays open (payment_intent.payment_failed).
 */
export interface WireEvent {
  eventId: string;
  kind: 'paid' | 'canceled' | 'expired' | 'approved' | 'declined';
  occurredAt: Date;
  payment: {
    id: string;
    merchantReference: string;
    amount: number;
    currency: Currency;
    subject: string;
    createdAt: Date;
    paidAt: Date | null;
  };
}

/**
 * A channel's callback protocol: how an event is written and signed, how the merchant checks it, and what the channel
 * accepts as an acknowledgement. Signatures that carry a timestamp in a header are made afresh for each delivery
 * attempt (as Stripe, WeChat Pay, Airwallex and PayPal do); form styles (Alipay, YOP) sign the body once when queued.
 */
export interface CallbackStyle {
  /**
   * How far a callback's signed time may be from now before it is refused as a replay; null when the provider signs
   * no time at all (YOP), where a replay only repeats what settlement already absorbs (a paid event credits once).
   */
  readonly toleranceSeconds: number | null;
  /**
   * Which closures the provider notifies. WeChat Pay notifies successful payments only; Alipay and PayPal notify a
   * trade or order their side closed (timeout) but not a payer who leaves the page. The portal learns of the rest by
   * asking the channel (the payer's poll, the expiry job).
   */
  readonly notifies: readonly WireEvent['kind'][];
  newEventId(): string;
  encode(event: WireEvent, credentials: ProviderCredentials): { body: string; contentType: string };
  headersFor(body: string, credentials: ProviderCredentials, now: Date): Record<string, string>;
  verify(headers: CallbackHeaders, rawBody: string, credentials: ChannelCredentials, now: Date): WireVerification;
  acknowledgement(accepted: boolean): CallbackAck;
  /** Whether the merchant's answer stops the retries. */
  acknowledged(answer: { status: number; body: string }): boolean;
}

/** The card decline the sandbox's Stripe page stands for (Stripe's test card 4000 0000 0000 0002). */
export interface WireFailure {
  code: string;
  declineCode: string | null;
  message: string;
}

/**
 * What a style reads from a genuine callback: an outcome (paid, canceled, expired), or a step the adapter acts on (an
 * approval to capture), or a declined attempt (with the provider's reason). The adapter turns it into the portal's
 * CallbackVerification.
 */
export type WireVerification =
  | { ok: true; event: Omit<CallbackEvent, 'status'> & { status: CallbackEvent['status'] | 'approved' | 'declined'; failure?: WireFailure } }
  | { ok: false; reason: CallbackRefusal };

/** A kind of event every style can write: an outcome. Approval (PayPal) and a decline (Stripe) are those styles' own. */
export function outcome(kind: WireEvent['kind']): 'paid' | 'canceled' | 'expired' {
  if (kind === 'approved' || kind === 'declined') throw new Error(`this channel sends no ${kind} event`);
  return kind;
}
