import type { PassengerType } from '@portal/contract/api/shopping';
import { normalizeFlightNumber } from './flight-number.ts';

/**
 * Reads a pasted GDS itinerary display into segments, names, the booking's own record locator and a group mark.
 * Built on the published display layouts of the three systems agents paste from:
 *
 *   Amadeus RT   RP/PEK1A0980/PEK1A0980            AA/SU  25NOV26/0830Z   ABC123
 *                  1.ZHANG/SAN MR   2.LI/SI MS(CHD/01JAN18)
 *                  3  CA1501 Y 29NOV 7 PEKSHA HK2  0800 1010  29NOV  E  CA/NE8XYZ
 *                  4 AP PEK 010-12345678
 *   Sabre *A      1.1ZHANG/SAN MR  2.1LI/SI MS*CNN
 *                 1 CA 981Y 15DEC M PEKJFK*HK2   100P  200P /DCCA*NE8XYZ /E
 *                TKT/TIME LIMIT ... (sections)            PEKW.PEKW*A1B 0830/25NOV26 QWERTY H
 *   eTerm RT      1.张三 2.LI/SI CHD HX7Z2P
 *                 3.  CA1501 Y   SU29NOV  PEKSHA HK2   0800 1010          E T3T2
 *                 4.PEK/T PEK/T 010-12345678/ABC TRAVEL   5.TL/1200/25NOV/PEK123   6.RMK CA/NE8XYZ   7.PEK123
 *
 * It refuses (PnrReadError: which line, why) rather than guessing: a line laid out as a flight whose date, weekday or
 * time cannot be read, or a name element it cannot read. Segments it reads but that must not be searched again are
 * kept with a `skip` reason (flown, cancelled, past, open) so the caller can say so instead of dropping them silently.
 */
export interface PnrSegment {
  flightNumber: string;
  carrier: string;
  bookingClass: string;
  date: string;
  origin: string;
  destination: string;
  /** Local "HH:mm", when the display shows times. */
  departureTime: string | null;
  arrivalTime: string | null;
  arrivalDate: string | null;
  status: string | null;
  /** Seats held (the number after the status: HK2), when shown. */
  seats: number | null;
  /** 1-based line of the pasted text, and the segment's text, so a message can point at it. */
  line: number;
  text: string;
  /** Why the segment is not searched again; null: it is searched. */
  skip: PnrSkipReason | null;
}

export type PnrSkipReason = 'flown' | 'cancelled' | 'past' | 'open';

export interface PnrPassenger {
  surname: string;
  givenName: string;
  title: string | null;
  type: PassengerType;
}

export interface PnrGroup {
  /** Seats the group name element asks for (0.20GRP NM3: 20). */
  seats: number;
  name: string;
  line: number;
}

export interface ParsedPnr {
  recordLocator: string | null;
  segments: PnrSegment[];
  passengers: PnrPassenger[];
  group: PnrGroup | null;
}

export type PnrReadReason = 'name' | 'flight' | 'date' | 'weekday' | 'time';

/** A line the parser will not guess about: the caller answers "line N: why" in the user's language. */
export class PnrReadError extends Error {
  constructor(
    readonly line: number,
    readonly reason: PnrReadReason,
    readonly text: string,
  ) {
    super(`line ${line}: ${reason} (${text})`);
  }
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
// Status codes meaning the seat is not (or no longer) held: have cancelled, unable, no action, cancelled.
const DEAD_STATUSES = new Set(['HX', 'UN', 'UC', 'UU', 'US', 'NO', 'XX', 'XK', 'XL', 'XR']);
const FLOWN_STATUSES = new Set(['FLWN', 'FLOWN']);
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MSTR', 'DR', 'PROF', 'CHD', 'INF']);
const LOCATOR = /^[A-Z0-9]{6}$/;
/** eTerm locators were 5 characters before 6 (TFK2S), both are still displayed. */
const ETERM_LOCATOR = /^[A-Z0-9]{5,6}$/;
const HAN = /\p{Script=Han}/u;
/**
 * Segment statuses an eTerm record only shows once it has been through end of transaction (@, 封口), i.e. once it has
 * a locator: the sell action codes DK, LL/DW, NN become HK, HL, HN there; RR (reconfirmed, after ticketing), TK/UN
 * (schedule change), NO and HX (airline cancelled) are airline answers to a record the airline already holds.
 */
const ETERM_SAVED_STATUSES = new Set(['HK', 'HL', 'HN', 'RR', 'TK', 'UN', 'NO', 'HX']);
/**
 * eTerm elements that exist only in a saved record: the e-ticket banner and ticket numbers (tickets are issued from a
 * saved record), and the airline's own locator (RMK CA/NE8XYZ), which the airline returns after end of transaction.
 */
const ETERM_SAVED_ELEMENT = /^(?:\*\*ELECTRONIC TICKET PNR\*\*|\d{1,3}\.(?:SSR TKNE\b|TN\/|RMK [A-Z0-9]{2}\/[A-Z0-9]{5,6}\s*$))/;
/** The retrieve command echoed above a display names the locator the agent asked for: ">RT NB416S", ">rt:n/TFK2S". */
const ETERM_RT_ECHO = /^\s*>\s*RT\s*:?\s*(?:N\/)?([A-Z0-9]{5,6})\s*$/m;

// Days of week as each system writes them, to JavaScript's getUTCDay() (0 = Sunday).
const AMADEUS_DOW: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 0 };
const SABRE_DOW: Record<string, number> = { M: 1, T: 2, W: 3, Q: 4, F: 5, J: 6, S: 0 };
const ETERM_DOW: Record<string, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 0 };

