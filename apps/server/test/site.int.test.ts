import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CURRENCIES } from '@portal/contract/currency';
import { companies, exchangeRates, sites } from '../src/db/schema/index.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
const partnerLogo = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  // A second platform with its own white-label site, to tell host matching apart from the default fallback.
  const [partner] = await t.db
    .insert(companies)
    .values({
      code: 'P09001',
      name: 'Partner Platform',
      proxyLevel: 0,
      commonConfig: { ...DEFAULT_COMMON_CONFIG, canCreateSubAgency: true, settlementCurrency: 'USD' },
      singleLoginSecret: 'partner-secret',
    })
    .returning();
  await t.db.insert(sites).values({
    companyId: partner.id,
    hosts: ['Partner.Example.COM', 'partner-alias.example.net'],
    isDefault: false,
    name: 'Partner Travel',
    shortName: 'Partner',
    chineseName: '合作伙伴旅行',
    chineseShortName: '伙伴',
    dateFormat: 'dd/MM/yyyy',
    defaultCurrency: 'USD',
    defaultLanguage: 'en',
    currencies: ['USD', 'CNY'],
    languages: ['en'],
    logoFileId: partnerLogo,
    isIcp: true,
    icpCode: 'ICP-12345',
  });
});
afterAll(() => t?.close());

const siteFor = (host: string) => call(t.app, 'GET', '/base/v2/config/getSiteConfig', { headers: { host } });

describe('GET /base/v2/config/getSiteConfig', () => {
  it('answers the seeded default site for its own host, with rates and a one-minute public cache', async () => {
    const res = await siteFor('localhost:5173');
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.data).toMatchObject({
      name: 'Demo Travel Platform',
      shortName: 'Demo Platform',
      chineseName: '演示旅游分销平台',
      type: 'client',
      dateFormat: 'yyyy-MM-dd',
      defaultCurrency: 'CNY',
      defaultLanguage: 'zh-CN',
      logo: null,
      whiteLogo: null,
      favicon: null,
      isIcp: false,
      icpCode: null,
    });
    expect(res.data.currencies).toEqual([...CURRENCIES]);
    expect(res.data.languages).toEqual(['en', 'zh-CN', 'zh-TW']);
    expect(res.data.rateMap.CNY).toBe('1');
    expect(res.data.rateMap.USD).toBe('7.1');
    expect(res.data.rateMap.JPY).toBe('0.0468');
    expect(Object.keys(res.data.rateMap)).toEqual([...CURRENCIES]);
  });

  it('matches the host without its port and case-insensitively', async () => {
    for (const host of ['partner.example.com', 'PARTNER.EXAMPLE.COM:8443', 'partner-alias.example.net']) {
      const res = await siteFor(host);
      expect(res.code, host).toBe(0);
      expect(res.data.name, host).toBe('Partner Travel');
    }
    const res = await siteFor('partner.example.com:8443');
    expect(res.data).toMatchObject({
      logo: `/base/v2/files/${partnerLogo}`,
      whiteLogo: null,
      dateFormat: 'dd/MM/yyyy',
      defaultCurrency: 'USD',
      defaultLanguage: 'en',
      currencies: ['USD', 'CNY'],
      isIcp: true,
      icpCode: 'ICP-12345',
    });
  });

  it('falls back to the default site for an unknown host', async () => {
    for (const host of ['unknown.example.org', 'example.com:3000', 'partner.example.com.evil.test']) {
      const res = await siteFor(host);
      expect(res.status, host).toBe(200);
      expect(res.data.name, host).toBe('Demo Travel Platform');
    }
  });

  it('serves the current rates, not a copy taken at start-up', async () => {
    await t.db.update(exchangeRates).set({ rate: '7.3' }).where(eq(exchangeRates.currency, 'USD'));
    const res = await siteFor('localhost');
    expect(res.data.rateMap.USD).toBe('7.3');
  });
});
