import { randomUUID } from 'node:crypto';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { crc32, currencyOf, fresh, fromBase64, fromDecimal, header, parseIso, parseJson, randomUpperAlnum, rsaSha256Sign, rsaSha256Verify, toDecimal } from '../wire.ts';
import type { CallbackStyle, WireVerification } from './types.ts';

/**
 * PayPal webhooks (https://developer.paypal.com/api/rest/webhooks/rest/#link-selfverificationmethod): each delivery
 * is a new transmission signed SHA256withRSA by PayPal's certificate over
 * "<PAYPAL-TRANSMISSION-ID>|<PAYPAL-TRANSMISSION-TIME>|<webhook id>|<CRC32 of the raw body, decimal>", base64 in
 * PAYPAL-TRANSMISSION-SIG, with PAYPAL-AUTH-ALGO: SHA256withRSA and the certificate's address in PAYPAL-CERT-URL. The
 * webhook id is the merchant's (configuration), so a transmission for another webhook does not verify. The merchant
 * checks against the certificate configured for that URL (the sandbox serves its own at the URL; a real adapter
 * downloads PayPal's from api.paypal.com, checks its chain and caches it by URL).
 *
 * Events (https://developer.paypal.com/api/rest/webhooks/event-names/): a paid order arrives as
 * PAYMENT.CAPTURE.COMPLETED, whose resource is the capture (its order in supplementary_data.related_ids.order_id, the
 * merchant's reference in custom_id); a declined capture as PAYMENT.CAPTURE.DENIED; an order PayPal voids unpaid
 * when its time runs out as CHECKOUT.ORDER.VOIDED. A payer who cancels on PayPal's page is sent back to the merchant's
 * cancel URL and nothing is notified.
 *
 * Orders v2 (https://developer.paypal.com/docs/api/orders/v2/): the buyer approving on PayPal's page only approves the
 * order (status APPROVED, webhook CHECKOUT.ORDER.APPROVED); nothing is paid until the merchant captures it
 * (POST /v2/checkout/orders/{id}/capture), which PayPal's guidance says to do on this event
 * (https://developer.paypal.com/docs/checkout/apm/reference/subscribe-to-webhooks/: "Listen for this webhook and then
 * capture the payment"), and the capture then sends PAYMENT.CAPTURE.COMPLETED. The approved event's shape follows
 * PayPal's webhook event samples (resource_type checkout-order, the order with intent, status, payment_source, payer,
 * purchase_units and its HATEOAS links self/update/capture), e.g. the sample payloads listed at
 * https://paypal-laravel.shadhintech.com/webhook-events taken from PayPal's sandbox.
 * Amounts are decimal strings; HUF, JPY and TWD take no decimals (https://developer.paypal.com/reference/currency-codes/).
 */
const TOLERANCE_SECONDS = 300;
/** PayPal's sandbox REST host, which its sandbox events' HATEOAS links name. */
const API = 'https://api.sandbox.paypal.com';
/** The sandbox's buyer (PayPal's sandbox personal accounts look like this). */
const SANDBOX_BUYER = { name: { given_name: 'John', surname: 'Doe' }, email: 'sb-buyer@personal.example.com', payerId: 'QYR5Z8XDVJNXQ' };
const AUTH_ALGO = 'SHA256withRSA';
const signed = (id: string, time: string, webhookId: string, body: string) => `${id}|${time}|${webhookId}|${crc32(body)}`;

/** Currencies PayPal takes in whole units only, though ISO 4217 gives HUF and TWD two decimals. */
export const PAYPAL_WHOLE_UNIT_CURRENCIES: readonly string[] = ['HUF', 'JPY', 'TWD'];

/** Whether PayPal can take the amount (minor units): a whole-unit currency refuses cents ("DECIMALS_NOT_SUPPORTED"). */
export const paypalAcceptsAmount = (amount: number, currency: Currency) =>
  !PAYPAL_WHOLE_UNIT_CURRENCIES.includes(currency) || amount % 10 ** minorDigits(currency) === 0;

/** Minor units to PayPal's amount value: "123.45", and "1235" for 1,235 TWD (123500 minor units). */
export function paypalValue(amount: number, currency: Currency): string {
  if (!PAYPAL_WHOLE_UNIT_CURRENCIES.includes(currency)) return toDecimal(amount, currency);
  const scale = 10 ** minorDigits(currency);
  if (amount % scale !== 0) throw new Error(`paypal: ${currency} takes whole units only`);
  return String(amount / scale);
}

/** PayPal's amount value back to minor units; a whole-unit currency must come without decimals. */
export function paypalAmount(value: unknown, currency: Currency): number | null {
  if (!PAYPAL_WHOLE_UNIT_CURRENCIES.includes(currency)) return fromDecimal(value, currency);
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,13})$/.test(value)) return null;
  return Number(value) * 10 ** minorDigits(currency);
}

