import ExcelJS from 'exceljs';
import type { Statement, StatementDay, Transaction } from '@portal/contract/api/bills';
import { minorDigits, type Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import { invoiceLabel, kindLabel, methodLabel, statusLabel, typeLabel, type DescribedEntry } from './entry-text.ts';

/**
 * Excel workbooks of the wallet, the transactions and the monthly bill. Amounts are written as numbers in major units
 * with the currency's own precision as the cell format, so the sheet sums correctly; times are UTC, as the headers say.
 */

/** A statement with everything its bill shows; entries carry their invoice type. */
export interface StatementView extends Statement {
  entries: DescribedEntry[];
  days: StatementDay[];
  showInvoiceType: boolean;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
// At least two decimals and up to six, so a rate reads 1.00 or 7.123456 and stays a number Excel can use.
const RATE_FORMAT = '#,##0.00####';
const moneyFormat = (currency: Currency) => (minorDigits(currency) === 0 ? '#,##0' : '#,##0.00');
const major = (amount: number, currency: Currency) => amount / 10 ** minorDigits(currency);

interface Column {
  header: MessageKey;
  width: number;
  money?: (row: number) => Currency;
  time?: boolean;
  /** A plain number cell with this format; a decimal string (an exchange rate) is written as its number. */
  number?: string;
}

function newBook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Travel portal';
  wb.created = new Date();
  return wb;
}

/** Writes a header row and data rows, formatting money cells by their row's currency. */
function writeTable(ws: ExcelJS.Worksheet, lang: Language, columns: Column[], rows: unknown[][]): void {
  const header = ws.addRow([]);
  columns.forEach((c, i) => {
    header.getCell(i + 1).value = translate(c.header, lang);
    ws.getColumn(i + 1).width = Math.max(ws.getColumn(i + 1).width ?? 0, c.width);
  });
  header.font = { bold: true };
  rows.forEach((values, r) => {
    const row = ws.addRow(values);
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.money) {
        const currency = c.money(r);
        if (typeof cell.value === 'number') cell.value = major(cell.value, currency);
        cell.numFmt = moneyFormat(currency);
      }
      if (c.time) cell.numFmt = TIME_FORMAT;
      if (c.number) {
        // Text that looks like a number ("1") is not one to Excel: it neither sums nor formats.
        if (typeof cell.value === 'string') cell.value = Number(cell.value);
        cell.numFmt = c.number;
      }
    });
  });
}

const time = (iso: string | null) => (iso ? new Date(iso) : null);

