import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CURRENCIES } from '@portal/contract/currency';
import { exchangeRates, userLogs, users } from '../src/db/schema/index.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t?.close());

const put = (body: unknown, o: { token?: string; lang?: string } = {}) =>
  call(t.app, 'PUT', '/base/v2/exchangeRates', { token: 'token' in o ? o.token : admin, lang: o.lang, body });
const rateLogs = () => t.db.select().from(userLogs).where(eq(userLogs.action, 'rates_update'));
const RATE_MESSAGE = 'A rate must be a positive number with at most 6 decimals';

describe('GET /base/v2/exchangeRates', () => {
  it('answers the seeded rates in currency-picker order, CNY as the base', async () => {
    const res = await call(t.app, 'GET', '/base/v2/exchangeRates');
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.base).toBe('CNY');
    expect(res.data.rates.map((r: { currency: string }) => r.currency)).toEqual(CURRENCIES.filter((c) => c !== 'CNY'));
    expect(res.data.rates[0]).toMatchObject({ currency: 'USD', rate: '7.1' });
    expect(Number.isNaN(Date.parse(res.data.rates[0].updatedAt))).toBe(false);
    expect(res.data.rateMap).toMatchObject({ CNY: '1', USD: '7.1', JPY: '0.0468', KRW: '0.0051' });
    expect(Object.keys(res.data.rateMap)).toHaveLength(CURRENCIES.length);
  });
});

describe('PUT /base/v2/exchangeRates', () => {
  it('lets the platform admin edit rates: persisted, logged with old and new values, seen by a later GET', async () => {
    const res = await put({ rates: [{ currency: 'USD', rate: '7.2500' }, { currency: 'JPY', rate: '0.05' }] });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    // Stored in one spelling: trailing zeros dropped.
    expect(res.data.rateMap).toMatchObject({ CNY: '1', USD: '7.25', JPY: '0.05', EUR: '7.75' });

    const later = await call(t.app, 'GET', '/base/v2/exchangeRates');
    expect(later.data.rateMap.USD).toBe('7.25');
    expect(later.data.rates.find((r: { currency: string }) => r.currency === 'JPY').rate).toBe('0.05');

    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const [usd] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(usd.rate).toBe('7.25');
    expect(usd.updatedBy).toBe(adminRow.id);

    const logs = await rateLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0].actorUsername).toBe('admin');
    expect(logs[0].companyId).toBe(adminRow.companyId);
    expect(logs[0].detail).toEqual({
      currencies: ['USD', 'JPY'],
      changes: [
        { currency: 'USD', from: '7.1', to: '7.25' },
        { currency: 'JPY', from: '0.0468', to: '0.05' },
      ],
    });
  });

  it('writes and logs only the rates that change', async () => {
    const before = (await rateLogs()).length;
    const res = await put({ rates: [{ currency: 'USD', rate: '7.25' }, { currency: 'EUR', rate: '7.8' }] });
    expect(res.code).toBe(0);
    const logs = await rateLogs();
    expect(logs).toHaveLength(before + 1);
    const last = logs.find((l) => (l.detail as { currencies: string[] }).currencies.includes('EUR'))!;
    expect(last.detail).toEqual({ currencies: ['EUR'], changes: [{ currency: 'EUR', from: '7.75', to: '7.8' }] });

    const noop = await put({ rates: [{ currency: 'USD', rate: '7.250000' }] });
    expect(noop.code).toBe(0);
    expect(await rateLogs()).toHaveLength(before + 1);
  });

  it('refuses CNY, the base, as a validation error on that field and changes nothing', async () => {
    const res = await put({ rates: [{ currency: 'GBP', rate: '9.9' }, { currency: 'CNY', rate: '1.1' }] });
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(res.data.fields).toEqual({ 'rates.1.currency': 'CNY is the base currency; its rate is always 1' });
    const [gbp] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'GBP'));
    expect(gbp.rate).toBe('9.05');
    expect(await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'CNY'))).toHaveLength(0);
  });

  it('refuses a currency listed twice', async () => {
    const res = await put({ rates: [{ currency: 'GBP', rate: '9.9' }, { currency: 'GBP', rate: '9.8' }] });
    expect(res.status).toBe(400);
    expect(res.data.fields).toEqual({ 'rates.1.currency': 'This currency appears more than once' });
  });

  it.each(['0', '0.000000', '-1', '-7.1', 'abc', '7.1234567', '', '1e2'])('refuses the rate %j with a field message', async (rate) => {
    const res = await put({ rates: [{ currency: 'USD', rate }] });
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(res.data.fields['rates.0.rate']).toBe(RATE_MESSAGE);
    const [usd] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(usd.rate).toBe('7.25');
  });

  it('localizes the field message', async () => {
    const cn = await put({ rates: [{ currency: 'USD', rate: '0' }] }, { lang: 'zh-CN' });
    expect(cn.data.fields['rates.0.rate']).toBe('汇率须为正数，最多6位小数');
    const tw = await put({ rates: [{ currency: 'USD', rate: '1.1234567' }] }, { lang: 'zh-TW' });
    expect(tw.data.fields['rates.0.rate']).toBe('匯率須為正數，最多6位小數');
    expect(tw.message).toBe('匯率須為正數，最多6位小數');
  });

  it('refuses unknown currencies and an empty list', async () => {
    const unknown = await put({ rates: [{ currency: 'XYZ', rate: '1' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.data.fields['rates.0.currency']).toBe('Unknown currency');
    const empty = await put({ rates: [] });
    expect(empty.status).toBe(400);
    expect(empty.data.fields.rates).toBe('The list must not be empty');
  });

  it('is forbidden to a sub-agency SuperUser and an operator', async () => {
    for (const who of ['agency', 'operator'] as const) {
      const res = await put({ rates: [{ currency: 'USD', rate: '1' }] }, { token: await loginAs(t.app, who) });
      expect(res.status, who).toBe(403);
      expect(res.code, who).toBe(100403);
    }
    const [usd] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(usd.rate).toBe('7.25');
  });

  it('asks an anonymous caller to log in', async () => {
    const res = await put({ rates: [{ currency: 'USD', rate: '1' }] }, { token: undefined });
    expect(res.status).toBe(401);
    expect(res.code).toBe(201001);
    const none = await t.db.select().from(exchangeRates).where(and(eq(exchangeRates.currency, 'USD'), eq(exchangeRates.rate, '1')));
    expect(none).toHaveLength(0);
  });
});
