import { randomBytes } from 'node:crypto';
import type { CallbackVerification } from '../../types.ts';
import { chinaTime, fresh, fromDecimal, hmacSha256, parseChinaTime, sameMac, toDecimal } from '../wire.ts';
import type { CallbackStyle, ChannelCredentials } from './types.ts';

/**
 * YeePay's result notification: a form POST whose `hmac` is a hex HMAC over the values of a fixed list of fields joined
 * with '#' (the field order is the protocol, not the names). One style for the four products, which differ in
 * `payWay`. The merchant answers the plain text `SUCCESS`.
 */
const FIELDS = ['customerNo', 'orderId', 'uniqueOrderNo', 'status', 'orderAmount', 'payWay', 'notifyTime', 'notifyId'] as const;
const TOLERANCE_SECONDS = 24 * 3600;
const STATUS = { paid: 'SUCCESS', canceled: 'CLOSE', expired: 'TIME_OUT' } as const;
const FROM_STATUS: Record<string, 'paid' | 'canceled' | 'expired'> = { SUCCESS: 'paid', CLOSE: 'canceled', TIME_OUT: 'expired' };

const mac = (params: URLSearchParams, c: ChannelCredentials) => hmacSha256(c.secret, FIELDS.map((f) => params.get(f) ?? '').join('#'));

export function yeepayStyle(payWay: string): CallbackStyle {
  return {
    toleranceSeconds: TOLERANCE_SECONDS,
    newEventId: () => randomBytes(12).toString('hex'),
    encode(e, c) {
      const p = e.payment;
      const params = new URLSearchParams({
        customerNo: c.merchantId,
        orderId: p.merchantReference,
        uniqueOrderNo: p.id,
        status: STATUS[e.kind],
        orderAmount: toDecimal(p.amount, p.currency),
        payWay,
        notifyTime: chinaTime(e.occurredAt),
        notifyId: e.eventId,
      });
      if (p.paidAt) params.set('paySuccessDate', chinaTime(p.paidAt));
      params.set('hmac', mac(params, c).toString('hex'));
      return { body: params.toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8' };
    },
    headersFor: () => ({}),
    verify(_headers, rawBody, c, now): CallbackVerification {
      const params = new URLSearchParams(rawBody);
      const given = params.get('hmac');
      if (!given || FIELDS.some((f) => !params.get(f))) return { ok: false, reason: 'malformed' };
      if (!sameMac(mac(params, c), given, 'hex') || params.get('customerNo') !== c.merchantId) return { ok: false, reason: 'bad_signature' };
      const at = parseChinaTime(params.get('notifyTime'));
      if (!at) return { ok: false, reason: 'malformed' };
      if (!fresh(at, now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
      const amount = fromDecimal(params.get('orderAmount'), 'CNY');
      const status = FROM_STATUS[params.get('status')!];
      if (amount === null || !status) return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        event: {
          channelPaymentId: params.get('uniqueOrderNo')!,
          merchantReference: params.get('orderId')!,
          status,
          amount,
          currency: 'CNY',
          eventId: params.get('notifyId')!,
          occurredAt: at,
        },
      };
    },
    acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'SUCCESS' : 'FAIL' }),
    acknowledged: (a) => a.status === 200 && a.body.trim() === 'SUCCESS',
  };
}
