import { randomBytes } from 'node:crypto';
import { chinaTime, fresh, fromBase64, fromDecimal, parseChinaTime, rsaSha256Sign, rsaSha256Verify, toDecimal } from '../wire.ts';
import { outcome, type CallbackStyle, type WireVerification } from './types.ts';

/**
 * Alipay's asynchronous notification (https://opendocs.alipay.com/open/270/105902, signature check:
 * https://opendocs.alipay.com/common/02mse7): an application/x-www-form-urlencoded POST whose parameters, sorted by
 * name and joined as k=v&k=v (without `sign` and `sign_type`, and without empty values), are signed into `sign` with
 * RSA2 (`sign_type=RSA2`: SHA256withRSA under Alipay's private key, base64). The merchant checks it with the Alipay
 * public key from its configuration (alipay-sdk's checkNotifySign does the same). Alipay notifies TRADE_SUCCESS (and
 * TRADE_FINISHED) and TRADE_CLOSED, the last for a trade that timed out unpaid; a payer who leaves the cashier closes
 * nothing and is not notified. Alipay keeps the same notify_time across its retries (8 notifications over about 25
 * hours), so the freshness window is two days. The merchant answers the plain text `success`; anything else means
 * "send again".
 */
const SIGN_TYPE = 'RSA2';
const TOLERANCE_SECONDS = 48 * 3600;

export function signingString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([k, v]) => k !== 'sign' && k !== 'sign_type' && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

// Alipay has one closed state for an unpaid trade: TRADE_CLOSED, whichever way it closed.
const STATUS = { paid: 'TRADE_SUCCESS', canceled: 'TRADE_CLOSED', expired: 'TRADE_CLOSED' } as const;

export const alipayStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['paid', 'expired'],
  newEventId: () => randomBytes(16).toString('hex'),
  encode(e, c) {
    const p = e.payment;
    const params = new URLSearchParams({
      notify_time: chinaTime(e.occurredAt),
      notify_type: 'trade_status_sync',
      notify_id: e.eventId,
      app_id: c.merchantId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: p.id,
      out_trade_no: p.merchantReference,
      trade_status: STATUS[outcome(e.kind)],
      total_amount: toDecimal(p.amount, p.currency),
      subject: p.subject,
      gmt_create: chinaTime(p.createdAt),
    });
    if (p.paidAt) {
      params.set('gmt_payment', chinaTime(p.paidAt));
      params.set('receipt_amount', toDecimal(p.amount, p.currency));
      params.set('buyer_pay_amount', toDecimal(p.amount, p.currency));
    } else {
      params.set('gmt_close', chinaTime(e.occurredAt));
    }
    if (!c.signingKey) throw new Error('alipay: the provider signs with its RSA private key');
    params.set('sign_type', SIGN_TYPE);
    params.set('sign', rsaSha256Sign(c.signingKey, signingString(params)));
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8' };
  },
  headersFor: () => ({}),
  verify(_headers, rawBody, c, now): WireVerification {
    const params = new URLSearchParams(rawBody);
    const given = fromBase64(params.get('sign'));
    if (!given || params.get('sign_type') !== SIGN_TYPE || !c.providerPublicKey) return { ok: false, reason: 'malformed' };
    if (!rsaSha256Verify(c.providerPublicKey, signingString(params), given)) return { ok: false, reason: 'bad_signature' };
    if (params.get('app_id') !== c.merchantId) return { ok: false, reason: 'bad_signature' };
    const at = parseChinaTime(params.get('notify_time'));
    if (!at) return { ok: false, reason: 'malformed' };
    if (!fresh(at, now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const amount = fromDecimal(params.get('total_amount'), 'CNY');
    const tradeStatus = params.get('trade_status');
    const status =
      tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED'
        ? 'paid'
        : // An unpaid trade closes when its time runs out (a paid one closes after a full refund; settlement ignores
          // a closure of a payment already credited).
          tradeStatus === 'TRADE_CLOSED'
          ? 'expired'
          : null;
    const id = params.get('trade_no');
    const ref = params.get('out_trade_no');
    const eventId = params.get('notify_id');
    if (amount === null || !status || !id || !ref || !eventId) return { ok: false, reason: 'malformed' };
    return { ok: true, event: { channelPaymentId: id, merchantReference: ref, status, amount, currency: 'CNY', eventId, occurredAt: at } };
  },
  acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'failure' }),
  acknowledged: (a) => a.status === 200 && a.body.trim() === 'success',
};
