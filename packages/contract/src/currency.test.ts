import { describe, expect, it } from 'vitest';
import { CURRENCIES, crossRate, isCurrency, minorDigits, minorToDecimal, priceByRate, rateToMicro, settlementByRate } from './currency.ts';

describe('CURRENCIES', () => {
  it('lists the 23 currencies of spec point 9, CNY first, each once', () => {
    expect(CURRENCIES.length).toBe(23);
    expect(new Set(CURRENCIES).size).toBe(23);
    expect(CURRENCIES[0]).toBe('CNY');
    expect(CURRENCIES[CURRENCIES.length - 1]).toBe('ILS');
  });

  it('knows which codes are currencies, case-sensitively', () => {
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency('XXX')).toBe(false);
  });

  it('gives JPY and KRW no minor digits, everything else two', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    for (const c of CURRENCIES.filter((c) => c !== 'JPY' && c !== 'KRW')) expect(minorDigits(c), c).toBe(2);
  });
});

describe('rateToMicro', () => {
  it.each([
    ['1', 1_000_000n],
    ['7.1', 7_100_000n],
    ['0.000001', 1n],
    ['0.0468', 46_800n],
    ['999999999.999999', 999_999_999_999_999n],
  ])('%s -> %s', (rate, micro) => expect(rateToMicro(rate)).toBe(micro));

  it.each(['0', '0.0', '0.000000', '-1', '-0.5', '1.1234567', 'abc', '', ' 7.1', '7,1', '1e3', '01.5', '.5', '1.', '1000000000', 'Infinity', 'NaN'])(
    'rejects %j',
    (rate) => expect(() => rateToMicro(rate)).toThrow(RangeError),
  );
});

describe('priceByRate: divide by the rate and round up', () => {
  it('converts exactly when the division is exact', () => {
    // 710.00 CNY at 7.1 CNY per USD is 100.00 USD.
    expect(priceByRate(71_000, 'CNY', 'USD', '7.1')).toBe(10_000);
    expect(priceByRate(100, 'USD', 'USD', '1')).toBe(100);
  });

  it('rounds any remainder up, never down', () => {
    // 100.00 CNY / 7.1 = 14.0845... USD -> 14.09
    expect(priceByRate(10_000, 'CNY', 'USD', '7.1')).toBe(1_409);
    // 0.01 CNY / 7.1 -> the smallest unit, not zero
    expect(priceByRate(1, 'CNY', 'USD', '7.1')).toBe(1);
    // 1.00 CNY / 0.3 = 3.333... -> 3.34
    expect(priceByRate(100, 'CNY', 'EUR', '0.3')).toBe(334);
  });

  it('uses whole units for JPY and KRW targets', () => {
    // 100.00 CNY at 0.0468 CNY per JPY = 2136.75... JPY -> 2137
    expect(priceByRate(10_000, 'CNY', 'JPY', '0.0468')).toBe(2_137);
    // 1.00 CNY at 0.0051 CNY per KRW = 196.078... KRW -> 197
    expect(priceByRate(100, 'CNY', 'KRW', '0.0051')).toBe(197);
  });

  it('reads JPY and KRW sources as whole units', () => {
    // 1000 JPY at 21.367521 JPY per CNY = 46.80000... CNY -> 46.81 (the tiny remainder still rounds up)
    expect(priceByRate(1_000, 'JPY', 'CNY', '21.367521')).toBe(4_681);
    // 10000 KRW at 1.25 KRW per... an exact division stays exact: 8000 JPY
    expect(priceByRate(10_000, 'KRW', 'JPY', '1.25')).toBe(8_000);
  });

  it('keeps zero at zero and rounds negative amounts toward zero (the ceiling)', () => {
    expect(priceByRate(0, 'CNY', 'USD', '7.1')).toBe(0);
    // -100.00 / 7.1 = -14.0845 -> ceiling -14.08
    expect(priceByRate(-10_000, 'CNY', 'USD', '7.1')).toBe(-1_408);
  });

  it('handles large amounts without float error', () => {
    // 90 071 992 547 409.91 CNY is the largest safe minor amount; dividing by 1 must not move it.
    expect(priceByRate(Number.MAX_SAFE_INTEGER, 'CNY', 'HKD', '1')).toBe(Number.MAX_SAFE_INTEGER);
    expect(priceByRate(123_456_789_01, 'CNY', 'USD', '0.000001')).toBe(123_456_789_01 * 1_000_000);
  });

  it('refuses bad rates and non-integer amounts', () => {
    expect(() => priceByRate(100, 'CNY', 'USD', '0')).toThrow(RangeError);
    expect(() => priceByRate(100, 'CNY', 'USD', '-7.1')).toThrow(RangeError);
    expect(() => priceByRate(100, 'CNY', 'USD', 'seven')).toThrow(RangeError);
    expect(() => priceByRate(100, 'CNY', 'USD', '7.1234567')).toThrow(RangeError);
    expect(() => priceByRate(1.5, 'CNY', 'USD', '7.1')).toThrow(RangeError);
    expect(() => priceByRate(Number.NaN, 'CNY', 'USD', '7.1')).toThrow(RangeError);
    expect(() => priceByRate(2 ** 53, 'CNY', 'USD', '7.1')).toThrow(RangeError);
  });
});

