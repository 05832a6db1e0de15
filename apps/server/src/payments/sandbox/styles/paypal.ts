import { randomUUID } from 'node:crypto';
import type { CallbackVerification } from '../../types.ts';
import { crc32, currencyOf, fresh, fromDecimal, header, hmacSha256, parseIso, parseJson, randomUpperAlnum, sameMac, toDecimal } from '../wire.ts';
import type { CallbackStyle, ChannelCredentials } from './types.ts';

/**
 * PayPal webhooks: the signature covers "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>",
 * sent in the PAYPAL-TRANSMISSION-* headers, each delivery attempt a new transmission. PayPal signs with a certificate
 * (SHA256withRSA); the sandbox uses HMAC-SHA256 under the shared secret (PAYPAL-AUTH-ALGO says so). The webhook id is
 * the merchant's. Amounts are decimal strings with a currency_code.
 */
const TOLERANCE_SECONDS = 300;
const AUTH_ALGO = 'HMACSHA256';
const signed = (id: string, time: string, c: ChannelCredentials, body: string) => `${id}|${time}|${c.merchantId}|${crc32(body)}`;

export const paypalStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  newEventId: () => `WH-${randomUpperAlnum(17)}-${randomUpperAlnum(17)}`,
  encode(e, c) {
    const p = e.payment;
    const paid = e.kind === 'paid';
    const event = {
      id: e.eventId,
      event_version: '1.0',
      create_time: e.occurredAt.toISOString(),
      resource_type: 'checkout-order',
      resource_version: '2.0',
      event_type: paid ? 'CHECKOUT.ORDER.COMPLETED' : 'CHECKOUT.ORDER.VOIDED',
      summary: paid ? 'Checkout Order Completed' : 'Checkout Order Voided',
      resource: {
        id: p.id,
        intent: 'CAPTURE',
        status: paid ? 'COMPLETED' : 'VOIDED',
        ...(paid ? {} : { status_details: { reason: e.kind === 'expired' ? 'EXPIRED' : 'PAYER_CANCELLED' } }),
        purchase_units: [
          {
            reference_id: p.merchantReference,
            description: p.subject,
            amount: { currency_code: p.currency, value: toDecimal(p.amount, p.currency) },
            payee: { merchant_id: c.merchantId },
          },
        ],
        create_time: p.createdAt.toISOString(),
        update_time: e.occurredAt.toISOString(),
      },
    };
    return { body: JSON.stringify(event), contentType: 'application/json' };
  },
  headersFor(body, c, now) {
    const id = randomUUID();
    const time = now.toISOString();
    return {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-auth-algo': AUTH_ALGO,
      'paypal-transmission-sig': hmacSha256(c.secret, signed(id, time, c, body)).toString('base64'),
    };
  },
  verify(headers, rawBody, c, now): CallbackVerification {
    const id = header(headers, 'paypal-transmission-id');
    const time = header(headers, 'paypal-transmission-time');
    const sig = header(headers, 'paypal-transmission-sig');
    const at = parseIso(time);
    if (!id || !time || !sig || !at || header(headers, 'paypal-auth-algo') !== AUTH_ALGO) return { ok: false, reason: 'malformed' };
    if (!sameMac(hmacSha256(c.secret, signed(id, time, c, rawBody)), sig, 'base64')) return { ok: false, reason: 'bad_signature' };
    if (!fresh(at, now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const event = parseJson(rawBody);
    const r = event?.resource;
    const unit = Array.isArray(r?.purchase_units) ? r.purchase_units[0] : undefined;
    const currency = currencyOf(unit?.amount?.currency_code);
    const amount = currency ? fromDecimal(unit?.amount?.value, currency) : null;
    const occurredAt = parseIso(event?.create_time);
    const status =
      event?.event_type === 'CHECKOUT.ORDER.COMPLETED' && r?.status === 'COMPLETED'
        ? 'paid'
        : event?.event_type === 'CHECKOUT.ORDER.VOIDED'
          ? r?.status_details?.reason === 'EXPIRED'
            ? 'expired'
            : 'canceled'
          : null;
    if (!event || !r || !currency || amount === null || !status || !occurredAt) return { ok: false, reason: 'malformed' };
    if (typeof r.id !== 'string' || typeof unit.reference_id !== 'string' || typeof event.id !== 'string') return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      event: { channelPaymentId: r.id, merchantReference: unit.reference_id, status, amount, currency, eventId: event.id, occurredAt },
    };
  },
  acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ accepted }) }),
  acknowledged: (a) => a.status >= 200 && a.status < 300,
};
