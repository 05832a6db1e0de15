import type { PassengerType } from '@portal/contract/api/shopping';
import { normalizeFlightNumber } from './flight-number.ts';

/**
 * Reads a pasted GDS itinerary display (Amadeus, Sabre, Travelsky eTerm style) into segments and names:
 *
 *   RP/PEK1A0980/PEK1A0980            AA/SU  10NOV26/0830Z   ABC123
 *     1.ZHANG/SAN MR   2.LI/SI MS   3.ZHANG/XIAO MSTR(CHD/01JAN18)
 *     4  CA 981 Y 15DEC 2 PEKJFK HK3  1300    1430   15DEC  E  CA/ABC123
 *    1 CA 981Y 15DEC 2 PEKJFK HK1  1300  1430  /DCCA*ABCDEF /E          (Sabre)
 *    3.  CA981  Y   MO15DEC  PEKJFK HK2   1300 1430          E T3--    (eTerm)
 *
 * Dates without a year take the next occurrence on or after `today` (the GDS convention). Cancelled or refused
 * segments (HX, UN, NO, UC, XX, XK) are left out; ARNK and other lines are ignored. A lone 6-character input is a
 * record locator.
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
}

export interface PnrPassenger {
  surname: string;
  givenName: string;
  title: string | null;
  type: PassengerType;
}

export interface ParsedPnr {
  recordLocator: string | null;
  segments: PnrSegment[];
  passengers: PnrPassenger[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DEAD_STATUSES = new Set(['HX', 'UN', 'NO', 'UC', 'XX', 'XK']);
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MSTR', 'DR', 'CHD', 'INF', 'PROF', 'SIR', 'MADAM']);
const LOCATOR = /^[A-Z0-9]{6}$/;

const SEGMENT =
  /^\s*\d{1,2}\s*\.?\s+([A-Z0-9]{2})\s*(\d{1,4})\s*([A-Z])\s+(?:[A-Z]{2})?(\d{2})([A-Z]{3})(\d{2})?\s+(?:\d\s+)?\*?([A-Z]{3})([A-Z]{3})\*?\s+([A-Z]{2})(\d{1,2})?(?:\s+(\d{4})\s+(\d{4})(\+\d)?)?/;
// "1.ZHANG/SAN MR" (Amadeus, eTerm) or "1.1ZHANG/SAN MR" (Sabre: name number, then the count in the group).
const NAME_LINE = /^\s*\d{1,2}\.\d{0,2}\s*(?:I\/)?[A-Z][A-Z' -]*\//;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** 15DEC (+ optional 2-digit year) as an ISO date: the next occurrence on or after `today` when no year is given. */
export function resolveDate(day: number, month: string, year2: string | undefined, today: Date): string | null {
  const m = MONTHS.indexOf(month);
  if (m < 0 || day < 1 || day > 31) return null;
  const make = (y: number) => {
    const d = new Date(Date.UTC(y, m, day));
    return d.getUTCMonth() === m ? d : null;
  };
  if (year2) {
    const d = make(2000 + Number(year2));
    return d ? iso(d) : null;
  }
  const todayIso = iso(today);
  for (let y = today.getUTCFullYear(); y <= today.getUTCFullYear() + 4; y++) {
    const d = make(y); // 29FEB needs a leap year
    if (d && iso(d) >= todayIso) return iso(d);
  }
  return null;
}

function addDays(isoDate: string, days: number): string {
  return iso(new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000));
}

function parseSegment(line: string, today: Date): PnrSegment | null | 'dead' {
  const m = SEGMENT.exec(line);
  if (!m) return null;
  const [, carrier, number, rbd, dd, mon, yy, origin, destination, status, , dep, arr, plus] = m;
  if (DEAD_STATUSES.has(status)) return 'dead';
  const date = resolveDate(Number(dd), mon, yy, today);
  if (!date) return null;
  const time = (t: string | undefined) => (t ? `${t.slice(0, 2)}:${t.slice(2)}` : null);
  return {
    flightNumber: normalizeFlightNumber(`${carrier}${number}`),
    carrier,
    bookingClass: rbd,
    date,
    origin,
    destination,
    departureTime: time(dep),
    arrivalTime: time(arr),
    arrivalDate: arr ? addDays(date, plus ? Number(plus.slice(1)) : 0) : null,
    status,
  };
}

