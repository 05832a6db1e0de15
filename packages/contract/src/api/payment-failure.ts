import { z } from 'zod';

/**
 * Why the last attempt at a channel payment failed while the payment stayed open for another (issue 15; Stripe's
 * payment_intent.payment_failed, docs/decisions/0019-provider-signatures.md). `code` and `declineCode` are the
 * provider's own (Stripe's `last_payment_error.code` and `.decline_code`), `message` its text for the payer, in
 * English; pages show `paymentFailureKey`'s text in the reader's language instead. A later successful payment clears it.
 */
export const PaymentFailure = z
  .object({
    code: z.string(),
    declineCode: z.string().nullable(),
    message: z.string(),
    /** When the provider declined the attempt. */
    at: z.string(),
  })
  .meta({ id: 'PaymentFailure' });
export type PaymentFailure = z.infer<typeof PaymentFailure>;

/**
 * The reasons with a text of their own; any other code reads as the generic decline. Meanings from Stripe's decline
 * codes (https://docs.stripe.com/declines/codes) and error codes (https://docs.stripe.com/error-codes), found with
 * the search tool:
 * - generic_decline: declined for an unknown reason; another card, or the issuer can say more.
 * - insufficient_funds: not enough funds on the card.
 * - expired_card: the card has expired.
 * - incorrect_cvc: the security code is wrong; the same card may be tried again with the right one.
 * - processing_error: an error while processing the card; trying again may succeed.
 * - authentication_required: the issuer requires authentication (3D Secure); try again and authenticate.
 * - card_declined: the error code of every decline, read only when no decline_code says more.
 * - lost_card, stolen_card: reported lost or stolen. Stripe's guidance is to show these to the payer as a generic
 *   decline, never the specific reason, so they map to the generic text on purpose.
 * `other`: a code not listed (Stripe adds codes, and other providers have their own): a text that names no reason.
 */
export const PAYMENT_FAILURE_REASONS = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
  'other',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

const SHOWN_AS: Record<string, PaymentFailureReason> = {
  card_declined: 'generic_decline',
  lost_card: 'generic_decline',
  stolen_card: 'generic_decline',
};

/** The reason a failure is shown as: the decline code first (it is the more precise), then the error code. */
export function paymentFailureReason(f: Pick<PaymentFailure, 'code' | 'declineCode'>): PaymentFailureReason {
  for (const c of [f.declineCode, f.code]) {
    if (!c) continue;
    if ((PAYMENT_FAILURE_REASONS as readonly string[]).includes(c)) return c as PaymentFailureReason;
    if (Object.hasOwn(SHOWN_AS, c)) return SHOWN_AS[c]!;
  }
  return 'other';
}

/** The message catalogue's text for the failure (messages-payments.ts, payments.failure.*). */
export const paymentFailureKey = (f: Pick<PaymentFailure, 'code' | 'declineCode'>) => `payments.failure.${paymentFailureReason(f)}` as const;
