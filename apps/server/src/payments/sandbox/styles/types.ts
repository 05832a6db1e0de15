import type { Currency } from '@portal/contract/currency';
import type { CallbackAck, CallbackHeaders, CallbackVerification } from '../../types.ts';

/** What both ends of a channel share: the signing secret and the merchant's account id at the channel. */
export interface ChannelCredentials {
  secret: string;
  merchantId: string;
}

/** One event about one payment, as the channel's side knows it. */
export interface WireEvent {
  eventId: string;
  kind: 'paid' | 'canceled' | 'expired';
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
 * attempt (as Stripe, WeChat Pay, Airwallex and PayPal do); form styles sign the body once, with the notify time in it.
 */
export interface CallbackStyle {
  /** How far a callback's signed time may be from now before it is refused as a replay. */
  readonly toleranceSeconds: number;
  newEventId(): string;
  encode(event: WireEvent, credentials: ChannelCredentials): { body: string; contentType: string };
  headersFor(body: string, credentials: ChannelCredentials, now: Date): Record<string, string>;
  verify(headers: CallbackHeaders, rawBody: string, credentials: ChannelCredentials, now: Date): CallbackVerification;
  acknowledgement(accepted: boolean): CallbackAck;
  /** Whether the merchant's answer stops the retries. */
  acknowledged(answer: { status: number; body: string }): boolean;
}