export const paypalStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['approved', 'paid', 'expired'],
  newEventId: () => `WH-${randomUpperAlnum(17)}-${randomUpperAlnum(17)}`,
  encode(e, c) {
    const p = e.payment;
    const amount = { currency_code: p.currency, value: paypalValue(p.amount, p.currency) };
    const at = e.occurredAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const common = { id: e.eventId, event_version: '1.0', create_time: at, resource_version: '2.0' };
    const unit = { reference_id: 'default', custom_id: p.merchantReference, invoice_id: p.merchantReference, description: p.subject, amount, payee: { merchant_id: c.merchantId } };
    const created = p.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const orderLink = `${API}/v2/checkout/orders/${p.id}`;
    const eventLink = `${API}/v1/notifications/webhooks-events/${e.eventId}`;
    const event =
      e.kind === 'approved'
        ? {
            ...common,
            resource_type: 'checkout-order',
            event_type: 'CHECKOUT.ORDER.APPROVED',
            summary: 'An order has been approved by buyer',
            resource: {
              create_time: created,
              update_time: at,
              id: p.id,
              intent: 'CAPTURE',
              status: 'APPROVED',
              payment_source: { paypal: { account_status: 'VERIFIED', email_address: SANDBOX_BUYER.email, account_id: SANDBOX_BUYER.payerId, name: SANDBOX_BUYER.name } },
              purchase_units: [unit],
              payer: { name: SANDBOX_BUYER.name, email_address: SANDBOX_BUYER.email, payer_id: SANDBOX_BUYER.payerId, address: { country_code: 'US' } },
              links: [
                { href: orderLink, rel: 'self', method: 'GET' },
                { href: orderLink, rel: 'update', method: 'PATCH' },
                { href: `${orderLink}/capture`, rel: 'capture', method: 'POST' },
              ],
            },
            links: [
              { href: eventLink, rel: 'self', method: 'GET' },
              { href: `${eventLink}/resend`, rel: 'resend', method: 'POST' },
            ],
          }
        : e.kind === 'paid'
        ? {
            ...common,
            resource_type: 'capture',
            event_type: 'PAYMENT.CAPTURE.COMPLETED',
            summary: `Payment completed for ${amount.value} ${amount.currency_code}`,
            resource: {
              id: randomUpperAlnum(17),
              status: 'COMPLETED',
              amount,
              final_capture: true,
              seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
              custom_id: p.merchantReference,
              invoice_id: p.merchantReference,
              supplementary_data: { related_ids: { order_id: p.id } },
              payee: { merchant_id: c.merchantId },
              create_time: at,
              update_time: at,
            },
          }
        : {
            ...common,
            resource_type: 'checkout-order',
            event_type: 'CHECKOUT.ORDER.VOIDED',
            summary: 'Checkout Order Voided',
            resource: {
              id: p.id,
              intent: 'CAPTURE',
              status: 'VOIDED',
              purchase_units: [unit],
              create_time: created,
              update_time: at,
            },
          };
    return { body: JSON.stringify(event), contentType: 'application/json' };
  },
  headersFor(body, c, now) {
    if (!c.signingKey || !c.certificateId) throw new Error('paypal: the provider signs with its certificate');
    const id = randomUUID();
    const time = now.toISOString();
    return {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-cert-url': c.certificateId,
      'paypal-auth-algo': AUTH_ALGO,
      'paypal-transmission-sig': rsaSha256Sign(c.signingKey, signed(id, time, c.merchantId, body)),
    };
  },
  verify(headers, rawBody, c, now): WireVerification {
    const id = header(headers, 'paypal-transmission-id');
    const time = header(headers, 'paypal-transmission-time');
    const sig = fromBase64(header(headers, 'paypal-transmission-sig'));
    const certUrl = header(headers, 'paypal-cert-url');
    const at = parseIso(time);
    if (!id || !time || !sig || !certUrl || !at || header(headers, 'paypal-auth-algo') !== AUTH_ALGO) return { ok: false, reason: 'malformed' };
    // Only a certificate from configuration: a URL the callback names is never fetched as such (anyone can host one).
    const certificate = Object.hasOwn(c.providerCertificates ?? {}, certUrl) ? c.providerCertificates![certUrl] : undefined;
    if (!certificate || !rsaSha256Verify(certificate, signed(id, time, c.merchantId, rawBody), sig)) return { ok: false, reason: 'bad_signature' };
    if (!fresh(at, now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const event = parseJson(rawBody);
    const r = event?.resource;
    const occurredAt = parseIso(event?.create_time);
    if (!event || !r || !occurredAt || typeof event.id !== 'string') return { ok: false, reason: 'malformed' };
    let found: { channelPaymentId: unknown; merchantReference: unknown; amount: unknown; status: 'paid' | 'canceled' | 'expired' | 'approved' } | null = null;
    if ((event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && r.status === 'COMPLETED') || event.event_type === 'PAYMENT.CAPTURE.DENIED') {
      // A denied capture took no money: the payment ends unpaid, as one the payer gave up.
      const status = event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'paid' : 'canceled';
      found = { channelPaymentId: r.supplementary_data?.related_ids?.order_id, merchantReference: r.custom_id, amount: r.amount, status };
    } else if (event.event_type === 'CHECKOUT.ORDER.VOIDED' || (event.event_type === 'CHECKOUT.ORDER.APPROVED' && r.status === 'APPROVED')) {
      // An approved order is not paid: the merchant's adapter captures it (payments/sandbox/sandbox-channel.ts).
      const unit = Array.isArray(r.purchase_units) ? r.purchase_units[0] : undefined;
      const status = event.event_type === 'CHECKOUT.ORDER.VOIDED' ? 'expired' : 'approved';
      found = { channelPaymentId: r.id, merchantReference: unit?.custom_id, amount: unit?.amount, status };
    }
    if (!found) return { ok: false, reason: 'malformed' };
    const money = found.amount as { currency_code?: unknown; value?: unknown } | undefined;
    const currency = currencyOf(money?.currency_code);
    const amount = currency ? paypalAmount(money?.value, currency) : null;
    if (!currency || amount === null || typeof found.channelPaymentId !== 'string' || typeof found.merchantReference !== 'string') {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      event: {
        channelPaymentId: found.channelPaymentId,
        merchantReference: found.merchantReference,
        status: found.status,
        amount,
        currency,
        eventId: event.id,
        occurredAt,
      },
    };
  },
  acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ accepted }) }),
  acknowledged: (a) => a.status >= 200 && a.status < 300,
};
