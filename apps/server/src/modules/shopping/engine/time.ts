/**
 * Fast readers for the two time formats of shopping (Date.parse costs ~1 µs a call, too slow for thousands of
 * solutions per query preparation): local wall-clock "YYYY-MM-DDTHH:mm" and ISO instants.
 */

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const digits = (s: string, from: number, to: number) => {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
};

/** Days since the epoch of the date part of "YYYY-MM-DD..." (a local date stays a local date). */
export function dayNumber(wallClock: string): number {
  return daysFromCivil(digits(wallClock, 0, 4), digits(wallClock, 5, 7), digits(wallClock, 8, 10));
}

/** Minutes since the epoch of a wall-clock "YYYY-MM-DDTHH:mm", read as if it were UTC: for ordering and differences. */
export function wallClockMinutes(wallClock: string): number {
  return dayNumber(wallClock) * 1440 + digits(wallClock, 11, 13) * 60 + digits(wallClock, 14, 16);
}

const UTC_FAST = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z$/;

/** Minutes (fractional when seconds are given) since the epoch of an ISO instant; any offset form falls back to Date.parse. */
export function instantMinutes(iso: string): number {
  if (UTC_FAST.test(iso)) {
    const seconds = iso.length > 17 && iso[16] === ':' ? Number(iso.slice(17, -1)) : 0;
    return wallClockMinutes(iso) + seconds / 60;
  }
  return Date.parse(iso) / 60_000;
}
