import { describe, expect, it } from 'vitest';
import { formatMoney } from '@portal/contract/currency';
import { baggageShort, baggageSize, formatDate, formatTicketNumber, issueDateOf, passengerName, routeOf } from './format.ts';
import { orderFixture } from './order.fixture.ts';

describe('document formats', () => {
  it('groups thousands with the currency minor digits', () => {
    expect(formatMoney(123456789, 'CNY')).toBe('1,234,567.89');
    expect(formatMoney(5, 'USD')).toBe('0.05');
    expect(formatMoney(1234567, 'JPY')).toBe('1,234,567');
    expect(formatMoney(-100000, 'CNY')).toBe('-1,000.00');
  });

  it('prints ticket numbers with the airline prefix apart', () => {
    expect(formatTicketNumber('9991234567890')).toBe('999-1234567890');
    expect(formatTicketNumber('999-1234567890')).toBe('999-1234567890');
    expect(formatTicketNumber('12345')).toBe('12345');
    expect(formatTicketNumber(null)).toBeNull();
  });

  it('names passengers SURNAME/GIVEN NAMES', () => {
    expect(passengerName({ surname: 'zhang', givenNames: 'san feng' })).toBe('ZHANG/SAN FENG');
    expect(passengerName({ surname: 'LI', givenNames: '小明' })).toBe('LI/小明');
  });

  it('writes routes as the order list does', () => {
    expect(routeOf(orderFixture().legs)).toBe('PEK-SHA/PVG-PEK');
    const [out] = orderFixture().legs;
    expect(routeOf([out])).toBe('PEK-SHA');
  });

  it('formats dates per language and the issue date in the document zone', () => {
    expect(formatDate('2026-12-01', 'en', true)).toBe('Tue 01 Dec 2026');
    expect(formatDate('2026-12-01', 'zh-CN', true)).toBe('2026年12月1日 周二');
    expect(formatDate('2026-12-01', 'zh-TW', true)).toBe('2026年12月1日 週二');
    // 17:00 UTC is already the next day in Shanghai.
    expect(issueDateOf({ issuedAt: '2026-11-20T17:00:00Z' }, new Date(), 'Asia/Shanghai')).toBe('2026-11-21');
    expect(issueDateOf({ issuedAt: null }, new Date('2026-11-25T01:00:00Z'), 'UTC')).toBe('2026-11-25');
  });

  it('abbreviates baggage as IATA pieces and kilos', () => {
    expect(baggageShort({ pieces: 2, weightKg: 23, dimensions: null })).toBe('2PC 23KG');
    expect(baggageShort({ pieces: 0, weightKg: 20, dimensions: null })).toBe('20KG');
    expect(baggageShort({ pieces: 0, weightKg: null, dimensions: null })).toBe('0PC');
  });

  it('words the size limit from its numbers in the document language, never with the supplier\'s English text (issue 14)', () => {
    const linear = { pieces: 1, weightKg: 23, dimensions: '158 cm linear', linearCm: 158 };
    const box = { pieces: 1, weightKg: 7, dimensions: '55x40x20 cm', sizeCm: [55, 40, 20] as [number, number, number] };
    expect(baggageSize(linear, 'en')).toBe('length + width + height up to 158 cm');
    expect(baggageSize(linear, 'zh-CN')).toBe('长宽高之和不超过158厘米');
    expect(baggageSize(linear, 'zh-TW')).toBe('長寬高總和不超過158公分');
    expect(baggageSize(box, 'zh-CN')).toBe('不超过55×40×20厘米');
    expect(baggageSize(box, 'en')).toBe('up to 55 × 40 × 20 cm');
    // An order booked before the numbers were sent: no size rather than the supplier's wording.
    expect(baggageSize({ pieces: 1, weightKg: 23, dimensions: '158 cm linear' }, 'zh-CN')).toBe('');
  });
});
