const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far `iso` is from `now` in words of `language`: "in 2 days", "in 5 hours", "3 minutes ago" ("2天后", "5小时后").
 * Whole units, cut toward zero, in the largest unit that is at least one: a deadline 2 days 20 hours away still reads
 * "in 2 days" (the absolute time beside it says the rest).
 */
export function relativeTime(iso: string, now: number, language: string): string {
  const ms = Date.parse(iso) - now;
  const abs = Math.abs(ms);
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    abs >= DAY_MS ? [ms / DAY_MS, 'day'] : abs >= HOUR_MS ? [ms / HOUR_MS, 'hour'] : [ms / MINUTE_MS, 'minute'];
  // A deadline passed seconds ago truncates to -0, which Intl reads as "0 minutes ago": past, as it should.
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(Math.trunc(value), unit);
}
