import PDFDocument from 'pdfkit';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import type { Baggage, CancellationPolicy, Leg, Segment } from '@portal/contract/api/shopping';
import type { Language } from '@portal/contract/languages';
import { formatMoney } from '@portal/contract/currency';
import { documentFonts } from './fonts.ts';
import {
  baggageShort,
  baggageSize,
  baggageText,
  DOCUMENT_TIME_ZONE,
  formatDate,
  formatDuration,
  formatTerminal,
  formatTicketNumber,
  issueDateOf,
  passengerName,
  penaltyText,
  splitLocal,
} from './format.ts';
import { CABIN_LABELS, DOCUMENT_TYPE_LABELS, enumLabel, label, PASSENGER_TYPE_LABELS } from './labels.ts';
import type { DocumentNames } from './names.ts';

/**
 * The itinerary an agency hands its customer, laid out like an airline's e-ticket itinerary receipt: who flies, on
 * which flights, at what price (the price the agency typed for its customer, never what the agency pays), under which
 * rules. A4, drawn at explicit positions so long names and airport names wrap inside their cells and tables continue
 * on the next page with their header repeated.
 */

export const PDF_MIME = 'application/pdf';

/** What the agency charges its customer, per passenger, in minor units of the order currency. */
export interface ItineraryPrint {
  fare: number;
  tax: number;
  serviceCharge: number;
  quantity: number;
}

export interface ItineraryOptions {
  /** The issue date of a reserved booking (no tickets yet) is the day the document is made. */
  now?: Date;
  /** IANA zone of the printed issue date. */
  timeZone?: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40, footer: 28 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
const PAD = 4;

const INK = '#1f2328';
const MUTED = '#6b7280';
const BRAND = '#1d3557';
const RULE = '#d0d7de';
const BAND = '#eef2f7';
const HEADER_FILL = '#f3f4f6';

const R = 'NotoSansSC';
const B = 'NotoSansSC-Bold';

/** One line of a table cell. */
interface Line {
  text: string;
  bold?: boolean;
  size?: number;
  color?: string;
}
type Cell = Line[];
interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}
/** A full-width band inside a table (the heading of a journey), or a row of cells. */
type Row = { span: Line } | { cells: Cell[]; emphasis?: boolean; middle?: boolean };

/** Noto's own line height (1.45 em, room for CJK marks) spreads a dense table over too many pages; 1.25 em reads well. */
const lineGap = (line: Omit<Line, 'text'>) => -0.2 * (line.size ?? 8);

const cellOf = (text: string, o: Omit<Line, 'text'> = {}): Cell => [{ text, ...o }];

class Layout {
  y = PAGE.margin;

  constructor(readonly doc: PDFKit.PDFDocument) {}

  private use(line: Omit<Line, 'text'>): PDFKit.PDFDocument {
    return this.doc
      .font(line.bold ? B : R)
      .fontSize(line.size ?? 8)
      .fillColor(line.color ?? INK);
  }

  lineHeight(line: Line, width: number): number {
    return this.use(line).heightOfString(line.text || ' ', { width, lineGap: lineGap(line) });
  }

  cellHeight(cell: Cell, width: number): number {
    return cell.reduce((h, l) => h + this.lineHeight(l, width), 0);
  }

  write(line: Line, x: number, y: number, width: number, align: Column['align'] = 'left'): number {
    const h = this.lineHeight(line, width);
    this.use(line).text(line.text, x, y, { width, align, lineBreak: true, lineGap: lineGap(line) });
    return h;
  }

