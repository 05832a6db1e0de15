import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { documentNamesFor } from './names.ts';
import { orderFixture } from './order.fixture.ts';
import { renderTicketWorkbook } from './ticket-workbook.ts';

async function sheetOf(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0];
}

const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);

describe('ticket workbook', () => {
  it('writes one row per passenger and ticket with localized headers', async () => {
    const ws = await sheetOf(await renderTicketWorkbook(orderFixture(), 'zh-CN', documentNamesFor('zh-CN')));
    expect(ws.name).toBe('客票');
    expect(ws.rowCount).toBe(3);
    expect(values(ws.getRow(1))).toEqual([
      '订单号', '订座记录 (PNR)', '乘客姓名', '类型', '电子客票号', '出票航空公司', '航司名称', '航程', '航班号', '首段起飞（当地时间）',
      '票价', '税费', '票面合计', '服务费', '结算价', '币种', '出票日期', '状态',
    ]);
    expect(values(ws.getRow(2))).toEqual([
      'F2612010042', 'MXQ7PZ', 'ZHANG/SAN', '成人', '999-1234567890', 'CA', '中国国际航空', 'PEK-SHA/PVG-PEK', 'CA1501 / CA1522',
      new Date('2026-12-01T08:30:00Z'), 1234, 200, 1434, 30, 1504, 'CNY', new Date('2026-11-20T00:00:00Z'), '已出票',
    ]);
    const child = values(ws.getRow(3));
    expect(child.slice(2, 5)).toEqual(['LI/小明', '儿童', '999-1234567891']);
    expect(child.slice(10, 16)).toEqual([617, 50, 667, 30, 697, 'CNY']);
    expect(ws.getRow(2).getCell(11).numFmt).toBe('#,##0.00');
    expect(ws.getRow(2).getCell(10).numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('writes English headers and whole units for a currency without minor digits', async () => {
    const base = orderFixture({ currency: 'JPY' });
    const order = { ...base, priceLines: base.priceLines.map((l) => ({ ...l, ticketPrice: 25000, tax: 3100 })) };
    const ws = await sheetOf(await renderTicketWorkbook(order, 'en', documentNamesFor('en')));
    expect(ws.name).toBe('Tickets');
    expect(values(ws.getRow(1)).slice(0, 5)).toEqual(['Booking number', 'Record locator (PNR)', 'Passenger name', 'Type', 'E-ticket number']);
    expect(ws.getRow(2).getCell(11).value).toBe(25000);
    expect(ws.getRow(2).getCell(11).numFmt).toBe('#,##0');
    expect(ws.getRow(2).getCell(7).value).toBe('Air China');
    expect(ws.getRow(2).getCell(18).value).toBe('Issued');
  });

  it('leaves the ticket and issue date empty before ticketing', async () => {
    const base = orderFixture({ status: 'reserved', issuedAt: null, recordLocator: null });
    const order = { ...base, passengers: base.passengers.map((p) => ({ ...p, ticketNumber: null })) };
    const ws = await sheetOf(await renderTicketWorkbook(order, 'zh-TW', documentNamesFor('zh-TW')));
    const row = ws.getRow(2);
    expect(row.getCell(5).value).toBeNull();
    expect(row.getCell(17).value).toBeNull();
    expect(row.getCell(18).value).toBe('已保留');
  });
});
