import { DEFAULT_FLIGHT_CONFIG, type FlightConfig } from '@portal/contract/api/agency-config';
import type { PassengerType } from '@portal/contract/api/shopping';
import type { Currency, RateMap } from '@portal/contract/currency';
import { describe, expect, it } from 'vitest';
import type { SupplierOffer, SupplierPaxPrice } from '../../../suppliers/air/types.ts';
import { makeOffer, makePolicy, makeSegment } from './fixtures.ts';
import { basisPointsOf, convert, markupFor, priceOffer, PricingError, type PricingContext } from './pricing.ts';

const RATES: RateMap = { USD: '7.1', JPY: '0.0468', HKD: '0.91', EUR: '7.8' };
const legs = [{ segments: [makeSegment({ carrier: 'CA', flightNumber: '937', origin: 'PEK', destination: 'LHR', departure: '2026-12-01T13:30', durationMinutes: 660 })], selfTransfer: false }];

function config(over: Partial<FlightConfig> = {}): FlightConfig {
  return { ...DEFAULT_FLIGHT_CONFIG, ...over };
}
function ctx(over: Partial<PricingContext> = {}): PricingContext {
  return {
    fareId: 'f1',
    config: config(),
    area: 'intercontinental',
    settlementCurrency: 'CNY',
    rateMap: RATES,
    showSupplier: false,
    passengers: { adult: 1, child: 0, infant: 0 },
    ...over,
  };
}
const adult = (fare: number, airportTax = 0, fuelSurcharge = 0, otherTax = 0, passengerType: PassengerType = 'adult'): SupplierPaxPrice => ({ passengerType, fare, airportTax, fuelSurcharge, otherTax });
const offer = (currency: Currency, prices: SupplierPaxPrice[], over: Partial<SupplierOffer> = {}) => makeOffer({ legs, currency, prices, supplier: 'sim-gds', ...over });

describe('convert', () => {
  it('uses an exact cross rate: 100.00 USD at 7.1 is 710 CNY, not 711 (crossRate would quantize 1/7.1)', () => {
    expect(convert(10_000, 'USD', 'CNY', RATES, 'settlement')).toBe(71_000);
  });

  it('settlement: whole units from 10 up, cents under 10, always rounded up', () => {
    // 25.50 USD x 7.1 = 181.05 CNY -> 182
    expect(convert(2_550, 'USD', 'CNY', RATES, 'settlement')).toBe(18_200);
    // 1.30 USD x 7.1 = 9.23 CNY stays 9.23
    expect(convert(130, 'USD', 'CNY', RATES, 'settlement')).toBe(923);
    // 1.31 USD x 7.1 = 9.301 CNY -> 9.31
    expect(convert(131, 'USD', 'CNY', RATES, 'settlement')).toBe(931);
  });

  it('price: divide by the rate and round up to the minor unit', () => {
    // 100.00 CNY / 7.1 = 14.0845 USD -> 14.09 (settlement would make it 15)
    expect(convert(10_000, 'CNY', 'USD', RATES, 'price')).toBe(1_409);
    expect(convert(10_000, 'CNY', 'USD', RATES, 'settlement')).toBe(1_500);
  });

  it('goes between two non-base currencies through CNY', () => {
    // 100.00 USD = 710 CNY = 780.2197... HKD -> 781 (settlement)
    expect(convert(10_000, 'USD', 'HKD', RATES, 'settlement')).toBe(78_100);
    // 100.00 USD in JPY: 710 / 0.0468 = 15170.94 -> 15171 JPY (no minor digits)
    expect(convert(10_000, 'USD', 'JPY', RATES, 'settlement')).toBe(15_171);
  });

  it('leaves same-currency amounts untouched (no rounding without a conversion)', () => {
    expect(convert(123_456, 'CNY', 'CNY', RATES, 'settlement')).toBe(123_456);
  });

  it('still converts amounts too large for the exact integer path (through the quoted cross rate)', () => {
    // 20 000 000.00 USD: amount x micro rate passes 2^53, so the 6-decimal crossRate is used; within 0.001% of exact.
    const cny = convert(2_000_000_000, 'USD', 'CNY', RATES, 'settlement');
    expect(cny % 100).toBe(0);
    expect(Math.abs(cny - 14_200_000_000) / 14_200_000_000).toBeLessThan(1e-5);
  });

  it('throws a PricingError when a rate is missing', () => {
    expect(() => convert(100, 'GBP', 'CNY', RATES, 'settlement')).toThrow(PricingError);
  });
});

