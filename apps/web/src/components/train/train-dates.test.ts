import { describe, expect, it } from 'vitest';
import { addDays, chinaToday, daysLater } from './train-dates';

describe('train dates', () => {
  it('today is the China date (UTC+8), whatever the clock of the agent', () => {
    expect(chinaToday(new Date('2030-01-09T15:59:59Z'))).toBe('2030-01-09');
    expect(chinaToday(new Date('2030-01-09T16:00:00Z'))).toBe('2030-01-10');
  });

  it('adds days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2030-01-10', -10)).toBe('2029-12-31');
  });

  it('counts the whole days a ride crosses, not 1 for any overnight train', () => {
    expect(daysLater('2030-01-10T07:00', '2030-01-10T11:35')).toBe(0);
    expect(daysLater('2030-01-10T19:30', '2030-01-11T07:12')).toBe(1);
    expect(daysLater('2030-01-10T23:50', '2030-01-12T06:10')).toBe(2);
    expect(daysLater('2030-12-31T22:00', '2031-01-01T06:00')).toBe(1);
  });
});
