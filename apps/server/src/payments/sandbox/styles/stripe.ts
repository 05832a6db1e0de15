import { createHash } from 'node:crypto';
import { currencyOf, fresh, header, hmacSha256, parseJson, randomAlnum, sameMac } from '../wire.ts';
import type { CallbackStyle, WireVerification } from './types.ts';

/**
 * Stripe webhooks: a JSON Event, signed in the `Stripe-Signature: t=<unix>,v1=<hex>` header with HMAC-SHA256 over
 * "<t>.<body>" under the endpoint's signing secret; t is set per delivery attempt and refused beyond 5 minutes.
 * (https://docs.stripe.com/webhooks#verify-manually; stripe.webhooks.constructEvent checks the same.)
 * Amounts are integers in minor units with a lower-case currency. Checkout has no "canceled" event: a session the payer
 * abandons or cancels ends as `checkout.session.expired`. Any 2xx stops the retries (about 3 days of them).
 */
const TOLERANCE_SECONDS = 300;

/**
 * The PaymentIntent a Checkout Session creates for its payment (the session's `payment_intent`). One per session, so
 * derived from the session id here: "pi_" and 24 base62 characters, as Stripe writes them.
 */
export function paymentIntentOf(sessionId: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `pi_${Array.from(createHash('sha256').update(sessionId).digest().subarray(0, 24), (b) => alphabet[b % 62]).join('')}`;
}

/**
 * A card declined on the Checkout page, as Stripe reports it in `last_payment_error` (https://docs.stripe.com/declines,
 * https://docs.stripe.com/error-codes#card-declined): the sandbox's declined card stands for Stripe's test card
 * 4000 0000 0000 0002 (generic_decline).
 */
export const STRIPE_DECLINE = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } as const;

/**
 * payment_intent.payment_failed (https://docs.stripe.com/api/events/types#event_types-payment_intent.payment_failed):
 * the Event's data.object is the PaymentIntent (https://docs.stripe.com/api/payment_intents/object) with status
 * `requires_payment_method` and the decline in `last_payment_error`. Shaped after Stripe's published example payloads
 * (the Stripe CLI's `stripe trigger payment_intent.payment_failed` fixture and captured events such as
 * https://gist.github.com/pedro-vasconcelos/ffcb2347f552648e17ef3dc50ad77a3a). The PaymentIntent names no Checkout
 * Session; the merchant's reference reaches it through `payment_intent_data.metadata` given when the session was made.
 */
function paymentFailed(e: Parameters<CallbackStyle['encode']>[0]) {
  const p = e.payment;
  const created = Math.floor(e.occurredAt.getTime() / 1000);
  const pi = paymentIntentOf(p.id);
  const charge = `ch_${pi.slice(3)}`;
  const paymentMethod = `pm_${randomAlnum(24)}`;
  return {
    id: e.eventId,
    object: 'event',
    api_version: '2024-06-20',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.payment_failed',
    data: {
      object: {
        id: pi,
        object: 'payment_intent',
        amount: p.amount,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: 'automatic_async',
        confirmation_method: 'automatic',
        created: Math.floor(p.createdAt.getTime() / 1000),
        currency: p.currency.toLowerCase(),
        description: p.subject,
        last_payment_error: {
          charge,
          code: STRIPE_DECLINE.code,
          decline_code: STRIPE_DECLINE.declineCode,
          doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          message: STRIPE_DECLINE.message,
          payment_method: { id: paymentMethod, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '0002', funding: 'credit', country: 'US' } },
          type: 'card_error',
        },
        latest_charge: charge,
        livemode: false,
        metadata: { client_reference_id: p.merchantReference },
        payment_method: null,
        payment_method_types: ['card'],
        status: 'requires_payment_method',
      },
    },
  };
}