/**
 * An air segment of any of the three layouts: element number (eTerm adds a dot), optional codeshare star, carrier,
 * number and class (Sabre glues the class to the number, eTerm may add a sub-class digit), the date (eTerm prefixes
 * the weekday and may glue a year and the city pair to it), the weekday (Amadeus digit, Sabre letter), the city pair
 * (Sabre may put a star before or after it, and a marriage group after it), the status with its seat count, the rest.
 */
const SEGMENT =
  /^(\d{1,3})\.?\s+\*?([A-Z0-9]{2})\s{0,2}(\d{1,4})\s*([A-Z])\d?\s+([A-Z]{2})?(\d{1,2})([A-Z]{3})(\d{4}|\d{2})?\s*(?:([1-7]|[MTWQFJS])(?=[\s*]))?\s*\*?\s*([A-Z]{3})([A-Z]{3})\*?\s*(?:\d{1,2}\/\d{1,2}\s+)?(FLWN|FLOWN|[A-Z]{2})(\d{1,3})?(?=\s|$)(.*)$/;
/** Laid out as an air segment (number, carrier and flight, class, a date): a line we must read or refuse. */
const SEGMENT_LIKE = /^\d{1,3}\.?\s+\*?[A-Z0-9]{2}\s{0,2}\d{1,4}\s*[A-Z]\d?\s+(?:[A-Z]{2})?\d{1,2}[A-Z]{3}/;
/** Open-dated air segments (no date to search) and non-air segments (surface, hotel, car, miscellaneous). */
const OPEN_SEGMENT = /^\d{1,3}\.?\s+\*?([A-Z0-9]{2})\s{0,2}(\d{1,4})\s*([A-Z])\d?\s+OPEN\s+([A-Z]{3})([A-Z]{3})/;
const OTHER_SEGMENT = /^\d{1,3}\.?\s+(?:ARNK|ARUNK|OTH|HTL|HHL|CCR|CAR|MIS|TUR|SUR|ATX)\b/;

/** eTerm elements after the names: office/phone (PEK/T), ticketing (T, TL/), SSR, OSI, RMK, fares, tickets, office. */
const ETERM_ELEMENT =
  /^\d{1,3}\.(?:SSR|OSI|RMK|REM|BOOK|TL\/|FN\/|TN\/|FP\/|FC\/|FI\/|EI\/|XN\/|EN\/|TC\/|OI\/|FG\/|[A-Z]{3}\/T\b|T\b(?!\/)|T\s|[A-Z]{3}\d{3}\s*$|\*\s*$)/;
/** Amadeus elements after the names: contacts, ticketing, SSR/OSI, remarks, fare elements, option queues. */
const AMADEUS_ELEMENT =
  /^\d{1,3}\s+\*?(?:AP[A-Z]?|AB|AM|TK|TL|SSR|OSI|RM|RC|RI[A-Z]|RX|FA|FB|FE|FG|FH|FK|FM|FO|FP|FS|FT|FV|FZ|OPW|OPC|OP|SK|ES|MCO)\b/;
