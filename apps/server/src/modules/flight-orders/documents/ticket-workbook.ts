import ExcelJS from 'exceljs';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { minorDigits } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { DOCUMENT_TIME_ZONE, flightNumbersOf, formatTicketNumber, issueDateOf, majorUnits, passengerName, routeOf } from './format.ts';
import { enumLabel, label, PASSENGER_TYPE_LABELS, STATUS_LABELS, type LabelKey } from './labels.ts';
import type { DocumentNames } from './names.ts';

/**
 * The tickets of one order as a sheet for agencies that re-key tickets into their back office: one row per passenger
 * and ticket. Amounts are numbers in major units formatted with the currency's precision (as the bills' workbooks do),
 * so the sheet sums; the first departure is the local time of the departure airport, as the header says.
 */

export interface WorkbookOptions {
  timeZone?: string;
}

interface Column {
  header: LabelKey;
  width: number;
  format?: 'money' | 'date' | 'dateTime';
}

const COLUMNS: Column[] = [
  { header: 'bookingNumber', width: 20 },
  { header: 'recordLocator', width: 14 },
  { header: 'passengerName', width: 26 },
  { header: 'passengerType', width: 10 },
  { header: 'ticketNumber', width: 18 },
  { header: 'validatingCarrier', width: 12 },
  { header: 'airlineName', width: 22 },
  { header: 'route', width: 18 },
  { header: 'flightNumbers', width: 20 },
  { header: 'firstDeparture', width: 20, format: 'dateTime' },
  { header: 'fare', width: 13, format: 'money' },
  { header: 'tax', width: 13, format: 'money' },
  { header: 'faceValue', width: 13, format: 'money' },
  { header: 'serviceFee', width: 13, format: 'money' },
  { header: 'sellingPrice', width: 13, format: 'money' },
  { header: 'currency', width: 9 },
  { header: 'issueDate', width: 12, format: 'date' },
  { header: 'status', width: 14 },
];

/** A local "YYYY-MM-DDTHH:mm" as a date cell showing the same wall-clock time (Excel dates carry no zone). */
function wallClock(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(local);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
}

export async function renderTicketWorkbook(order: FlightOrder, lang: Language, names: DocumentNames, options: WorkbookOptions = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = order.companyName;
  wb.created = new Date();
  const ws = wb.addWorksheet(label('sheet', lang));

  const header = ws.addRow(COLUMNS.map((c) => label(c.header, lang)));
  header.font = { bold: true };
  COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
  });

  const c = order.currency;
  const moneyFormat = minorDigits(c) === 0 ? '#,##0' : '#,##0.00';
  const firstSegment = order.legs[0]?.segments[0];
  const route = routeOf(order.legs);
  const flights = flightNumbersOf(order.legs).join(' / ');
  const issued = order.issuedAt ? wallClock(issueDateOf(order, new Date(), options.timeZone ?? DOCUMENT_TIME_ZONE)) : null;

  for (const p of order.passengers) {
    const price = order.priceLines.find((l) => l.passengerType === p.type);
    const money = (v: number | undefined) => (v === undefined ? null : majorUnits(v, c));
    const row = ws.addRow([
      order.bookingNumber,
      order.recordLocator,
      passengerName(p),
      enumLabel(PASSENGER_TYPE_LABELS, p.type, lang),
      formatTicketNumber(p.ticketNumber),
      order.validatingCarrier,
      names.airline(order.validatingCarrier),
      route,
      flights,
      firstSegment ? wallClock(firstSegment.departure) : null,
      money(price?.ticketPrice),
      money(price?.tax),
      money(price?.faceValue),
      money(price?.serviceFee),
      money(price?.sellingPrice),
      c,
      issued,
      enumLabel(STATUS_LABELS, order.status, lang),
    ]);
    COLUMNS.forEach((col, i) => {
      const cell = row.getCell(i + 1);
      if (col.format === 'money') cell.numFmt = moneyFormat;
      if (col.format === 'date') cell.numFmt = 'yyyy-mm-dd';
      if (col.format === 'dateTime') cell.numFmt = 'yyyy-mm-dd hh:mm';
    });
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
