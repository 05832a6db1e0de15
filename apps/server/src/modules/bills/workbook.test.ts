import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@portal/contract/api/bills';
import { LANGUAGES } from '@portal/contract/languages';
import { transactionsWorkbook } from './workbook.ts';

// A USD top-up credited to a CNY agency: two different currencies and a non-trivial rate; and a CNY one at rate 1.
const items: Transaction[] = [
  {
    id: 'tx-1', kind: 'top-up', originId: 'order-1', method: 'stripe', status: 'succeeded',
    gross: 10_000, grossCurrency: 'USD', fee: 300, net: 69_123, netCurrency: 'CNY', exchangeRate: '7.1234',
    externalReference: 'ch_1', paymentTime: '2026-01-02T03:04:05.000Z', createdAt: '2026-01-02T03:04:00.000Z',
  },
  {
    id: 'tx-2', kind: 'top-up', originId: null, method: 'bank-transfer', status: 'succeeded',
    gross: 50_000, grossCurrency: 'CNY', fee: 0, net: 50_000, netCurrency: 'CNY', exchangeRate: '1',
    externalReference: null, paymentTime: null, createdAt: '2026-01-03T00:00:00.000Z',
  },
];

async function sheet(lang: (typeof LANGUAGES)[number]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await transactionsWorkbook(items, lang)) as never);
  return wb.worksheets[0]!;
}

describe('the transactions workbook', () => {
  it.each(LANGUAGES)('has distinct column headings (%s)', async (lang) => {
    const ws = await sheet(lang);
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toHaveLength(14);
    // Two columns used to be headed 币种 alike: the paid currency and the settlement currency.
    expect(new Set(headers).size).toBe(headers.length);
  });

  it('names the two currencies apart in every language', async () => {
    const expected = { en: ['Payment currency', 'Settlement currency'], 'zh-CN': ['交易币种', '结算币种'], 'zh-TW': ['交易幣種', '結算幣種'] };
    for (const lang of LANGUAGES) {
      const headers = (await sheet(lang)).getRow(1).values as unknown[];
      expect([headers[6], headers[10]]).toEqual(expected[lang]);
    }
  });

  it('writes amounts and the exchange rate as numbers with a number format', async () => {
    const ws = await sheet('zh-CN');
    const [usd, cny] = [ws.getRow(2), ws.getRow(3)];
    expect([usd.getCell(6).value, usd.getCell(7).value, usd.getCell(8).value, usd.getCell(9).value, usd.getCell(10).value, usd.getCell(11).value]).toEqual([
      'USD', 100, 3, 7.1234, 'CNY', 691.23,
    ]);
    // The rate "1" was written as the text "1": Excel would neither format nor sum it.
    expect(cny.getCell(9).value).toBe(1);
    expect(cny.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    for (const row of [usd, cny]) {
      for (const col of [7, 8, 9, 11]) {
        expect(row.getCell(col).type, `column ${col}`).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(col).numFmt, `column ${col}`).toMatch(/0/);
      }
    }
    expect(usd.getCell(9).numFmt).toBe('#,##0.00####');
  });
});