/** Sabre *A section headers: every numbered line after one belongs to that section, never to the names. */
const SABRE_SECTION =
  /^(?:TKT\/TIME LIMIT|PHONES|REMARKS|GENERAL FACTS|[A-Z0-9]{2} FACTS|RECEIVED FROM|PASSENGER DETAILS FIELD|SECURITY INFO|TICKET RECORD|ADDRESS|INVOICE|FREQUENT TRAVELER|ACCOUNTING DATA|PRICE QUOTE RECORD|SPECIAL SERVICES|SEATS\/BOARDING PASS)\b/;
/** Sabre's closing line: PCC.PCC*AGENT HHMM/DDMMMYY LOCATOR H (the booking's own locator, six letters). */
const SABRE_FOOTER = /^[A-Z0-9]{3,4}\.[A-Z0-9]{3,4}\*?[A-Z0-9]{2,4}\s+\d{3,4}\/\s?\d{1,2}[A-Z]{3}\d{2}\s+([A-Z]{6})\b/;
/** Amadeus header: RP/office/office ... the booking's locator as the last field (absent in a PNR not yet saved). */
const AMADEUS_HEADER = /^RP\/[A-Z0-9]+\/\S*.*?(?:\s([A-Z0-9]{6}))?$/;
/** Group name elements: eTerm and Amadeus "0.20TOURNAME NM3", Sabre "1.C/20TOURNAME". */
const GROUP_LINE = /^0\.(\d{1,3})\s*(.*?)\s+NM:?\s*(\d{1,3})(?:\s+([A-Z0-9]{5,6})(?:\/[A-Z0-9]{2})?)?\s*$/;
const SABRE_GROUP_LINE = /^\d{1,2}\.C\/(\d{1,3})\s*(.*)$/;

/**
 * Where a display flattened onto one line (or glued by a chat window) starts a new element: an Amadeus header, an
 * air segment of any layout, an eTerm or Amadeus element keyword, a Sabre section header. Names are not split here:
 * they belong on one name line.
 */
const ELEMENT_START = new RegExp(
  [
    String.raw`RP\/[A-Z0-9]+\/`,
    String.raw`\*\*ELECTRONIC TICKET PNR\*\*`,
    // The first name after a header (Amadeus "...0830Z   ABC123", eTerm "**ELECTRONIC TICKET PNR**").
    String.raw`(?<=\*\*ELECTRONIC TICKET PNR\*\*\s+)\d{1,3}\.`,
    String.raw`(?<=\d{4}Z(?:\s+[A-Z0-9]{6})?\s+)\d{1,3}\.`,
    String.raw`\d{1,3}\.?\s+\*?[A-Z0-9]{2}\s{0,2}\d{1,4}\s*[A-Z]\d?\s+(?:[A-Z]{2})?\d{1,2}[A-Z]{3}(?:\d{2}|\d{4})?\s`,
    String.raw`\d{1,3}\.?\s+\*?[A-Z0-9]{2}\s{0,2}\d{1,4}\s*[A-Z]\d?\s+(?:[A-Z]{2})?\d{1,2}[A-Z]{3}\d{2}[A-Z]{6}`,
    String.raw`\d{1,3}\.(?:SSR|OSI|RMK|TL\/|FN\/|TN\/|FP\/|FC\/|EI\/|XN\/|TC\/|OI\/|[A-Z]{3}\/T\s)`,
    String.raw`\d{1,3}\.[A-Z]{3}\d{3}(?=\s|$)`,
    String.raw`\d{1,3}\s(?:AP|APE|TK|SSR|OSI|RM|FA|FB|FE|FP|FM|FV|OPW|OPC)\s`,
    String.raw`(?:TKT\/TIME LIMIT|PHONES|GENERAL FACTS|RECEIVED FROM|REMARKS)(?=\s|$)`,
    String.raw`[A-Z0-9]{3,4}\.[A-Z0-9]{3,4}\*?[A-Z0-9]{2,4}\s+\d{3,4}\/`,
  ].join('|'),
  'g',
);

interface Line {
  line: number;
  text: string;
}

/**
 * The display as logical lines: any line ending (CR LF, LF, or CR alone as some terminals copy), full-width
 * characters folded (NFKC), eTerm page marks (a lone + or - at the right edge) and command echoes (">RT ...")
 * dropped, and elements glued onto one line split apart.
 */
