import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { Currency } from '@portal/contract/currency';
import { airwallexStyle } from './styles/airwallex.ts';
import { alipayStyle } from './styles/alipay.ts';
import { paypalAcceptsAmount, paypalStyle } from './styles/paypal.ts';
import { stripeStyle } from './styles/stripe.ts';
import type { CallbackStyle } from './styles/types.ts';
import { wechatPayStyle } from './styles/wechatpay.ts';
import { yeepayStyle } from './styles/yeepay.ts';
import { randomAlnum, randomDigits, randomUpperAlnum } from './wire.ts';

/**
 * How each channel behaves, as far as the portal can tell from outside: what it settles in, what it charges, how long
 * the payer has, how its callbacks look and are signed, how long it waits for an answer and when it tries again.
 * Fees are indicative merchant rates (basis points); schedules follow each provider's published practice.
 */
export interface SandboxProfile {
  code: ExternalPaymentChannel;
  style: CallbackStyle;
  currencies: readonly Currency[];
  feeBp: number;
  paymentTimeoutMinutes: number;
  /** Seconds to wait before each retry after a delivery that was not acknowledged; its length is the retry count. */
  retrySeconds: readonly number[];
  /** How long the channel waits for the merchant's answer to one delivery. */
  ackTimeoutMs: number;
  /** The merchant's account at the channel (app id, mchid, customer number, account, webhook id). */
  merchantId: string;
  newPaymentId(now: Date): string;
  /** Amounts the channel can represent, when not every positive amount is (PayPal: no cents in HUF, JPY, TWD). */
  acceptsAmount?(amount: number, currency: Currency): boolean;
  /** The provider serves its signing certificate at the URL its callbacks name (PayPal). */
  publishesCertificate?: boolean;
  /**
   * The payer only approves; the merchant then captures (PayPal Orders v2: CHECKOUT.ORDER.APPROVED, then
   * POST /v2/checkout/orders/{id}/capture, then PAYMENT.CAPTURE.COMPLETED).
   */
  approvesBeforeCapture?: boolean;
  /** The hosted page offers a card that is declined (Stripe's test card 4000 0000 0000 0002): the session stays open. */
  declinesTestCard?: boolean;
  /** The hosted page's colour. */
  accent: string;
}

const m = 60;
const h = 3600;
const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

const CNY_ONLY: readonly Currency[] = ['CNY'];

// Alipay: 8 notifications within about 25 hours.
const ALIPAY_RETRIES = [4 * m, 10 * m, 10 * m, 1 * h, 2 * h, 6 * h, 15 * h];
// WeChat Pay: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h, about 24 hours.
const WECHAT_RETRIES = [15, 15, 30, 3 * m, 10 * m, 20 * m, 30 * m, 30 * m, 30 * m, 60 * m, 3 * h, 3 * h, 3 * h, 6 * h, 6 * h];
const YEEPAY_RETRIES = [1 * m, 2 * m, 4 * m, 8 * m, 16 * m, 32 * m, 1 * h, 2 * h, 4 * h];
// Stripe: exponential back-off for up to three days.
const STRIPE_RETRIES = [5 * m, 30 * m, 1 * h, 2 * h, 4 * h, 8 * h, 12 * h, 24 * h, 20 * h];
const AIRWALLEX_RETRIES = [1 * m, 5 * m, 15 * m, 1 * h, 3 * h, 6 * h, 12 * h, 24 * h];
// PayPal: up to 25 retries over three days.
const PAYPAL_RETRIES = Array.from({ length: 25 }, (_, i) => Math.min(2 ** i * m, 4 * h));

const yeepay = (code: ExternalPaymentChannel, payWay: string, feeBp: number): SandboxProfile => ({
  code,
  style: yeepayStyle(payWay),
  currencies: CNY_ONLY,
  feeBp,
  paymentTimeoutMinutes: 20,
  retrySeconds: YEEPAY_RETRIES,
  ackTimeoutMs: 10_000,
  merchantId: '10040012345',
  newPaymentId: (now) => `1013${yyyymmdd(now)}${randomDigits(16)}`,
  accent: '#d7261c',
});