describe('markup and area adjustment', () => {
  it('computes basis points rounded up', () => {
    // 1.5% of 901.23 = 13.51845 -> 13.52
    expect(basisPointsOf(90_123, 150)).toBe(1_352);
    expect(basisPointsOf(100_000, 150)).toBe(1_500);
    // a discount is rounded towards zero (never bigger): -1.5% of 901.23 = -13.51845 -> -13.51
    expect(basisPointsOf(90_123, -150)).toBe(-1_351);
  });

  it('adds a fixed or percent markup and the adjustment of the itinerary area only', () => {
    const c = config({
      markup: { value: 150, unit: 'percent' },
      priceAdjustments: [
        { area: 'chinaMainland', value: 5_000, unit: 'fixed', limit: 0 },
        { area: 'intercontinental', value: 2_000, unit: 'fixed', limit: 0 },
      ],
    });
    expect(markupFor(100_000, c, 'intercontinental')).toBe(1_500 + 2_000);
    expect(markupFor(100_000, c, 'chinaMainland')).toBe(1_500 + 5_000);
    expect(markupFor(100_000, c, 'domestic')).toBe(1_500);
  });

  it('caps the adjustment at its limit; 0 means unlimited', () => {
    const adj = (limit: number) => config({ priceAdjustments: [{ area: 'intercontinental', value: 500, unit: 'percent', limit }] });
    // 5% of 2000.00 = 100.00, capped at 50.00
    expect(markupFor(200_000, adj(5_000), 'intercontinental')).toBe(5_000);
    expect(markupFor(200_000, adj(0), 'intercontinental')).toBe(10_000);
    // the cap also bounds a discount
    const discount = config({ markup: { value: 5_000, unit: 'fixed' }, priceAdjustments: [{ area: 'intercontinental', value: -2_000, unit: 'percent', limit: 3_000 }] });
    expect(markupFor(100_000, discount, 'intercontinental')).toBe(2_000);
  });

  it('never sells below the net: a bigger discount stops at zero markup', () => {
    const c = config({ markup: { value: 1_000, unit: 'fixed' }, priceAdjustments: [{ area: 'intercontinental', value: -5_000, unit: 'fixed', limit: 0 }] });
    expect(markupFor(100_000, c, 'intercontinental')).toBe(0);
    const small = config({ markup: { value: 1_000, unit: 'fixed' }, priceAdjustments: [{ area: 'intercontinental', value: -300, unit: 'fixed', limit: 0 }] });
    expect(markupFor(100_000, small, 'intercontinental')).toBe(700);
  });
});