function logicalLines(text: string): Line[] {
  const out: Line[] = [];
  const physical = text.normalize('NFKC').toUpperCase().replace(/\t/g, ' ').split(/\r\n|\r|\n/);
  physical.forEach((raw, i) => {
    const t = raw.replace(/\s{2,}[+-]\s*$/, '').trimEnd();
    if (/^\s*>/.test(t)) return;
    if (!t.trim()) return;
    // Split before every element start that follows whitespace (not at the line start: that one is the line).
    const cuts: number[] = [];
    ELEMENT_START.lastIndex = 0;
    for (let m = ELEMENT_START.exec(t); m; m = ELEMENT_START.exec(t)) {
      if (m.index > 0 && /\s/.test(t[m.index - 1]) && t.slice(0, m.index).trim()) cuts.push(m.index);
      ELEMENT_START.lastIndex = m.index + 1;
    }
    let from = 0;
    for (const c of [...cuts, t.length]) {
      const piece = t.slice(from, c).trim();
      if (piece) out.push({ line: i + 1, text: piece });
      from = c;
    }
  });
  return out;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

function validDate(y: number, m: number, day: number): Date | null {
  const d = new Date(Date.UTC(y, m, day));
  return d.getUTCMonth() === m && d.getUTCDate() === day ? d : null;
}

/** 15DEC (+ optional 2-digit year) as an ISO date: the next occurrence on or after `today` when no year is given. */
export function resolveDate(day: number, month: string, year2: string | undefined, today: Date): string | null {
  const m = MONTHS.indexOf(month);
  if (m < 0 || day < 1 || day > 31) return null;
  if (year2) {
    const y = year2.length === 4 ? Number(year2) : 2000 + Number(year2);
    const d = validDate(y, m, day);
    return d ? iso(d) : null;
  }
  const todayIso = iso(today);
  for (let y = today.getUTCFullYear(); y <= today.getUTCFullYear() + 4; y++) {
    const d = validDate(y, m, day); // 29FEB needs a leap year
    if (d && iso(d) >= todayIso) return iso(d);
  }
  return null;
}

/**
 * The segment's date with the weekday the display shows as a check. Without a year the date is the next occurrence
 * (the GDS convention); when the weekday does not fit it but fits the same date a year earlier, the segment is in the
 * past (a flown leg whose status was not updated). Otherwise the display contradicts itself: refused, not guessed.
 */
function segmentDate(day: number, mon: string, year: string | undefined, dow: number | null, today: Date): string | 'date' | 'weekday' {
  const date = resolveDate(day, mon, year, today);
  if (!date) return 'date';
  const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
  if (dow === null || weekday(date) === dow) return date;
  if (!year) {
    const before = validDate(Number(date.slice(0, 4)) - 1, MONTHS.indexOf(mon), day);
    if (before && before.getUTCDay() === dow && iso(before) < iso(today)) return iso(before);
  }
  return 'weekday';
}

function addDays(isoDate: string, days: number): string {
  return iso(new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000));
}

/**
 * "0800", "2355" (24-hour) or Sabre's 12-hour "800A", "1130P", "1200N" (noon), "1200M" (midnight) as "HH:mm";
 * null when the token is not a time that exists.
 */
