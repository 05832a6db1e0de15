import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, companies, sites } from '../src/db/schema/index.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

let t: TestApp;
let admin: string;
let platformId: string;
let partnerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  [{ id: platformId }] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'P00001'));
  [{ id: partnerId }] = await t.db
    .insert(companies)
    .values({
      code: 'P09002',
      name: 'Partner Platform',
      proxyLevel: 0,
      commonConfig: { ...DEFAULT_COMMON_CONFIG, canCreateSubAgency: true, settlementCurrency: 'CNY' },
      singleLoginSecret: 'partner-secret',
    })
    .returning({ id: companies.id });
  await t.db.insert(sites).values({
    companyId: partnerId,
    hosts: ['partner.example.com'],
    name: 'Partner',
    shortName: 'Partner',
    chineseName: '伙伴',
    chineseShortName: '伙伴',
    currencies: ['CNY'],
    languages: ['en'],
  });
});
afterAll(() => t?.close());

const VALID = { name: 'Lena Park', contact: 'lena@example.com', phone: '', country: 'KR', companyName: 'Seoul Tours', website: 'seoultours.example.kr', remarks: 'Group tours' };

// Each caller gets its own address unless a test says otherwise, so only the rate-limit test meets the limit.
let nextHost = 1;
async function submit(body: unknown, o: { ip?: string; lang?: string; host?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/base/v2/applications',
    remoteAddress: o.ip ?? `198.51.100.${nextHost++}`,
    headers: { 'accept-language': o.lang ?? 'en', host: o.host ?? 'localhost:3000' },
    payload: body as object,
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code as number, data: json.data, message: json.message as string };
}
const list = (token: string | undefined, query?: Record<string, number>) => call(t.app, 'GET', '/base/v2/applications', { token, query });

describe('POST /base/v2/applications', () => {
  it('stores a submission with the site company, language and address, and the platform admin sees it', async () => {
    const res = await submit(VALID, { lang: 'zh-TW', ip: '192.0.2.10' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.db.select().from(applications).where(eq(applications.id, res.data.id));
    expect(row).toMatchObject({
      companyId: platformId,
      name: 'Lena Park',
      contact: 'lena@example.com',
      phone: null,
      country: 'KR',
      companyName: 'Seoul Tours',
      companyAddress: null,
      website: 'seoultours.example.kr',
      remarks: 'Group tours',
      language: 'zh-TW',
      ip: '192.0.2.10',
    });

    const seen = await list(admin);
    expect(seen.status).toBe(200);
    expect(seen.code).toBe(0);
    expect(seen.data.total).toBe(1);
    expect(seen.data.items[0]).toMatchObject({ id: res.data.id, name: 'Lena Park', contact: 'lena@example.com', country: 'KR', language: 'zh-TW', phone: null });
  });

  it('accepts a phone number as the contact and trims text', async () => {
    const res = await submit({ name: '  Wang Wei ', contact: '+86 138 0013 8000', country: 'CN' });
    expect(res.code).toBe(0);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, res.data.id));
    expect(row).toMatchObject({ name: 'Wang Wei', contact: '+86 138 0013 8000', country: 'CN', language: 'en', companyName: null });
  });

  it('files a submission made on another white-label site with that site, out of the default platform list', async () => {
    const res = await submit({ ...VALID, name: 'Partner Lead' }, { host: 'Partner.Example.com:443' });
    expect(res.code).toBe(0);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, res.data.id));
    expect(row.companyId).toBe(partnerId);
    const seen = await list(admin, { pageSize: 100 });
    expect(seen.data.items.map((i: { name: string }) => i.name)).not.toContain('Partner Lead');
  });

  const cases: [string, unknown, string, string][] = [
    ['no name', { ...VALID, name: undefined }, 'name', 'Please input the username'],
    ['a blank name', { ...VALID, name: '   ' }, 'name', 'Please input the username'],
    ['no country', { ...VALID, country: undefined }, 'country', 'Please select your country'],
    ['an empty country', { ...VALID, country: '' }, 'country', 'Please select your country'],
    ['an unknown country', { ...VALID, country: 'XX' }, 'country', 'Please select your country'],
    ['no contact', { ...VALID, contact: undefined }, 'contact', 'Please input email address or phone number'],
    ['an empty contact', { ...VALID, contact: ' ' }, 'contact', 'Please input email address or phone number'],
    ['a contact that is neither', { ...VALID, contact: 'call me' }, 'contact', 'Please input email address or phone number'],
    ['a malformed email', { ...VALID, contact: 'lena@example' }, 'contact', 'The email format is incorrect.'],
  ];
  it.each(cases)('refuses %s with the spec message', async (_label, body, field, message) => {
    const before = await t.db.select({ id: applications.id }).from(applications);
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(res.data.fields[field]).toBe(message);
    expect(res.message).toBe(message);
    expect(await t.db.select({ id: applications.id }).from(applications)).toHaveLength(before.length);
  });

  it('refuses the 6th submission from one address within the hour, and only for that address', async () => {
    const ip = '203.0.113.77';
    for (let i = 1; i <= 5; i++) {
      const res = await submit({ ...VALID, name: `Burst ${i}` }, { ip });
      expect(res.code, `submission ${i}`).toBe(0);
    }
    const sixth = await submit({ ...VALID, name: 'Burst 6' }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.code).toBe(100429);
    expect(sixth.message).toBe('Too many requests. Please try again later.');
    expect(await t.db.select().from(applications).where(eq(applications.ip, ip))).toHaveLength(5);

    // Refusals do not extend the count; the next address is unaffected.
    expect((await submit(VALID, { ip })).status).toBe(429);
    expect((await submit(VALID, { ip: '203.0.113.78' })).code).toBe(0);
  });
});

describe('GET /base/v2/applications', () => {
  it('lists newest first, paged', async () => {
    const first = await submit({ ...VALID, name: 'Older' });
    const second = await submit({ ...VALID, name: 'Newer' });
    const all = await list(admin, { pageSize: 100 });
    const total = all.data.total;
    expect(all.data.items).toHaveLength(total);
    const stamps = all.data.items.map((i: { createdAt: string }) => Date.parse(i.createdAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(all.data.items[0].id).toBe(second.data.id);
    expect(all.data.items[1].id).toBe(first.data.id);

    const page2 = await list(admin, { page: 2, pageSize: 1 });
    expect(page2.data).toMatchObject({ total, page: 2, pageSize: 1 });
    expect(page2.data.items.map((i: { id: string }) => i.id)).toEqual([first.data.id]);
  });

  it('is forbidden to sub-agency users', async () => {
    for (const who of ['agency', 'operator'] as const) {
      const res = await list(await loginAs(t.app, who));
      expect(res.status, who).toBe(403);
      expect(res.code, who).toBe(100403);
      expect(res.data, who).toBeNull();
    }
  });

  it('asks an anonymous caller to log in', async () => {
    const res = await list(undefined);
    expect(res.status).toBe(401);
    expect(res.code).toBe(201001);
  });
});
