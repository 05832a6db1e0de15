import { createDecipheriv, createPublicKey, generateKeyPairSync, randomUUID, verify as rsaVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { AlipaySdk } from 'alipay-sdk';
import forge from 'node-forge';
import Stripe from 'stripe';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { Currency } from '@portal/contract/currency';
import { sandboxCredentials } from '../src/payments/sandbox/credentials.ts';
import { loadSandboxKeys } from '../src/payments/sandbox/keys.repository.ts';
import { devSecret, SANDBOX_PROFILES } from '../src/payments/sandbox/profiles.ts';
import { apiV3Key } from '../src/payments/sandbox/styles/wechatpay.ts';
import { sealEnvelope } from '../src/payments/sandbox/styles/yeepay.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';

/**
 * Issue 15: every sandbox signs and shapes its callbacks as the real provider does, so the callbacks it sends are
 * checked here by the providers' own SDKs from npm, configured only with what a merchant configures (the provider's
 * public key or certificate, the shared secret, the merchant's ids), never with the sandbox's internals:
 * - Stripe: stripe.webhooks.constructEvent (the `stripe` package).
 * - Alipay: alipay-sdk's AlipaySdk#checkNotifySign with `alipayPublicKey`.
 * - WeChat Pay: wechatpay-axios-plugin's Rsa.verify over Formatter.response(...) with the platform certificate chosen
 *   by Wechatpay-Serial, and Aes.AesGcm.decrypt of the resource under the APIv3 key.
 * - PayPal: no PayPal SDK on npm verifies a webhook offline (the Node SDKs call PayPal's verify-webhook-signature
 *   API), so the test follows PayPal's documented self-verification: fetch the certificate at PAYPAL-CERT-URL, and
 *   check SHA256withRSA over "transmissionId|transmissionTime|webhookId|crc32(body)" (CRC-32 from node:zlib).
 * - YeePay: YeePay publishes no Node.js SDK on npm, so the test opens YOP's digital envelope as yop-java-sdk's
 *   DigitalEnvelopeUtils does, with node-forge's RSAES-PKCS1-v1_5 (an implementation independent of the sandbox's).
 */

let t: TestApp;
const sent: CallbackRequest[] = [];

beforeAll(async () => {
  t = await createTestApp({
    payments: {
      // Stands for the merchant's endpoint: records each callback and acknowledges it as the channel expects.
      transport: async (req) => {
        sent.push(req);
        const ack = t.app.deps.payments.channels.get(req.url.split('/').pop()!)!.acknowledgement(true);
        return { status: ack.status, body: ack.body };
      },
    },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  sent.length = 0;
});

const sandbox = () => t.app.deps.payments.sandbox!;
const profile = (code: ExternalPaymentChannel) => SANDBOX_PROFILES.find((p) => p.code === code)!;
/** The merchant's configuration of the channel, as the registry gives it to the adapter, from the keys the database holds. */
const merchantConfig = (code: ExternalPaymentChannel) =>
  sandboxCredentials(code, { secret: devSecret(code), merchantId: profile(code).merchantId }, TEST_PUBLIC_URL, () => loadSandboxKeys(t.db)).merchant();

async function open(code: ExternalPaymentChannel, o: { amount?: number; currency?: Currency } = {}) {
  const channel = t.app.deps.payments.channels.get(code)!;
  const merchantReference = randomUUID();
  const input = {
    merchantReference,
    amount: o.amount ?? 12_345,
    currency: o.currency ?? (channel.currencies.includes('CNY') ? 'CNY' : channel.currencies[0]),
    subject: 'Wallet top-up A00001',
    notifyUrl: `${TEST_PUBLIC_URL}/order/v2/payments/callbacks/${code}`,
    returnUrl: `${TEST_PUBLIC_URL}/bills/wallet?payment=${merchantReference}`,
    expiresAt: new Date(Date.now() + channel.paymentTimeoutMinutes * 60_000),
  };
  return { channel, input, created: await channel.createPayment(input) };
}

/** Pays (or lets lapse) a new payment and answers the one callback the channel sent about it. */
async function captured(code: ExternalPaymentChannel, how: 'pay' | 'expire' = 'pay', o: { amount?: number; currency?: Currency } = {}) {
  const p = await open(code, o);
  if (how === 'pay') {
    expect(await sandbox().payerPays(code, p.created.channelPaymentId, new Date())).toMatchObject({ ok: true });
  } else {
    const later = new Date(p.input.expiresAt.getTime() + 1000);
    await sandbox().expireLapsed(later);
    await sandbox().deliverDue(later);
  }
  const mine = () => sent.filter((r) => r.url.endsWith(`/callbacks/${code}`));
  expect(mine(), `${code} sent one callback`).toHaveLength(1);
  const req = mine()[0];
  // The portal's own adapter accepts it too (PayPal's approval: by capturing the order, which sends the capture's event).
  expect(await p.channel.verifyCallback(req.headers, req.body)).toMatchObject({ ok: true });
  return { ...p, req, following: mine().slice(1) };
}

const tamper = (body: string, from: string, to: string) => {
  expect(body).toContain(from);
  return body.replace(from, to);
};

describe('Stripe callbacks, checked by stripe.webhooks.constructEvent', () => {
  const secret = devSecret('stripe');

  it('accepts the paid event, which names no account (the platform account)', async () => {
    const { req, input, created } = await captured('stripe');
    const event = Stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], secret);
    expect(event.type).toBe('checkout.session.completed');
    expect(event).not.toHaveProperty('account');
    expect(event.data.object).toMatchObject({ id: created.channelPaymentId, client_reference_id: input.merchantReference, amount_total: input.amount, payment_status: 'paid' });
    expect(() => Stripe.webhooks.constructEvent(tamper(req.body, `"amount_total":${input.amount}`, `"amount_total":${input.amount + 1}`), req.headers['stripe-signature'], secret)).toThrow(
      /signature/i,
    );
    expect(() => Stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], 'whsec_another_endpoint')).toThrow(/signature/i);
  });

  it('sends payment_intent.payment_failed for a declined card, the session staying open', async () => {
    const { channel, input, created } = await open('stripe');
    expect(await sandbox().payerDeclined('stripe', created.channelPaymentId, new Date())).toMatchObject({ ok: true, payment: { status: 'created' } });
    expect(sent).toHaveLength(1);
    const req = sent[0];
    const event = Stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], secret);
    expect(event.type).toBe('payment_intent.payment_failed');
    expect(event).not.toHaveProperty('account');
    // The PaymentIntent as Stripe's API reference and example payloads show it after a decline.
    const pi = event.data.object as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      object: 'payment_intent',
      amount: input.amount,
      amount_received: 0,
      currency: 'cny',
      status: 'requires_payment_method',
      metadata: { client_reference_id: input.merchantReference },
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(pi.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(pi.last_payment_error!.charge).toBe(pi.latest_charge);
    expect(() => Stripe.webhooks.constructEvent(tamper(req.body, '"generic_decline"', '"insufficient_funds"'), req.headers['stripe-signature'], secret)).toThrow(/signature/i);
    // The portal's adapter reads it as a notice, not an outcome: the session is still open and can be paid.
    expect(await channel.verifyCallback(req.headers, req.body)).toMatchObject({
      ok: true,
      event: null,
      notice: { channelPaymentId: pi.id, merchantReference: input.merchantReference, failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
    });
    expect(await channel.retrievePayment(created.channelPaymentId)).toMatchObject({ status: 'created' });
    expect(await sandbox().payerPays('stripe', created.channelPaymentId, new Date())).toMatchObject({ ok: true });
    const paid = Stripe.webhooks.constructEvent(sent[1].body, sent[1].headers['stripe-signature'], secret);
    expect(paid.type).toBe('checkout.session.completed');
    // The session names its PaymentIntent, the one the failure was about.
    expect((paid.data.object as Stripe.Checkout.Session).payment_intent).toBe(pi.id);
  });

  it('accepts the expired session event', async () => {
    const { req } = await captured('stripe', 'expire');
    expect(Stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], secret).type).toBe('checkout.session.expired');
  });

  it("verifies an event Stripe's SDK signed, with or without the merchant's account, and refuses another account's", async () => {
    const { channel, input, created } = await open('stripe');
    const event = (account?: string) =>
      JSON.stringify({
        id: 'evt_1SdkSignedEvent0000000000',
        object: 'event',
        ...(account ? { account } : {}),
        api_version: '2024-06-20',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: 'checkout.session.completed',
        data: { object: { id: created.channelPaymentId, object: 'checkout.session', client_reference_id: input.merchantReference, amount_total: input.amount, currency: 'cny', payment_status: 'paid', status: 'complete' } },
      });
    const signed = (payload: string) => ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) });
    expect(await channel.verifyCallback(signed(event()), event())).toMatchObject({ ok: true, event: { status: 'paid', amount: input.amount } });
    const own = event(profile('stripe').merchantId);
    expect(await channel.verifyCallback(signed(own), own)).toMatchObject({ ok: true });
    const other = event('acct_1SomeoneElse000000');
    expect(await channel.verifyCallback(signed(other), other)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe("Alipay notifications, checked by alipay-sdk's checkNotifySign", () => {
  const sdk = async () =>
    new AlipaySdk({
      appId: profile('alipay').merchantId,
      // The merchant's own application key signs its requests to Alipay; checking notifications needs only Alipay's.
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      alipayPublicKey: (await merchantConfig('alipay')).providerPublicKey!,
    });

  it('accepts TRADE_SUCCESS signed RSA2, and refuses it altered', async () => {
    const { req, input, created } = await captured('alipay');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const params = Object.fromEntries(new URLSearchParams(req.body));
    expect(params).toMatchObject({ sign_type: 'RSA2', trade_status: 'TRADE_SUCCESS', trade_no: created.channelPaymentId, out_trade_no: input.merchantReference, total_amount: '123.45' });
    const alipay = await sdk();
    expect(alipay.checkNotifySign(params)).toBe(true);
    expect(alipay.checkNotifySignV2(params)).toBe(true);
    expect(alipay.checkNotifySign({ ...params, total_amount: '123.46' })).toBe(false);
    // Another key pair's Alipay public key: not Alipay's.
    const stranger = new AlipaySdk({
      appId: profile('alipay').merchantId,
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      alipayPublicKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    expect(stranger.checkNotifySign(params)).toBe(false);
  });

  it('notifies a trade that timed out as TRADE_CLOSED, with only fields Alipay sends', async () => {
    const { req } = await captured('alipay', 'expire');
    const params = Object.fromEntries(new URLSearchParams(req.body));
    expect(params.trade_status).toBe('TRADE_CLOSED');
    expect(params.gmt_close).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(params).not.toHaveProperty('close_reason');
    expect((await sdk()).checkNotifySign(params)).toBe(true);
  });

  it('sends nothing when the payer leaves the cashier', async () => {
    const { created } = await open('alipay');
    expect(await sandbox().payerCancels('alipay', created.channelPaymentId, new Date())).toMatchObject({ ok: true });
    expect(sent).toHaveLength(0);
  });
});

describe('WeChat Pay notifications, checked by wechatpay-axios-plugin', () => {
  it('signs with the platform certificate named by Wechatpay-Serial and encrypts the resource under the APIv3 key', async () => {
    const { req, input, created } = await captured('wechat-pay');
    const h = req.headers;
    const certificates = (await merchantConfig('wechat-pay')).providerCertificates!;
    expect(h['wechatpay-serial']).toMatch(/^[0-9A-F]{40}$/);
    const certificate = certificates[h['wechatpay-serial']];
    expect(certificate, 'the serial names a configured platform certificate').toBeTruthy();
    expect(new X509Certificate(certificate).serialNumber.toUpperCase()).toBe(h['wechatpay-serial']);
    expect(h['wechatpay-signature-type']).toBe('WECHATPAY2-SHA256-RSA2048');
    const message = Formatter.response(h['wechatpay-timestamp'], h['wechatpay-nonce'], req.body);
    expect(message).toBe(`${h['wechatpay-timestamp']}\n${h['wechatpay-nonce']}\n${req.body}\n`);
    expect(Rsa.verify(message, h['wechatpay-signature'], certificate)).toBe(true);
    expect(Rsa.verify(Formatter.response(h['wechatpay-timestamp'], h['wechatpay-nonce'], `${req.body} `), h['wechatpay-signature'], certificate)).toBe(false);

    const envelope = JSON.parse(req.body);
    expect(envelope).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { algorithm: 'AEAD_AES_256_GCM', original_type: 'transaction' } });
    const r = envelope.resource;
    const key = apiV3Key((await merchantConfig('wechat-pay')).secret).toString('utf8');
    expect(key).toHaveLength(32);
    const transaction = JSON.parse(Aes.AesGcm.decrypt(r.ciphertext, key, r.nonce, r.associated_data));
    expect(transaction).toMatchObject({
      mchid: profile('wechat-pay').merchantId,
      out_trade_no: input.merchantReference,
      transaction_id: created.channelPaymentId,
      trade_state: 'SUCCESS',
      amount: { total: input.amount, currency: 'CNY' },
    });
  });

  it('notifies no closure: an expired order is learnt by querying it', async () => {
    const { channel, created, input } = await open('wechat-pay');
    const later = new Date(input.expiresAt.getTime() + 1000);
    await sandbox().expireLapsed(later);
    await sandbox().deliverDue(later);
    expect(sent).toHaveLength(0);
    expect(await channel.retrievePayment(created.channelPaymentId, later)).toMatchObject({ status: 'expired' });
  });
});

describe("PayPal webhooks, checked by PayPal's documented self-verification", () => {
  /** https://developer.paypal.com/api/rest/webhooks/rest/#link-selfverificationmethod, step by step. */
  async function paypalVerifies(req: CallbackRequest): Promise<boolean> {
    const h = req.headers;
    expect(h['paypal-auth-algo']).toBe('SHA256withRSA');
    // 1. Download the certificate at PAYPAL-CERT-URL (the sandbox serves it on this app).
    const certUrl = new URL(h['paypal-cert-url']);
    expect(certUrl.origin).toBe(TEST_PUBLIC_URL);
    const res = await t.app.inject({ method: 'GET', url: certUrl.pathname });
    expect(res.statusCode).toBe(200);
    const certificate = new X509Certificate(res.body);
    const now = Date.now();
    expect(Date.parse(certificate.validFrom)).toBeLessThan(now);
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(now);
    // The merchant's configuration holds the same certificate for that URL.
    expect(new X509Certificate((await merchantConfig('paypal')).providerCertificates![h['paypal-cert-url']]).fingerprint256).toBe(certificate.fingerprint256);
    // 2. The signed message: transmission id | transmission time | webhook id | CRC-32 of the raw body, decimal.
    const message = `${h['paypal-transmission-id']}|${h['paypal-transmission-time']}|${profile('paypal').merchantId}|${crc32(req.body)}`;
    // 3. SHA256withRSA with the certificate's public key.
    return rsaVerify('sha256', Buffer.from(message), certificate.publicKey, Buffer.from(h['paypal-transmission-sig'], 'base64'));
  }

  it('sends CHECKOUT.ORDER.APPROVED when the buyer approves, and PAYMENT.CAPTURE.COMPLETED once the portal captures', async () => {
    const { req: approvedReq, following, input, created } = await captured('paypal', 'pay', { currency: 'USD' });
    // The approval: the order, APPROVED, as PayPal's checkout-order resource (Orders v2), signed like every event.
    expect(await paypalVerifies(approvedReq)).toBe(true);
    expect(await paypalVerifies({ ...approvedReq, body: tamper(approvedReq.body, '"value":"123.45"', '"value":"123.46"') })).toBe(false);
    const approved = JSON.parse(approvedReq.body);
    expect(approved).toMatchObject({
      event_version: '1.0',
      resource_version: '2.0',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      summary: 'An order has been approved by buyer',
      resource: {
        id: created.channelPaymentId,
        intent: 'CAPTURE',
        status: 'APPROVED',
        purchase_units: [{ reference_id: 'default', custom_id: input.merchantReference, amount: { currency_code: 'USD', value: '123.45' }, payee: { merchant_id: profile('paypal').merchantId } }],
        payer: { payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
      },
    });
    expect(approved.id).toMatch(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/);
    expect(approved.resource.links.find((l: { rel: string }) => l.rel === 'capture')).toMatchObject({ method: 'POST', href: expect.stringMatching(new RegExp(`/v2/checkout/orders/${created.channelPaymentId}/capture$`)) });
    // Nothing was paid by approving: the capture (made by the portal's adapter reading the approval) sent its event.
    expect(following).toHaveLength(1);
    const completedReq = following[0];
    expect(await paypalVerifies(completedReq)).toBe(true);
    expect(await paypalVerifies({ ...completedReq, body: tamper(completedReq.body, '"value":"123.45"', '"value":"123.46"') })).toBe(false);
    const completed = JSON.parse(completedReq.body);
    expect(completed).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: { status: 'COMPLETED', amount: { currency_code: 'USD', value: '123.45' }, custom_id: input.merchantReference, supplementary_data: { related_ids: { order_id: created.channelPaymentId } } },
    });
    expect(completed.id).not.toBe(approved.id);
    expect(Date.parse(completed.create_time)).toBeGreaterThanOrEqual(Date.parse(approved.create_time));
  });

  it('sends CHECKOUT.ORDER.VOIDED for an order that lapsed unpaid', async () => {
    const { req } = await captured('paypal', 'expire', { currency: 'EUR' });
    expect(await paypalVerifies(req)).toBe(true);
    const event = JSON.parse(req.body);
    expect(event).toMatchObject({ event_type: 'CHECKOUT.ORDER.VOIDED', resource: { status: 'VOIDED' } });
    expect(event.resource).not.toHaveProperty('status_details');
  });

  it('writes TWD and JPY amounts without decimals, and refuses a TWD amount with cents', async () => {
    const twd = await captured('paypal', 'pay', { currency: 'TWD', amount: 123_400 });
    expect(JSON.parse(twd.req.body).resource.purchase_units[0].amount).toEqual({ currency_code: 'TWD', value: '1234' });
    const capture = twd.following[0];
    expect(JSON.parse(capture.body).resource.amount).toEqual({ currency_code: 'TWD', value: '1234' });
    expect(await paypalVerifies(twd.req)).toBe(true);
    expect(await paypalVerifies(capture)).toBe(true);
    expect(await twd.channel.verifyCallback(capture.headers, capture.body)).toMatchObject({ ok: true, event: { amount: 123_400, currency: 'TWD' } });
    sent.length = 0;
    const jpy = await captured('paypal', 'pay', { currency: 'JPY', amount: 1_200 });
    expect(JSON.parse(jpy.following[0].body).resource.amount).toEqual({ currency_code: 'JPY', value: '1200' });
    await expect(open('paypal', { currency: 'TWD', amount: 123_450 })).rejects.toMatchObject({ reason: 'invalid_request' });
  });

  it('serves no certificate at any other URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/paypal/v1/notifications/certs/CERT-0000' });
    expect(res.statusCode).toBe(404);
  });
});