describe('priceOffer', () => {
  it('converts a USD net into CNY component by component', () => {
    const fare = priceOffer(offer('USD', [adult(10_000, 2_550, 0, 130)]), ctx());
    expect(fare.currency).toBe('CNY');
    expect(fare.priceList).toEqual([
      {
        passengerType: 'adult',
        count: 1,
        price: 71_000 + 18_200 + 923,
        salePrice: 90_123,
        currency: 'CNY',
        breakdown: { fare: 71_000, tax: 19_123, airportTax: 18_200, fuelSurcharge: 0, markup: 0, serviceFee: 0 },
      },
    ]);
    expect(fare.totalSalePrice).toBe(90_123);
  });

  it('rounds a converted fare up to the next whole unit', () => {
    // 100.01 USD x 7.1 = 710.071 CNY -> 711
    const fare = priceOffer(offer('USD', [adult(10_001)]), ctx());
    expect(fare.priceList[0].price).toBe(71_100);
  });

  it('handles JPY without minor digits, as source and as settlement currency', () => {
    // 50000 JPY x 0.0468 = 2340 CNY; 2130 JPY = 99.684 -> 100 CNY; 150 JPY = 7.02 CNY (under 10: cents kept)
    const fromJpy = priceOffer(offer('JPY', [adult(50_000, 2_130, 150)]), ctx());
    expect(fromJpy.priceList[0].breakdown).toMatchObject({ fare: 234_000, airportTax: 10_000, fuelSurcharge: 702, tax: 10_702 });
    // 1000.00 CNY / 0.0468 = 21367.52 JPY -> 21368; a 30.00 CNY fee / 0.0468 = 641.03 -> 642 JPY
    const toJpy = priceOffer(offer('CNY', [adult(100_000)]), ctx({ settlementCurrency: 'JPY', config: config({ serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 3_000 } }) }));
    expect(toJpy.priceList[0]).toMatchObject({ price: 21_368, salePrice: 21_368 + 642, currency: 'JPY' });
  });

  it('applies a percent markup on the converted net, then the area adjustment, then the fee', () => {
    const c = config({
      markup: { value: 150, unit: 'percent' },
      priceAdjustments: [{ area: 'intercontinental', value: 1_000, unit: 'fixed', limit: 0 }],
      serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 2_500 },
    });
    const fare = priceOffer(offer('USD', [adult(10_000, 2_550, 0, 130)]), ctx({ config: c }));
    // net 901.23; 1.5% = 13.52; + 10.00 adjustment; + 25.00 fee
    expect(fare.priceList[0].breakdown.markup).toBe(1_352 + 1_000);
    expect(fare.priceList[0].breakdown.serviceFee).toBe(2_500);
    expect(fare.priceList[0].salePrice).toBe(90_123 + 2_352 + 2_500);
  });

  it('keeps a same-currency net exact and caps the adjustment at its limit', () => {
    const c = config({ priceAdjustments: [{ area: 'intercontinental', value: 500, unit: 'percent', limit: 5_000 }] });
    const fare = priceOffer(offer('CNY', [adult(123_456, 6_544)]), ctx({ config: c }));
    // net 1300.00; 5% = 65.00 capped at 50.00
    expect(fare.priceList[0]).toMatchObject({ price: 130_000, salePrice: 135_000 });
    expect(fare.priceList[0].breakdown.fare).toBe(123_456);
  });

  it('never prices below the net plus fee when the discount exceeds the markup', () => {
    const c = config({
      markup: { value: 1_000, unit: 'fixed' },
      priceAdjustments: [{ area: 'intercontinental', value: -5_000, unit: 'fixed', limit: 0 }],
      serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 2_000 },
    });
    const fare = priceOffer(offer('CNY', [adult(100_000)]), ctx({ config: c }));
    expect(fare.priceList[0]).toMatchObject({ price: 100_000, salePrice: 102_000 });
    expect(fare.priceList[0].breakdown.markup).toBe(0);
  });

  it('converts the service fee from its own currency with price-by-rate rounding', () => {
    const hkdFee = config({ serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 5_000, currency: 'HKD' } });
    // 50.00 HKD x 0.91 = 45.50 CNY
    expect(priceOffer(offer('CNY', [adult(100_000)]), ctx({ config: hkdFee })).priceList[0].breakdown.serviceFee).toBe(4_550);
    const cnyFee = config({ serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 10_000, currency: 'CNY' } });
    // 100.00 CNY / 7.1 = 14.0845 USD -> 14.09 (not 15)
    expect(priceOffer(offer('USD', [adult(10_000)]), ctx({ config: cnyFee, settlementCurrency: 'USD' })).priceList[0]).toMatchObject({ price: 10_000, salePrice: 11_409 });
  });

  it('prices every passenger type searched and totals sale price x count', () => {
    const c = config({ serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: 1_000 } });
    const prices = [adult(100_000, 10_000), adult(75_000, 10_000, 0, 0, 'child'), adult(10_000, 0, 0, 0, 'infant')];
    const fare = priceOffer(offer('CNY', prices), ctx({ config: c, passengers: { adult: 2, child: 1, infant: 1 } }));
    expect(fare.priceList.map((p) => [p.passengerType, p.count, p.salePrice])).toEqual([
      ['adult', 2, 111_000],
      ['child', 1, 86_000],
      ['infant', 1, 11_000],
    ]);
    expect(fare.totalSalePrice).toBe(2 * 111_000 + 86_000 + 11_000);
    // passenger types nobody searched for are left out
    expect(priceOffer(offer('CNY', prices), ctx()).priceList.map((p) => p.passengerType)).toEqual(['adult']);
  });

  it('refuses an offer without a price for a searched passenger type or without a rate', () => {
    expect(() => priceOffer(offer('CNY', [adult(100_000)]), ctx({ passengers: { adult: 1, child: 1, infant: 0 } }))).toThrow(expect.objectContaining({ code: 'price_missing' }));
    expect(() => priceOffer(offer('GBP', [adult(100_000)]), ctx())).toThrow(expect.objectContaining({ code: 'rate_missing' }));
  });

  it('shows the supplier only when allowed and copies the fare details', () => {
    const o = offer('CNY', [adult(100_000)], { brand: 'Flex', fareBasis: ['YFLEX'], expiresAt: '2026-11-01T00:30:00Z' });
    expect(priceOffer(o, ctx()).supplier).toBeNull();
    const shown = priceOffer(o, ctx({ showSupplier: true }));
    expect(shown).toMatchObject({ fareId: 'f1', supplier: 'sim-gds', brand: 'Flex', fareBasis: ['YFLEX'], cabin: 'economy', expiresAt: '2026-11-01T00:30:00Z' });
  });

  it('converts cancellation-policy fees into the settlement currency', () => {
    const o = offer('USD', [adult(10_000)], { cancellationPolicy: [makePolicy('adult', 'USD', 5_000, null)] });
    const [p] = priceOffer(o, ctx()).cancellationPolicy;
    // 50.00 USD = 355 CNY
    expect(p.currency).toBe('CNY');
    expect(p.change.beforeDeparture).toEqual({ allowed: true, fee: 35_500 });
    expect(p.refund.beforeDeparture).toEqual({ allowed: false, fee: null });
  });
});

