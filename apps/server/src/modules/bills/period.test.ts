import { describe, expect, it } from 'vitest';
import { addMonths, dayRange, dueDateOf, isRealDate, monthEnd, monthOf, monthsBetween, monthStart } from './period.ts';

describe('bill periods (UTC)', () => {
  it('cuts months at UTC midnight', () => {
    expect(monthOf(new Date('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(monthOf(new Date('2025-02-01T00:00:00Z'))).toBe('2025-02');
    expect(monthStart('2024-02').toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(monthEnd('2024-12').toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(addMonths('2025-01', -2)).toBe('2024-11');
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-03', '2025-02')).toEqual([]);
  });

  it('makes date filters inclusive of both days', () => {
    const { start, end } = dayRange('2025-03-01', '2025-03-01');
    expect(start!.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(end!.toISOString()).toBe('2025-03-02T00:00:00.000Z');
    expect(dayRange()).toEqual({ start: undefined, end: undefined });
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2025-02-29')).toBe(false);
    expect(isRealDate('2025-13-01')).toBe(false);
  });

  it('puts the due date the credit period after the month end', () => {
    expect(dueDateOf('2025-01', { value: 1, unit: 'month' })).toBe('2025-02-28');
    expect(dueDateOf('2024-01', { value: 1, unit: 'month' })).toBe('2024-02-29');
    expect(dueDateOf('2025-01', { value: 0, unit: 'day' })).toBe('2025-01-31');
    expect(dueDateOf('2025-01', { value: 15, unit: 'day' })).toBe('2025-02-15');
    expect(dueDateOf('2025-12', { value: 2, unit: 'week' })).toBe('2026-01-14');
    expect(dueDateOf('2025-03', { value: 1, unit: 'year' })).toBe('2026-03-31');
  });
});
