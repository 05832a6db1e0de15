import type { PassengerInput } from '../api/flight-orders.ts';
import type { PassengerType } from '../api/shopping.ts';
import { alpha2FromAlpha3 } from '../countries-alpha3.ts';
import type { MessageKey } from '../messages.ts';
import { parseIsoDate, readBirthday } from './dates.ts';
import { normalizeDocumentNumber, normalizeDocumentType } from './documents.ts';

/** One passenger read from pasted text: the booking's passenger shape, with what the line did not say left out. */
export type PastedPassenger = Partial<Omit<PassengerInput, 'travel_document'>> & {
  surname: string;
  given_names: string;
  travel_document?: PassengerInput['travel_document'];
};

export type PasteImportResult =
  | { ok: true; passengers: PastedPassenger[] }
  /** `line` is 1-based in the pasted text; `text` is that line as pasted (trimmed). */
  | { ok: false; line: number; text: string; reason: MessageKey };

/**
 * The parser only reads: every value is passed on as written (upper-cased, dates as YYYY-MM-DD, countries as alpha-2
 * where a code is recognised) and the booking form runs the shared validation on the result, which says precisely
 * what is wrong with a value. A line is refused here only when it cannot be read at all.
 */

type Gender = 'male' | 'female';

interface Draft {
  passenger: PastedPassenger;
  /** Set when a DOCS line made the passenger, so a later name line for the same person completes it. */
  fromDocs: boolean;
  /** Set once a name line named the passenger: a second name line with the same name is another person. */
  named: boolean;
}

class LineError extends Error {
  constructor(readonly reason: MessageKey) {
    super(reason);
  }
}

// Names are Latin letters (DOCS and tickets are A-Z); anything else in a name is not a name line.
const NAME_WORDS = /^[A-Z]+( [A-Z]+)*$/;
const TITLES: Readonly<Record<string, { gender?: Gender; type?: PassengerType }>> = {
  MR: { gender: 'male' },
  MRS: { gender: 'female' },
  MS: { gender: 'female' },
  // MISS is used for girls and for unmarried women alike, so it says nothing about the passenger type.
  MISS: { gender: 'female' },
  MSTR: { gender: 'male', type: 'child' },
  CHD: { type: 'child' },
  INF: { type: 'infant' },
};

const collapse = (s: string) => s.trim().replace(/\s+/g, ' ');
const nameKey = (surname: string, given: string) => `${surname.replace(/\s/g, '')}/${given.replace(/\s/g, '')}`;

/** Alpha-2 for a 2- or 3-letter (or ICAO 'D') code; anything else passed on upper-cased for validation to refuse. */
function country(value: string): string {
  const v = value.trim().toUpperCase();
  if (v.length === 2) return v;
  return alpha2FromAlpha3(v) ?? v;
}

