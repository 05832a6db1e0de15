import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const H = 3_600_000;

describe('relativeTime', () => {
  it('takes the largest whole unit, cut toward zero', () => {
    expect(relativeTime(at(2 * 24 * H + 20 * H), NOW, 'en')).toBe('in 2 days');
    expect(relativeTime(at(5 * H + 59 * 60_000), NOW, 'en')).toBe('in 5 hours');
    expect(relativeTime(at(42 * 60_000), NOW, 'en')).toBe('in 42 minutes');
  });

  it('reads a passed deadline as past, even seconds after it', () => {
    expect(relativeTime(at(-3 * 60_000), NOW, 'en')).toBe('3 minutes ago');
    expect(relativeTime(at(-20_000), NOW, 'en')).toBe('0 minutes ago');
    expect(relativeTime(at(-26 * H), NOW, 'en')).toBe('1 day ago');
  });

  it('speaks the page language', () => {
    expect(relativeTime(at(2 * 24 * H), NOW, 'zh-CN')).toBe('2天后');
    expect(relativeTime(at(2 * 24 * H), NOW, 'zh-TW')).toBe('2 天後');
  });
});
