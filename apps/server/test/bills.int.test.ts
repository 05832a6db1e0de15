import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { companies, paymentTransactions, users } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { DEMO_MONEY, seedDemoData } from '../src/db/seed/demo.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function companyId(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  return row.id;
}

async function addUser(t: TestApp, company: string, username: string, roles: string[], permissions: string[] = []): Promise<string> {
  await t.db.insert(users).values({
    companyId: company,
    username,
    nickname: username,
    email: `${username}@example.test`,
    areaCode: '86',
    passwordHash: await hashPassword('Secret@123'),
    roles,
    permissions,
    status: 'active',
    config: DEFAULT_USER_CONFIG,
  });
  const res = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password: 'Secret@123' } });
  return res.json().data.token;
}

/** A bank-transfer top-up as the agency-management route records it: the transaction row and its ledger movement. */
async function bankTopUp(db: Db, company: string, currency: string, amount: number, reference: string): Promise<{ transactionId: string; movementId: string }> {
  return db.transaction(async (tx) => {
    const transactionId = randomUUID();
    const moved = await ledger.topUp(tx, company, currency, amount, { channel: 'bank-transfer', reference: { type: 'transaction', id: transactionId } });
    if (!moved.ok) throw new Error(moved.reason);
    await tx.insert(paymentTransactions).values({
      id: transactionId,
      companyId: company,
      kind: 'top-up',
      method: 'bank-transfer',
      status: 'succeeded',
      grossAmount: amount,
      grossCurrency: currency,
      exchangeRate: '1',
      netAmount: amount,
      netCurrency: currency,
      externalReference: reference,
      movementId: moved.movementId,
      paidAt: new Date(),
    });
    return { transactionId, movementId: moved.movementId };
  });
}

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('wallet, entries and transactions', () => {
  let t: TestApp;
  let a: string; // A00001, isShowBill on
  let b: string; // A00002, isShowBill off
  let p: string; // P00001, the platform
  const tok: Record<string, string> = {};
  let topUpTx: { transactionId: string; movementId: string };
  const movements: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [a, b, p] = await Promise.all(['A00001', 'A00002', 'P00001'].map((c) => companyId(t.db, c)));
    for (const u of ['finance', 'agency', 'operator', 'other', 'admin'] as const) tok[u] = await loginAs(t.app, u);
    tok.finance2 = await addUser(t, b, 'finance2', ['finance']);
    tok.auditor = await addUser(t, p, 'auditor', ['operator'], ['agencybills:read']);

    // A00001's CNY wallet, through the ledger: 1000 in, hold 200 captured, hold 100 released, 1200 paid on credit, 50 back.
    topUpTx = await bankTopUp(t.db, a, 'CNY', 1000_00, 'BANK-REF-1');
    expect(await ledger.setCreditLimit(t.db, a, 'CNY', 500_00)).toEqual({ ok: true });
    const h1 = await ledger.hold(t.db, a, 'CNY', 200_00, { reference: { type: 'flight-order', id: 'FO-1' } });
    if (!h1.ok) throw new Error(h1.reason);
    movements.hold1 = h1.movementId;
    expect(await ledger.capture(t.db, h1.holdId, { reason: 'origin-flight' })).toMatchObject({ ok: true });
    const h2 = await ledger.hold(t.db, a, 'CNY', 100_00, { reference: { type: 'flight-order', id: 'FO-2' } });
    if (!h2.ok) throw new Error(h2.reason);
    const r2 = await ledger.release(t.db, h2.holdId);
    if (!r2.ok) throw new Error(r2.reason);
    movements.release2 = r2.movementId;
    const pay = await ledger.pay(t.db, a, 'CNY', 1200_00, 'origin-flight', { reference: { type: 'flight-order', id: 'FO-3' } });
    if (!pay.ok) throw new Error(pay.reason);
    movements.pay3 = pay.movementId;
    expect(await ledger.refund(t.db, a, 'CNY', 50_00, 'refund-flight', { reference: { type: 'flight-order', id: 'FO-3' } })).toMatchObject({ ok: true });
    expect(await ledger.topUp(t.db, a, 'USD', 10_00)).toMatchObject({ ok: true });
    // A pending channel payment for an order, and another agency's money that must never show.
    await t.db.insert(paymentTransactions).values({
      companyId: a,
      kind: 'payment',
      method: 'stripe',
      status: 'pending',
      originType: 'flight-order',
      originId: 'FO-9',
      grossAmount: 300_00,
      grossCurrency: 'CNY',
      feeAmount: 9_00,
      feeBp: 300,
      netAmount: 291_00,
      netCurrency: 'CNY',
    });
    await bankTopUp(t.db, b, 'CNY', 77_00, 'OTHER-REF');
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('answers the wallet summary from the journal, settlement currency first', async () => {
    const res = await call(t.app, 'GET', '/base/v2/wallet', { token: tok.finance });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      companyId: a,
      settlementCurrency: 'CNY',
      creditPeriod: { value: 1, unit: 'month' },
      balances: [
        { currency: 'CNY', cash: -350_00, creditLimit: 500_00, usedCredit: 350_00, availableCredit: 150_00, held: 0, available: 150_00 },
        { currency: 'USD', cash: 10_00, creditLimit: 0, usedCredit: 0, availableCredit: 0, held: 0, available: 10_00 },
      ],
    });
    // An agency with no account yet still sees its settlement currency.
    const own = await call(t.app, 'GET', '/base/v2/wallet', { token: tok.admin });
    expect(own.data).toMatchObject({ companyId: p, balances: [{ currency: 'CNY', cash: 0, available: 0 }] });
  });

  it('lists cash entries newest first with the balance after each, order ids and references', async () => {
    const res = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { currency: 'CNY' } });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(6);
    const items = [...res.data.items].reverse();
    expect(items.map((e: any) => [e.type, e.amount, e.balanceAfter, e.orderId])).toEqual([
      ['top-up', 1000_00, 1000_00, null],
      ['hold', -200_00, 800_00, 'FO-1'],
      ['hold', -100_00, 700_00, 'FO-2'],
      ['hold-release', 100_00, 800_00, 'FO-2'],
      ['origin-flight', -1200_00, -400_00, 'FO-3'],
      ['refund-flight', 50_00, -350_00, 'FO-3'],
    ]);
    expect(items[0]).toMatchObject({
      paymentReference: topUpTx.transactionId,
      movementId: topUpTx.movementId,
      currency: 'CNY',
      description: 'Top-up via Bank transfer, reference BANK-REF-1',
    });
    expect(items[1]).toMatchObject({ paymentReference: movements.hold1, description: 'Funds held, order FO-1' });
    expect(items[3]).toMatchObject({ paymentReference: movements.release2, description: 'Held funds released, order FO-2' });
    expect(items[4].description).toBe('Flight booking, order FO-3');
    expect(Date.parse(items[0].paymentTime)).toBeLessThanOrEqual(Date.parse(items[5].paymentTime));
    expect(items[0]).not.toHaveProperty('invoiceType');

    const zh = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, lang: 'zh-CN', query: { currency: 'CNY', type: 'top-up' } });
    expect(zh.data.items.map((e: any) => e.description)).toEqual(['通过银行转账充值，参考号BANK-REF-1']);
  });

  it('filters by type, currency and date without changing the balances shown, and pages', async () => {
    const all = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance });
    expect(all.data.total).toBe(7);
    expect(all.data.items[0]).toMatchObject({ currency: 'USD', amount: 10_00, balanceAfter: 10_00 });

    const holds = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { type: 'hold' } });
    expect(holds.data.items.map((e: any) => e.balanceAfter)).toEqual([700_00, 800_00]);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const inRange = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { from: today, to: today } });
    expect(inRange.data.total).toBe(7);
    const later = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { from: tomorrow } });
    expect(later.data).toMatchObject({ total: 0, items: [] });

    const page2 = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { currency: 'CNY', page: 2, pageSize: 4 } });
    expect(page2.data).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.data.items.map((e: any) => e.balanceAfter)).toEqual([800_00, 1000_00]);
  });

  it('refuses bad dates and ranges with field errors', async () => {
    const backwards = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { from: '2025-03-02', to: '2025-03-01' } });
    expect(backwards).toMatchObject({ status: 400, code: 100400 });
    expect(backwards.data.fields.to).toBe('The start date must not be after the end date');
    const unreal = await call(t.app, 'GET', '/base/v2/transactions', { token: tok.finance, query: { from: '2025-02-30' } });
    expect(unreal.status).toBe(400);
    expect(unreal.data.fields.from).toBe('Dates are written yyyy-mm-dd');
    const badType = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.finance, query: { type: 'lottery' } });
    expect(badType.status).toBe(400);
  });

  it('lists All Transactions with their spec fields, filters and keyword search', async () => {
    const res = await call(t.app, 'GET', '/base/v2/transactions', { token: tok.finance });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(2);
    const [payment, topUp] = res.data.items;
    expect(payment).toMatchObject({ kind: 'payment', method: 'stripe', status: 'pending', originId: 'FO-9', gross: 300_00, fee: 9_00, net: 291_00, paymentTime: null });
    expect(topUp).toMatchObject({
      id: topUpTx.transactionId,
      originId: topUpTx.transactionId,
      kind: 'top-up',
      method: 'bank-transfer',
      status: 'succeeded',
      gross: 1000_00,
      grossCurrency: 'CNY',
      net: 1000_00,
      fee: 0,
      externalReference: 'BANK-REF-1',
    });
    expect(typeof topUp.paymentTime).toBe('string');

    const q = async (query: Record<string, string>) => (await call(t.app, 'GET', '/base/v2/transactions', { token: tok.finance, query })).data.items.map((x: any) => x.method);
    expect(await q({ method: 'stripe' })).toEqual(['stripe']);
    expect(await q({ status: 'succeeded' })).toEqual(['bank-transfer']);
    expect(await q({ kind: 'top-up' })).toEqual(['bank-transfer']);
    expect(await q({ keyword: 'bank-ref' })).toEqual(['bank-transfer']);
    expect(await q({ keyword: 'FO-9' })).toEqual(['stripe']);
    expect(await q({ keyword: topUpTx.transactionId.slice(0, 8) })).toEqual(['bank-transfer']);
    expect(await q({ keyword: '%' })).toEqual([]);
    expect(await q({ keyword: 'OTHER-REF' })).toEqual([]);
  });

  it('exports the filtered entries as a localized workbook', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/wallet/entries/export',
      headers: { authorization: `Bearer ${tok.finance}`, 'accept-language': 'zh-CN' },
      payload: { currency: 'CNY' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wallet-A00001-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const ws = (await readWorkbook(res.rawPayload)).worksheets[0];
    expect(ws.name).toBe('钱包流水');
    expect(rowValues(ws, 1)).toEqual(['支付时间（UTC）', '类型', '订单号', '支付流水号', '描述', '币种', '金额', '余额']);
    expect(ws.rowCount).toBe(7);
    const newest = rowValues(ws, 2);
    expect(newest.slice(1)).toEqual(['机票退票', 'FO-3', expect.any(String), '机票退票，订单FO-3', 'CNY', 50, -350]);
    expect(newest[0]).toBeInstanceOf(Date);
    expect(ws.getRow(2).getCell(7).numFmt).toBe('#,##0.00');
    expect(rowValues(ws, 7).slice(5)).toEqual(['CNY', 1000, 1000]);
  });

  it('exports transactions, and refuses an export past 10,000 rows instead of cutting it short', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/transactions/export',
      headers: { authorization: `Bearer ${tok.finance}`, 'accept-language': 'en' },
      payload: { kind: 'top-up' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="transactions-A00001-/);
    const ws = (await readWorkbook(res.rawPayload)).worksheets[0];
    expect(rowValues(ws, 1).slice(0, 7)).toEqual(['Reference ID', 'Original ID', 'Kind', 'Payment method', 'Status', 'Payment currency', 'Total amount paid']);
    expect(ws.rowCount).toBe(2);
    expect(rowValues(ws, 2).slice(0, 8)).toEqual([topUpTx.transactionId, topUpTx.transactionId, 'Top-up', 'Bank transfer', 'Succeeded', 'CNY', 1000, 0]);

    // The platform's own transactions: 10,001 rows of test data.
    await t.db.execute(sql`
      insert into payment_transactions (company_id, kind, method, status, gross_amount, gross_currency, net_amount, net_currency)
      select ${p}, 'payment', 'alipay', 'failed', 1, 'CNY', 1, 'CNY' from generate_series(1, 10001)`);
    const big = await call(t.app, 'POST', '/base/v2/transactions/export', { token: tok.admin, body: {} });
    expect(big).toMatchObject({ status: 400, code: 100400, message: 'The export would have 10001 rows; at most 10000 are allowed. Narrow the date range.' });
  });

  it('answers an agency balance in its settlement currency (sub/balance)', async () => {
    const own = await call(t.app, 'GET', `/base/v2/sub/balance/${a}`, { token: tok.finance });
    expect(own.data).toEqual({ currency: 'CNY', cash: -350_00, creditLimit: 500_00, usedCredit: 350_00, availableCredit: 150_00, held: 0, available: 150_00 });
    const byParent = await call(t.app, 'GET', `/base/v2/sub/balance/${b}`, { token: tok.admin });
    expect(byParent.data).toMatchObject({ currency: 'CNY', cash: 77_00 });
    expect((await call(t.app, 'GET', `/base/v2/sub/balance/${p}`, { token: tok.admin })).data).toMatchObject({ cash: 0 });
    expect((await call(t.app, 'GET', `/base/v2/sub/balance/${b}`, { token: tok.agency })).status).toBe(404);
    expect((await call(t.app, 'GET', `/base/v2/sub/balance/${a}`, { token: tok.operator })).status).toBe(403);
    expect((await call(t.app, 'GET', `/base/v2/sub/balance/${p}`, { token: tok.finance })).status).toBe(404);
  });

  describe('access', () => {
    const reads = (companyId?: string): Array<readonly [string, string, Record<string, string>]> => {
      const params: Record<string, string> = companyId ? { companyId } : {};
      return [
        ['GET', '/base/v2/wallet', params],
        ['GET', '/base/v2/wallet/entries', params],
        ['GET', '/base/v2/transactions', params],
        ['POST', '/base/v2/wallet/entries/export', params],
        ['POST', '/base/v2/transactions/export', params],
      ];
    };
    const status = async (token: string, [method, url, params]: readonly [string, string, Record<string, string>]) => {
      const res = method === 'GET' ? await call(t.app, method, url, { token, query: params }) : await call(t.app, method, url, { token, body: params });
      return res.status;
    };

    it('lets finance and the SuperUser of a billed agency read their own wallet', async () => {
      for (const r of reads()) {
        expect(await status(tok.finance, r), r[1]).toBe(200);
        expect(await status(tok.agency, r), r[1]).toBe(200);
      }
    });

    it('refuses an operator (403) and a finance user whose agency has bills hidden (403)', async () => {
      for (const r of reads()) {
        expect(await status(tok.operator, r), r[1]).toBe(403);
        expect(await status(tok.finance2, r), r[1]).toBe(403);
      }
      expect((await call(t.app, 'GET', '/base/v2/wallet')).status).toBe(401);
    });

    it("never shows another agency's wallet to a sub-agency (404, not 403)", async () => {
      for (const r of reads(b)) {
        expect(await status(tok.agency, r), r[1]).toBe(404);
        expect(await status(tok.finance, r), r[1]).toBe(404);
      }
      for (const r of reads(a)) expect(await status(tok.other, r), r[1]).toBe(404);
      for (const r of reads(p)) expect(await status(tok.finance, r), r[1]).toBe(404);
    });

    it("lets the parent's agency manager and an agencybills:read holder read a sub-agency's wallet", async () => {
      for (const r of reads(a)) {
        expect(await status(tok.admin, r), r[1]).toBe(200);
        expect(await status(tok.auditor, r), r[1]).toBe(200);
      }
      const entries = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: tok.admin, query: { companyId: a, currency: 'CNY' } });
      expect(entries.data.total).toBe(6);
      // The permission opens sub-agencies' bills, not the holder's own finance pages.
      expect(await status(tok.auditor, reads()[0])).toBe(403);
      for (const r of reads(randomUUID())) expect(await status(tok.admin, r), r[1]).toBe(404);
    });

    it('hides a deleted sub-agency', async () => {
      await t.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, b));
      try {
        expect((await call(t.app, 'GET', '/base/v2/wallet', { token: tok.admin, query: { companyId: b } })).status).toBe(404);
      } finally {
        await t.db.update(companies).set({ deletedAt: null }).where(eq(companies.id, b));
      }
    });
  });
});

