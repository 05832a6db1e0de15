import { describe, expect, it } from 'vitest';
import { chinaTime, crc32, fresh, fromDecimal, parseChinaTime, sameMac, toDecimal, hmacSha256 } from './wire.ts';

describe('channel wire helpers', () => {
  it('writes and reads decimal amounts exactly, per currency precision', () => {
    expect(toDecimal(12_345, 'CNY')).toBe('123.45');
    expect(toDecimal(5, 'USD')).toBe('0.05');
    expect(toDecimal(0, 'EUR')).toBe('0.00');
    expect(toDecimal(1200, 'JPY')).toBe('1200');
    expect(fromDecimal('123.45', 'CNY')).toBe(12_345);
    expect(fromDecimal('0.1', 'USD')).toBe(10);
    expect(fromDecimal(100.5, 'USD')).toBe(10_050);
    expect(fromDecimal('7', 'CNY')).toBe(700);
    expect(fromDecimal('1200', 'JPY')).toBe(1200);
    for (const bad of ['1.234', '-1.00', '01.00', '1e3', '', ' 1.00', '1.', 'abc', null, undefined]) expect(fromDecimal(bad, 'CNY'), String(bad)).toBeNull();
    expect(fromDecimal('12.5', 'JPY')).toBeNull();
    for (const n of [1, 99, 100, 12_345_678_901]) expect(fromDecimal(toDecimal(n, 'CNY'), 'CNY')).toBe(n);
  });

  it('computes the IEEE CRC-32 PayPal signs over', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it('writes China Standard Time and reads it back', () => {
    const d = new Date('2026-12-01T16:30:05Z');
    expect(chinaTime(d)).toBe('2026-12-02 00:30:05');
    expect(parseChinaTime('2026-12-02 00:30:05')?.toISOString()).toBe('2026-12-01T16:30:05.000Z');
    expect(parseChinaTime('2026-12-02T00:30:05')).toBeNull();
  });

  it('compares MACs in either encoding and refuses malformed ones', () => {
    const mac = hmacSha256('k', 'data');
    expect(sameMac(mac, mac.toString('hex'), 'hex')).toBe(true);
    expect(sameMac(mac, mac.toString('base64'), 'base64')).toBe(true);
    expect(sameMac(mac, mac.toString('hex').slice(2), 'hex')).toBe(false);
    expect(sameMac(mac, 'zz' + mac.toString('hex').slice(2), 'hex')).toBe(false);
    expect(sameMac(mac, hmacSha256('other', 'data').toString('hex'), 'hex')).toBe(false);
  });

  it('accepts a time within the tolerance on either side only', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(fresh(new Date(now.getTime() - 300_000), now, 300)).toBe(true);
    expect(fresh(new Date(now.getTime() + 300_000), now, 300)).toBe(true);
    expect(fresh(new Date(now.getTime() - 301_000), now, 300)).toBe(false);
    expect(fresh(new Date(now.getTime() + 301_000), now, 300)).toBe(false);
  });
});
