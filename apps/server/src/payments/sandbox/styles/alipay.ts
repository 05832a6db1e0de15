import { randomBytes } from 'node:crypto';
import type { CallbackVerification } from '../../types.ts';
import { chinaTime, fresh, hmacSha256, parseChinaTime, sameMac, fromDecimal, toDecimal } from '../wire.ts';
import type { CallbackStyle, ChannelCredentials } from './types.ts';

/**
 * Alipay's asynchronous notification: an application/x-www-form-urlencoded POST whose parameters, sorted by name and
 * joined as k=v&k=v (without `sign` and `sign_type`), are signed into the `sign` parameter. Alipay signs with RSA2;
 * the sandbox uses HMAC-SHA256 with the merchant's key (sign_type says so) so no key pair has to be provisioned.
 * Alipay keeps the same notify_time across its retries (8 notifications over about 25 hours), so the freshness window
 * is two days. The merchant answers the plain text `success`; anything else means "send again".
 */
const SIGN_TYPE = 'HMAC-SHA256';
const TOLERANCE_SECONDS = 48 * 3600;

export function signingString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([k, v]) => k !== 'sign' && k !== 'sign_type' && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const sign = (params: URLSearchParams, c: ChannelCredentials) => hmacSha256(c.secret, signingString(params));

const STATUS = { paid: 'TRADE_SUCCESS', canceled: 'TRADE_CLOSED', expired: 'TRADE_CLOSED' } as const;

export const alipayStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
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
      trade_status: STATUS[e.kind],
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
      // Alipay closes both ways alike; the sandbox says which, so the merchant can tell a payer's cancel from a timeout.
      params.set('close_reason', e.kind === 'expired' ? 'TIME_EXPIRE' : 'BUYER_CANCEL');
    }
    params.set('sign_type', SIGN_TYPE);
    params.set('sign', sign(params, c).toString('base64'));
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8' };
  },
  headersFor: () => ({}),
  verify(_headers, rawBody, c, now): CallbackVerification {
    const params = new URLSearchParams(rawBody);
    const given = params.get('sign');
    if (!given || params.get('sign_type') !== SIGN_TYPE) return { ok: false, reason: 'malformed' };
    if (!sameMac(sign(params, c), given, 'base64')) return { ok: false, reason: 'bad_signature' };
    if (params.get('app_id') !== c.merchantId) return { ok: false, reason: 'bad_signature' };
    const at = parseChinaTime(params.get('notify_time'));
    if (!at) return { ok: false, reason: 'malformed' };
    if (!fresh(at, now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const amount = fromDecimal(params.get('total_amount'), 'CNY');
    const tradeStatus = params.get('trade_status');
    const status =
      tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED'
        ? 'paid'
        : tradeStatus === 'TRADE_CLOSED'
          ? params.get('close_reason') === 'TIME_EXPIRE'
            ? 'expired'
            : 'canceled'
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
