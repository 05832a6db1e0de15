import type { PassengerType } from '../api/shopping.ts';

/**
 * Calendar dates as 'YYYY-MM-DD' strings. Birthdays, expiry dates and flight dates are local calendar days, so they
 * are never turned into `Date` objects: a time zone could only move them by a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Airline style date: day, English month abbreviation, two- or four-digit year. A date of birth (SSR DOCS) has all
// three and a two-digit day ('05MAR85'); a departure typed in a GDS may drop the year and the leading zero ('5NOV').
const AIRLINE_DATE = /^(\d{1,2})([A-Z]{3})(\d{2}|\d{4})?$/;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The parts of an upper-case airline style date, month 1-12 (0 for an unknown abbreviation); null in any other form. */
function airlineParts(text: string): { day: string; month: number; year: string | undefined } | null {
  const m = AIRLINE_DATE.exec(text);
  return m ? { day: m[1], month: MONTHS.indexOf(m[2]) + 1, year: m[3] } : null;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date itself when `value` is exactly 'YYYY-MM-DD' and that day exists, else null. */
export function parseIsoDate(value: string): string | null {
  const m = ISO_DATE.exec(value.trim());
  return m ? isoOf(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * "Today" for the passenger rules (a birthday not in the future, ages, document expiry): the latest calendar date
 * anywhere (UTC+14), so a baby born today in Beijing is not refused as born in the future while it is still yesterday
 * in UTC. Every booking path (flights, groups, trains, frequent travellers) takes it from here.
 */
export const latestToday = (now: Date): string => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

export type DateReading = { ok: true; date: string } | { ok: false; reason: 'format' | 'invalid' };

/**
 * Reads a birthday typed as 'YYYY-MM-DD' or as ddMMMyy ('05MAR85', any case). A two-digit year is placed in the
 * century that does not put the birthday in the future: above today's two-digit year it is 19yy, otherwise 20yy.
 * `reason` separates "not written in an accepted form" from "written right but that day does not exist".
 */
export function readBirthday(value: string, today: string): DateReading {
  const text = value.trim().toUpperCase();
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const date = isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date ? { ok: true, date } : { ok: false, reason: 'invalid' };
  }
  const airline = airlineParts(text);
  if (!airline?.year || airline.day.length !== 2) return { ok: false, reason: 'format' };
  let year = Number(airline.year);
  if (airline.year.length === 2) {
    const pivot = Number(today.slice(2, 4));
    year += year > pivot ? 1900 : 2000;
  }
  const date = airline.month ? isoOf(year, airline.month, Number(airline.day)) : null;
  return date ? { ok: true, date } : { ok: false, reason: 'invalid' };
}

export function parseBirthday(value: string, today: string): string | null {
  const reading = readBirthday(value, today);
  return reading.ok ? reading.date : null;
}

/**
 * Reads a departure date typed as 'YYYY-MM-DD', ddMMM ('29NOV', any case) or ddMMMyy / ddMMMyyyy ('29NOV26'), and
 * returns it when it lies in the booking window [`earliest`, `latest`] (both 'YYYY-MM-DD'), else null. Without a year
 * it is the first such day on or after `earliest`: 29NOV typed in December means next year's; 29FEB the next leap
 * year's, which is refused when that is beyond `latest`.
 */
export function parseTravelDate(value: string, earliest: string, latest: string): string | null {
  const text = value.trim().toUpperCase();
  const inWindow = (d: string | null) => (d && d >= earliest && d <= latest ? d : null);
  const iso = ISO_DATE.exec(text);
  if (iso) return inWindow(isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3])));
  const airline = airlineParts(text);
  if (!airline?.month) return null;
  const { month, year } = airline;
  const day = Number(airline.day);
  if (year) return inWindow(isoOf(year.length === 2 ? 2000 + Number(year) : Number(year), month, day));
  for (let y = Number(earliest.slice(0, 4)); y <= Number(latest.slice(0, 4)); y++) {
    const date = isoOf(y, month, day);
    if (date && date >= earliest) return inWindow(date);
  }
  return null;
}

/**
 * Whole years from `birthday` to `date`. Someone born on 29 February has a birthday on 1 March in common years:
 * the (month, day) comparison below only counts the year once 29 February has passed.
 */
export function ageOn(birthday: string, date: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

/** Airline rule (domain facts): infant under 2, child 2 to 11, adult 12 and over. */
export function passengerTypeForAge(age: number): PassengerType {
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  return 'adult';
}
