import type { CallbackVerification } from '../../types.ts';
import { currencyOf, fresh, header, hmacSha256, parseJson, randomAlnum, sameMac } from '../wire.ts';
import type { CallbackStyle } from './types.ts';

/**
 * Stripe webhooks: a JSON Event, signed in the `Stripe-Signature: t=<unix>,v1=<hex>` header with HMAC-SHA256 over
 * "<t>.<body>" under the endpoint's signing secret; t is set per delivery attempt and refused beyond 5 minutes.
 * (https://docs.stripe.com/webhooks#verify-manually; stripe.webhooks.constructEvent checks the same.)
 * Amounts are integers in minor units with a lower-case currency. Checkout has no "canceled" event: a session the payer
 * abandons or cancels ends as `checkout.session.expired`. Any 2xx stops the retries (about 3 days of them).
 */
const TOLERANCE_SECONDS = 300;

export const stripeStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['paid', 'canceled', 'expired'],
  newEventId: () => `evt_${randomAlnum(24)}`,
  encode(e) {
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
  verify(headers, rawBody, c, now): CallbackVerification {
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