export const stripeStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['paid', 'canceled', 'expired', 'declined'],
  newEventId: () => `evt_${randomAlnum(24)}`,
  encode(e) {
    if (e.kind === 'declined') return { body: JSON.stringify(paymentFailed(e)), contentType: 'application/json; charset=utf-8' };
    const p = e.payment;
    const paid = e.kind === 'paid';
    const event = {
      id: e.eventId,
      object: 'event',
      // No `account`: Stripe sets it only on events about a connected account (Connect), never on the platform's own.
      api_version: '2024-06-20',
      created: Math.floor(e.occurredAt.getTime() / 1000),
      livemode: false,
      type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
      data: {
        object: {
          id: p.id,
          object: 'checkout.session',
          client_reference_id: p.merchantReference,
          payment_intent: paymentIntentOf(p.id),
          amount_total: p.amount,
          currency: p.currency.toLowerCase(),
          mode: 'payment',
          payment_status: paid ? 'paid' : 'unpaid',
          status: paid ? 'complete' : 'expired',
          created: Math.floor(p.createdAt.getTime() / 1000),
        },
      },
    };
    return { body: JSON.stringify(event), contentType: 'application/json; charset=utf-8' };
  },
  headersFor(body, c, now) {
    const t = Math.floor(now.getTime() / 1000);
    return { 'stripe-signature': `t=${t},v1=${hmacSha256(c.secret, `${t}.${body}`).toString('hex')}` };
  },
  verify(headers, rawBody, c, now): WireVerification {
    const sig = header(headers, 'stripe-signature');
    if (!sig) return { ok: false, reason: 'malformed' };
    const parts = sig.split(',').map((kv) => kv.trim().split('=', 2) as [string, string | undefined]);
    const t = parts.find(([k]) => k === 't')?.[1];
    const v1 = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
    if (!t || !/^\d{1,12}$/.test(t) || v1.length === 0) return { ok: false, reason: 'malformed' };
    const expected = hmacSha256(c.secret, `${t}.${rawBody}`);
    // Several v1 values appear while a secret is being rolled; any one of them may match.
    if (!v1.some((v) => sameMac(expected, v, 'hex'))) return { ok: false, reason: 'bad_signature' };
    if (!fresh(new Date(Number(t) * 1000), now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const event = parseJson(rawBody);
    if (event?.type === 'payment_intent.payment_failed') return paymentFailedEvent(event);
    const s = event?.data?.object;
    const currency = currencyOf(s?.currency);
    const status =
      event?.type === 'checkout.session.completed' && s?.payment_status === 'paid'
        ? 'paid'
        : event?.type === 'checkout.session.expired'
          ? 'expired'
          : null;
    if (!event || !s || !currency || !status || !Number.isSafeInteger(s.amount_total) || s.amount_total < 0) return { ok: false, reason: 'malformed' };
    if (typeof s.id !== 'string' || typeof s.client_reference_id !== 'string' || typeof event.id !== 'string' || !Number.isSafeInteger(event.created)) {
      return { ok: false, reason: 'malformed' };
    }
    // A Connect event names the connected account it is about; the merchant's own account's events carry none.
    if (event.account !== undefined && event.account !== c.merchantId) return { ok: false, reason: 'bad_signature' };
    return {
      ok: true,
      event: {
        channelPaymentId: s.id,
        merchantReference: s.client_reference_id,
        status,
        amount: s.amount_total,
        currency,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000),
      },
    };
  },
  acknowledgement: (accepted) => ({
    status: accepted ? 200 : 400,
    contentType: 'application/json',
    body: JSON.stringify(accepted ? { received: true } : { received: false }),
  }),
  acknowledged: (a) => a.status >= 200 && a.status < 300,
};

/** A declined attempt: the PaymentIntent stays open for another payment method (status requires_payment_method). */
function paymentFailedEvent(event: Record<string, any>): WireVerification {
  const pi = event.data?.object;
  const error = pi?.last_payment_error;
  const currency = currencyOf(pi?.currency);
  const reference = pi?.metadata?.client_reference_id;
  if (!pi || pi.object !== 'payment_intent' || typeof pi.id !== 'string' || !currency || !Number.isSafeInteger(pi.amount) || pi.amount < 0) return { ok: false, reason: 'malformed' };
  if (typeof reference !== 'string' || typeof event.id !== 'string' || !Number.isSafeInteger(event.created)) return { ok: false, reason: 'malformed' };
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    event: {
      channelPaymentId: pi.id,
      merchantReference: reference,
      status: 'declined',
      amount: pi.amount,
      currency,
      eventId: event.id,
      occurredAt: new Date(event.created * 1000),
      failure: { code: error.code, declineCode: typeof error.decline_code === 'string' ? error.decline_code : null, message: error.message },
    },
  };
}