describe('settlementByRate: 2 decimals under 10 units, whole units from 10 up', () => {
  it('keeps cents (rounded up) under 10 units', () => {
    // 50.00 CNY / 7.1 = 7.0422... USD -> 7.05
    expect(settlementByRate(5_000, 'CNY', 'USD', '7.1')).toBe(705);
    expect(settlementByRate(1, 'CNY', 'USD', '7.1')).toBe(1);
    // 9.99 exactly stays 9.99
    expect(settlementByRate(999, 'USD', 'EUR', '1')).toBe(999);
  });

  it('rounds up to a whole unit from 10 units on', () => {
    // 100.00 CNY / 7.1 = 14.08... USD -> 15.00
    expect(settlementByRate(10_000, 'CNY', 'USD', '7.1')).toBe(1_500);
    // exactly 10.00 is not "under 10": whole units, and already whole
    expect(settlementByRate(1_000, 'USD', 'EUR', '1')).toBe(1_000);
    // 10.01 -> 11.00
    expect(settlementByRate(1_001, 'USD', 'EUR', '1')).toBe(1_100);
  });

  it('lands on the boundary when just under 10 rounds up to it', () => {
    // 9.991 EUR (99.91 CNY at 10 CNY per EUR is 9.991) -> 10.00, from the cents branch
    expect(settlementByRate(9_991, 'CNY', 'EUR', '10')).toBe(1_000);
  });

  it('gives JPY and KRW whole units on both sides of 10', () => {
    // 0.30 CNY at 0.0468 = 6.41 JPY -> 7
    expect(settlementByRate(30, 'CNY', 'JPY', '0.0468')).toBe(7);
    // 100.00 CNY at 0.0468 = 2136.75 JPY -> 2137
    expect(settlementByRate(10_000, 'CNY', 'JPY', '0.0468')).toBe(2_137);
    // 1.00 CNY at 0.0051 = 196.07 KRW -> 197
    expect(settlementByRate(100, 'CNY', 'KRW', '0.0051')).toBe(197);
  });

  it('reads a JPY source as whole units', () => {
    // 100 JPY at 21.367521 JPY per CNY = 4.680000... CNY -> 4.69 (under 10, cents rounded up)
    expect(settlementByRate(100, 'JPY', 'CNY', '21.367521')).toBe(469);
    // 1000 JPY -> 46.80000... CNY -> 47.00
    expect(settlementByRate(1_000, 'JPY', 'CNY', '21.367521')).toBe(4_700);
  });

  it('treats negative amounts symmetrically around the 10-unit line', () => {
    expect(settlementByRate(-5_000, 'CNY', 'USD', '7.1')).toBe(-704);
    expect(settlementByRate(-10_000, 'CNY', 'USD', '7.1')).toBe(-1_400);
    expect(settlementByRate(0, 'CNY', 'USD', '7.1')).toBe(0);
  });

  it('refuses bad rates and non-integer amounts', () => {
    expect(() => settlementByRate(100, 'CNY', 'USD', '0')).toThrow(RangeError);
    expect(() => settlementByRate(100, 'CNY', 'USD', '-1')).toThrow(RangeError);
    expect(() => settlementByRate(100, 'CNY', 'USD', 'abc')).toThrow(RangeError);
    expect(() => settlementByRate(100, 'CNY', 'USD', '1.0000001')).toThrow(RangeError);
    expect(() => settlementByRate(1.5, 'CNY', 'USD', '7.1')).toThrow(RangeError);
    expect(() => settlementByRate(2 ** 53, 'CNY', 'USD', '7.1')).toThrow(RangeError);
  });
});

