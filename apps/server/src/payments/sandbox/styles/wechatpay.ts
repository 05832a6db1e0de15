import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { chinaIso, fresh, fromBase64, header, parseIso, parseJson, randomAlnum, rsaSha256Sign, rsaSha256Verify } from '../wire.ts';
import type { CallbackStyle, WireVerification } from './types.ts';

/**
 * WeChat Pay API v3 payment notifications (https://pay.weixin.qq.com/wiki/doc/apiv3/apis/chapter3_4_5.shtml; signature
 * check: https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_1.shtml; resource decryption:
 * https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_2.shtml): a JSON envelope whose
 * `resource` is encrypted AEAD_AES_256_GCM under the merchant's APIv3 key (the resource's nonce as IV, its
 * associated_data as AAD), signed SHA256withRSA by the WeChat Pay platform certificate over
 * "Wechatpay-Timestamp\nWechatpay-Nonce\nbody\n", the signature base64 in Wechatpay-Signature and the certificate's
 * serial in Wechatpay-Serial. The merchant keeps the platform certificates by serial (configuration) and refuses a
 * serial it does not hold. WeChat notifies successful payments only (TRANSACTION.SUCCESS); a closed or unpaid order is
 * learnt by querying it. It waits 5 seconds for an answer, wants HTTP 200 or 204, and otherwise retries 15 times over
 * about 24 hours, signing each attempt afresh; a timestamp more than 5 minutes away is refused.
 */
const TOLERANCE_SECONDS = 300;
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
const APP_ID = 'wxd678efh567hg6787';
const signed = (ts: string, nonce: string, body: string) => `${ts}\n${nonce}\n${body}\n`;

/**
 * The APIv3 key: 32 bytes the merchant sets in the WeChat Pay console. A secret of exactly 32 bytes is the key itself
 * (a real merchant's configuration); the sandbox's longer development secret is shortened to 32 characters by hashing.
 */
export function apiV3Key(secret: string): Buffer {
  const raw = Buffer.from(secret, 'utf8');
  return raw.length === 32 ? raw : Buffer.from(createHash('sha256').update(`apiv3:${secret}`).digest('hex').slice(0, 32), 'utf8');
}

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

export const wechatPayStyle: CallbackStyle = {
  toleranceSeconds: TOLERANCE_SECONDS,
  notifies: ['paid'],
  newEventId: () => randomUUID(),
  encode(e, c) {
    if (e.kind !== 'paid' || !e.payment.paidAt) throw new Error('wechat-pay: WeChat Pay notifies successful payments only');
    const p = e.payment;
    const transaction = {
      appid: APP_ID,
      mchid: c.merchantId,
      out_trade_no: p.merchantReference,
      transaction_id: p.id,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: chinaIso(e.payment.paidAt),
      payer: { openid: `oUpF8u${randomAlnum(22)}` },
      amount: { total: p.amount, payer_total: p.amount, currency: p.currency, payer_currency: p.currency },
    };
    const nonce = randomAlnum(12);
    const envelope = {
      id: e.eventId,
      create_time: chinaIso(e.occurredAt),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypt(JSON.stringify(transaction), apiV3Key(c.secret), nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    };
    return { body: JSON.stringify(envelope), contentType: 'application/json' };
  },
  headersFor(body, c, now) {
    if (!c.signingKey || !c.certificateId) throw new Error('wechat-pay: the provider signs with its platform certificate');
    const ts = String(Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': c.certificateId,
      'wechatpay-signature-type': SIGNATURE_TYPE,
      'wechatpay-signature': rsaSha256Sign(c.signingKey, signed(ts, nonce, body)),
    };
  },
  verify(headers, rawBody, c, now): WireVerification {
    const ts = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = fromBase64(header(headers, 'wechatpay-signature'));
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !/^\d{1,12}$/.test(ts) || !nonce || !signature || !serial) return { ok: false, reason: 'malformed' };
    const type = header(headers, 'wechatpay-signature-type');
    if (type !== undefined && type !== SIGNATURE_TYPE) return { ok: false, reason: 'malformed' };
    // A serial we were not configured with is not WeChat's certificate as far as we know (a real adapter would
    // download the platform certificates again before refusing).
    const certificate = Object.hasOwn(c.providerCertificates ?? {}, serial.toUpperCase()) ? c.providerCertificates![serial.toUpperCase()] : undefined;
    if (!certificate || !rsaSha256Verify(certificate, signed(ts, nonce, rawBody), signature)) return { ok: false, reason: 'bad_signature' };
    if (!fresh(new Date(Number(ts) * 1000), now, TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
    const envelope = parseJson(rawBody);
    const r = envelope?.resource;
    if (!envelope || !r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string' || typeof r.associated_data !== 'string') {
      return { ok: false, reason: 'malformed' };
    }
    const plain = decrypt(r.ciphertext, apiV3Key(c.secret), r.nonce, r.associated_data);
    // The signature held, so a resource that does not open was encrypted under another merchant's key.
    if (plain === null) return { ok: false, reason: 'bad_signature' };
    const t = parseJson(plain);
    const occurredAt = parseIso(envelope.create_time);
    if (envelope.event_type !== 'TRANSACTION.SUCCESS' || !t || t.trade_state !== 'SUCCESS' || !occurredAt || t.mchid !== c.merchantId) {
      return { ok: false, reason: 'malformed' };
    }
    if (!Number.isSafeInteger(t.amount?.total) || t.amount.total < 0 || t.amount.currency !== 'CNY') return { ok: false, reason: 'malformed' };
    if (typeof t.transaction_id !== 'string' || typeof t.out_trade_no !== 'string' || typeof envelope.id !== 'string') return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      event: {
        channelPaymentId: t.transaction_id,
        merchantReference: t.out_trade_no,
        status: 'paid',
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
