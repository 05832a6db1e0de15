/**
 * Time-zone arithmetic with the platform's own IANA database (Intl), no dependency. Schedules are published in local
 * wall-clock time of each airport; UTC instants come from the zone's offset at that moment, so daylight saving time
 * moves the UTC time of a flight and not its local time, as airlines do it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const BUCKET_MS = 15 * 60_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset at one aligned 15-minute bucket, straight from Intl (zone transitions happen on quarter hours of UTC). */
function bucketOffset(timeZone: string, bucket: number): number {
  const key = `${timeZone}|${bucket}`;
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(bucket))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour === 24 ? 0 : p.hour, p.minute);
  const offset = Math.round((asUtc - bucket) / 60_000);
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const DAY_MS = 86_400_000;
/** Per zone and UTC day: the offset when it is the same all day (no transition), else null. */
const dayOffsets = new Map<string, number | null>();

/**
 * Minutes to add to UTC to get local time in `timeZone` at instant `utcMs`. Most days have no transition, so the
 * answer is cached per zone and UTC day; transition days fall back to 15-minute buckets.
 */
export function offsetMinutes(timeZone: string, utcMs: number): number {
  const day = Math.floor(utcMs / DAY_MS) * DAY_MS;
  const key = `${timeZone}|${day}`;
  let whole = dayOffsets.get(key);
  if (whole === undefined) {
    const start = bucketOffset(timeZone, day);
    whole = start === bucketOffset(timeZone, day + DAY_MS - BUCKET_MS) ? start : null;
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(key, whole);
  }
  return whole ?? bucketOffset(timeZone, Math.floor(utcMs / BUCKET_MS) * BUCKET_MS);
}

/** The UTC instant of local wall-clock `date` + `minutes` (may exceed 1440) in `timeZone`. */
export function localToUtc(date: string, minutes: number, timeZone: string): number {
  const naive = dateToUtcMs(date) + minutes * 60_000;
  const first = offsetMinutes(timeZone, naive);
  let utc = naive - first * 60_000;
  const second = offsetMinutes(timeZone, utc);
  if (second !== first) utc = naive - second * 60_000;
  return utc;
}

/** Local wall-clock time "YYYY-MM-DDTHH:mm" of `utcMs` in `timeZone`. */
export function utcToLocal(utcMs: number, timeZone: string): string {
  return formatWallClock(utcMs + offsetMinutes(timeZone, utcMs) * 60_000);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** "YYYY-MM-DDTHH:mm" of a wall-clock instant expressed as ms since the epoch (civil-from-days, no Date object). */
export function formatWallClock(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const mod = minutes - days * 1440;
  // Howard Hinnant's civil_from_days.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${pad2(m)}-${pad2(d)}T${pad2(Math.floor(mod / 60))}:${pad2(mod % 60)}`;
}

export function isoUtc(utcMs: number): string {
  return new Date(utcMs).toISOString();
}

export function dateToUtcMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function addDays(date: string, days: number): string {
  return new Date(dateToUtcMs(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtcMs(to) - dateToUtcMs(from)) / 86_400_000);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return new Date(dateToUtcMs(value)).toISOString().slice(0, 10) === value;
}

/** Day of week of a date, 0 = Sunday. */
export function weekday(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
}
