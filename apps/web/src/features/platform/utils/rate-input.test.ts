import { describe, expect, it } from 'vitest';
import { changedRates, draftProblem, percentChange, rateProblem, sameRate } from './rate-input';

describe('rateProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'notNumber'],
    ['1,5', 'notNumber'],
    ['1.', 'notNumber'],
    ['.5', 'notNumber'],
    ['1e3', 'notNumber'],
    ['007.1', 'notNumber'],
    ['-1', 'notPositive'],
    ['0', 'notPositive'],
    ['0.000000', 'notPositive'],
    ['1.1234567', 'tooManyDecimals'],
    ['1234567890', 'tooLarge'],
  ])('refuses %j: %s', (input, problem) => {
    expect(rateProblem(input)).toBe(problem);
  });

  it.each(['7.1', '0.000001', '0.05', '123456789.123456', ' 7.25 ', '1'])('accepts %j', (input) => {
    expect(rateProblem(input)).toBeNull();
  });
});

describe('draftProblem', () => {
  it('says nothing about untouched rows or a blank row without a rate', () => {
    expect(draftProblem('7.1', undefined)).toBeNull();
    expect(draftProblem(null, ' ')).toBeNull();
  });

  it('requires a rate where one is stored: rates change, they are not removed', () => {
    expect(draftProblem('7.1', '')).toBe('required');
    expect(draftProblem(null, 'abc')).toBe('notNumber');
  });
});

describe('sameRate / changedRates', () => {
  const stored = [
    { currency: 'USD', rate: '7.1' },
    { currency: 'EUR', rate: '7.8' },
    { currency: 'JPY', rate: '0.048' },
  ] as const;

  it('treats spellings of one value as equal and keeps full precision', () => {
    expect(sameRate('7.1', '7.100000')).toBe(true);
    expect(sameRate('0.123456', '0.123457')).toBe(false);
    expect(sameRate('abc', 'abc')).toBe(false);
  });

  it('returns only rates that change, with the text as typed (trimmed)', () => {
    expect(changedRates(stored, { USD: '7.10', EUR: ' 7.812345 ', JPY: '0.048' })).toEqual([{ currency: 'EUR', from: '7.8', rate: '7.812345' }]);
    expect(changedRates(stored, {})).toEqual([]);
  });

  it('a currency without a stored rate changes only when a rate is typed', () => {
    const withMissing = [...stored, { currency: 'THB', rate: null }] as const;
    expect(changedRates(withMissing, { THB: '' })).toEqual([]);
    expect(changedRates(withMissing, { THB: '0.2' })).toEqual([{ currency: 'THB', from: null, rate: '0.2' }]);
  });

  it('percentChange', () => {
    expect(percentChange('7', '7.7')).toBeCloseTo(10);
    expect(percentChange('0', '1')).toBeNull();
  });
});