describe('demo money in the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMoney: true });
  });
  afterAll(() => t?.close());

  it("gives A00001 a credit line and one bank-transfer top-up, once, keeping later edits", async () => {
    const finance = await loginAs(t.app, 'finance');
    const wallet = await call(t.app, 'GET', '/base/v2/wallet', { token: finance });
    expect(wallet.data.balances[0]).toMatchObject({ currency: 'CNY', cash: 50_000_00, creditLimit: 20_000_00, available: 70_000_00 });
    const txs = await call(t.app, 'GET', '/base/v2/transactions', { token: finance });
    expect(txs.data.items).toEqual([expect.objectContaining({ method: 'bank-transfer', status: 'succeeded', gross: 50_000_00, externalReference: DEMO_MONEY.reference })]);
    const entries = await call(t.app, 'GET', '/base/v2/wallet/entries', { token: finance });
    expect(entries.data.items).toEqual([expect.objectContaining({ type: 'top-up', amount: 50_000_00, balanceAfter: 50_000_00, paymentReference: txs.data.items[0].id })]);

    const a = await companyId(t.db, 'A00001');
    expect(await ledger.setCreditLimit(t.db, a, 'CNY', 1_000_00)).toEqual({ ok: true });
    await seedDemoData(t.db);
    await seedDemoData(t.db);
    expect(await ledger.balances(t.db, a, 'CNY')).toMatchObject({ cash: 50_000_00, creditLimit: 1_000_00 });
    expect(await t.db.select().from(paymentTransactions)).toHaveLength(1);
    const other = await ledger.balances(t.db, await companyId(t.db, 'A00002'), 'CNY');
    expect(other).toMatchObject({ cash: 0, creditLimit: 0 });
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });
});