export function readTime(token: string): string | null {
  const m = /^(\d{1,2}?)(\d{2})([APNM])?$/.exec(token);
  if (!m || !m[1]) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  const half = m[3];
  if (half) {
    if (h < 1 || h > 12) return null;
    if (half === 'N' || half === 'M') {
      if (h !== 12 || min !== 0) return null;
      h = half === 'N' ? 12 : 0;
    } else if (half === 'A') h = h === 12 ? 0 : h;
    else h = h === 12 ? 12 : h + 12;
  } else if (m[1].length !== 2 || h > 23) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

const TIME_TOKEN = /^(\d{3,4}[APNM]?)([+-]\d)?$/;

function parseSegment(l: Line, today: Date): PnrSegment | null {
  const m = SEGMENT.exec(l.text);
  if (!m) return null;
  const [, , carrier, number, rbd, etermDow, dd, mon, year, dowToken, origin, destination, status, seatsText, rest] = m;
  const dead = DEAD_STATUSES.has(status);
  // Amadeus shows a flown segment's status as FLWN (some displays keep HK and add FLWN after it).
  const flown = FLOWN_STATUSES.has(status) || /(?:^|\s)(?:FLWN|FLOWN)(?=\s|$)/.test(rest);
  const dowOf = etermDow ? ETERM_DOW[etermDow] : dowToken ? (AMADEUS_DOW[dowToken] ?? SABRE_DOW[dowToken]) : undefined;
  if (etermDow && dowOf === undefined) throw new PnrReadError(l.line, 'flight', l.text);
  let date = segmentDate(Number(dd), mon, year, dowOf ?? null, today);
  const dateText = `${etermDow ?? ''}${dd}${mon}${year ?? ''}${dowToken ? ` ${dowToken}` : ''}`;
  if (date === 'date' || date === 'weekday') {
    // A cancelled or flown segment is not searched: its date only needs to be shown, not trusted.
    if (!dead && !flown) throw new PnrReadError(l.line, date, dateText);
    date = resolveDate(Number(dd), mon, year, today) ?? '';
  }

  // Times: the first time-shaped token within the next three (Amadeus may show a terminal before them), then the
  // arrival, then an optional arrival date (Amadeus, Sabre) where eTerm writes +1.
  const tokens = rest.trim().split(/\s+/).filter(Boolean);
  let departureTime: string | null = null;
  let arrivalTime: string | null = null;
  let arrivalDate: string | null = null;
  const at = tokens.slice(0, 3).findIndex((t) => TIME_TOKEN.test(t));
  if (at >= 0 && TIME_TOKEN.test(tokens[at + 1] ?? '')) {
    const dep = TIME_TOKEN.exec(tokens[at])!;
    const arr = TIME_TOKEN.exec(tokens[at + 1])!;
    departureTime = readTime(dep[1]);
    arrivalTime = readTime(arr[1]);
    if (!departureTime) throw new PnrReadError(l.line, 'time', tokens[at]);
    if (!arrivalTime) throw new PnrReadError(l.line, 'time', tokens[at + 1]);
    if (date) {
      const shown = /^(\d{2})([A-Z]{3})$/.exec(tokens[at + 2] ?? '');
      if (arr[2]) arrivalDate = addDays(date, Number(arr[2]));
      else if (shown) arrivalDate = resolveDate(Number(shown[1]), shown[2], undefined, new Date(`${date}T00:00:00Z`)) ?? date;
      else arrivalDate = date;
    }
  } else if (at >= 0) {
    // One time alone: the display is cut or garbled; times matter for connections, so say which token.
    throw new PnrReadError(l.line, 'time', tokens[at]);
  }

  let skip: PnrSkipReason | null = null;
  if (flown) skip = 'flown';
  else if (dead) skip = 'cancelled';
  else if (date && date < iso(today)) skip = 'past';
  return {
    flightNumber: normalizeFlightNumber(`${carrier}${number}`),
    carrier,
    bookingClass: rbd,
    date: date || '',
    origin,
    destination,
    departureTime,
    arrivalTime,
    arrivalDate,
    status,
    seats: seatsText ? Number(seatsText) : null,
    line: l.line,
    text: l.text,
    skip,
  };
}

function typeOfTitle(title: string | null, fallback: PassengerType): PassengerType {
  if (title === 'CHD' || title === 'MSTR') return 'child';
  if (title === 'INF') return 'infant';
  return fallback;
}

/**
 * Given names and title of a Latin name: "SAN MR", "ZHIHAN CHD", eTerm's glued "SHICHD" (a pinyin given name never
 * ends in CHD). MISS stays an adult unless a child mark says otherwise: it is also the title of adult women.
 */
function givenAndTitle(words: string[]): { given: string; title: string | null } {
  const w = [...words];
  let title: string | null = null;
  if (w.length > 1 && TITLES.has(w[w.length - 1])) title = w.pop()!;
  else if (w.length >= 1 && /^[A-Z]{2,}(CHD|INF)$/.test(w[w.length - 1]) && !title) {
    const last = w.pop()!;
    title = last.slice(-3);
    w.push(last.slice(0, -3));
  }
  return { given: w.join(' '), title };
}

/** Notes in brackets: Amadeus (CHD/01JAN18), (INFZHANG/BAOBAO/01JAN26), eTerm (UM8). */
function applyNotes(notes: string[], surname: string, base: PassengerType, out: PnrPassenger[]): PassengerType {
  let type = base;
  for (const n of notes) {
    if (/^CHD\b/.test(n) || /^UM\d*/.test(n)) type = 'child';
    const inf = /^INF(.*)$/.exec(n);
    if (inf) {
      // (INFJAMES/03MAY18): same surname; (INFJONES/JAMES/03MAY18) or (INF/JAMES/...): with its own or the same.
      const parts = inf[1].split('/').filter((p, i, a) => !(i === a.length - 1 && /^\d{2}[A-Z]{3}\d{2}$/.test(p)));
      if (parts.length === 1 && parts[0]) out.push({ surname, givenName: parts[0].trim(), title: null, type: 'infant' });
      else if (parts.length >= 2) out.push({ surname: (parts[0] || surname).trim(), givenName: parts[1].trim(), title: null, type: 'infant' });
    }
  }
  return type;
}

/**
 * One name element (without its number). Returns null when it is not a name this parser can read: a Latin name
 * needs SURNAME/GIVEN; a Chinese name (eTerm) is written whole, without a slash, optionally mixed with Latin letters.
 */
function parseNameEntry(entry: string): PnrPassenger[] | null {
  const out: PnrPassenger[] = [];
  const notes = [...entry.matchAll(/\(([^)]*)\)/g)].map((x) => x[1].trim());
  let body = entry.replace(/\([^)]*\)/g, ' ').trim();
  if (/^(?:I\/)?\d/.test(body)) {
    // Sabre: [I/]<count>SURNAME/GIVEN TITLE/GIVEN TITLE*REMARK (the count is the names under this surname).
    const s = /^(I\/)?(\d{1,2})(.+)$/.exec(body);
    if (!s) return null;
    const [head, ...remarks] = s[3].split('*');
    const parts = head.split('/').map((p) => p.trim());
    if (parts.length < 2 || !/^[A-Z][A-Z' -]*$/.test(parts[0])) return null;
    let type: PassengerType = s[1] ? 'infant' : 'adult';
    for (const r of remarks) {
      if (/^(CNN|CHD|C-?\d{1,2})\b/.test(r.trim())) type = 'child';
      if (/^INF\b/.test(r.trim())) type = 'infant';
    }
    for (const g of parts.slice(1)) {
      const words = g.split(/\s+/).filter(Boolean);
      if (!words.every((w) => /^[A-Z'-]+$/.test(w))) return null;
      const { given, title } = givenAndTitle(words);
      out.push({ surname: parts[0], givenName: given, title, type: typeOfTitle(title, type) });
    }
    return out;
  }
  const infantMark = /^I\//.test(body);
  if (infantMark) body = body.slice(2);
  if (HAN.test(body)) {
    // eTerm Chinese (or Chinese-and-Latin) name, booked whole: never split into surname and given name here.
    const c = /^([\p{Script=Han}A-Z·]+?)\s*(CHD|INF|MSTR|MISS|MS|MR|MRS)?$/u.exec(body);
    if (!c) return null;
    const title = c[2] ?? null;
    const type = applyNotes(notes, c[1], typeOfTitle(title, infantMark ? 'infant' : 'adult'), out);
    out.unshift({ surname: c[1], givenName: '', title, type });
    return out;
  }
  const l = /^([A-Z][A-Z' -]*?)\s*\/\s*([A-Z][A-Z' -]*)$/.exec(body);
  if (!l) return null;
  const surname = l[1].trim();
  const { given, title } = givenAndTitle(l[2].trim().split(/\s+/));
  const type = applyNotes(notes, surname, typeOfTitle(title, infantMark ? 'infant' : 'adult'), out);
  out.unshift({ surname, givenName: given, title, type });
  return out;
}

/** eTerm infant element: XN/IN/张宝宝INF(JAN25)/P1 or XN/IN/ZHANG/BAOBAO INF(JAN25)/P1. */
function parseEtermInfant(text: string): PnrPassenger | null {
  const m = /^\d{1,3}\.XN\/IN\/(.+?)\s*INF\s*(?:\([^)]*\))?\s*(?:\/P\d+)?\s*$/.exec(text);
  if (!m) return null;
  const name = m[1].trim();
  if (HAN.test(name) && !name.includes('/')) return { surname: name, givenName: '', title: 'INF', type: 'infant' };
  const l = /^([A-Z][A-Z' -]*)\/([A-Z][A-Z' -]*)$/.exec(name);
  return l ? { surname: l[1].trim(), givenName: l[2].trim(), title: 'INF', type: 'infant' } : null;
}

/** What an eTerm display says about its record: the locator its RT echo asked for, and whether it shows a saved record. */
interface EtermEvidence {
  echoed: string | null;
  saved: boolean;
}

/**
 * Whether the 5-6 character word eTerm shows after the last name (`before`: the name line up to it) is the booking's
 * locator. A record not saved yet (no end of transaction: segments still DK/NN/LL) has no locator, and its last name
 * may end with a word of that shape ("1.MOHAMMED/ABDUL RAHMAN", "1.SMITH/JOHN MASTER"): eTerm Latin names keep spaces
 * between given names (WANG/SHU LIN, HU/YONG FENG MR). So the word is the locator only when it cannot be part of the
 * name (a digit: names are letters only; or it follows a Chinese name, which eTerm writes without spaces), when the RT
 * echo names it, or when the display shows a saved record and the word has none of A, I, O, U (no eTerm locator seen
 * has one, while almost every name word does). Otherwise no locator: a name cut short is worse than a locator left
 * empty. Evidence and sources: pnr-corpus/manifest.json, "locatorEvidence".
 */
function isEtermLocator(token: string, before: string, evidence: EtermEvidence): boolean {
  if (!ETERM_LOCATOR.test(token)) return false;
  if (/\d/.test(token) || evidence.echoed === token) return true;
  const entry = before.split(/\d{1,3}\./).pop() ?? '';
  if (HAN.test(entry)) return true;
  return evidence.saved && !/[AIOU]/.test(token);
}

export function parsePnr(text: string, today: Date = new Date()): ParsedPnr {
  const compact = text.normalize('NFKC').toUpperCase().trim();
  if (LOCATOR.test(compact)) return { recordLocator: compact, segments: [], passengers: [], group: null };
  const lines = logicalLines(text);

  let headerLocator: string | null = null;
  let footerLocator: string | null = null;
  let group: PnrGroup | null = null;
  const segments: PnrSegment[] = [];
  const infants: PnrPassenger[] = [];
  const nameLines: Line[] = [];
  let wrappedLocator: Line | null = null;
  let namesOpen = true;
  let sabreSection = false;
  let sabre = false;
  let eterm = false;

  for (const l of lines) {
    const t = l.text;
    const header = AMADEUS_HEADER.exec(t);
    if (header) {
      headerLocator = header[1] ?? null;
      continue;
    }
    const footer = SABRE_FOOTER.exec(t);
    if (footer) {
      sabre = true;
      footerLocator = footer[1];
      continue;
    }
    if (SABRE_SECTION.test(t)) {
      sabre = true;
      sabreSection = true;
      namesOpen = false;
      continue;
    }
    // Numbered lines of a Sabre section (phones, time limit, facts, remarks) are never names nor flights.
    if (sabreSection) continue;
    const g = GROUP_LINE.exec(t);
    if (g && namesOpen) {
      group = { seats: Number(g[1]), name: g[2].trim(), line: l.line };
      if (g[4]) headerLocator ??= g[4];
      eterm ||= Boolean(g[4]);
      continue;
    }
    const sg = SABRE_GROUP_LINE.exec(t);
    if (sg && namesOpen) {
      sabre = true;
      group = { seats: Number(sg[1]), name: sg[2].trim(), line: l.line };
      continue;
    }
    const seg = parseSegment(l, today);
    if (seg) {
      if (/^\d{1,3}\./.test(t)) eterm = true;
      if (/^\d{1,3}\s+\*?[A-Z0-9]{2}\s{0,2}\d{1,4}[A-Z]\s/.test(t) || /[A-Z]{6}\*/.test(t) || /\d[APNM]\s/.test(t)) sabre = true;
      segments.push(seg);
      namesOpen = false;
      continue;
    }
    const open = OPEN_SEGMENT.exec(t);
    if (open) {
      const [, carrier, number, rbd, origin, destination] = open;
      segments.push({
        flightNumber: normalizeFlightNumber(`${carrier}${number}`),
        carrier,
        bookingClass: rbd,
        date: '',
        origin,
        destination,
        departureTime: null,
        arrivalTime: null,
        arrivalDate: null,
        status: null,
        seats: null,
        line: l.line,
        text: t,
        skip: 'open',
      });
      namesOpen = false;
      continue;
    }
    if (SEGMENT_LIKE.test(t)) throw new PnrReadError(l.line, 'flight', t);
    if (OTHER_SEGMENT.test(t)) {
      namesOpen = false;
      continue;
    }
    if (ETERM_ELEMENT.test(t)) {
      eterm = true;
      namesOpen = false;
      const inf = /^\d{1,3}\.XN\//.test(t) ? parseEtermInfant(t) : null;
      if (/^\d{1,3}\.XN\/IN\//.test(t) && !inf) throw new PnrReadError(l.line, 'name', t);
      if (inf) infants.push(inf);
      continue;
    }
    if (AMADEUS_ELEMENT.test(t)) {
      namesOpen = false;
      continue;
    }
    // Name elements come first in all three layouts: a numbered line before the first flight or other element.
    if (namesOpen && /^\d{1,3}\.\S/.test(t)) {
      nameLines.push(l);
      wrappedLocator = null;
      continue;
    }
    // eTerm moves the locator onto a line of its own when the names fill the 80 columns (" 6.张建刚" then "   KMVQHE").
    if (namesOpen && nameLines.length > 0 && ETERM_LOCATOR.test(t)) {
      wrappedLocator = l;
      continue;
    }
    // Anything else (headers, OPERATED BY, wrapped continuations, notices) says nothing about flights or names.
  }
  if (/^\d{1,3}\.\d/.test(nameLines[0]?.text ?? '')) sabre = true;

  // eTerm writes the booking's locator after the last name (or on the group line); Amadeus in its header, Sabre in
  // its closing line. Airline locators (Amadeus "CA/NE8XYZ", Sabre "/DCCA*NE8XYZ", eTerm "RMK CA/NE8XYZ") are not it.
  let etermLocator: string | null = null;
  let cutAt: number | null = null;
  const lastNames = nameLines[nameLines.length - 1];
  if (eterm && !sabre && lastNames && !(group && headerLocator)) {
    const evidence: EtermEvidence = {
      echoed: ETERM_RT_ECHO.exec(compact)?.[1] ?? null,
      saved:
        segments.some((s) => s.status !== null && ETERM_SAVED_STATUSES.has(s.status)) ||
        lines.some((l) => ETERM_SAVED_ELEMENT.test(l.text)),
    };
    if (wrappedLocator) {
      // The locator wrapped: the last word of the name line is a name, whatever its shape.
      if (isEtermLocator(wrappedLocator.text, lastNames.text, evidence)) etermLocator = wrappedLocator.text;
    } else {
      const last = /\s([A-Z0-9]{5,6})\s*$/.exec(lastNames.text);
      if (last && isEtermLocator(last[1], lastNames.text.slice(0, last.index), evidence)) {
        etermLocator = last[1];
        cutAt = last.index;
      }
    }
  }
  const passengers: PnrPassenger[] = [];
  nameLines.forEach((l, i) => {
    const text = i === nameLines.length - 1 && cutAt !== null ? l.text.slice(0, cutAt) : l.text;
    // Entries are "n." apart; eTerm may glue a Chinese name to the next number ("1.张三2.李四").
    const entries = text.trim().split(/\s+(?=\d{1,3}\.)|(?<=\p{Script=Han})(?=\d{1,3}\.)/u);
    for (const entry of entries) {
      const e = /^\d{1,3}\.(.*)$/.exec(entry.trim());
      const read = e ? parseNameEntry(e[1].trim()) : null;
      if (!read || read.length === 0) throw new PnrReadError(l.line, 'name', entry.trim());
      passengers.push(...read);
    }
  });
  passengers.push(...infants);

  return { recordLocator: headerLocator ?? footerLocator ?? etermLocator, segments, passengers, group };
}

export interface SetAside {
  segment: PnrSegment;
  reason: PnrSkipReason | 'unknownAirport';
  /** The unknown airport, for 'unknownAirport'. */
  code: string | null;
}

/**
 * Splits the segments read into those to search and those set aside: the parser's own reasons (flown, cancelled,
 * past, open) and an airport the reference data does not know. One unknown airport sets only that segment aside:
 * the rest of the display is still searched, and the answer says which line was not understood.
 */
export function sortSegments(segments: PnrSegment[], isKnownAirport: (code: string) => boolean): { active: PnrSegment[]; skipped: SetAside[] } {
  const active: PnrSegment[] = [];
  const skipped: SetAside[] = [];
  for (const s of segments) {
    if (s.skip) {
      skipped.push({ segment: s, reason: s.skip, code: null });
      continue;
    }
    const unknown = [s.origin, s.destination].find((c) => !isKnownAirport(c));
    if (unknown) skipped.push({ segment: s, reason: 'unknownAirport', code: unknown });
    else active.push(s);
  }
  return { active, skipped };
}

/** Minutes between the previous segment's arrival and this one's departure, when both times are known. */
export function connectionMinutes(prev: PnrSegment, next: PnrSegment): number | null {
  if (!prev.arrivalTime || !prev.arrivalDate || !next.departureTime) return null;
  const a = Date.parse(`${prev.arrivalDate}T${prev.arrivalTime}:00Z`);
  const d = Date.parse(`${next.date}T${next.departureTime}:00Z`);
  return Math.round((d - a) / 60_000);
}
