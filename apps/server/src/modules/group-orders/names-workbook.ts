import ExcelJS from 'exceljs';
import { GROUP_NAMES_COLUMNS, MAX_NAMES_ROWS, type GroupNamesColumnKey } from '@portal/contract/api/group-names';
import type { PassengerInput } from '@portal/contract/api/flight-orders';
import { LANGUAGES, type Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import type { GroupPassengerData } from '../../db/schema/groups.ts';

/**
 * The group passenger list as an Excel workbook (issue 12, spec point 5: xlsx): the template the portal hands out and
 * the reader of what comes back. The header is written in the reader's language and recognised in any of the three,
 * so a list filled by a Hong Kong office and uploaded by a Beijing colleague still reads. Cells are read as people
 * fill them: dates as date cells or text, types and genders as codes or in Chinese.
 */

const headerKey = (key: GroupNamesColumnKey) => `group.names.column.${key}` as MessageKey;

/** Values people type for the coded columns, beyond the codes themselves (compared lower-cased, spaces removed). */
const TYPE_WORDS: Record<string, string> = {
  adult: 'adult', adt: 'adult', 成人: 'adult',
  child: 'child', chd: 'child', 儿童: 'child', 兒童: 'child',
  infant: 'infant', inf: 'infant', 婴儿: 'infant', 嬰兒: 'infant',
};
const GENDER_WORDS: Record<string, string> = { male: 'male', m: 'male', 男: 'male', female: 'female', f: 'female', 女: 'female' };
const DOCUMENT_WORDS: Record<string, string> = {
  护照: 'passport', 護照: 'passport', pp: 'passport',
  中国护照: 'chinese-passport', 中國護照: 'chinese-passport',
  身份证: 'idcard', 身份證: 'idcard', ni: 'idcard',
  港澳通行证: 'eep', 港澳通行證: 'eep',
};
/** Labels the template writes into its drop-down lists (codes: the validation module's own spelling). */
const TYPE_CHOICES = ['adult', 'child', 'infant'];
const GENDER_CHOICES = ['male', 'female'];
const DOCUMENT_CHOICES = ['passport', 'idcard', 'chinese-passport', 'eep', 'tphm', 'tptw'];

export interface TemplateInput {
  bookingNumber: string;
  seats: number;
  infants: number;
  /** The current list (re-download to correct it), in row order; empty for a blank template. */
  passengers: GroupPassengerData[];
}

export async function renderNamesTemplate(input: TemplateInput, lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(translate('group.names.sheet', lang), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = GROUP_NAMES_COLUMNS.map((c) => ({ width: c.key === 'documentNumber' || c.key.startsWith('frequent') ? 22 : 18 }));
  const header = ws.addRow(GROUP_NAMES_COLUMNS.map((c) => translate(headerKey(c.key), lang)));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle' };

  const rows = Math.max(input.passengers.length, input.seats + input.infants);
  for (let i = 0; i < rows; i++) {
    const p = input.passengers[i];
    ws.addRow(
      p
        ? [p.type, p.surname, p.given_names, p.gender, p.birthday, p.nationality, p.travel_document.type, p.travel_document.number, p.travel_document.expiryDate ?? '', p.travel_document.issuingCountry ?? '', p.frequentFlyer?.airline ?? '', p.frequentFlyer?.number ?? '']
        : [],
    );
  }
  // Text cells, so Excel neither turns 2030-01-31 into a serial number nor drops a document number's leading zero.
  for (let r = 2; r <= rows + 1; r++) {
    for (let c = 1; c <= GROUP_NAMES_COLUMNS.length; c++) ws.getCell(r, c).numFmt = '@';
    ws.getCell(r, 1).dataValidation = list(TYPE_CHOICES);
    ws.getCell(r, 4).dataValidation = list(GENDER_CHOICES);
    ws.getCell(r, 7).dataValidation = list(DOCUMENT_CHOICES);
  }

  const guide = wb.addWorksheet(translate('group.names.guideSheet', lang));
  guide.getColumn(1).width = 120;
  const text = guide.addRow([translate('group.names.guide', lang, { bookingNumber: input.bookingNumber, seats: input.seats, infants: input.infants })]);
  text.alignment = { wrapText: true, vertical: 'top' };
  text.height = 90;

  return Buffer.from(await wb.xlsx.writeBuffer());
}

const list = (choices: string[]): ExcelJS.DataValidation => ({ type: 'list', allowBlank: true, formulae: [`"${choices.join(',')}"`] });

export type WorkbookReading =
  | { ok: true; rows: { row: number; passenger: PassengerInput }[] }
  | { ok: false; reason: 'file' | 'template' | 'empty' | 'tooMany' };

/** ZIP local file header: every .xlsx starts with it (an .xls, a CSV or a renamed image does not). */
const isZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

export async function readNamesWorkbook(data: Buffer): Promise<WorkbookReading> {
  if (!isZip(data)) return { ok: false, reason: 'file' };
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { ok: false, reason: 'file' };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, reason: 'file' };
  if (!headerMatches(ws.getRow(1))) return { ok: false, reason: 'template' };

  const rows: { row: number; passenger: PassengerInput }[] = [];
  let lastUsed = 1;
  ws.eachRow({ includeEmpty: false }, (_row, n) => {
    lastUsed = Math.max(lastUsed, n);
  });
  if (lastUsed - 1 > MAX_NAMES_ROWS) return { ok: false, reason: 'tooMany' };
  for (let n = 2; n <= lastUsed; n++) {
    const values = GROUP_NAMES_COLUMNS.map((col, c) => cellText(ws.getCell(n, c + 1), DATE_COLUMNS.has(col.key)));
    // The template has a row per traveller; rows the agent left blank are not travellers.
    if (values.every((v) => v === '')) continue;
    rows.push({ row: n, passenger: toPassenger(values) });
  }
  if (rows.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, rows };
}

function headerMatches(row: ExcelJS.Row): boolean {
  return GROUP_NAMES_COLUMNS.every((c, i) => {
    const text = squash(cellText(row.getCell(i + 1)));
    return LANGUAGES.some((lang) => squash(translate(headerKey(c.key), lang)) === text);
  });
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

function toPassenger(v: string[]): PassengerInput {
  const word = (map: Record<string, string>, s: string) => map[squash(s)] ?? s;
  const airline = v[10];
  const number = v[11];
  return {
    type: word(TYPE_WORDS, v[0]),
    surname: v[1],
    given_names: v[2],
    gender: word(GENDER_WORDS, v[3]),
    birthday: v[4],
    nationality: v[5],
    travel_document: { type: word(DOCUMENT_WORDS, v[6]), number: v[7], expiryDate: v[8] || null, issuingCountry: v[9] || null },
    frequentFlyer: airline || number ? { airline, number } : null,
  };
}

const DATE_COLUMNS = new Set<GroupNamesColumnKey>(['birthday', 'expiryDate']);

/**
 * A cell as the text the agent sees: dates as YYYY-MM-DD, rich text joined, formulas by their result. In a date column
 * a number is an Excel date serial (a date pasted over the template's text format keeps its value, not its text).
 */
function cellText(cell: ExcelJS.Cell, dateColumn = false): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return isoDay(v);
  if (typeof v === 'number') {
    if (dateColumn && v > 0 && v < 2_958_466) return isoDay(excelSerialToDate(v));
    return String(v);
  }
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('').trim();
    if ('result' in v) return v.result instanceof Date ? isoDay(v.result) : String(v.result ?? '').trim();
    if ('text' in v) return String(v.text).trim();
  }
  return String(v).trim();
}

// Excel keeps dates without a zone; exceljs hands them back as UTC midnight of that day.
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const excelSerialToDate = (serial: number) => new Date(Math.round((serial - 25569) * 86_400_000));