describe("YeePay notifications, YOP's digital envelope", () => {
  /** yop-java-sdk DigitalEnvelopeUtils.decrypt, step by step, with node-forge for the RSA part. */
  async function openAsYop(response: string): Promise<string | null> {
    const config = await merchantConfig('yeepay-alipay');
    const [encryptedKey, encryptedData, symmetric, digest] = response.split('$');
    expect([symmetric, digest]).toEqual(['AES', 'SHA256']);
    // 1. The random key, RSA/ECB/PKCS1Padding under the merchant's public key: the merchant's private key opens it.
    const merchantKey = forge.pki.privateKeyFromPem(config.merchantPrivateKey!);
    const randomKey = Buffer.from(merchantKey.decrypt(Buffer.from(encryptedKey, 'base64url').toString('binary'), 'RSAES-PKCS1-V1_5'), 'binary');
    expect(randomKey).toHaveLength(16);
    // 2. The data, AES/ECB/PKCS5Padding under the random key: "<data>$<base64url signature>".
    const decipher = createDecipheriv('aes-128-ecb', randomKey, null);
    const plain = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64url')), decipher.final()]).toString('utf8');
    const data = plain.slice(0, plain.lastIndexOf('$'));
    const signature = plain.slice(plain.lastIndexOf('$') + 1);
    // 3. SHA256withRSA by YOP's platform key, checked with the YOP public key from configuration.
    return rsaVerify('sha256', Buffer.from(data), config.providerPublicKey!, Buffer.from(signature, 'base64url')) ? data : null;
  }

  it('posts response=<envelope>&customerIdentification=<app key>, sealed for the merchant and signed by YOP', async () => {
    const { req, input, created } = await captured('yeepay-alipay');
    const params = new URLSearchParams(req.body);
    expect([...params.keys()].sort()).toEqual(['customerIdentification', 'response']);
    expect(params.get('customerIdentification')).toBe(`app_${profile('yeepay-alipay').merchantId}`);
    const data = await openAsYop(params.get('response')!);
    expect(data).not.toBeNull();
    expect(JSON.parse(data!)).toMatchObject({ orderId: input.merchantReference, uniqueOrderNo: created.channelPaymentId, status: 'SUCCESS', orderAmount: '123.45' });
  });

  it('seals each notification under a new random key, and refuses one signed by another key', async () => {
    const { channel, req } = await captured('yeepay-wechat');
    const data = (await openAsYop(new URLSearchParams(req.body).get('response')!))!;
    const merchantPublic = createPublicKey((await merchantConfig('yeepay-wechat')).merchantPrivateKey!);
    const appKey = `app_${profile('yeepay-wechat').merchantId}`;
    const form = (response: string) => new URLSearchParams({ response, customerIdentification: appKey }).toString();
    // The same data sealed twice by YOP's key: two different envelopes (random keys), each opening to the same data.
    const yop = (await sandbox().providerCredentials('yeepay-wechat')).signingKey!;
    const [a, b] = [sealEnvelope(data, yop, merchantPublic), sealEnvelope(data, yop, merchantPublic)];
    expect(a.split('$')[0]).not.toBe(b.split('$')[0]);
    expect([await openAsYop(a), await openAsYop(b)]).toEqual([data, data]);
    expect(await channel.verifyCallback(req.headers, form(a))).toMatchObject({ ok: true, event: { status: 'paid', amount: 12_345 } });
    // Sealed for the merchant but signed by another key (anyone holds the merchant's public key): opens, does not verify.
    const forged = sealEnvelope(data.replace('"123.45"', '"999.99"'), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, merchantPublic);
    expect(await openAsYop(forged)).toBeNull();
    expect(await channel.verifyCallback(req.headers, form(forged))).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
