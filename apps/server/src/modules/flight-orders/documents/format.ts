import type { FlightOrder, OrderPassenger } from '@portal/contract/api/flight-orders';
import type { Baggage, CancellationPolicy, Leg } from '@portal/contract/api/shopping';
import { formatMoney, minorDigits, type Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { label } from './labels.ts';

/**
 * Text forms shared by the itinerary and the ticket workbook. Money is integer minor units of the order currency;
 * flight times are the airports' local wall-clock times and are printed as they are, never shifted to a zone.
 */

/** The platform is operated from China: instants with no airport attached (the issue date) read in its time. */
export const DOCUMENT_TIME_ZONE = 'Asia/Shanghai';


/** Major units as a number, for spreadsheet cells that must sum. */
export const majorUnits = (amountMinor: number, currency: Currency) => amountMinor / 10 ** minorDigits(currency);

/** "999-1234567890": the airline prefix apart, as tickets are printed; anything not 13 digits prints unchanged. */
export function formatTicketNumber(n: string | null): string | null {
  if (!n) return null;
  const digits = n.replace(/\D/g, '');
  return digits.length === 13 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : n;
}

/** SURNAME/GIVEN NAMES as on the ticket; Chinese characters are left as they are. */
export const passengerName = (p: Pick<OrderPassenger, 'surname' | 'givenNames'>) =>
  `${p.surname.trim().toUpperCase()}/${p.givenNames.trim().toUpperCase()}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS: Record<Language, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  'zh-TW': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};

/** "2026-12-01" -> "01 Dec 2026" / "2026年12月1日"; with the weekday: "Tue 01 Dec 2026" / "2026年12月1日 周二". */
export function formatDate(ymd: string, lang: Language, withWeekday = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[lang][new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  if (lang === 'en') return `${withWeekday ? `${weekday} ` : ''}${m[3]} ${MONTHS[mo - 1]} ${y}`;
  return `${y}年${mo}月${d}日${withWeekday ? ` ${weekday}` : ''}`;
}

/** Splits a local "YYYY-MM-DDTHH:mm" into its date and its time. */
export function splitLocal(local: string): { date: string; time: string } {
  const [date, time = ''] = local.split('T');
  return { date, time: time.slice(0, 5) };
}

/** The calendar date of an instant in `timeZone`, "YYYY-MM-DD". */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** When the tickets were issued; before that (a reserved booking) the day the document is made. */
export function issueDateOf(order: Pick<FlightOrder, 'issuedAt'>, now: Date, timeZone: string): string {
  return dateIn(order.issuedAt ? new Date(order.issuedAt) : now, timeZone);
}

/** Suppliers send "2", "T2" or "I": a bare number gets the T that boarding passes show. */
export const formatTerminal = (t: string | null) => (!t ? '' : /^\d+$/.test(t.trim()) ? `T${t.trim()}` : t.trim());

export function formatDuration(minutes: number, lang: Language): string {
  return label('duration', lang, { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
}

/** IATA shorthand for a table cell: "1PC 23KG", "20KG", "0PC". */
export function baggageShort(b: Baggage['checked']): string {
  if (b.pieces > 0) return `${b.pieces}PC${b.weightKg ? ` ${b.weightKg}KG` : ''}`;
  if (b.weightKg) return `${b.weightKg}KG`;
  return '0PC';
}

/** "1 piece(s), 23 kg each" / "1件，每件23公斤"; "None" when nothing is free. */
export function baggageText(b: Baggage['checked'], lang: Language): string {
  if (b.pieces > 0 && b.weightKg) return label('piecesOfKg', lang, { n: b.pieces, kg: b.weightKg });
  if (b.pieces > 0) return label('pieces', lang, { n: b.pieces });
  if (b.weightKg) return label('weightTotal', lang, { kg: b.weightKg });
  return label('none', lang);
}

/**
 * The size limit of a piece from the numbers a supplier sends ("up to 55 × 40 × 20 cm" / "不超过55×40×20厘米"), never
 * from its own wording (often English); empty when the numbers are not known.
 */
export function baggageSize(b: Baggage['checked'], lang: Language): string {
  if (b.sizeCm) return label('sizeBox', lang, { l: b.sizeCm[0], w: b.sizeCm[1], h: b.sizeCm[2] });
  if (b.linearCm) return label('sizeLinear', lang, { cm: b.linearCm });
  return '';
}

/** "PEK-SHA-PEK"; an open jaw "PEK-SHA/PVG-PEK" (as the order list shows routes). */
export function routeOf(legs: Leg[]): string {
  const points: string[] = [];
  for (const leg of legs) {
    const segments = leg.segments;
    if (!segments.length) continue;
    const origin = segments[0].origin;
    if (points.length && points[points.length - 1] !== origin) points.push('/', origin);
    else if (!points.length) points.push(origin);
    for (const s of segments) points.push(s.destination);
  }
  return points.join('-').replaceAll('-/-', '/');
}

export const flightNumbersOf = (legs: Leg[]) => legs.flatMap((l) => l.segments.map((s) => s.flightNumber));

/** One fare-rule cell: not allowed, free, a fee in the policy's currency, or allowed with the fee left to the airline. */
export function penaltyText(rule: CancellationPolicy['noShow'], currency: Currency, lang: Language): string {
  if (!rule.allowed) return label('notAllowed', lang);
  if (rule.fee === null) return label('feeByAirline', lang);
  if (rule.fee === 0) return label('free', lang);
  return label('fee', lang, { amount: `${currency} ${formatMoney(rule.fee, currency)}` });
}
