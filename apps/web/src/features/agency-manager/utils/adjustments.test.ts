import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_AREAS } from '@portal/contract/api/agency-config';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { adjustmentToInput, fromAdjustmentRows, inputToAdjustment, toAdjustmentRows } from './adjustments';
import { fromFlightForm, toFlightForm } from './flight-config';

describe('price adjustment units', () => {
  it('shows basis points as percent with 2 decimals and sends them back as basis points', () => {
    expect(adjustmentToInput(250, 'percent', 'CNY')).toBe(2.5);
    expect(inputToAdjustment(2.5, 'percent', 'CNY')).toBe(250);
    expect(inputToAdjustment(1.15, 'percent', 'CNY')).toBe(115);
    expect(inputToAdjustment(-0.01, 'percent', 'CNY')).toBe(-1);
  });

  it('shows fixed amounts in major units of the settlement currency and sends minor units', () => {
    expect(adjustmentToInput(1234, 'fixed', 'CNY')).toBe(12.34);
    expect(inputToAdjustment(12.34, 'fixed', 'CNY')).toBe(1234);
    expect(inputToAdjustment(-20.1, 'fixed', 'USD')).toBe(-2010);
    // JPY has no minor unit: 500 yen is 500.
    expect(adjustmentToInput(500, 'fixed', 'JPY')).toBe(500);
    expect(inputToAdjustment(500, 'fixed', 'JPY')).toBe(500);
  });
});

describe('adjustment rows', () => {
  it('gives one row per area, filling areas without an adjustment with zeros', () => {
    const rows = toAdjustmentRows([{ area: 'domestic', value: 300, unit: 'percent', limit: 5000 }], 'CNY');
    expect(rows.map((r) => r.area)).toEqual([...ADJUSTMENT_AREAS]);
    expect(rows.find((r) => r.area === 'domestic')).toEqual({ area: 'domestic', value: 3, unit: 'percent', limit: 50 });
    expect(rows.find((r) => r.area === 'chinaMainland')).toEqual({ area: 'chinaMainland', value: 0, unit: 'fixed', limit: 0 });
  });

  it('sends percent as basis points, fixed and limits as minor units, and leaves out rows without a value', () => {
    const body = fromAdjustmentRows(
      [
        { area: 'chinaMainland', value: 0, unit: 'fixed', limit: 10 },
        { area: 'domestic', value: 3.25, unit: 'percent', limit: 0 },
        { area: 'intraContinental', value: -15.5, unit: 'fixed', limit: 100 },
        { area: 'intercontinental', value: 1.5, unit: 'percent', limit: 88.88 },
      ],
      'USD',
    );
    expect(body).toEqual([
      { area: 'domestic', value: 325, unit: 'percent', limit: 0 },
      { area: 'intraContinental', value: -1550, unit: 'fixed', limit: 10_000 },
      { area: 'intercontinental', value: 150, unit: 'percent', limit: 8_888 },
    ]);
  });

  it('round-trips what the server stores', () => {
    const stored = [
      { area: 'domestic' as const, value: 325, unit: 'percent' as const, limit: 0 },
      { area: 'intercontinental' as const, value: -1550, unit: 'fixed' as const, limit: 10_000 },
    ];
    expect(fromAdjustmentRows(toAdjustmentRows(stored, 'EUR'), 'EUR')).toEqual(stored);
  });
});

describe('flight form', () => {
  it('round-trips the flight group and keeps the price adjustments it does not edit', () => {
    const flight = {
      ...DEFAULT_FLIGHT_CONFIG,
      markup: { value: 150, unit: 'percent' as const },
      serviceFees: { booking: 3000, change: 5000, refund: 0, void: 1000, currency: 'USD' as const },
      maxResponseTimeMs: 15_500,
      bookingNotificationUrl: 'https://agency.example.com/hook',
      airlines: ['CA', 'MU'],
      hotRoutes: ['BJS-SHA'],
      priceAdjustments: [{ area: 'domestic' as const, value: 100, unit: 'fixed' as const, limit: 0 }],
    };
    const values = toFlightForm(flight, 'CNY');
    expect(values).toMatchObject({ markupValue: 1.5, markupUnit: 'percent', feeBooking: 30, feeVoid: 10, maxResponseTimeSec: 15.5 });
    expect(fromFlightForm(values, flight, 'CNY')).toEqual(flight);
  });

  it('sends an emptied notification URL as null', () => {
    const values = { ...toFlightForm(DEFAULT_FLIGHT_CONFIG, 'CNY'), bookingNotificationUrl: '  ' };
    expect(fromFlightForm(values, DEFAULT_FLIGHT_CONFIG, 'CNY').bookingNotificationUrl).toBeNull();
  });
});