describe('crossRate: from-per-to through the CNY base', () => {
  const map = { USD: '7.1', EUR: '7.75', JPY: '0.0468', HKD: '0.912', KRW: '0.0051' };

  it('is 1 for the same currency, even one without a rate', () => {
    expect(crossRate(map, 'USD', 'USD')).toBe('1');
    expect(crossRate({}, 'GBP', 'GBP')).toBe('1');
  });

  it('reads the base rate directly in either direction', () => {
    // CNY per USD
    expect(crossRate(map, 'CNY', 'USD')).toBe('7.1');
    // USD per CNY = 1/7.1 = 0.14084507... -> 0.140845
    expect(crossRate(map, 'USD', 'CNY')).toBe('0.140845');
  });

  it('divides the two base rates and rounds half up to 6 decimals', () => {
    // USD per EUR = 7.75 / 7.1 = 1.091549295... -> 1.091549
    expect(crossRate(map, 'USD', 'EUR')).toBe('1.091549');
    // JPY per USD = 7.1 / 0.0468 = 151.7094017... -> 151.709402
    expect(crossRate(map, 'JPY', 'USD')).toBe('151.709402');
    // HKD per JPY = 0.0468 / 0.912 = 0.0513157894... -> 0.051316 (half up at the 7th digit)
    expect(crossRate(map, 'HKD', 'JPY')).toBe('0.051316');
  });

  it('drops trailing zeros and gives whole numbers without a point', () => {
    expect(crossRate({ USD: '2', EUR: '3' }, 'USD', 'EUR')).toBe('1.5');
    expect(crossRate({ USD: '1.5', EUR: '3' }, 'USD', 'EUR')).toBe('2');
  });

  it('gives a rate that priceByRate accepts and that round-trips the conversion', () => {
    const r = crossRate(map, 'USD', 'EUR')!;
    // 100.00 USD -> EUR at USD-per-EUR: 100 / 1.091549 = 91.6129... -> 91.62
    expect(priceByRate(10_000, 'USD', 'EUR', r)).toBe(9_162);
  });

  it('is null when a rate is missing or the result rounds to zero', () => {
    expect(crossRate(map, 'USD', 'GBP')).toBeNull();
    expect(crossRate(map, 'GBP', 'CNY')).toBeNull();
    expect(crossRate({ USD: '0.000001', EUR: '999999' }, 'EUR', 'USD')).toBeNull();
  });

  it('throws on a malformed rate in the map', () => {
    expect(() => crossRate({ USD: '0', EUR: '7.75' }, 'USD', 'EUR')).toThrow(RangeError);
    expect(() => crossRate({ USD: 'x', EUR: '7.75' }, 'USD', 'EUR')).toThrow(RangeError);
    expect(() => crossRate({ USD: '7.1', EUR: '-7.75' }, 'USD', 'EUR')).toThrow(RangeError);
  });
});

describe('minorToDecimal', () => {
  it.each([
    [123_456, 'CNY', '1234.56'],
    [5, 'USD', '0.05'],
    [50, 'USD', '0.50'],
    [0, 'EUR', '0.00'],
    [-5, 'USD', '-0.05'],
    [-123_456, 'CNY', '-1234.56'],
    [2_137, 'JPY', '2137'],
    [-197, 'KRW', '-197'],
    [0, 'KRW', '0'],
  ] as const)('%d %s -> %s', (amount, currency, text) => expect(minorToDecimal(amount, currency)).toBe(text));
});
