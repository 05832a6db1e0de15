import { describe, expect, it } from 'vitest';
import { ALPHA3_CODES, alpha2FromAlpha3 } from './countries-alpha3.ts';
import { COUNTRIES } from './countries.ts';

describe('alpha2FromAlpha3', () => {
  it('maps every alpha-3 code to a distinct alpha-2 code of countries.ts, covering them all', () => {
    const targets = ALPHA3_CODES.map((c) => alpha2FromAlpha3(c));
    expect(ALPHA3_CODES).toHaveLength(249);
    expect(new Set(targets).size).toBe(249);
    expect(new Set(targets)).toEqual(new Set(COUNTRIES.map((c) => c.code)));
  });

  // Codes whose letters differ from the alpha-2, where a hand-typed table most often goes wrong.
  it.each([
    ['CHN', 'CN'], ['HKG', 'HK'], ['MAC', 'MO'], ['TWN', 'TW'], ['DEU', 'DE'], ['AUT', 'AT'], ['CHE', 'CH'],
    ['KOR', 'KR'], ['PRK', 'KP'], ['IRL', 'IE'], ['ESP', 'ES'], ['SGP', 'SG'], ['NAM', 'NA'], ['SRB', 'RS'],
    ['MNE', 'ME'], ['SSD', 'SS'], ['CYM', 'KY'], ['COM', 'KM'], ['GBR', 'GB'], ['USA', 'US'],
  ])('%s is %s', (a3, a2) => {
    expect(alpha2FromAlpha3(a3)).toBe(a2);
  });

  it('reads lower case and surrounding spaces', () => {
    expect(alpha2FromAlpha3(' chn ')).toBe('CN');
  });

  it('knows the ICAO passport codes for Germany and the British nationality classes', () => {
    expect(alpha2FromAlpha3('D')).toBe('DE');
    expect(alpha2FromAlpha3('GBN')).toBe('GB');
  });

  it('answers null for codes naming no country', () => {
    expect(alpha2FromAlpha3('XXA')).toBeNull();
    expect(alpha2FromAlpha3('UNO')).toBeNull();
    expect(alpha2FromAlpha3('CN')).toBeNull();
    expect(alpha2FromAlpha3('')).toBeNull();
  });
});
