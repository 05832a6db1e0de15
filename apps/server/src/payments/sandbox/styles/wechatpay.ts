import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CallbackVerification } from '../../types.ts';
import { chinaIso, fresh, header, hmacSha256, parseIso, parseJson, randomAlnum, sameMac } from '../wire.ts';
import type { CallbackStyle, ChannelCredentials } from './types.ts';

/**
 * WeChat Pay API v3 notifications: a JSON envelope whose `resource` is encrypted with AES-256-GCM under the merchant's
 * APIv3 key, signed over "timestamp\nnonce\nbody\n" in the Wechatpay-* headers. WeChat signs with its platform RSA
 * certificate; the sandbox signs with HMAC-SHA256 under the same shared secret (Wechatpay-Signature-Type says so) and
 * derives the APIv3 key from it. WeChat waits 5 seconds for an answer, wants HTTP 200 or 204, and otherwise retries 15
 * times over about 24 hours, signing each attempt afresh; a timestamp more than 5 minutes away is refused.
 */
const TOLERANCE_SECONDS = 300;
const SIGNATURE_TYPE = 'WECHATPAY2-HMAC-SHA256';
const apiV3Key = (c: ChannelCredentials) => createHash('sha256').update(`apiv3:${c.secret}`).digest();
const signed = (ts: string, nonce: string, body: string) => `${ts}\n${nonce}\n${body}\n`;

function encrypt(plain: string, key: Buffer, nonce: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const out = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return out.toString('base64');
}

function decrypt(ciphertext: string, key: Buffer, nonce: string, aad: string): string | null {
  try {
    const raw = Buffer.from(ciphertext, 'base64');
    if (raw.length < 17) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const TRADE_STATE = { paid: 'SUCCESS', canceled: 'REVOKED', expired: 'CLOSED' } as const;
const FROM_STATE: Record<string, 'paid' | 'canceled' | 'expired'> = { SUCCESS: 'paid', REVOKED: 'canceled', CLOSED: 'expired' };

export const wechatPayStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  newEventId: () => randomUUID(),
  encode(e, c) {
    const p = e.payment;
    const transaction = {
      mchid: c.merchantId,
      out_trade_no: p.merchantReference,
      transaction_id: p.id,
      trade_type: 'NATIVE',
      trade_state: TRADE_STATE[e.kind],
      trade_state_desc: e.kind === 'paid' ? '支付成功' : e.kind === 'expired' ? '已关闭' : '已撤销',
      ...(p.paidAt ? { success_time: chinaIso(p.paidAt) } : {}),
      amount: { total: p.amount, payer_total: p.paidAt ? p.amount : 0, currency: p.currency, payer_currency: p.currency },
    };
    const nonce = randomAlnum(12);
    const envelope = {
      id: e.eventId,
      create_time: chinaIso(e.occurredAt),
      resource_type: 'encrypt-resource',
      event_type: e.kind === 'paid' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
      summary: e.kind === 'paid' ? '支付成功' : '交易关闭',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypt(JSON.stringify(transaction), apiV3Key(c), nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    };
    return { body: JSON.stringify(envelope), contentType: 'application/json' };
  },
  headersFor(body, c, now) {
    const ts = String(Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': `SANDBOX${c.merchantId}`,
      'wechatpay-signature-type': SIGNATURE_TYPE,
      'wechatpay-signature': hmacSha256(c.secret, signed(ts, nonce, body)).toString('base64'),
    };
  },
  verify(headers, rawBody, c, now): CallbackVerification {
    const ts = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!ts || !/^\d{1,12}$/.test(ts) || !nonce || !signature) return { ok: false, reason: 'malformed' };
    if (header(headers, 'wechatpay-signature-type') !== SIGNATURE_TYPE) return { ok: false, reason: 'malformed' };
    if (!sameMac(hmacSha256(c.secret, signed(ts, nonce, rawBody)), signature, 'base64')) return { ok: false, reason: 'bad_signature' };
    if (!fresh(new Date(Number(ts) * 1000), now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const envelope = parseJson(rawBody);
    const r = envelope?.resource;
    if (!envelope || !r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string' || typeof r.associated_data !== 'string') {
      return { ok: false, reason: 'malformed' };
    }
    const plain = decrypt(r.ciphertext, apiV3Key(c), r.nonce, r.associated_data);
    // The signature held, so a resource that does not open was encrypted under another merchant's key.
    if (plain === null) return { ok: false, reason: 'bad_signature' };
    const t = parseJson(plain);
    const status = FROM_STATE[t?.trade_state];
    const occurredAt = parseIso(envelope.create_time);
    if (!t || !status || !occurredAt || t.mchid !== c.merchantId) return { ok: false, reason: 'malformed' };
    if (!Number.isSafeInteger(t.amount?.total) || t.amount.total < 0 || t.amount.currency !== 'CNY') return { ok: false, reason: 'malformed' };
    if (typeof t.transaction_id !== 'string' || typeof t.out_trade_no !== 'string' || typeof envelope.id !== 'string') return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      event: {
        channelPaymentId: t.transaction_id,
        merchantReference: t.out_trade_no,
        status,
        amount: t.amount.total,
        currency: 'CNY',
        eventId: envelope.id,
        occurredAt,
      },
    };
  },
  acknowledgement: (accepted) =>
    accepted
      ? { status: 200, contentType: 'application/json', body: '' }
      : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) },
  acknowledged: (a) => a.status === 200 || a.status === 204,
};