function parseNames(line: string): { passengers: PnrPassenger[]; trailing: string | null } {
  const passengers: PnrPassenger[] = [];
  let trailing: string | null = null;
  // Each entry starts with "n." at the line start or after whitespace.
  const entries = line.trim().split(/\s+(?=\d{1,2}\.)/);
  for (const entry of entries) {
    const m = /^\d{1,2}\.\d{0,2}\s*(I\/)?([A-Z][A-Z' -]*)\/(.*)$/.exec(entry.trim());
    if (!m) continue;
    const [, infantMark, surname, rest] = m;
    const notes = [...rest.matchAll(/\(([^)]*)\)/g)].map((x) => x[1]);
    const words = rest.replace(/\([^)]*\)/g, ' ').trim().split(/\s+/);
    const given: string[] = [];
    let i = 0;
    for (; i < words.length && /^[A-Z]+$/.test(words[i]); i++) given.push(words[i]);
    // eTerm puts the record locator after the last name.
    const after = words.slice(i);
    if (after.length > 0 && LOCATOR.test(after[after.length - 1])) trailing = after[after.length - 1];
    let title: string | null = null;
    if (given.length > 1 && TITLES.has(given[given.length - 1])) title = given.pop()!;
    let type: PassengerType = infantMark ? 'infant' : 'adult';
    if (title === 'CHD' || title === 'MSTR' || notes.some((n) => n.startsWith('CHD'))) type = 'child';
    if (title === 'INF') type = 'infant';
    passengers.push({ surname: surname.trim(), givenName: given.join(' '), title, type });
    // Amadeus: an infant travels on its adult's name element, "(INFZHANG/BABY/01JAN25)" or "(INF/BABY/...)".
    for (const n of notes) {
      const inf = /^INF([A-Z' -]*)\/([A-Z ]+)/.exec(n);
      if (inf) passengers.push({ surname: (inf[1] || surname).trim(), givenName: inf[2].trim(), title: null, type: 'infant' });
    }
  }
  return { passengers, trailing };
}

export function parsePnr(text: string, today: Date = new Date()): ParsedPnr {
  const upper = text.toUpperCase().replace(/\r/g, '');
  const compact = upper.trim();
  if (LOCATOR.test(compact)) return { recordLocator: compact, segments: [], passengers: [] };
  const segments: PnrSegment[] = [];
  const passengers: PnrPassenger[] = [];
  let recordLocator: string | null = null;
  for (const line of upper.split('\n')) {
    if (!line.trim()) continue;
    const header = /^\s*RP\/\S+.*\s([A-Z0-9]{6})\s*$/.exec(line);
    if (header) {
      recordLocator = header[1];
      continue;
    }
    const seg = parseSegment(line, today);
    if (seg === 'dead') continue;
    if (seg) {
      segments.push(seg);
      continue;
    }
    if (NAME_LINE.test(line)) {
      const names = parseNames(line);
      passengers.push(...names.passengers);
      recordLocator ??= names.trailing;
      continue;
    }
    const sabre = /\*([A-Z0-9]{6})\b/.exec(line);
    if (sabre && !recordLocator && /\/DC/.test(line)) recordLocator = sabre[1];
  }
  if (!recordLocator) {
    const dc = /\/DC[A-Z0-9]{2}\*([A-Z0-9]{6})/.exec(upper);
    if (dc) recordLocator = dc[1];
  }
  return { recordLocator, segments, passengers };
}

/** Minutes between the previous segment's arrival and this one's departure, when both times are known. */
export function connectionMinutes(prev: PnrSegment, next: PnrSegment): number | null {
  if (!prev.arrivalTime || !prev.arrivalDate || !next.departureTime) return null;
  const a = Date.parse(`${prev.arrivalDate}T${prev.arrivalTime}:00Z`);
  const d = Date.parse(`${next.date}T${next.departureTime}:00Z`);
  return Math.round((d - a) / 60_000);
}