describe('convert without BigInt', () => {
  it('gives exactly what the contract helpers give for the same exact cross rate', async () => {
    const { priceByRate, rateToMicro, settlementByRate } = await import('@portal/contract/currency');
    const rates: RateMap = { ...RATES, KRW: '0.005123', GBP: '9.000001', CHF: '8.123456' };
    const currencies: Currency[] = ['CNY', 'USD', 'JPY', 'HKD', 'EUR', 'KRW', 'GBP', 'CHF'];
    const micro = (c: Currency) => (c === 'CNY' ? 1_000_000 : Number(rateToMicro(rates[c]!)));
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 20_000; i++) {
      const from = currencies[i % currencies.length];
      const to = currencies[(i * 3 + 1) % currencies.length];
      if (from === to) continue;
      const amount = Math.floor(random() * 10 ** Math.floor(random() * 11)) * (random() < 0.05 ? -1 : 1);
      const scaled = amount * micro(from);
      if (amount === 0 || !Number.isSafeInteger(scaled)) continue;
      for (const rounding of ['settlement', 'price'] as const) {
        const reference = (rounding === 'settlement' ? settlementByRate : priceByRate)(scaled, from, to, String(micro(to)));
        expect(convert(amount, from, to, rates, rounding)).toBe(reference);
      }
    }
  });

  it('rounds basis points like the BigInt form, for discounts too', () => {
    const reference = (a: number, bp: number) => {
      const n = BigInt(a) * BigInt(bp);
      const q = n / 10_000n;
      return Number(n > 0n && n % 10_000n !== 0n ? q + 1n : q);
    };
    for (const a of [0, 1, 9_999, 10_001, 90_123, 123_456_789, 2 ** 40 + 3]) {
      for (const bp of [-10_000, -150, -1, 0, 1, 150, 333, 10_000]) expect(basisPointsOf(a, bp)).toBe(reference(a, bp));
    }
  });
});
