import type { CreditPeriod } from '@portal/contract/api/agencies';

/**
 * Calendar arithmetic for bills. Every day and month here is a UTC calendar day or month (docs/decisions/0009): the
 * journal's timestamps are instants, agencies sit in many time zones, and one fixed cut-off keeps a month's statement
 * the same whoever reads it. Dates are 'YYYY-MM-DD', months 'YYYY-MM'.
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function monthOf(instant: Date): string {
  return `${instant.getUTCFullYear()}-${pad(instant.getUTCMonth() + 1)}`;
}

export function dateOf(instant: Date): string {
  return `${monthOf(instant)}-${pad(instant.getUTCDate())}`;
}

function parseMonth(month: string): [number, number] {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`not a month: ${month}`);
  return [Number(m[1]), Number(m[2]) - 1];
}

export function monthStart(month: string): Date {
  const [y, m] = parseMonth(month);
  return new Date(Date.UTC(y, m, 1));
}

export function addMonths(month: string, n: number): string {
  const [y, m] = parseMonth(month);
  return monthOf(new Date(Date.UTC(y, m + n, 1)));
}

/** The first instant after the month: statements cover [monthStart, monthEnd). */
export function monthEnd(month: string): Date {
  return monthStart(addMonths(month, 1));
}

/** Months from `first` to `last`, both included, oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** [from 00:00, the day after `to` 00:00): both dates inclusive. */
export function dayRange(from?: string, to?: string): { start?: Date; end?: Date } {
  const start = from ? new Date(`${from}T00:00:00Z`) : undefined;
  const end = to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  return { start, end };
}

export function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && dateOf(d) === date;
}

/**
 * When the used credit of a month falls due: `value` units of the credit period after the month ends, counted from
 * the first day of the next month and landing on the day before (so one month after January is 28/29 February, the
 * end of the next month, and 0 units is the month's own last day).
 */
export function dueDateOf(month: string, period: CreditPeriod): string {
  const start = monthEnd(month);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  const v = period.value;
  const next =
    period.unit === 'day'
      ? new Date(Date.UTC(y, m, d + v))
      : period.unit === 'week'
        ? new Date(Date.UTC(y, m, d + 7 * v))
        : period.unit === 'month'
          ? new Date(Date.UTC(y, m + v, d))
          : new Date(Date.UTC(y + v, m, d));
  return dateOf(new Date(next.getTime() - 86_400_000));
}
