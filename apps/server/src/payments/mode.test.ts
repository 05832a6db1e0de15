import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../config.ts';
import type { Db } from '../db/client.ts';
import { PaymentSettingsError, paymentSecretProblems, readPaymentMode, secretWeakness } from './mode.ts';
import { createPayments, paymentsSummary, type LiveAdapterFactory } from './registry.ts';
import { devSecret } from './sandbox/profiles.ts';
import type { PaymentChannel } from './types.ts';

const STRONG = 'k7Qe2pX9vL4mZ8sR1tY6wB3nH5jD0cFa';
const STRONG_2 = 'Zr4Tq8Ly2Wm6Kp0Xv3Nb7Hs1Jd5Gc9Fe';

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PaymentSettingsError);
    return (err as PaymentSettingsError).problems;
  }
  throw new Error('expected PaymentSettingsError');
}

describe('PAYMENTS and NODE_ENV', () => {
  it('defaults to the sandbox with every channel outside production', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(readPaymentMode({ NODE_ENV })).toEqual({ mode: 'sandbox', production: false, channels: [...EXTERNAL_PAYMENT_CHANNELS] });
    }
  });

  it('refuses to guess in production: PAYMENTS must be set', () => {
    const problems = problemsOf(() => readPaymentMode({ NODE_ENV: 'production' }));
    expect(problems).toHaveLength(1);
    expect(problems[0].variable).toBe('PAYMENTS');
    expect(problems[0].message).toMatch(/PAYMENTS=live/);
    expect(problems[0].message).toMatch(/PAYMENTS=sandbox/);
    // readSettings reads it too, so the server cannot start around it.
    expect(() => readSettings({ NODE_ENV: 'production' })).toThrow(PaymentSettingsError);
  });

  it('takes an explicit sandbox in production, marked as production', () => {
    expect(readPaymentMode({ NODE_ENV: 'production', PAYMENTS: 'sandbox' })).toMatchObject({ mode: 'sandbox', production: true });
  });

  it('enables in live mode only the channels PAYMENT_CHANNELS names, in the spec order', () => {
    expect(readPaymentMode({ NODE_ENV: 'production', PAYMENTS: 'live' })).toEqual({ mode: 'live', production: true, channels: [] });
    expect(readPaymentMode({ PAYMENTS: ' live ', PAYMENT_CHANNELS: 'stripe, alipay,,alipay' }).channels).toEqual(['alipay', 'stripe']);
    expect(readPaymentMode({ PAYMENTS: 'sandbox', PAYMENT_CHANNELS: 'paypal' }).channels).toEqual(['paypal']);
  });

  it('refuses an unknown mode or channel, naming the variable', () => {
    expect(problemsOf(() => readPaymentMode({ PAYMENTS: 'production' }))).toEqual([{ variable: 'PAYMENTS', message: expect.stringMatching(/"sandbox" or "live"/) }]);
    expect(problemsOf(() => readPaymentMode({ PAYMENTS: 'Live' }))[0].variable).toBe('PAYMENTS');
    const [p] = problemsOf(() => readPaymentMode({ PAYMENTS: 'live', PAYMENT_CHANNELS: 'alipay,bitcoin' }));
    expect(p.variable).toBe('PAYMENT_CHANNELS');
    expect(p.message).toContain('bitcoin');
  });
});

