import { describe, expect, it } from 'vitest';
import type { Continent } from '../../reference/types.ts';
import { adjustmentArea } from './area.ts';

const CONTINENTS: Record<string, Continent> = { CN: 'AS', HK: 'AS', MO: 'AS', TW: 'AS', JP: 'AS', TH: 'AS', US: 'NA', CA: 'NA', GB: 'EU', FR: 'EU', AU: 'OC' };
const continentOf = (cc: string) => CONTINENTS[cc];

describe('adjustmentArea', () => {
  it('is chinaMainland when every airport is in CN', () => {
    expect(adjustmentArea(['CN', 'CN'], continentOf)).toBe('chinaMainland');
    expect(adjustmentArea(['CN', 'CN', 'CN', 'CN'], continentOf)).toBe('chinaMainland');
  });

  it('does not count Hong Kong, Macao or Taiwan as mainland', () => {
    expect(adjustmentArea(['CN', 'HK'], continentOf)).toBe('intraContinental');
    expect(adjustmentArea(['MO', 'CN'], continentOf)).toBe('intraContinental');
    expect(adjustmentArea(['CN', 'TW'], continentOf)).toBe('intraContinental');
  });

  it('is domestic when every airport is in one other country (HK alone too)', () => {
    expect(adjustmentArea(['US', 'US', 'US'], continentOf)).toBe('domestic');
    expect(adjustmentArea(['JP', 'JP'], continentOf)).toBe('domestic');
    expect(adjustmentArea(['TW', 'TW'], continentOf)).toBe('domestic');
  });

  it('is intraContinental when all airports are on one continent', () => {
    expect(adjustmentArea(['CN', 'JP'], continentOf)).toBe('intraContinental');
    expect(adjustmentArea(['GB', 'FR', 'GB'], continentOf)).toBe('intraContinental');
    expect(adjustmentArea(['US', 'CA'], continentOf)).toBe('intraContinental');
  });

  it('is intercontinental otherwise, even for one foreign connection', () => {
    expect(adjustmentArea(['CN', 'US'], continentOf)).toBe('intercontinental');
    expect(adjustmentArea(['CN', 'JP', 'AU'], continentOf)).toBe('intercontinental');
    expect(adjustmentArea(['CN', 'CN', 'GB', 'CN'], continentOf)).toBe('intercontinental');
  });

  it('accepts lower-case codes and takes the widest area when nothing or an unknown country is given', () => {
    expect(adjustmentArea(['cn', 'CN'], continentOf)).toBe('chinaMainland');
    expect(adjustmentArea([], continentOf)).toBe('intercontinental');
    expect(adjustmentArea(['XX', 'YY'], continentOf)).toBe('intercontinental');
  });
});
