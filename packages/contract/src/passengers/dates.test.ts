import { describe, expect, it } from 'vitest';
import { ageOn, isLeapYear, latestToday, parseBirthday, parseIsoDate, parseTravelDate, passengerTypeForAge, readBirthday } from './dates.ts';

const TODAY = '2025-06-15';

describe('isLeapYear (Gregorian rule)', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [1600, true],
  ])('%i -> %s', (year, leap) => expect(isLeapYear(year)).toBe(leap));
});

describe('latestToday (the calendar date at UTC+14)', () => {
  it('is already tomorrow from 10:00 UTC, when the first places on Earth start the next day', () => {
    expect(latestToday(new Date('2026-01-01T09:59:59Z'))).toBe('2026-01-01');
    expect(latestToday(new Date('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
    expect(latestToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});

describe('parseIsoDate', () => {
  it('accepts only real days written yyyy-mm-dd', () => {
    expect(parseIsoDate('2030-01-31')).toBe('2030-01-31');
    expect(parseIsoDate(' 2030-01-31 ')).toBe('2030-01-31');
    expect(parseIsoDate('2030-04-31')).toBeNull();
    expect(parseIsoDate('2030-13-01')).toBeNull();
    expect(parseIsoDate('2030-00-10')).toBeNull();
    expect(parseIsoDate('2030-1-31')).toBeNull();
    expect(parseIsoDate('31/01/2030')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });
});

describe('parseBirthday', () => {
  it('reads yyyy-mm-dd', () => {
    expect(parseBirthday('1985-03-05', TODAY)).toBe('1985-03-05');
  });

  it('knows 29 February only in leap years', () => {
    expect(parseBirthday('2024-02-29', TODAY)).toBe('2024-02-29');
    expect(parseBirthday('2000-02-29', TODAY)).toBe('2000-02-29');
    expect(parseBirthday('2023-02-29', TODAY)).toBeNull();
    expect(parseBirthday('1900-02-29', TODAY)).toBeNull();
    expect(parseBirthday('29FEB24', TODAY)).toBe('2024-02-29');
    expect(parseBirthday('29FEB23', TODAY)).toBeNull();
  });

  it('reads ddMMMyy in any case', () => {
    expect(parseBirthday('05MAR85', TODAY)).toBe('1985-03-05');
    expect(parseBirthday('05mar85', TODAY)).toBe('1985-03-05');
    expect(parseBirthday('31Dec99', TODAY)).toBe('1999-12-31');
    expect(parseBirthday('05MAR1985', TODAY)).toBe('1985-03-05');
  });

  it('pivots the century on the two-digit year of today', () => {
    // Today is 2025: 25 and below are this century, 26 and above the last one.
    expect(parseBirthday('01JAN25', TODAY)).toBe('2025-01-01');
    expect(parseBirthday('01JAN00', TODAY)).toBe('2000-01-01');
    expect(parseBirthday('01JAN24', TODAY)).toBe('2024-01-01');
    expect(parseBirthday('01JAN26', TODAY)).toBe('1926-01-01');
    expect(parseBirthday('01JAN26', '2026-03-01')).toBe('2026-01-01');
    expect(parseBirthday('01JAN27', '2026-03-01')).toBe('1927-01-01');
  });

  it('refuses other forms and days that do not exist', () => {
    expect(parseBirthday('1985/03/05', TODAY)).toBeNull();
    expect(parseBirthday('05.03.1985', TODAY)).toBeNull();
    expect(parseBirthday('5MAR85', TODAY)).toBeNull();
    expect(parseBirthday('31APR90', TODAY)).toBeNull();
    expect(parseBirthday('05XYZ85', TODAY)).toBeNull();
    expect(parseBirthday('', TODAY)).toBeNull();
  });

  it('tells a wrong form from a day that does not exist', () => {
    expect(readBirthday('1985/03/05', TODAY)).toEqual({ ok: false, reason: 'format' });
    expect(readBirthday('2023-02-29', TODAY)).toEqual({ ok: false, reason: 'invalid' });
    expect(readBirthday('31APR90', TODAY)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-07-20', '2025-07-19')).toBe(34);
    expect(ageOn('1990-07-20', '2025-07-20')).toBe(35);
    expect(ageOn('2025-06-01', '2025-06-15')).toBe(0);
  });

  it('lets someone born on 29 February turn a year older on 1 March of a common year', () => {
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });
});

describe('passengerTypeForAge', () => {
  it.each([
    [0, 'infant'],
    [1, 'infant'],
    [2, 'child'],
    [11, 'child'],
    [12, 'adult'],
    [80, 'adult'],
  ])('%i -> %s', (age, type) => expect(passengerTypeForAge(age)).toBe(type));
});

describe('parseTravelDate (a departure date typed as in a GDS)', () => {
  // Booking window of a search made on 15 June 2025: today to 361 days ahead.
  const FROM = '2025-06-15';
  const TO = '2026-06-11';
  const read = (text: string, from = FROM, to = TO) => parseTravelDate(text, from, to);

  it('reads yyyy-mm-dd within the window', () => {
    expect(read('2025-11-29')).toBe('2025-11-29');
    expect(read(' 2026-06-11 ')).toBe('2026-06-11');
    expect(read('2025-06-15')).toBe('2025-06-15');
  });

  it('refuses a day in the past, beyond the window, or that does not exist', () => {
    expect(read('2025-06-14')).toBeNull();
    expect(read('2026-06-12')).toBeNull();
    expect(read('2025-11-31')).toBeNull();
    expect(read('29/11/2025')).toBeNull();
    expect(read('')).toBeNull();
    expect(read('29XYZ')).toBeNull();
  });

  it('reads ddMMM as the next such day, this year or next, in any case', () => {
    expect(read('29NOV')).toBe('2025-11-29');
    expect(read('29nov')).toBe('2025-11-29');
    expect(read('5DEC')).toBe('2025-12-05');
    // Today is still bookable; yesterday's date means next year's.
    expect(read('15JUN')).toBe('2025-06-15');
    expect(read('01JAN')).toBe('2026-01-01');
    expect(read('11JUN')).toBe('2026-06-11');
    // Yesterday (14 June): next year's is 2026-06-14, past the window's last day (11 June 2026).
    expect(read('14JUN')).toBeNull();
    expect(read('14JUN', FROM, '2026-06-14')).toBe('2026-06-14');
  });

  it('ddMMM resolves from the earliest allowed day (a later flight of a multi-city trip)', () => {
    expect(read('02DEC', '2025-11-29')).toBe('2025-12-02');
    expect(read('28NOV', '2025-11-29')).toBeNull(); // next 28 Nov is 2026-11-28, beyond the window
  });

  it('29FEB is the next leap year\'s, refused when that is beyond the window', () => {
    expect(read('29FEB')).toBeNull(); // 2028-02-29
    expect(read('29FEB', '2027-06-15', '2028-06-10')).toBe('2028-02-29');
    expect(read('31APR')).toBeNull();
  });

  it('reads ddMMMyy and ddMMMyyyy', () => {
    expect(read('29NOV25')).toBe('2025-11-29');
    expect(read('29nov2025')).toBe('2025-11-29');
    expect(read('01MAR26')).toBe('2026-03-01');
    expect(read('29NOV24')).toBeNull(); // past
    expect(read('29NOV26')).toBeNull(); // beyond the window
  });
});