  /** Starts a new page unless `needed` points still fit above the footer. */
  ensure(needed: number): boolean {
    if (this.y + needed <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  rule(y: number, color = RULE, width = 0.6, x = PAGE.margin, length = CONTENT): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + length, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** A section title kept on the same page as at least `keep` points of what follows it. */
  heading(text: string, keep = 60): void {
    this.ensure(26 + keep);
    this.y += 8;
    const h = this.write({ text, bold: true, size: 11, color: BRAND }, PAGE.margin, this.y, CONTENT);
    this.y += h + 2;
    this.rule(this.y, BRAND, 1);
    this.y += 5;
  }

  paragraph(lines: Line[], gap = 1): void {
    for (const line of lines) {
      const h = this.lineHeight(line, CONTENT);
      this.ensure(h);
      this.write(line, PAGE.margin, this.y, CONTENT);
      this.y += h + gap;
    }
  }

  table(columns: Column[], rows: Row[]): void {
    const header = (): void => {
      const h = Math.max(...columns.map((c) => this.lineHeight({ text: c.header, bold: true, size: 7.5 }, c.width - 2 * PAD))) + 2 * PAD;
      this.doc.rect(PAGE.margin, this.y, CONTENT, h).fill(HEADER_FILL);
      let x = PAGE.margin;
      for (const c of columns) {
        this.write({ text: c.header, bold: true, size: 7.5, color: MUTED }, x + PAD, this.y + PAD, c.width - 2 * PAD, c.align);
        x += c.width;
      }
      this.y += h;
      this.rule(this.y);
    };
    // The header never ends a page alone: it keeps the first row (or a journey band and its first flight) under it.
    const first = rows.slice(0, 2).reduce((h, r) => h + ('span' in r ? this.lineHeight(r.span, CONTENT) + 2 * PAD : this.rowHeight(columns, r)), 0);
    this.ensure(24 + first);
    header();
    rows.forEach((row, i) => {
      const next = rows[i + 1];
      if ('span' in row) {
        const h = this.lineHeight(row.span, CONTENT - 2 * PAD) + 2 * PAD;
        // A journey band never ends a page: it keeps the first flight under it.
        const after = next && 'cells' in next ? this.rowHeight(columns, next) : 0;
        if (this.ensure(h + after)) header();
        this.doc.rect(PAGE.margin, this.y, CONTENT, h).fill(BAND);
        this.write(row.span, PAGE.margin + PAD, this.y + PAD, CONTENT - 2 * PAD);
        this.y += h;
        this.rule(this.y);
        return;
      }
      const h = this.rowHeight(columns, row);
      if (this.ensure(h)) header();
      if (row.emphasis) this.doc.rect(PAGE.margin, this.y, CONTENT, h).fill(BAND);
      let x = PAGE.margin;
      row.cells.forEach((cell, c) => {
        const width = columns[c].width - 2 * PAD;
        let y = this.y + PAD + (row.middle ? (h - 2 * PAD - this.cellHeight(cell, width)) / 2 : 0);
        for (const line of cell) y += this.write(line, x + PAD, y, width, columns[c].align);
        x += columns[c].width;
      });
      this.y += h;
      this.rule(this.y);
    });
  }

  private rowHeight(columns: Column[], row: { cells: Cell[] }): number {
    return Math.max(...row.cells.map((cell, c) => this.cellHeight(cell, columns[c].width - 2 * PAD))) + 2 * PAD;
  }
}

export async function renderItineraryPdf(
  order: FlightOrder,
  print: ItineraryPrint,
  lang: Language,
  names: DocumentNames,
  options: ItineraryOptions = {},
): Promise<Buffer> {
  const fonts = await documentFonts();
  const t = (key: Parameters<typeof label>[0], params?: Record<string, string | number>) => label(key, lang, params);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang,
    displayTitle: true,
    info: {
      Title: `${t('title')} ${order.bookingNumber}`,
      Author: order.companyName,
      Subject: `${t('bookingNumber')} ${order.bookingNumber}`,
      Creator: order.companyName,
    },
  });
  doc.registerFont(R, fonts.regular);
  doc.registerFont(B, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const page = new Layout(doc);
  const issueDate = issueDateOf(order, options.now ?? new Date(), options.timeZone ?? DOCUMENT_TIME_ZONE);

  drawHeader(page, order, lang, names, formatDate(issueDate, lang));
  drawPassengers(page, order, lang);
  drawContact(page, order, lang);
  drawFlights(page, order, lang, names);
  drawPrice(page, order, print, lang);
  drawRules(page, order, lang);
  drawNotes(page, lang);
  drawFooters(page, order, lang);

  doc.end();
  return done;
}

function drawHeader(page: Layout, order: FlightOrder, lang: Language, names: DocumentNames, issueDate: string): void {
  const x = PAGE.margin;
  const titleWidth = 170;
  const agencyH = page.write({ text: order.companyName, bold: true, size: 15, color: BRAND }, x, page.y, CONTENT - titleWidth - 10);
  const titleH = page.write({ text: label('title', lang), bold: true, size: 20, color: INK }, x + CONTENT - titleWidth, page.y - 4, titleWidth, 'right');
  page.y += Math.max(agencyH, titleH - 4) + 6;
  page.rule(page.y, BRAND, 2);
  page.y += 8;

  const facts: Array<[string, string]> = [
    [label('bookingNumber', lang), order.bookingNumber],
    [label('recordLocator', lang), order.recordLocator ?? '—'],
    [label('issueDate', lang), issueDate],
    [label('validatingCarrier', lang), `${names.airline(order.validatingCarrier)} (${order.validatingCarrier})`],
  ];
  const widths = [125, 110, 110, CONTENT - 345];
  const heights = facts.map(([, v], i) => page.lineHeight({ text: v, bold: true, size: 10.5 }, widths[i] - 2 * 8));
  const h = 8 + 11 + Math.max(...heights) + 8;
  page.doc.rect(x, page.y, CONTENT, h).fill(BAND);
  let cx = x;
  facts.forEach(([k, v], i) => {
    page.write({ text: k, size: 7.5, color: MUTED }, cx + 8, page.y + 7, widths[i] - 16);
    page.write({ text: v, bold: true, size: 10.5 }, cx + 8, page.y + 8 + 11, widths[i] - 16);
    if (i > 0) page.doc.moveTo(cx, page.y + 6).lineTo(cx, page.y + h - 6).lineWidth(0.6).strokeColor(RULE).stroke();
    cx += widths[i];
  });
  page.y += h + 4;
}

function drawPassengers(page: Layout, order: FlightOrder, lang: Language): void {
  page.heading(label('passengers', lang));
  const columns: Column[] = [
    { header: '#', width: 22 },
    { header: label('passengerName', lang), width: 170 },
    { header: label('passengerType', lang), width: 58 },
    { header: label('document', lang), width: 145 },
    { header: label('ticketNumber', lang), width: CONTENT - 395 },
  ];
  const rows: Row[] = order.passengers.map((p, i) => {
    const name: Cell = [{ text: passengerName(p), bold: true, size: 9 }];
    if (p.frequentFlyer) name.push({ text: `${label('frequentFlyer', lang)} ${p.frequentFlyer.airline} ${p.frequentFlyer.number}`, size: 7, color: MUTED });
    const ticket = formatTicketNumber(p.ticketNumber);
    return {
      cells: [
        cellOf(String(i + 1), { color: MUTED }),
        name,
        cellOf(enumLabel(PASSENGER_TYPE_LABELS, p.type, lang)),
        [
          { text: enumLabel(DOCUMENT_TYPE_LABELS, p.document.type, lang) },
          { text: p.document.number, size: 7.5, color: MUTED },
        ],
        ticket ? cellOf(ticket, { bold: true, size: 9 }) : cellOf(label('toBeIssued', lang), { color: MUTED }),
      ],
    };
  });
  page.table(columns, rows);
}

function fareBasisFor(order: FlightOrder, index: number): string {
  const list = order.fareBasis;
  if (!list.length) return '—';
  return list[Math.min(index, list.length - 1)];
}

function drawFlights(page: Layout, order: FlightOrder, lang: Language, names: DocumentNames): void {
  page.heading(label('flights', lang), 90);
  const columns: Column[] = [
    { header: label('flight', lang), width: 72 },
    { header: label('departure', lang), width: 118 },
    { header: label('arrival', lang), width: 118 },
    { header: label('cabin', lang), width: 60 },
    { header: label('fareBasis', lang), width: 50 },
    { header: label('baggage', lang), width: 44 },
    { header: label('status', lang), width: CONTENT - 462 },
  ];
  const checked = baggageShort(order.baggage.checked);
  const rows: Row[] = [];
  let index = 0;
  order.legs.forEach((leg, n) => {
    rows.push({ span: journeyLine(leg, n, lang, names) });
    for (const s of leg.segments) {
      rows.push({
        cells: [
          flightCell(s, lang, names),
          placeCell(s.departure, s.origin, s.originTerminal, lang, names),
          placeCell(s.arrival, s.destination, s.destinationTerminal, lang, names),
          [{ text: enumLabel(CABIN_LABELS, s.cabin, lang) }, { text: s.bookingClass, bold: true, size: 9 }],
          cellOf(fareBasisFor(order, index++)),
          cellOf(checked),
          cellOf(label('confirmed', lang), { bold: true, color: '#1a7f37' }),
        ],
      });
    }
  });
  page.table(columns, rows);
  page.y += 4;
  const b = order.baggage;
  page.paragraph([
    {
      text: `${label('baggageAllowance', lang)}${colon(lang)}${label('checked', lang)} ${baggageText(b.checked, lang)}${dims(b.checked, lang)}${semicolon(lang)}${label('carryOn', lang)} ${baggageText(b.carryOn, lang)}${dims(b.carryOn, lang)}`,
      size: 7.5,
      color: MUTED,
    },
    { text: label('localTimes', lang), size: 7.5, color: MUTED },
  ]);
}

const dims = (b: Baggage['checked'], lang: Language) => {
  const size = baggageSize(b, lang);
  return !size ? '' : lang === 'en' ? ` (${size})` : `（${size}）`;
};
/** Chinese text takes full-width punctuation. */
const colon = (lang: Language) => (lang === 'en' ? ': ' : '：');
const semicolon = (lang: Language) => (lang === 'en' ? '; ' : '；');

function journeyLine(leg: Leg, n: number, lang: Language, names: DocumentNames): Line {
  const first = leg.segments[0];
  const last = leg.segments[leg.segments.length - 1];
  const parts = [label('journey', lang, { n: n + 1 })];
  if (first && last) {
    parts.push(`${names.city(first.origin)} → ${names.city(last.destination)}`);
    parts.push(formatDate(splitLocal(first.departure).date, lang, true));
  }
  parts.push(formatDuration(leg.durationMinutes, lang));
  return { text: parts.join('   ·   '), bold: true, size: 8.5, color: BRAND };
}

function flightCell(s: Segment, lang: Language, names: DocumentNames): Cell {
  const cell: Cell = [
    { text: s.flightNumber, bold: true, size: 10 },
    { text: names.airline(s.marketingCarrier), size: 7.5 },
  ];
  if (s.operatingCarrier && s.operatingCarrier !== s.marketingCarrier) {
    cell.push({ text: label('operatedBy', lang, { carrier: names.airline(s.operatingCarrier) }), size: 7, color: MUTED });
  }
  if (s.aircraft) cell.push({ text: label('aircraft', lang, { type: s.aircraft }), size: 7, color: MUTED });
  return cell;
}

function placeCell(local: string, code: string, terminal: string | null, lang: Language, names: DocumentNames): Cell {
  const { date, time } = splitLocal(local);
  const where = [code, formatTerminal(terminal)].filter(Boolean).join('  ');
  return [
    { text: time, bold: true, size: 11 },
    { text: formatDate(date, lang, true), size: 7.5 },
    { text: names.airport(code), size: 7.5, color: MUTED },
    { text: where, bold: true, size: 8 },
  ];
}

function drawPrice(page: Layout, order: FlightOrder, print: ItineraryPrint, lang: Language): void {
  const c = order.currency;
  const perPassenger = print.fare + print.tax + print.serviceCharge;
  const total = perPassenger * print.quantity;
  page.heading(label('price', lang, { currency: c }), 50);
  const w = CONTENT / 6;
  const columns: Column[] = [
    { header: label('fare', lang), width: w, align: 'right' },
    { header: label('tax', lang), width: w, align: 'right' },
    { header: label('serviceCharge', lang), width: w, align: 'right' },
    { header: label('perPassenger', lang), width: w, align: 'right' },
    { header: label('quantity', lang), width: w, align: 'right' },
    { header: label('total', lang), width: CONTENT - 5 * w, align: 'right' },
  ];
  page.table(columns, [
    {
      emphasis: true,
      middle: true,
      cells: [
        cellOf(formatMoney(print.fare, c), { size: 9 }),
        cellOf(formatMoney(print.tax, c), { size: 9 }),
        cellOf(formatMoney(print.serviceCharge, c), { size: 9 }),
        cellOf(formatMoney(perPassenger, c), { size: 9 }),
        cellOf(`× ${print.quantity}`, { size: 9 }),
        cellOf(`${c} ${formatMoney(total, c)}`, { bold: true, size: 11, color: BRAND }),
      ],
    },
  ]);
}

/** One row per passenger type on the order; a fare without a policy for a type prints nothing for it. */
function drawRules(page: Layout, order: FlightOrder, lang: Language): void {
  const types = new Set(order.passengers.map((p) => p.type));
  const policies = order.cancellationPolicy.filter((p) => types.has(p.passengerType));
  if (!policies.length) return;
  page.heading(label('fareRules', lang), 50);
  const first = 62;
  const w = (CONTENT - first) / 6;
  const columns: Column[] = [
    { header: label('passengerType', lang), width: first },
    { header: label('refundBefore', lang), width: w },
    { header: label('refundAfter', lang), width: w },
    { header: label('changeBefore', lang), width: w },
    { header: label('changeAfter', lang), width: w },
    { header: label('noShow', lang), width: w },
    { header: label('void', lang), width: w },
  ];
  const rule = (p: CancellationPolicy, r: CancellationPolicy['noShow']) => cellOf(penaltyText(r, p.currency, lang), { size: 7.5 });
  page.table(
    columns,
    policies.map((p) => ({
      cells: [
        cellOf(enumLabel(PASSENGER_TYPE_LABELS, p.passengerType, lang), { bold: true }),
        rule(p, p.refund.beforeDeparture),
        rule(p, p.refund.afterDeparture),
        rule(p, p.change.beforeDeparture),
        rule(p, p.change.afterDeparture),
        rule(p, p.noShow),
        cellOf(label(p.voidAllowed ? 'voidAllowed' : 'notAllowed', lang), { size: 7.5 }),
      ],
    })),
  );
  page.y += 4;
  page.paragraph([{ text: label('rulesNote', lang), size: 7.5, color: MUTED }]);
}

function drawContact(page: Layout, order: FlightOrder, lang: Language): void {
  const c = order.contact;
  const parts = [c.name, c.phone ? `${label('phone', lang)} ${c.areaCode ? `+${c.areaCode} ` : ''}${c.phone}` : '', c.email ? `${label('email', lang)} ${c.email}` : ''].filter(Boolean);
  if (!parts.length) return;
  page.y += 4;
  page.paragraph([{ text: `${label('contact', lang)}${colon(lang)}${parts.join('   ·   ')}`, size: 8 }]);
}

function drawNotes(page: Layout, lang: Language): void {
  page.heading(label('notes', lang), 40);
  const notes = (['noteCheckIn', 'noteDocuments', 'noteSchedule', 'noteNotBoardingPass'] as const).map((k) => label(k, lang));
  for (const note of notes) {
    const h = page.lineHeight({ text: note, size: 8 }, CONTENT - 12);
    page.ensure(h);
    page.write({ text: '•', size: 8, color: BRAND }, PAGE.margin + 2, page.y, 10);
    page.write({ text: note, size: 8, color: INK }, PAGE.margin + 12, page.y, CONTENT - 12);
    page.y += h + 2;
  }
}

/** Written last, once the page count is known; the bottom margin is lifted so the footer never opens a new page. */
function drawFooters(page: Layout, order: FlightOrder, lang: Language): void {
  const { doc } = page;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 12;
    page.rule(y - 6);
    page.write({ text: `${order.companyName}  ·  ${label('bookingNumber', lang)} ${order.bookingNumber}`, size: 7, color: MUTED }, PAGE.margin, y, CONTENT - 120);
    page.write({ text: label('page', lang, { n: i + 1, total: range.count }), size: 7, color: MUTED }, PAGE.margin + CONTENT - 120, y, 120, 'right');
    doc.page.margins.bottom = margin;
  }
}