export const SANDBOX_PROFILES: readonly SandboxProfile[] = [
  {
    code: 'alipay',
    style: alipayStyle,
    currencies: CNY_ONLY,
    feeBp: 60,
    paymentTimeoutMinutes: 30,
    retrySeconds: ALIPAY_RETRIES,
    ackTimeoutMs: 15_000,
    merchantId: '2021000117600001',
    newPaymentId: (now) => `${yyyymmdd(now)}${randomDigits(20)}`,
    accent: '#1677ff',
  },
  {
    code: 'wechat-pay',
    style: wechatPayStyle,
    currencies: CNY_ONLY,
    feeBp: 60,
    paymentTimeoutMinutes: 15,
    retrySeconds: WECHAT_RETRIES,
    ackTimeoutMs: 5_000,
    merchantId: '1900000109',
    newPaymentId: () => `42000${randomDigits(23)}`,
    accent: '#07c160',
  },
  yeepay('yeepay-alipay', 'USER_SCAN_ALIPAY', 55),
  yeepay('yeepay-credit-card', 'BANK_CARD_CREDIT', 120),
  yeepay('yeepay-debit-card', 'BANK_CARD_DEBIT', 50),
  yeepay('yeepay-wechat', 'USER_SCAN_WECHAT', 55),
  {
    code: 'airwallex',
    style: airwallexStyle,
    currencies: ['CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'SGD', 'CHF', 'NZD', 'DKK', 'NOK', 'SEK', 'THB', 'MYR', 'ILS', 'KRW'],
    feeBp: 280,
    paymentTimeoutMinutes: 30,
    retrySeconds: AIRWALLEX_RETRIES,
    ackTimeoutMs: 10_000,
    merchantId: 'acct_sandbox_portal',
    newPaymentId: () => `int_sgpd${randomAlnum(22, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
    accent: '#612fff',
  },
  {
    code: 'stripe',
    style: stripeStyle,
    currencies: [
      'CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'THB', 'SGD', 'CHF', 'DKK', 'MOP', 'MYR', 'NOK', 'NZD', 'PHP', 'SEK', 'TWD', 'KRW', 'ZAR', 'ILS',
    ],
    feeBp: 340,
    paymentTimeoutMinutes: 30,
    retrySeconds: STRIPE_RETRIES,
    ackTimeoutMs: 10_000,
    merchantId: 'acct_1SandboxPortal00',
    newPaymentId: () => `cs_test_${randomAlnum(58)}`,
    declinesTestCard: true,
    accent: '#635bff',
  },
  {
    code: 'paypal',
    style: paypalStyle,
    currencies: ['USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'THB', 'SGD', 'CHF', 'DKK', 'MYR', 'NOK', 'NZD', 'PHP', 'SEK', 'TWD', 'ILS'],
    feeBp: 440,
    paymentTimeoutMinutes: 30,
    retrySeconds: PAYPAL_RETRIES,
    ackTimeoutMs: 10_000,
    merchantId: '8PT597110X687430LKGECATA',
    newPaymentId: () => randomUpperAlnum(17),
    acceptsAmount: paypalAcceptsAmount,
    publishesCertificate: true,
    approvesBeforeCapture: true,
    accent: '#003087',
  },
];

/**
 * Development secrets; every deployment sets its own through PAYMENT_SECRET_<CHANNEL> (e.g. PAYMENT_SECRET_WECHAT_PAY).
 * Channels whose provider signs with RSA (Alipay, WeChat Pay, PayPal, YeePay) verify with the provider's public key or
 * certificate instead (payments/sandbox/credentials.ts); their secret remains the merchant's own shared key where the
 * provider has one (WeChat Pay's APIv3 key) and is otherwise unused by the sandbox.
 */
export const devSecret = (code: ExternalPaymentChannel) => `sandbox-${code}-signing-secret-for-development-only`;
export const secretEnvName = (code: ExternalPaymentChannel) => `PAYMENT_SECRET_${code.toUpperCase().replaceAll('-', '_')}`;
