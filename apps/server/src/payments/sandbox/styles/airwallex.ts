import { randomUUID } from 'node:crypto';
import { currencyOf, fresh, fromDecimal, header, hmacSha256, parseIso, parseJson, sameMac, toDecimal } from '../wire.ts';
import type { CallbackStyle, WireVerification } from './types.ts';

/**
 * Airwallex webhooks: a JSON event signed in `x-signature` (hex HMAC-SHA256 of the `x-timestamp` header, in
 * milliseconds, followed by the raw body). Amounts are decimal numbers in major units. An intent the payer cancels or
 * lets lapse arrives as `payment_intent.cancelled` with its cancellation reason. Any 2xx stops the retries.
 */
const TOLERANCE_SECONDS = 300;

export const airwallexStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['paid', 'canceled', 'expired'],
  newEventId: () => randomUUID(),
  encode(e, c) {
    const p = e.payment;
    const paid = e.kind === 'paid';
    const event = {
      id: e.eventId,
      name: paid ? 'payment_intent.succeeded' : 'payment_intent.cancelled',
      account_id: c.merchantId,
      created_at: e.occurredAt.toISOString(),
      version: '2024-09-27',
      data: {
        object: {
          id: p.id,
          merchant_order_id: p.merchantReference,
          // Airwallex writes amounts as JSON numbers; the string form keeps them exact on the way.
          amount: Number(toDecimal(p.amount, p.currency)),
          currency: p.currency,
          status: paid ? 'SUCCEEDED' : 'CANCELLED',
          ...(paid ? {} : { cancellation_reason: e.kind === 'expired' ? 'expired' : 'requested_by_customer' }),
          created_at: p.createdAt.toISOString(),
        },
      },
    };
    return { body: JSON.stringify(event), contentType: 'application/json' };
  },
  headersFor(body, c, now) {
    const ts = String(now.getTime());
    return { 'x-timestamp': ts, 'x-signature': hmacSha256(c.secret, ts + body).toString('hex') };
  },
  verify(headers, rawBody, c, now): WireVerification {
    const ts = header(headers, 'x-timestamp');
    const sig = header(headers, 'x-signature');
    if (!ts || !/^\d{1,15}$/.test(ts) || !sig) return { ok: false, reason: 'malformed' };
    if (!sameMac(hmacSha256(c.secret, ts + rawBody), sig, 'hex')) return { ok: false, reason: 'bad_signature' };
    if (!fresh(new Date(Number(ts)), now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const event = parseJson(rawBody);
    const o = event?.data?.object;
    const currency = currencyOf(o?.currency);
    const occurredAt = parseIso(event?.created_at);
    const amount = currency ? fromDecimal(o?.amount, currency) : null;
    const status =
      event?.name === 'payment_intent.succeeded' && o?.status === 'SUCCEEDED'
        ? 'paid'
        : event?.name === 'payment_intent.cancelled'
          ? o?.cancellation_reason === 'expired'
            ? 'expired'
            : 'canceled'
          : null;
    if (!event || !o || !currency || amount === null || !status || !occurredAt) return { ok: false, reason: 'malformed' };
    if (typeof o.id !== 'string' || typeof o.merchant_order_id !== 'string' || typeof event.id !== 'string') return { ok: false, reason: 'malformed' };
    if (event.account_id !== c.merchantId) return { ok: false, reason: 'bad_signature' };
    return {
      ok: true,
      event: { channelPaymentId: o.id, merchantReference: o.merchant_order_id, status, amount, currency, eventId: event.id, occurredAt },
    };
  },
  acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ acknowledged: accepted }) }),
  acknowledged: (a) => a.status >= 200 && a.status < 300,
};