describe('live secrets', () => {
  const live = (channels: (typeof EXTERNAL_PAYMENT_CHANNELS)[number][]) => ({ mode: 'live' as const, channels });

  it('needs nothing in the sandbox, where the development defaults are the point', () => {
    expect(paymentSecretProblems({ mode: 'sandbox', channels: [...EXTERNAL_PAYMENT_CHANNELS] }, {})).toEqual([]);
    expect(paymentSecretProblems({ mode: 'sandbox', channels: ['alipay'] }, { PAYMENT_SECRET_ALIPAY: devSecret('alipay') })).toEqual([]);
  });

  it('accepts strong secrets of its own for every enabled channel', () => {
    expect(paymentSecretProblems(live(['alipay', 'wechat-pay']), { PAYMENT_SECRET_ALIPAY: STRONG, PAYMENT_SECRET_WECHAT_PAY: STRONG_2 })).toEqual([]);
    expect(paymentSecretProblems(live([]), {})).toEqual([]);
  });

  it('refuses a missing secret of an enabled channel', () => {
    expect(paymentSecretProblems(live(['alipay', 'stripe']), { PAYMENT_SECRET_ALIPAY: STRONG, PAYMENT_SECRET_STRIPE: '  ' })).toEqual([
      { variable: 'PAYMENT_SECRET_STRIPE', message: expect.stringMatching(/not set/) },
    ]);
  });

  it('refuses every development default, its own channel’s or another’s, and never repeats the value', () => {
    for (const code of EXTERNAL_PAYMENT_CHANNELS) {
      const problems = paymentSecretProblems(live(['alipay']), { PAYMENT_SECRET_ALIPAY: devSecret(code) });
      expect(problems).toEqual([{ variable: 'PAYMENT_SECRET_ALIPAY', message: expect.stringMatching(/development default/) }]);
      expect(problems[0].message).not.toContain(devSecret(code));
    }
    // A development default left on a channel that is not enabled is refused too: it would be used the day it is.
    expect(paymentSecretProblems(live([]), { PAYMENT_SECRET_PAYPAL: devSecret('paypal') })[0].variable).toBe('PAYMENT_SECRET_PAYPAL');
  });

  it('refuses weak secrets', () => {
    expect(secretWeakness(STRONG)).toBeNull();
    expect(secretWeakness('short-but-random-9f2K')).toMatch(/shorter than 32/);
    expect(secretWeakness('ab'.repeat(20))).toMatch(/different characters/);
    expect(secretWeakness(`my-own-for-development-only-${STRONG}`)).toMatch(/development default/);
    expect(paymentSecretProblems(live(['stripe']), { PAYMENT_SECRET_STRIPE: 'sk_live_123' })).toEqual([
      { variable: 'PAYMENT_SECRET_STRIPE', message: expect.stringMatching(/shorter than 32/) },
    ]);
  });

  it('refuses a secret variable that names no channel (a misspelt name leaves the real one unset)', () => {
    const problems = paymentSecretProblems(live(['wechat-pay']), { PAYMENT_SECRET_WECHATPAY: STRONG });
    expect(problems.map((p) => p.variable).sort()).toEqual(['PAYMENT_SECRET_WECHATPAY', 'PAYMENT_SECRET_WECHAT_PAY']);
  });
});

describe('createPayments by mode', () => {
  const db = {} as Db;
  const fakeAdapter = (seen: string[]): LiveAdapterFactory => (o) => {
    seen.push(o.secret);
    return { code: 'alipay', currencies: ['CNY'], feeBp: 60, paymentTimeoutMinutes: 30 } as unknown as PaymentChannel;
  };

  it('builds every sandbox channel on the simulated provider by default', () => {
    const p = createPayments({ db, publicUrl: 'http://portal.test/' });
    expect(p.mode).toBe('sandbox');
    expect(p.sandbox).not.toBeNull();
    expect(p.channels.all().map((c) => c.code)).toEqual([...EXTERNAL_PAYMENT_CHANNELS]);
    expect(paymentsSummary(p)).toEqual({ payments: 'sandbox', channels: [...EXTERNAL_PAYMENT_CHANNELS] });
    expect(createPayments({ db, publicUrl: 'http://portal.test', channels: ['stripe'] }).channels.all().map((c) => c.code)).toEqual(['stripe']);
  });

  it('never falls back to the sandbox in live mode: no provider, and a channel without a real adapter is not live', () => {
    const p = createPayments({ db, publicUrl: 'http://portal.test', mode: 'live', channels: ['alipay', 'stripe'], secrets: { PAYMENT_SECRET_ALIPAY: STRONG, PAYMENT_SECRET_STRIPE: STRONG_2 } });
    expect(p.sandbox).toBeNull();
    expect(p.channels.all()).toEqual([]);
    expect(p.channels.get('alipay')).toBeUndefined();
    expect(paymentsSummary(p)).toEqual({ payments: 'live', channels: [], notLive: ['alipay', 'stripe'] });
  });

  it('builds a real adapter with its checked secret, and refuses to build one on a development secret', () => {
    const seen: string[] = [];
    const p = createPayments({
      db,
      publicUrl: 'http://portal.test',
      mode: 'live',
      channels: ['alipay', 'stripe'],
      secrets: { PAYMENT_SECRET_ALIPAY: ` ${STRONG} `, PAYMENT_SECRET_STRIPE: STRONG_2 },
      liveAdapters: { alipay: fakeAdapter(seen) },
    });
    expect(seen).toEqual([STRONG]);
    expect(paymentsSummary(p)).toEqual({ payments: 'live', channels: ['alipay'], notLive: ['stripe'] });
    expect(() =>
      createPayments({ db, publicUrl: 'http://portal.test', mode: 'live', channels: ['alipay'], secrets: { PAYMENT_SECRET_ALIPAY: devSecret('alipay') }, liveAdapters: { alipay: fakeAdapter(seen) } }),
    ).toThrow(PaymentSettingsError);
    expect(() => createPayments({ db, publicUrl: 'http://portal.test', mode: 'live', channels: ['alipay'], liveAdapters: { alipay: fakeAdapter(seen) } })).toThrow(/PAYMENT_SECRET_ALIPAY is not set/);
    expect(seen).toHaveLength(1);
  });
});
