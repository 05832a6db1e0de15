import { describe, expect, it } from 'vitest';
import { chartScale, labelEvery, niceStep } from './chart-scale';

describe('statement chart scale', () => {
  it('picks round steps', () => {
    expect(niceStep(1000)).toBe(500);
    expect(niceStep(370_000)).toBe(100_000);
    expect(niceStep(0)).toBe(1);
  });

  it('covers money in, money out below zero and a negative balance', () => {
    const scale = chartScale(
      [
        { date: '2025-03-01', in: 500_000, out: 0, balance: 500_000 },
        { date: '2025-03-02', in: 0, out: 800_000, balance: -300_000 },
      ],
      200,
    );
    expect(scale.min).toBeLessThanOrEqual(-800_000);
    expect(scale.max).toBeGreaterThanOrEqual(500_000);
    expect(scale.ticks).toContain(0);
    expect(scale.y(scale.max)).toBe(0);
    expect(scale.y(scale.min)).toBe(200);
    expect(scale.y(0)).toBeGreaterThan(0);
    expect(scale.y(0)).toBeLessThan(200);
  });

  it('still draws a frame for a month without movements', () => {
    const scale = chartScale([{ date: '2025-03-01', in: 0, out: 0, balance: 0 }], 100);
    expect(scale.max).toBeGreaterThan(scale.min);
    expect(Number.isFinite(scale.y(0))).toBe(true);
  });

  it('thins the day labels', () => {
    expect(labelEvery(31)).toBe(4);
    expect(labelEvery(5)).toBe(1);
  });
});
