import { describe, expect, it } from 'vitest';
import { COUNTRIES, dialCodes, isCountryCode } from './countries.ts';

describe('COUNTRIES', () => {
  it('holds every ISO 3166-1 alpha-2 code once', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('gives every entry a digits-only dialling code', () => {
    for (const { code, dial } of COUNTRIES) expect(dial, code).toMatch(/^[1-9][0-9]{0,3}$/);
  });

  it.each([
    ['CN', '86'],
    ['HK', '852'],
    ['MO', '853'],
    ['TW', '886'],
    ['US', '1'],
    ['GB', '44'],
  ])('%s dials %s', (code, dial) => {
    expect(COUNTRIES.find((c) => c.code === code)?.dial).toBe(dial);
  });

  // The UI names countries with Intl.DisplayNames; a code it does not know would show as bare letters.
  it('has a display name for every code in each UI language', () => {
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
      for (const { code } of COUNTRIES) expect(names.of(code), `${lang} ${code}`).toBeTruthy();
    }
  });
});

describe('isCountryCode', () => {
  it('accepts known codes only, case-sensitively', () => {
    expect(isCountryCode('CN')).toBe(true);
    expect(isCountryCode('cn')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});

describe('dialCodes', () => {
  it('is unique and numerically sorted', () => {
    const codes = dialCodes();
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.map(Number)).toEqual([...codes.map(Number)].sort((a, b) => a - b));
    expect(codes[0]).toBe('1');
    expect(codes).toContain('86');
  });
});
