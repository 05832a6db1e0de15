import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '@portal/contract/api/auth-constants';
import { formatDate, formatDuration, formatPrice, toDayjsFormat } from './format';

describe('formatPrice', () => {
  it('uses thousands separators and two decimals', () => {
    expect(formatPrice(1234567.891)).toBe('1,234,567.89');
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(-9876.5)).toBe('-9,876.50');
    expect(formatPrice('42')).toBe('42.00');
  });
  it('prefixes the currency when given', () => {
    expect(formatPrice(1999, 'CNY')).toBe('CNY 1,999.00');
  });
  it('shows a dash for missing or invalid values', () => {
    expect(formatPrice(null)).toBe('-');
    expect(formatPrice(undefined)).toBe('-');
    expect(formatPrice('abc')).toBe('-');
  });
});

describe('formatDuration', () => {
  it('renders zero-padded hours and minutes', () => {
    expect(formatDuration(125)).toBe('02h 05m');
    expect(formatDuration(45)).toBe('00h 45m');
    expect(formatDuration(60)).toBe('01h 00m');
    expect(formatDuration(0)).toBe('00h 00m');
  });
  it('does not wrap long durations into days', () => {
    expect(formatDuration(1505)).toBe('25h 05m');
  });
  it('shows a dash for invalid input', () => {
    expect(formatDuration(-1)).toBe('-');
    expect(formatDuration(Number.NaN)).toBe('-');
    expect(formatDuration(null)).toBe('-');
  });
});

describe('formatDate', () => {
  const d = '2025-03-05T10:20:00';
  it.each([
    ['yyyy-MM-dd', '2025-03-05'],
    ['yyyy/MM/dd', '2025/03/05'],
    ['dd/MM/yyyy', '05/03/2025'],
    ['MM/dd/yyyy', '03/05/2025'],
    ['dd-MM-yyyy', '05-03-2025'],
    ['dd MMM yyyy', '05 Mar 2025'],
  ])('%s -> %s', (format, expected) => {
    expect(formatDate(d, format)).toBe(expected);
  });
  it('covers every contract format', () => {
    for (const f of DATE_FORMATS) expect(formatDate(d, f)).not.toBe('-');
  });
  it('falls back to yyyy-MM-dd for an unknown format and a dash for invalid dates', () => {
    expect(formatDate(d, 'nonsense')).toBe('2025-03-05');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(null)).toBe('-');
  });
  it('translates tokens for dayjs', () => {
    expect(toDayjsFormat('dd MMM yyyy')).toBe('DD MMM YYYY');
  });
});
