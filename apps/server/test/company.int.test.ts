import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, files, userLogs } from '../src/db/schema/index.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, multipartFile, secondAgencyAdmin, TINY_PNG } from './helpers/tenants.ts';

let t: TestApp;
let agency: string;
let operator: string;
let boss: { token: string; id: string; companyId: string };
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
  boss = await secondAgencyAdmin(t);
  demoId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());

const companyRow = async (id: string) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0];

describe('GET /base/v2/company', () => {
  it("answers the caller's own company to any logged-in user", async () => {
    const res = await call(t.app, 'GET', '/base/v2/company', { token: operator });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: demoId, code: 'A00001', name: 'Demo Travel Agency', alias: 'DTA', proxyLevel: 1, logo: null });
    expect(res.data.config.commonConfig).toMatchObject({ isShowBill: true, enableFlightService: true });
    expect(res.data).not.toHaveProperty('singleLoginSecret');
    const other = await call(t.app, 'GET', '/base/v2/company', { token: await loginAs(t.app, 'other') });
    expect(other.data).toMatchObject({ id: boss.companyId, name: 'Second Agency' });
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'GET', '/base/v2/company');
    expect(res.status).toBe(401);
    expect(res.code).toBe(201001);
  });
});

describe('PUT /base/v2/company', () => {
  it('edits name, alias and address only, and logs the changed fields', async () => {
    const before = await companyRow(demoId);
    const res = await call(t.app, 'PUT', '/base/v2/company', {
      token: agency,
      body: {
        name: '  Demo Travel Ltd ',
        alias: 'DTL',
        address: '1 Harbour Road',
        proxyLevel: 0,
        code: 'P00001',
        config: { commonConfig: { ...before.commonConfig, canCreateSubAgency: true, isShowBill: false } },
        id: boss.companyId,
      },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id: demoId, name: 'Demo Travel Ltd', alias: 'DTL', address: '1 Harbour Road', proxyLevel: 1, code: 'A00001' });
    const after = await companyRow(demoId);
    expect(after).toMatchObject({ name: 'Demo Travel Ltd', alias: 'DTL', address: '1 Harbour Road', proxyLevel: 1, code: 'A00001' });
    expect(after.commonConfig).toEqual(before.commonConfig);
    expect((await companyRow(boss.companyId)).name).toBe('Second Agency');
    const [log] = await t.db.select().from(userLogs).where(eq(userLogs.action, 'company_update'));
    expect(log).toMatchObject({ companyId: demoId, actorUsername: 'agency' });
    expect(log.detail).toEqual({
      fields: ['name', 'alias', 'address'],
      changes: { name: { from: 'Demo Travel Agency', to: 'Demo Travel Ltd' }, alias: { from: 'DTA', to: 'DTL' }, address: { from: null, to: '1 Harbour Road' } },
    });
    const me = await call(t.app, 'GET', '/base/v2/me', { token: operator });
    expect(me.data.company.name).toBe('Demo Travel Ltd');
  });

  it('keeps alias and address when absent and clears them when empty', async () => {
    const kept = await call(t.app, 'PUT', '/base/v2/company', { token: agency, body: { name: 'Demo Travel Ltd' } });
    expect(kept.data).toMatchObject({ alias: 'DTL', address: '1 Harbour Road' });
    const cleared = await call(t.app, 'PUT', '/base/v2/company', { token: agency, body: { name: 'Demo Travel Ltd', alias: '', address: null } });
    expect(cleared.data).toMatchObject({ alias: null, address: null });
  });

  it('answers localized field messages', async () => {
    const zh = await call(t.app, 'PUT', '/base/v2/company', { token: agency, body: { name: '   ' }, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.code).toBe(100400);
    expect(zh.data.fields).toEqual({ name: '此项为必填项' });
    const en = await call(t.app, 'PUT', '/base/v2/company', { token: agency, body: { alias: 'x' } });
    expect(en.data.fields).toEqual({ name: 'This field is required' });
  });

  it("is for SuperUsers, and another agency's SuperUser changes only their own company", async () => {
    const res = await call(t.app, 'PUT', '/base/v2/company', { token: operator, body: { name: 'Hijacked' } });
    expect(res.status).toBe(403);
    expect(res.code).toBe(100403);
    expect((await call(t.app, 'PUT', '/base/v2/company', { body: { name: 'Hijacked' } })).status).toBe(401);

    const cross = await call(t.app, 'PUT', '/base/v2/company', { token: boss.token, body: { name: 'Second Agency Ltd', id: demoId } });
    expect(cross.data.id).toBe(boss.companyId);
    expect((await companyRow(boss.companyId)).name).toBe('Second Agency Ltd');
    expect((await companyRow(demoId)).name).toBe('Demo Travel Ltd');
    const bossView = await call(t.app, 'GET', '/base/v2/company', { token: boss.token });
    expect(bossView.data.id).toBe(boss.companyId);
  });
});

describe('POST /base/v2/company/logo', () => {
  it('stores the logo, serves it, replaces the previous one and logs it', async () => {
    const up = multipartFile(TINY_PNG, { filename: 'logo.png' });
    const res = await call(t.app, 'POST', '/base/v2/company/logo', { token: agency, ...up });
    expect(res.code, res.message).toBe(0);
    expect(res.data.url).toMatch(/^\/base\/v2\/files\/[0-9a-f-]{36}$/);
    const company = await call(t.app, 'GET', '/base/v2/company', { token: operator });
    expect(company.data.logo).toBe(res.data.url);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const firstId = res.data.url.split('/').pop();
    const [file] = await t.db.select().from(files).where(eq(files.id, firstId));
    expect(file).toMatchObject({ companyId: demoId, kind: 'company_logo', mime: 'image/png', size: TINY_PNG.length });
    const logs = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'company_logo'), eq(userLogs.companyId, demoId)));
    expect(logs).toHaveLength(1);

    const again = await call(t.app, 'POST', '/base/v2/company/logo', { token: agency, ...up });
    expect(again.data.url).not.toBe(res.data.url);
    expect((await t.app.inject({ method: 'GET', url: res.data.url })).statusCode).toBe(404);
    expect((await companyRow(demoId)).logoFileId).toBe(again.data.url.split('/').pop());
  });

  it('refuses a text file named .png, a missing file, non-SuperUsers and anonymous callers', async () => {
    const before = (await companyRow(demoId)).logoFileId;
    const fake = await call(t.app, 'POST', '/base/v2/company/logo', { token: agency, ...multipartFile(Buffer.from('just text'), { filename: 'logo.png' }) });
    expect(fake.status).toBe(415);
    expect(fake.code).toBe(100415);
    const none = await call(t.app, 'POST', '/base/v2/company/logo', { token: agency, body: {} });
    expect(none.status).toBe(400);
    expect(none.message).toBe('No file was uploaded');
    const op = await call(t.app, 'POST', '/base/v2/company/logo', { token: operator, ...multipartFile(TINY_PNG) });
    expect(op.status).toBe(403);
    expect((await call(t.app, 'POST', '/base/v2/company/logo', multipartFile(TINY_PNG))).status).toBe(401);
    expect((await companyRow(demoId)).logoFileId).toBe(before);
    expect((await companyRow(boss.companyId)).logoFileId).toBeNull();
  });
});