// A title may be glued to the given names with a space only: 'ZHANG/SANMR' could as well be a name ending in MR.
function stripTitles(given: string): { given: string; gender?: Gender; type?: PassengerType } {
  const words = given.split(' ');
  let gender: Gender | undefined;
  let type: PassengerType | undefined;
  while (words.length > 1 && TITLES[words[words.length - 1]]) {
    const t = TITLES[words.pop()!];
    gender ??= t.gender;
    type ??= t.type;
  }
  return { given: words.join(' '), gender, type };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * Expiry dates lie ahead, so a two-digit year is read forward: '30' is 2030, not 1930 as a birthday pivot would have
 * it. A pasted document may also have expired long ago, so the century is the one within 50 years of today.
 */
export function readExpiry(value: string, today: string): string | null {
  const v = value.trim().toUpperCase();
  const m = /^(\d{2})([A-Z]{3})(\d{2}|\d{4})$/.exec(v);
  if (!m) return sheetIsoDate(v);
  const month = MONTHS.indexOf(m[2]) + 1;
  if (!month) return null;
  let year = Number(m[3]);
  if (m[3].length === 2) {
    const thisYear = Number(today.slice(0, 4));
    year += Math.floor(thisYear / 100) * 100;
    if (year > thisYear + 50) year -= 100;
    else if (year < thisYear - 50) year += 100;
  }
  return parseIsoDate(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${m[1]}`);
}

/** Spreadsheets write yyyy/mm/dd, yyyy.mm.dd or 1985年3月5日 and drop leading zeros; the spec stores yyyy-mm-dd. */
function sheetIsoDate(value: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(value.trim());
  return m ? parseIsoDate(`${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`) : null;
}

function readBirth(value: string, today: string): string {
  const v = value.trim();
  const iso = sheetIsoDate(v);
  if (iso) return iso;
  const reading = readBirthday(v, today);
  if (!reading.ok) throw new LineError('travellers.paste.date');
  return reading.date;
}

function readGender(value: string): Gender | undefined {
  const v = value.trim().toUpperCase();
  if (!v) return undefined;
  if (['M', 'MALE', '男', 'MR'].includes(v)) return 'male';
  if (['F', 'FEMALE', '女', 'MS', 'MRS', 'MISS'].includes(v)) return 'female';
  throw new LineError('travellers.paste.gender');
}

/**
 * The booking's document type for a DOCS document code (IATA PADIS code list 1001 as GDSs use it: P passport, I and
 * A identity card). Only a Chinese ID card can be booked as an identity card; a Chinese ordinary passport (E or G
 * series) is the spec's chinese-passport.
 */
function docsDocumentType(code: string, issuer: string, number: string): string {
  if (code === 'P' || code === 'PP') return issuer === 'CN' && /^[EG]/.test(number) ? 'chinese-passport' : 'passport';
  if ((code === 'I' || code === 'A') && issuer === 'CN') return 'idcard';
  throw new LineError('travellers.paste.documentType');
}

/** Document types as spreadsheets write them, in English and Chinese, besides the spec's own codes. */
const SHEET_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  P: 'passport',
  PP: 'passport',
  I: 'idcard',
  NI: 'idcard',
  ID: 'idcard',
  IDCARD: 'idcard',
  'ID CARD': 'idcard',
  身份证: 'idcard',
  居民身份证: 'idcard',
  身分證: 'idcard',
  身份證: 'idcard',
  护照: 'passport',
  護照: 'passport',
  中国护照: 'chinese-passport',
  中國護照: 'chinese-passport',
  港澳通行证: 'eep',
  港澳通行證: 'eep',
  回乡证: 'tphm',
  回鄉證: 'tphm',
  台胞证: 'tptw',
  台胞證: 'tptw',
};

function sheetDocumentType(value: string, issuer: string, nationality: string, number: string): string {
  const v = collapse(value).toUpperCase();
  const type = normalizeDocumentType(v) ?? SHEET_DOCUMENT_TYPES[v] ?? null;
  if (!type) throw new LineError('travellers.paste.documentType');
  // A Chinese company's sheet says 护照 for its staff's passports: the E/G series tells a PRC passport apart.
  if (type === 'passport' && (issuer || nationality) === 'CN' && /^[EG]/.test(number)) return 'chinese-passport';
  return type;
}

const SHEET_TYPES: Readonly<Record<string, PassengerType>> = {
  ADULT: 'adult', ADT: 'adult', 成人: 'adult',
  CHILD: 'child', CHD: 'child', CNN: 'child', 儿童: 'child', 兒童: 'child',
  INFANT: 'infant', INF: 'infant', 婴儿: 'infant', 嬰兒: 'infant',
};

function readName(surname: string, given: string): { surname: string; given_names: string } {
  const s = collapse(surname).toUpperCase();
  const g = collapse(given).toUpperCase();
  if (!NAME_WORDS.test(s) || !NAME_WORDS.test(g)) throw new LineError('travellers.paste.name');
  return { surname: s, given_names: g };
}

// ---------------------------------------------------------------------------------------------------------------
// SSR DOCS

/**
 * The DOCS forms agents paste: PNR displays ('SSR DOCS CA HK1 P/CN/...', '3 SSR DOCS MU HK1 ...' with the element
 * number in front), Amadeus entries ('SRDOCS UA HK1-P-US-...'), Travelport ('SI.P1/SSRDOCSUAHK1/P/...') and Sabre
 * ('3DOCS/P/US/...-1.1'). Source of the entry forms: https://www.gdshub.pro/how-to-add-passport-data-in-amadeus-galileo-sabre/
 */
const DOCS_PREFIX = /^(?:\d+\s*\.?\s*)?(?:SI\.P\d+\/)?(?:SSR\s*DOCS|SR\s*DOCS|3DOCS\d*|DOCS)/;
// Carrier and status code ('CA HK1', 'UAHK1'), then the one separator before the first field.
const DOCS_CARRIER = /^\s*(?:[A-Z0-9]{2}\s*(?:[A-Z]{2}\d{1,2})?)?\s*[/\-\s]?/;
// What may follow the given names: the multi-passport holder flag, a passenger or segment association.
const DOCS_TRAILER = /^(H|P\d+|S\d+|\d+(\.\d+)?|)$/;

interface DocsReading {
  surname: string;
  given_names: string;
  gender?: Gender;
  type?: PassengerType;
  birthday?: string;
  nationality?: string;
  travel_document?: { type: string; number: string; expiryDate: string | null; issuingCountry: string | null };
}

function readDocs(line: string, today: string): DocsReading | null {
  const prefix = DOCS_PREFIX.exec(line);
  if (!prefix) return null;
  let rest = line.slice(prefix[0].length);
  // Optional: Sabre's 3DOCS and some pastes carry no carrier; two letters before the first separator would be one, so
  // the DOCS code 'IP' (passport card) written without a carrier is misread. No such paste has been seen.
  const carrier = DOCS_CARRIER.exec(rest);
  if (carrier) rest = rest.slice(carrier[0].length);
  const fields = rest.split(/[/-]/).map((f) => f.trim());
  while (fields.length > 0 && DOCS_TRAILER.test(fields[fields.length - 1])) fields.pop();

  // Sabre's Secure Flight form carries no document: DB/birth date/gender/surname/given names.
  if (fields[0] === 'DB') {
    if (fields.length < 5) throw new LineError('travellers.paste.docsFields');
    return { ...readName(fields[3], fields.slice(4).join(' ')), ...docsPerson(fields[1], fields[2], today) };
  }
  if (fields.length < 9) throw new LineError('travellers.paste.docsFields');
  const [code, issuerRaw, numberRaw, nationalityRaw, birth, gender, expiry, surname, ...given] = fields;
  const reading: DocsReading = { ...readName(surname, stripTitles(collapse(given.join(' '))).given), ...docsPerson(birth, gender, today) };
  if (nationalityRaw) reading.nationality = country(nationalityRaw);
  if (code) {
    const issuer = issuerRaw ? country(issuerRaw) : '';
    const number = normalizeDocumentNumber(numberRaw);
    let expiryDate: string | null = null;
    if (expiry) {
      expiryDate = readExpiry(expiry, today);
      if (!expiryDate) throw new LineError('travellers.paste.date');
    }
    reading.travel_document = { type: docsDocumentType(code, issuer, number), number, expiryDate, issuingCountry: issuer || null };
  }
  return reading;
}

function docsPerson(birth: string, gender: string, today: string): Pick<DocsReading, 'birthday' | 'gender' | 'type'> {
  const out: Pick<DocsReading, 'birthday' | 'gender' | 'type'> = {};
  if (birth) out.birthday = readBirth(birth, today);
  // MI and FI mark an infant travelling on an adult's lap (the DOCS goes with the adult's name element).
  if (gender === 'MI' || gender === 'FI') {
    out.gender = gender === 'MI' ? 'male' : 'female';
    out.type = 'infant';
  } else if (gender === 'M' || gender === 'F') out.gender = gender === 'M' ? 'male' : 'female';
  else if (gender) throw new LineError('travellers.paste.gender');
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Name lines

interface NameReading {
  surname: string;
  given_names: string;
  gender?: Gender;
  type?: PassengerType;
  birthday?: string;
}

/**
 * 'ZHANG/SAN', 'ZHANG/SAN MR', '-ZHANG/SAN', a numbered PNR name display '1.ZHANG/SAN MR 2.LI/SI MS' (eTerm adds the
 * record locator after the last name), and an Amadeus name entry 'NM2SMITH/JOHN MR/JANE MRS' (one surname, several
 * people). Amadeus writes a child's birth date '(CHD/05MAR18)' and an infant on the adult's element '(INFLI/BAO/05MAR24)'.
 */
function readNameLine(line: string, today: string): NameReading[] | null {
  let text = line;
  const entry = /^NM\d+\s*/.exec(text);
  if (entry) text = text.slice(entry[0].length);
  let segments = [text];
  if (/^\d+\.\s*[A-Z]/.test(text)) {
    segments = text.split(/(?:^|\s+)\d+\.\s*(?=[A-Z])/).filter((s) => s.trim());
    const last = segments.length - 1;
    segments[last] = segments[last].replace(/\s+(?=[A-Z0-9]*\d)[A-Z0-9]{5,6}$/, '');
  }
  const people: NameReading[] = [];
  for (const segment of segments) {
    const read = readNameSegment(segment.replace(/^-\s*/, ''), Boolean(entry), today);
    if (!read) return null;
    people.push(...read);
  }
  return people.length ? people : null;
}

function readNameSegment(segment: string, groups: boolean, today: string): NameReading[] | null {
  const infants: string[] = [];
  let child: { birthday?: string } | null = null;
  let text = segment;
  for (const m of segment.matchAll(/\(([^)]*)\)/g)) {
    text = text.replace(m[0], ' ');
    const inside = m[1].trim();
    if (/^CHD\b/.test(inside)) child = { birthday: inside.length > 3 ? readBirth(inside.slice(3).replace(/^\s*\/\s*/, ''), today) : undefined };
    else if (/^INF/.test(inside)) {
      if (inside.length > 3) infants.push(inside.slice(3));
    }
    else return null;
  }
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const surname = collapse(text.slice(0, slash));
  const givenParts = groups ? text.slice(slash + 1).split('/') : [text.slice(slash + 1)];
  if (!NAME_WORDS.test(surname)) return null;
  const people: NameReading[] = [];
  for (const part of givenParts) {
    const { given, gender, type } = stripTitles(collapse(part));
    if (!NAME_WORDS.test(given)) return null;
    const person: NameReading = { surname, given_names: given };
    if (gender) person.gender = gender;
    if (type) person.type = type;
    people.push(person);
  }
  if (child && people.length === 1) {
    people[0].type = 'child';
    if (child.birthday) people[0].birthday = child.birthday;
  }
  for (const inf of infants) {
    const infant = readInfant(inf, surname, today);
    if (!infant) return null;
    people.push(infant);
  }
  return people;
}

/** '(INF)' alone names nobody; '(INFBAO/05MAR24)' shares the adult's surname; '(INFLI/BAO/05MAR24)' gives both. */
function readInfant(text: string, adultSurname: string, today: string): NameReading | null {
  const parts = text.split('/').map(collapse).filter(Boolean);
  if (parts.length === 0) return null;
  let birthday: string | undefined;
  if (parts.length > 1 && /\d/.test(parts[parts.length - 1])) birthday = readBirth(parts.pop()!, today);
  const [surname, given] = parts.length >= 2 ? [parts[0], parts.slice(1).join(' ')] : [adultSurname, parts[0]];
  if (!NAME_WORDS.test(surname) || !NAME_WORDS.test(given)) return null;
  return { surname, given_names: given, type: 'infant', ...(birthday ? { birthday } : {}) };
}

// ---------------------------------------------------------------------------------------------------------------
// Spreadsheet rows

type Column = 'surname' | 'given' | 'name' | 'gender' | 'birthday' | 'nationality' | 'docType' | 'docNumber' | 'expiry' | 'issuer' | 'type';

/** The order of a row pasted without a header (issue 11). */
const FIXED_ORDER: readonly Column[] = ['surname', 'given', 'gender', 'birthday', 'nationality', 'docType', 'docNumber', 'expiry', 'issuer'];

const HEADERS: Readonly<Record<string, Column>> = Object.fromEntries(
  (
    [
      ['surname', ['surname', 'lastname', 'familyname', '姓', '姓氏', '英文姓', '姓拼音']],
      ['given', ['givenname', 'givennames', 'firstname', 'firstnames', 'forename', 'forenames', '名', '英文名', '名拼音']],
      ['name', ['name', 'fullname', 'passengername', 'englishname', '英文姓名', '姓名拼音', '姓名']],
      ['gender', ['gender', 'sex', '性别', '性別']],
      ['birthday', ['birthday', 'dateofbirth', 'birthdate', 'dob', '出生日期', '生日']],
      ['nationality', ['nationality', 'citizenship', '国籍', '國籍']],
      ['docType', ['documenttype', 'doctype', 'idtype', 'typeofdocument', '证件类型', '證件類型']],
      ['docNumber', ['documentnumber', 'documentno', 'docnumber', 'docno', 'passportnumber', 'passportno', 'idnumber', 'idno', '证件号码', '证件号', '證件號碼', '證件號']],
      ['expiry', ['expiry', 'expirydate', 'expirationdate', 'dateofexpiry', 'validuntil', 'validity', '有效期', '有效期至', '证件有效期', '證件有效期']],
      ['issuer', ['issuingcountry', 'countryofissue', 'issuedby', 'issuer', '签发国', '签发国家', '發證國', '簽發國', '簽發國家']],
      ['type', ['type', 'passengertype', 'paxtype', '旅客类型', '乘客类型', '旅客類型', '乘客類型']],
    ] as const
  ).flatMap(([column, names]) => names.map((n) => [n, column as Column])),
);

// Headers carry hints such as 'Date of birth (yyyy-mm-dd)' or '有效期（年-月-日）'; spacing and case vary.
const headerKey = (cell: string) => cell.replace(/[(（][^)）]*[)）]/g, '').toLowerCase().replace(/[^a-z\p{Script=Han}]/gu, '');

function readHeader(cells: string[]): (Column | null)[] | null {
  const columns = cells.map((c) => HEADERS[headerKey(c)] ?? null);
  const known = columns.filter(Boolean);
  const named = columns.includes('name') || (columns.includes('surname') && columns.includes('given'));
  return known.length >= 2 && named ? columns : null;
}

function readRow(cells: string[], columns: readonly (Column | null)[], today: string): PastedPassenger {
  const cell = (c: Column) => {
    const i = columns.indexOf(c);
    return i >= 0 ? (cells[i] ?? '').trim() : '';
  };
  let names: { surname: string; given_names: string };
  if (columns.includes('name') && !cell('surname')) {
    const [s, ...g] = cell('name').split('/');
    names = readName(s ?? '', g.join(' '));
  } else names = readName(cell('surname'), cell('given'));

  const p: PastedPassenger = { ...names };
  const type = cell('type');
  if (type) {
    const t = SHEET_TYPES[type.toUpperCase()] ?? SHEET_TYPES[type];
    if (t) p.type = t;
    else p.type = type.toLowerCase();
  }
  const gender = readGender(cell('gender'));
  if (gender) p.gender = gender;
  if (cell('birthday')) p.birthday = readBirth(cell('birthday'), today);
  const nationality = cell('nationality') ? country(cell('nationality')) : '';
  if (nationality) p.nationality = nationality;

  const number = normalizeDocumentNumber(cell('docNumber'));
  const rawType = cell('docType');
  if (rawType || number) {
    const issuer = cell('issuer') ? country(cell('issuer')) : '';
    const expiryText = cell('expiry');
    let expiryDate: string | null = null;
    // A mainland ID card may be valid for life, written 长期 on the card.
    if (expiryText && !['长期', '長期', '永久', 'LONG-TERM', 'LONGTERM'].includes(expiryText.toUpperCase())) {
      expiryDate = readExpiry(expiryText, today);
      if (!expiryDate) throw new LineError('travellers.paste.date');
    }
    p.travel_document = {
      type: rawType ? sheetDocumentType(rawType, issuer, nationality, number) : '',
      number,
      expiryDate,
      issuingCountry: issuer || null,
    };
  }
  return p;
}

// ---------------------------------------------------------------------------------------------------------------

/** Reads pasted passengers (SURNAME/GIVEN lines, GDS SSR DOCS lines, tab-separated spreadsheet rows). */
export function parsePastedPassengers(text: string, today: string): PasteImportResult {
  const lines = text.split(/\r\n|\r|\n/);
  const drafts: Draft[] = [];
  let columns: readonly (Column | null)[] | null = null;

  const addDocs = (docs: DocsReading) => {
    const key = nameKey(docs.surname, docs.given_names);
    // The DOCS of a passenger already named (the names come first in a PNR display) completes that passenger; until
    // a DOCS gives a document (Sabre's Secure Flight DOCS gives none), a further DOCS of the name still completes it.
    const named = drafts.find((d) => !d.passenger.travel_document && !d.fromDocs && nameKey(d.passenger.surname, d.passenger.given_names) === key);
    const { surname, given_names, ...facts } = docs;
    if (named) {
      const p = named.passenger;
      // The document is the authority on sex and date of birth; a title only guessed them.
      if (facts.gender) p.gender = facts.gender;
      if (facts.birthday) p.birthday = facts.birthday;
      if (facts.nationality) p.nationality = facts.nationality;
      if (facts.type) p.type = facts.type;
      if (facts.travel_document) p.travel_document = facts.travel_document;
    } else drafts.push({ passenger: { surname, given_names, ...facts }, fromDocs: true, named: false });
  };

  const addName = (person: NameReading) => {
    const key = nameKey(person.surname, person.given_names);
    const docs = drafts.find((d) => d.fromDocs && !d.named && nameKey(d.passenger.surname, d.passenger.given_names) === key);
    if (docs) {
      const p = docs.passenger;
      p.gender ??= person.gender;
      p.type ??= person.type;
      p.birthday ??= person.birthday;
      if (p.gender === undefined) delete p.gender;
      if (p.type === undefined) delete p.type;
      if (p.birthday === undefined) delete p.birthday;
      docs.named = true;
    } else drafts.push({ passenger: { ...person }, fromDocs: false, named: true });
  };

  for (const [index, raw] of lines.entries()) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    const fail = (reason: MessageKey): PasteImportResult => ({ ok: false, line: index + 1, text: trimmed, reason });
    try {
      const cells = raw.split('\t').map((c) => c.trim());
      const filled = cells.filter(Boolean);
      if (filled.length > 1) {
        const header = readHeader(cells);
        if (header) columns = header;
        else drafts.push({ passenger: readRow(cells, columns ?? FIXED_ORDER, today), fromDocs: false, named: true });
        continue;
      }
      // A one-column sheet of DOCS or name lines reads like the lines themselves.
      const line = (filled[0] ?? trimmed).toUpperCase();
      const docs = readDocs(line, today);
      if (docs) {
        addDocs(docs);
        continue;
      }
      const names = readNameLine(line, today);
      if (!names) return fail('travellers.import.formatLine');
      names.forEach(addName);
    } catch (e) {
      if (e instanceof LineError) return fail(e.reason);
      throw e;
    }
  }
  if (drafts.length === 0) return { ok: false, line: 0, text: '', reason: 'travellers.import.format' };
  return { ok: true, passengers: drafts.map((d) => d.passenger) };
}
