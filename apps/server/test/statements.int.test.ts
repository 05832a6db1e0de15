import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, statements } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { generateStatement } from '../src/modules/bills/statements.service.ts';
import { statementsMonthlyJob } from '../src/modules/bills/statements.jobs.ts';
import { ensureAccount, insertMovement, type NewMovement } from '../src/modules/ledger/ledger.repository.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

/**
 * Test-only: a balanced movement dated in the past, written through the ledger repository (the running balance moves
 * with it and the credit floor is enforced), because the service always stamps movements with the current time.
 */
async function postAt(db: Db, at: string, companyId: string, currency: string, amount: number, reason: string, reference?: { type: string; id: string }) {
  return db.transaction(async (tx) => {
    const cash = await ensureAccount(tx, { companyId, kind: 'cash', currency }, true);
    const other = await ensureAccount(tx, amount > 0 ? { companyId: null, kind: 'channel', currency, channel: 'bank-transfer' } : { companyId: null, kind: 'platform', currency });
    const movement = { reason, referenceType: reference?.type ?? null, referenceId: reference?.id ?? null, createdAt: new Date(at) };
    return insertMovement(tx, movement as NewMovement, [
      { account: other, amount: -amount },
      { account: cash, amount },
    ]);
  });
}

async function companyId(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  return row.id;
}

const JOB_NOW = new Date('2025-05-01T00:10:00Z');
const currentMonth = () => new Date().toISOString().slice(0, 7);

