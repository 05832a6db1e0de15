import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { describe, expect, it } from 'vitest';
import { chooseSuppliers } from './agency-filters.ts';
import { cabinOfBookingClass, groupJourneys, type SegmentInput } from './exact-search.ts';
import { normalizeFlightNumber } from './flight-number.ts';

const seg = (origin: string, destination: string, date: string, extra: Partial<SegmentInput> = {}): SegmentInput => ({
  flightNumber: 'CA981',
  date,
  origin,
  destination,
  bookingClass: null,
  journey: null,
  ...extra,
});

describe('exact search journeys', () => {
  it('joins connections and splits stopovers and returns', () => {
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01'), seg('PVG', 'NRT', '2026-12-01')])).toEqual([0, 0]);
    // Back to the journey's own city: a return, not one journey.
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01'), seg('SHA', 'PKX', '2026-12-02')])).toEqual([0, 1]);
    // Not from where the previous flight landed, or days later: a new journey.
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01'), seg('CAN', 'CTU', '2026-12-01')])).toEqual([0, 1]);
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01'), seg('SHA', 'CAN', '2026-12-04')])).toEqual([0, 1]);
    // Known times: 24 h decides.
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01'), seg('SHA', 'CAN', '2026-12-02', { connectionMinutes: 25 * 60 })])).toEqual([0, 1]);
    // Explicit numbers win.
    expect(groupJourneys([seg('PEK', 'SHA', '2026-12-01', { journey: 0 }), seg('SHA', 'CAN', '2026-12-01', { journey: 1 })])).toEqual([0, 1]);
  });

  it('maps booking classes to cabins and normalizes flight numbers', () => {
    expect(['F', 'C', 'W', 'Y', null].map((c) => cabinOfBookingClass(c))).toEqual(['first', 'business', 'premium_economy', 'economy', 'economy']);
    expect(normalizeFlightNumber('ca 0981')).toBe('CA981');
    expect(normalizeFlightNumber('981', 'CA')).toBe('CA981');
    expect(normalizeFlightNumber('3U8881', '3U')).toBe('3U8881');
  });
});

describe('supplier choice', () => {
  const all = ['sim-gds', 'sim-ndc', 'sim-lcc'];
  const j = [{ origin: 'PEK', destination: 'SHA' }];
  it('applies the filter mode to suppliers (an empty whitelist restricts nothing) and hot routes by city', () => {
    expect(chooseSuppliers(all, DEFAULT_FLIGHT_CONFIG, j)).toEqual(all);
    expect(chooseSuppliers(all, { ...DEFAULT_FLIGHT_CONFIG, filterMode: 'whitelist', suppliers: [] }, j)).toEqual(all);
    expect(chooseSuppliers(all, { ...DEFAULT_FLIGHT_CONFIG, filterMode: 'whitelist', suppliers: ['sim-ndc'] }, j)).toEqual(['sim-ndc']);
    expect(chooseSuppliers(all, { ...DEFAULT_FLIGHT_CONFIG, suppliers: ['sim-ndc'] }, j)).toEqual(['sim-gds', 'sim-lcc']);
    const hot = { ...DEFAULT_FLIGHT_CONFIG, searchMode: 'hotRoutes' as const, hotRoutes: ['SHA-BJS'] };
    expect(chooseSuppliers(all, hot, j)).toEqual(all);
    expect(chooseSuppliers(all, hot, [...j, { origin: 'SHA', destination: 'CAN' }])).toEqual([]);
  });
});