export async function walletEntriesWorkbook(entries: DescribedEntry[], lang: Language): Promise<Buffer> {
  const wb = newBook();
  const ws = wb.addWorksheet(translate('bills.sheet.entries', lang));
  const money = (r: number) => entries[r].currency;
  writeTable(
    ws,
    lang,
    [
      { header: 'bills.col.paymentTime', width: 20, time: true },
      { header: 'bills.col.type', width: 18 },
      { header: 'bills.col.orderId', width: 22 },
      { header: 'bills.col.paymentReference', width: 38 },
      { header: 'bills.col.description', width: 44 },
      { header: 'bills.col.currency', width: 9 },
      { header: 'bills.col.amount', width: 16, money },
      { header: 'bills.col.balanceAfter', width: 16, money },
    ],
    entries.map((e) => [time(e.paymentTime), typeLabel(e.type, lang), e.orderId, e.paymentReference, e.description, e.currency, e.amount, e.balanceAfter]),
  );
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function transactionsWorkbook(items: Transaction[], lang: Language): Promise<Buffer> {
  const wb = newBook();
  const ws = wb.addWorksheet(translate('bills.sheet.transactions', lang));
  writeTable(
    ws,
    lang,
    [
      { header: 'bills.col.referenceId', width: 38 },
      { header: 'bills.col.originalId', width: 38 },
      { header: 'bills.col.kind', width: 12 },
      { header: 'bills.col.method', width: 22 },
      { header: 'bills.col.status', width: 12 },
      { header: 'bills.col.paymentCurrency', width: 12 },
      { header: 'bills.col.gross', width: 16, money: (r) => items[r].grossCurrency },
      { header: 'bills.col.fee', width: 14, money: (r) => items[r].grossCurrency },
      { header: 'bills.col.exchangeRate', width: 12, number: RATE_FORMAT },
      { header: 'bills.col.settlementCurrency', width: 12 },
      { header: 'bills.col.net', width: 16, money: (r) => items[r].netCurrency },
      { header: 'bills.col.externalReference', width: 24 },
      { header: 'bills.col.paymentTime', width: 20, time: true },
      { header: 'bills.col.createdAt', width: 20, time: true },
    ],
    items.map((t) => [
      t.id,
      t.originId,
      kindLabel(t.kind, lang),
      methodLabel(t.method, lang),
      statusLabel(t.status, lang),
      t.grossCurrency,
      t.gross,
      t.fee,
      t.exchangeRate,
      t.netCurrency,
      t.net,
      t.externalReference,
      time(t.paymentTime),
      time(t.createdAt),
    ]),
  );
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The monthly bill: a header block, the month's entries (with the invoice type when the agency asks) and the days. */
export async function statementWorkbook(s: StatementView, lang: Language): Promise<Buffer> {
  const wb = newBook();
  const ws = wb.addWorksheet(translate('bills.sheet.statement', lang));
  const c = s.currency;
  ws.addRow([translate('bills.head.title', lang)]).font = { bold: true, size: 14 };
  const head: Array<[MessageKey, ExcelJS.CellValue, 'money' | 'time' | null]> = [
    ['bills.head.agency', s.companyName, null],
    ['bills.head.code', s.companyCode, null],
    ['bills.head.month', s.month, null],
    ['bills.head.currency', c, null],
    ['bills.head.opening', s.openingBalance, 'money'],
    ['bills.head.totalIn', s.totalIn, 'money'],
    ['bills.head.totalOut', s.totalOut, 'money'],
    ['bills.head.closing', s.closingBalance, 'money'],
    ['bills.head.entryCount', s.entryCount, null],
    ['bills.head.creditLimit', s.creditLimit, 'money'],
    ['bills.head.amountDue', s.amountDue, 'money'],
    ['bills.head.dueDate', s.dueDate ?? '', null],
    ['bills.head.generatedAt', new Date(s.generatedAt), 'time'],
    ['bills.head.state', translate(s.final ? 'bills.head.final' : 'bills.head.provisional', lang), null],
  ];
  for (const [key, value, kind] of head) {
    const row = ws.addRow([translate(key, lang), value]);
    row.getCell(1).font = { bold: true };
    const cell = row.getCell(2);
    if (kind === 'money' && typeof value === 'number') {
      cell.value = major(value, c);
      cell.numFmt = moneyFormat(c);
    }
    if (kind === 'time') cell.numFmt = TIME_FORMAT;
    cell.alignment = { horizontal: 'left' };
  }
  ws.addRow([]);

  const columns: Column[] = [
    { header: 'bills.col.paymentTime', width: 20, time: true },
    { header: 'bills.col.type', width: 18 },
    { header: 'bills.col.orderId', width: 22 },
    { header: 'bills.col.paymentReference', width: 38 },
    { header: 'bills.col.description', width: 44 },
    { header: 'bills.col.amount', width: 16, money: () => c },
    { header: 'bills.col.balanceAfter', width: 16, money: () => c },
  ];
  if (s.showInvoiceType) columns.push({ header: 'bills.col.invoiceType', width: 20 });
  writeTable(
    ws,
    lang,
    columns,
    s.entries.map((e) => {
      const values: unknown[] = [time(e.paymentTime), typeLabel(e.type, lang), e.orderId, e.paymentReference, e.description, e.amount, e.balanceAfter];
      if (s.showInvoiceType) values.push(invoiceLabel(e.invoiceType, lang));
      return values;
    }),
  );

  const days = wb.addWorksheet(translate('bills.sheet.days', lang));
  writeTable(
    days,
    lang,
    [
      { header: 'bills.col.date', width: 14 },
      { header: 'bills.col.in', width: 16, money: () => c },
      { header: 'bills.col.out', width: 16, money: () => c },
      { header: 'bills.col.closing', width: 18, money: () => c },
    ],
    s.days.map((d) => [d.date, d.in, d.out, d.balance]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
