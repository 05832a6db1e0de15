import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * Issue 9, finding 10: a negative credit limit (the web used to turn -100 into 0 and wipe the line) is refused at the
 * edge with its own message on the field, in the caller's language, and the agency's credit line is left as it was.
 */
let t: TestApp;
let admin: string;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  agencyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());

describe('PUT /base/v2/agencies/{id}/credit refuses a negative limit', () => {
  it('answers 400 with a localized field error and changes nothing', async () => {
    const url = `/base/v2/agencies/${agencyId}/credit`;
    const set = await call(t.app, 'PUT', url, { token: admin, body: { credit: 12_345 } });
    expect(set.code, set.message).toBe(0);
    const currency = set.data.currency;

    const refused = await call(t.app, 'PUT', url, { token: admin, body: { credit: -10_000 } });
    expect([refused.status, refused.code]).toEqual([400, 100400]);
    expect(refused.message).toBe('The credit limit cannot be negative');
    expect(refused.data.fields).toEqual({ credit: 'The credit limit cannot be negative' });

    const zhCN = await call(t.app, 'PUT', url, { token: admin, body: { credit: -1 }, lang: 'zh-CN' });
    expect(zhCN.data.fields).toEqual({ credit: '授信额度不能为负数' });
    const zhTW = await call(t.app, 'PUT', url, { token: admin, body: { credit: -1 }, lang: 'zh-TW' });
    expect(zhTW.data.fields).toEqual({ credit: '授信額度不能為負數' });

    expect(await ledger.balances(t.db, agencyId, currency)).toMatchObject({ creditLimit: 12_345 });
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });
});
