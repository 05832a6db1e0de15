import { describe, expect, it } from 'vitest';
import { dayNumber, instantMinutes, wallClockMinutes } from './time.ts';

describe('time readers', () => {
  it('agree with Date.parse on wall-clock times across years, leap days and month ends', () => {
    for (const t of ['1970-01-01T00:00', '2024-02-29T23:59', '2026-12-31T18:05', '2027-01-01T00:00', '2100-03-01T12:30', '1999-12-31T23:59']) {
      expect(wallClockMinutes(t)).toBe(Date.parse(`${t}:00Z`) / 60_000);
      expect(dayNumber(t)).toBe(Date.parse(`${t.slice(0, 10)}T00:00:00Z`) / 86_400_000);
    }
  });

  it('reads ISO instants with or without seconds, and other offsets through Date.parse', () => {
    for (const t of ['2026-12-01T05:30Z', '2026-12-01T05:30:00Z', '2026-12-01T05:30:30.000Z', '2026-12-01T13:30:00+08:00']) {
      expect(instantMinutes(t)).toBe(Date.parse(t) / 60_000);
    }
  });
});
