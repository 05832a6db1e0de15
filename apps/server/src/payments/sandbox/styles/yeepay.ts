import { constants, createCipheriv, createDecipheriv, createPrivateKey, privateDecrypt, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { chinaTime, fromDecimal, parseChinaTime, parseJson, rsaSha256Sign, rsaSha256Verify, toDecimal } from '../wire.ts';
import { outcome, type CallbackStyle, type WireVerification } from './types.ts';

/**
 * YeePay's YOP result notification, a "digital envelope" (YOP platform docs at https://open.yeepay.com, 结果通知; the
 * official Java SDK's DigitalEnvelopeUtils, https://github.com/yop-platform/yop-java-sdk; YeePay publishes no Node.js
 * SDK on npm): a form POST `response=<envelope>&customerIdentification=<app
 * key>` where the envelope is
 *   base64url(RSA/ECB/PKCS1Padding(randomKey, merchant's public key)) $ base64url(AES/ECB/PKCS5Padding(data $
 *   base64url(SHA256withRSA(data, YOP's private key)), randomKey)) $ AES $ SHA256
 * with a fresh 128-bit random key per notification and `data` the JSON notification. The merchant opens it with its
 * own private key and checks the signature with YOP's public key, both from its configuration. One style for the four
 * products, which differ in `payWay`. Statuses are YOP's order statuses: SUCCESS, CLOSE (closed unpaid) and TIME_OUT.
 * YOP signs no notification time, so there is no freshness window: a replay repeats an outcome settlement has already
 * absorbed (a paid event credits once; a closure only closes a payment still pending). The merchant answers the plain
 * text `SUCCESS`.
 */
const SYMMETRIC = 'AES';
const DIGEST = 'SHA256';
const STATUS = { paid: 'SUCCESS', canceled: 'CLOSE', expired: 'TIME_OUT' } as const;
const FROM_STATUS: Record<string, 'paid' | 'canceled' | 'expired'> = { SUCCESS: 'paid', CLOSE: 'canceled', TIME_OUT: 'expired' };
const RANDOM_KEY_BYTES = 16;

/** YOP's app key for the merchant (customerIdentification): "app_" and the customer number. */
export const yopAppKey = (merchantId: string) => `app_${merchantId}`;

/** Seals `data` in YOP's digital envelope for the merchant holding the private key of `merchantPublicKey`. */
export function sealEnvelope(data: string, yopPrivateKey: KeyObject, merchantPublicKey: KeyObject): string {
  const randomKey = randomBytes(RANDOM_KEY_BYTES);
  const signature = Buffer.from(rsaSha256Sign(yopPrivateKey, data), 'base64').toString('base64url');
  const cipher = createCipheriv('aes-128-ecb', randomKey, null);
  const encryptedData = Buffer.concat([cipher.update(`${data}$${signature}`, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt({ key: merchantPublicKey, padding: constants.RSA_PKCS1_PADDING }, randomKey);
  return [encryptedKey.toString('base64url'), encryptedData.toString('base64url'), SYMMETRIC, DIGEST].join('$');
}

/**
 * RSAES-PKCS1-v1_5 decryption of the random key. Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809,
 * the Marvin attack), so the raw RSA operation is done and the padding checked here, without a separate answer for a
 * bad padding: a malformed block yields a random key (implicit rejection, as OpenSSL 3.2 does), and the envelope then
 * fails where any forged one fails, at the AES padding or the signature.
 */
function decryptRandomKey(encrypted: Buffer, privateKey: KeyObject): Buffer {
  const fallback = randomBytes(RANDOM_KEY_BYTES);
  let block: Buffer;
  try {
    block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, encrypted);
  } catch {
    return fallback;
  }
  // 0x00 0x02 <at least 8 non-zero padding bytes> 0x00 <16-byte key>, checked without an early exit.
  const sep = block.length - RANDOM_KEY_BYTES - 1;
  let bad = block[0] | (block[1] ^ 2) | block[sep] | (sep < 10 ? 1 : 0);
  for (let i = 2; i < sep; i++) bad |= block[i] === 0 ? 1 : 0;
  return bad === 0 ? Buffer.from(block.subarray(sep + 1)) : fallback;
}

/** Opens a YOP envelope with the merchant's private key and checks YOP's signature; null when either fails. */
export function openEnvelope(envelope: string, merchantPrivateKey: KeyObject, yopPublicKey: string): string | null {
  const parts = envelope.split('$');
  if (parts.length !== 4 || parts[2] !== SYMMETRIC || parts[3] !== DIGEST) return null;
  const [encryptedKey, encryptedData] = parts.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? Buffer.from(p, 'base64url') : null));
  if (!encryptedKey || !encryptedData || encryptedData.length % 16 !== 0) return null;
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-128-ecb', decryptRandomKey(encryptedKey, merchantPrivateKey), null);
    plain = Buffer.concat([decipher.update(encryptedData), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
  const cut = plain.lastIndexOf('$');
  if (cut < 0) return null;
  const data = plain.slice(0, cut);
  const signature = plain.slice(cut + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(signature) || !rsaSha256Verify(yopPublicKey, data, Buffer.from(signature, 'base64url'))) return null;
  return data;
}

export function yeepayStyle(payWay: string): CallbackStyle {
  return {
    toleranceSeconds: null,
    notifies: ['paid', 'canceled', 'expired'],
    newEventId: () => randomBytes(12).toString('hex'),
    encode(e, c) {
      if (!c.signingKey || !c.merchantPublicKey) throw new Error('yeepay: YOP signs with its key and encrypts to the merchant');
      const p = e.payment;
      const data = {
        parentMerchantNo: c.merchantId,
        merchantNo: c.merchantId,
        orderId: p.merchantReference,
        uniqueOrderNo: p.id,
        status: STATUS[outcome(e.kind)],
        orderAmount: toDecimal(p.amount, p.currency),
        payAmount: p.paidAt ? toDecimal(p.amount, p.currency) : '0.00',
        requestDate: chinaTime(p.createdAt),
        ...(p.paidAt ? { paySuccessDate: chinaTime(p.paidAt) } : {}),
        payWay,
        goodsName: p.subject,
      };
      const params = new URLSearchParams({ response: sealEnvelope(JSON.stringify(data), c.signingKey, c.merchantPublicKey), customerIdentification: yopAppKey(c.merchantId) });
      return { body: params.toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8' };
    },
    headersFor: () => ({}),
    verify(_headers, rawBody, c, now): WireVerification {
      const params = new URLSearchParams(rawBody);
      const envelope = params.get('response');
      if (!envelope || !params.get('customerIdentification') || !c.merchantPrivateKey || !c.providerPublicKey) return { ok: false, reason: 'malformed' };
      if (params.get('customerIdentification') !== yopAppKey(c.merchantId)) return { ok: false, reason: 'bad_signature' };
      const data = openEnvelope(envelope, createPrivateKey(c.merchantPrivateKey), c.providerPublicKey);
      if (data === null) return { ok: false, reason: 'bad_signature' };
      const n = parseJson(data);
      if (!n || n.merchantNo !== c.merchantId) return { ok: false, reason: 'malformed' };
      const amount = fromDecimal(n.orderAmount, 'CNY');
      const status = FROM_STATUS[n.status];
      // The time the outcome happened: the payment's for a paid order; YOP gives none for a closure, so it is now.
      const occurredAt = n.paySuccessDate ? parseChinaTime(n.paySuccessDate) : now;
      if (amount === null || !status || !occurredAt || typeof n.orderId !== 'string' || typeof n.uniqueOrderNo !== 'string') return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        event: {
          channelPaymentId: n.uniqueOrderNo,
          merchantReference: n.orderId,
          status,
          amount,
          currency: 'CNY',
          // YOP sends no notification id; an order reaches each status once, so the pair names the event.
          eventId: `${n.uniqueOrderNo}:${n.status}`,
          occurredAt,
        },
      };
    },
    acknowledgement: (accepted) => ({ status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'SUCCESS' : 'FAIL' }),
    acknowledged: (a) => a.status === 200 && a.body.trim() === 'SUCCESS',
  };
}