describe('monthly statements', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all(['A00001', 'A00002'].map((c) => companyId(t.db, c)));
    for (const u of ['finance', 'agency', 'operator', 'admin'] as const) tok[u] = await loginAs(t.app, u);

    // A00001, CNY: January 1000 in and 300 out; February 900 out on credit; March quiet; April 100 in.
    expect(await ledger.setCreditLimit(t.db, a, 'CNY', 500_00)).toEqual({ ok: true });
    await postAt(t.db, '2025-01-10T08:00:00Z', a, 'CNY', 1000_00, 'top-up');
    await postAt(t.db, '2025-01-20T23:59:59Z', a, 'CNY', -300_00, 'origin-flight', { type: 'flight-order', id: 'FO-JAN' });
    await postAt(t.db, '2025-02-05T12:00:00Z', a, 'CNY', -900_00, 'origin-flight', { type: 'flight-order', id: 'FO-FEB' });
    await postAt(t.db, '2025-04-02T00:00:00Z', a, 'CNY', 100_00, 'top-up');
    // A00002: in credit from February, due 15 days after each month.
    await t.db.update(companies).set({ creditPeriod: { value: 15, unit: 'day' } }).where(eq(companies.id, b));
    expect(await ledger.setCreditLimit(t.db, b, 'CNY', 100_00)).toEqual({ ok: true });
    await postAt(t.db, '2025-02-14T00:00:00Z', b, 'CNY', -40_00, 'origin-train', { type: 'train-order', id: 'TO-1' });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('the monthly job writes a final statement for every finished month of every cash account, once', async () => {
    expect(statementsMonthlyJob).toMatchObject({ name: 'statements-monthly', cron: '10 0 1 * *' });
    expect(await statementsMonthlyJob.run(t.app.deps, JOB_NOW)).toBe(7);
    expect(await statementsMonthlyJob.run(t.app.deps, JOB_NOW)).toBe(0);
    // Five minutes into a month, the month just ended is not yet written (late commits may still land in it).
    expect(await statementsMonthlyJob.run(t.app.deps, new Date('2025-06-01T00:04:00Z'))).toBe(0);
    const rows = await t.db.select({ month: statements.month, companyId: statements.companyId }).from(statements);
    expect(rows.filter((r) => r.companyId === a).map((r) => r.month).sort()).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    expect(rows.filter((r) => r.companyId === b).map((r) => r.month).sort()).toEqual(['2025-02', '2025-03', '2025-04']);
  });

  it('computes opening, totals, closing and the amount due from the journal', async () => {
    const res = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.finance });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(4);
    const byMonth = Object.fromEntries(res.data.items.map((s: any) => [s.month, s]));
    expect(res.data.items.map((s: any) => s.month)).toEqual(['2025-04', '2025-03', '2025-02', '2025-01']);
    expect(byMonth['2025-01']).toMatchObject({
      companyId: a,
      companyCode: 'A00001',
      companyName: 'Demo Travel Agency',
      currency: 'CNY',
      openingBalance: 0,
      totalIn: 1000_00,
      totalOut: 300_00,
      closingBalance: 700_00,
      entryCount: 2,
      creditLimit: 500_00,
      amountDue: 0,
      dueDate: null,
      generatedAt: JOB_NOW.toISOString(),
      final: true,
    });
    expect(byMonth['2025-02']).toMatchObject({ openingBalance: 700_00, totalIn: 0, totalOut: 900_00, closingBalance: -200_00, amountDue: 200_00, dueDate: '2025-03-31' });
    expect(byMonth['2025-03']).toMatchObject({ openingBalance: -200_00, closingBalance: -200_00, entryCount: 0, amountDue: 200_00, dueDate: '2025-04-30' });
    expect(byMonth['2025-04']).toMatchObject({ openingBalance: -200_00, totalIn: 100_00, closingBalance: -100_00, amountDue: 100_00, dueDate: '2025-05-31' });

    const sub = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.admin, query: { companyId: b, month: '2025-02' } });
    expect(sub.data.items).toEqual([expect.objectContaining({ companyCode: 'A00002', closingBalance: -40_00, amountDue: 40_00, dueDate: '2025-03-15' })]);
  });

  it("answers a statement's entries and its daily series for the chart", async () => {
    const res = await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2025-01`, { token: tok.finance });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ month: '2025-01', openingBalance: 0, closingBalance: 700_00, showInvoiceType: false, final: true });
    expect(res.data.entries.map((e: any) => [e.paymentTime, e.type, e.amount, e.balanceAfter, e.orderId])).toEqual([
      ['2025-01-10T08:00:00.000Z', 'top-up', 1000_00, 1000_00, null],
      ['2025-01-20T23:59:59.000Z', 'origin-flight', -300_00, 700_00, 'FO-JAN'],
    ]);
    expect(res.data.days).toHaveLength(31);
    expect(res.data.days[0]).toEqual({ date: '2025-01-01', in: 0, out: 0, balance: 0 });
    expect(res.data.days[9]).toEqual({ date: '2025-01-10', in: 1000_00, out: 0, balance: 1000_00 });
    expect(res.data.days[19]).toEqual({ date: '2025-01-20', in: 0, out: 300_00, balance: 700_00 });
    expect(res.data.days[30]).toEqual({ date: '2025-01-31', in: 0, out: 0, balance: 700_00 });

    const feb = await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2025-02`, { token: tok.finance, query: { currency: 'CNY' } });
    expect(feb.data.days).toHaveLength(28);
    expect(feb.data.days.at(-1)).toMatchObject({ balance: -200_00 });
    expect((await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2024-12`, { token: tok.finance })).status).toBe(404);
    expect((await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2025-01`, { token: tok.finance, query: { currency: 'USD' } })).status).toBe(404);
  });

  it('downloads the Excel bill, with the invoice-type column only when the agency asks for it', async () => {
    const download = async (lang = 'en') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/base/v2/sub/statements/${a}/2025-01/workbook`,
        headers: { authorization: `Bearer ${tok.finance}`, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain('filename="statement-A00001-2025-01-CNY.xlsx"');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb;
    };
    const values = (ws: ExcelJS.Worksheet) =>
      Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
    const headerRow = (rows: unknown[][]) => rows.findIndex((r) => r[0] === 'Payment time (UTC)');

    let wb = await download();
    let [sheet, days] = wb.worksheets;
    expect([sheet.name, days.name]).toEqual(['Statement', 'Daily totals']);
    let rows = values(sheet);
    const head = Object.fromEntries(rows.slice(1, 15).map((r) => [r[0], r[1]]));
    expect(head).toMatchObject({
      Agency: 'Demo Travel Agency',
      'Agency code': 'A00001',
      'Invoice month': '2025-01',
      Currency: 'CNY',
      'Opening balance': 0,
      'Total in': 1000,
      'Total out': 300,
      'Closing balance': 700,
      Entries: 2,
      'Credit limit': 500,
      'Amount due': 0,
      Status: 'Final',
    });
    expect(head['Generated (UTC)']).toEqual(JOB_NOW);
    let h = headerRow(rows);
    expect(rows[h]).toEqual(['Payment time (UTC)', 'Type', 'Order ID', 'Payment reference', 'Description', 'Amount', 'Balance']);
    expect(rows.slice(h + 1).map((r) => [r[1], r[2], r[5], r[6]])).toEqual([
      ['Top-up', undefined, 1000, 1000],
      ['Flight booking', 'FO-JAN', -300, 700],
    ]);
    expect(sheet.getRow(h + 2).getCell(6).numFmt).toBe('#,##0.00');
    expect(days.rowCount).toBe(32);
    expect((days.getRow(11).values as unknown[]).slice(1)).toEqual(['2025-01-10', 1000, 0, 1000]);

    const [row] = await t.db.select({ config: companies.commonConfig }).from(companies).where(eq(companies.id, a));
    await t.db.update(companies).set({ commonConfig: { ...row.config, showInvoiceType: true } }).where(eq(companies.id, a));
    const detail = await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2025-01`, { token: tok.finance });
    expect(detail.data.showInvoiceType).toBe(true);
    wb = await download();
    rows = values(wb.worksheets[0]);
    h = headerRow(rows);
    expect(rows[h].at(-1)).toBe('Invoice type');
    expect(rows.slice(h + 1).map((r) => r.at(-1))).toEqual(['None', 'Bill']);

    const zh = values((await download('zh-TW')).worksheets[0]);
    expect(zh[0][0]).toBe('月結帳單');
    expect(zh.find((r) => r[0] === '支付時間（UTC）')?.at(-1)).toBe('報銷憑證類型');
  });

  it("keeps a finished month's statement as it was generated", async () => {
    const before = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: '2025-01' } });
    expect(before.data).toMatchObject({ month: '2025-01', closingBalance: 700_00, generatedAt: JOB_NOW.toISOString(), final: true });
    // Even a movement that somehow lands in January later does not rewrite the final statement.
    await postAt(t.db, '2025-01-25T00:00:00Z', a, 'EUR', 5_00, 'top-up');
    await postAt(t.db, '2025-01-25T00:00:00Z', a, 'CNY', 5_00, 'top-up');
    const again = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: '2025-01' } });
    expect(again.data).toEqual(before.data);
    // A currency's first statement for a finished month is computed then, and final from then on.
    const eur = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: '2025-01', currency: 'EUR' } });
    expect(eur.data).toMatchObject({ currency: 'EUR', closingBalance: 5_00, final: true });
  });

  it('recomputes the running month on each generation until it ends', async () => {
    const month = currentMonth();
    expect(await ledger.topUp(t.db, a, 'CNY', 10_00)).toMatchObject({ ok: true });
    const first = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month } });
    expect(first.data).toMatchObject({ month, final: false, totalIn: 10_00, entryCount: 1 });
    expect(await ledger.pay(t.db, a, 'CNY', 3_00, 'origin-flight')).toMatchObject({ ok: true });
    const second = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month } });
    expect(second.data).toMatchObject({ id: first.data.id, final: false, totalIn: 10_00, totalOut: 3_00, entryCount: 2 });
    expect(second.data.closingBalance).toBe(second.data.openingBalance + 7_00);

    const listed = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.finance, query: { month } });
    expect(listed.data.items).toEqual([expect.objectContaining({ month, final: false })]);
    // Reading a provisional statement brings it up to date, so its entries and totals agree.
    expect(await ledger.refund(t.db, a, 'CNY', 1_00, 'refund-flight')).toMatchObject({ ok: true });
    const detail = await call(t.app, 'GET', `/base/v2/sub/statements/${a}/${month}`, { token: tok.finance });
    expect(detail.data).toMatchObject({ final: false, entryCount: 3 });
    expect(detail.data.entries).toHaveLength(3);
    expect(detail.data.days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), balance: detail.data.closingBalance });

    // Once the month is over (and its grace), the next generation is final and stays so.
    const [y, m] = month.split('-').map(Number);
    const after = new Date(Date.UTC(y, m, 1, 0, 6));
    const final = await generateStatement(t.db, a, month, 'CNY', after);
    expect(final).toMatchObject({ id: first.data.id, final: true, entryCount: 3 });
    expect(await ledger.topUp(t.db, a, 'CNY', 1_00)).toMatchObject({ ok: true });
    expect(await generateStatement(t.db, a, month, 'CNY', new Date(after.getTime() + 60_000))).toEqual(final);
  });

  it('refuses months that have not started or precede the agency', async () => {
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const future = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: next.toISOString().slice(0, 7) } });
    expect(future).toMatchObject({ status: 400, message: 'A statement can only be generated for the current or a past month' });
    const early = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: '2024-12' } });
    expect(early).toMatchObject({ status: 400, message: 'The agency had no account in that month' });
    const bad = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.finance, body: { month: '2025-13' } });
    expect(bad.status).toBe(400);
    expect(bad.data.fields.month).toBe('Months are written yyyy-mm');
  });

  describe('access', () => {
    it('refuses an operator and keeps sub-agencies out of each other (404)', async () => {
      expect((await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.operator })).status).toBe(403);
      expect((await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.operator, body: { month: '2025-01' } })).status).toBe(403);
      expect((await call(t.app, 'GET', `/base/v2/sub/statements/${a}/2025-01`, { token: tok.operator })).status).toBe(403);
      for (const token of [tok.agency, tok.finance]) {
        expect((await call(t.app, 'GET', '/base/v2/sub/statements', { token, query: { companyId: b } })).status).toBe(404);
        expect((await call(t.app, 'GET', `/base/v2/sub/statements/${b}/2025-02`, { token })).status).toBe(404);
        expect((await call(t.app, 'GET', `/base/v2/sub/statements/${b}/2025-02/workbook`, { token })).status).toBe(404);
        expect((await call(t.app, 'POST', '/base/v2/sub/statements', { token, body: { companyId: b, month: '2025-02' } })).status).toBe(404);
        expect((await call(t.app, 'GET', '/base/v2/sub/statements', { token, query: { scope: 'subAgencies' } })).status).toBe(403);
      }
      // A refused download answers the JSON envelope, not a file.
      const refused = await call(t.app, 'GET', `/base/v2/sub/statements/${b}/2025-02/workbook`, { token: tok.agency });
      expect(refused).toMatchObject({ code: 100404, message: 'Requested resource not found' });
    });

    it("shows the platform's agency manager every sub-agency's statements", async () => {
      const all = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.admin, query: { scope: 'subAgencies', pageSize: 100 } });
      expect(all.code).toBe(0);
      const codes = new Set(all.data.items.map((s: any) => s.companyCode));
      expect(codes).toEqual(new Set(['A00001', 'A00002']));
      const second = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.admin, query: { scope: 'subAgencies', keyword: 'second' } });
      expect(second.data.items.map((s: any) => s.month)).toEqual(['2025-04', '2025-03', '2025-02']);
      const feb = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.admin, query: { scope: 'subAgencies', month: '2025-02' } });
      expect(feb.data.items.map((s: any) => s.companyCode)).toEqual(['A00001', 'A00002']);
      const detail = await call(t.app, 'GET', `/base/v2/sub/statements/${b}/2025-02`, { token: tok.admin });
      expect(detail.data).toMatchObject({ companyCode: 'A00002', amountDue: 40_00, entries: [expect.objectContaining({ orderId: 'TO-1', type: 'origin-train' })] });
      const generated = await call(t.app, 'POST', '/base/v2/sub/statements', { token: tok.admin, body: { companyId: b, month: '2025-02' } });
      expect(generated.data).toMatchObject({ id: detail.data.id, final: true });
      // The platform's own statements (it has no cash account): none.
      const own = await call(t.app, 'GET', '/base/v2/sub/statements', { token: tok.admin });
      expect(own.data).toMatchObject({ total: 0, items: [] });
    });
  });
});
