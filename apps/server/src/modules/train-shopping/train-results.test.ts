import type { TrainService } from '@portal/contract/api/trains';
import { describe, expect, it } from 'vitest';
import type { RailService } from '../../suppliers/rail/types.ts';
import { applyFilters, bandOf, facetsOf, sortServices, toTrainService } from './train-results.ts';

const rail: RailService = {
  serviceId: 'T109@2027-03-01',
  trainNumber: 'T109',
  trainType: 'T',
  serviceDate: '2027-03-01',
  currency: 'CNY',
  fromIndex: 1,
  toIndex: 2,
  stops: [
    { code: 'BJP', name: '北京', arrival: null, departure: '2027-03-01T18:30', km: 0 },
    { code: 'TJP', name: '天津', arrival: '2027-03-01T19:42', departure: '2027-03-01T19:50', km: 137 },
    { code: 'SHH', name: '上海', arrival: '2027-03-02T07:56', departure: null, km: 1463 },
  ],
  classes: [
    {
      seatClass: 'hard_sleeper',
      price: 30_450,
      childPrice: 21_600,
      available: 21,
      berths: [
        { berth: 'lower', price: 32_550, childPrice: 23_700 },
        { berth: 'upper', price: 30_450, childPrice: 21_600 },
      ],
    },
    { seatClass: 'hard_seat', price: 17_750, childPrice: 8_900, available: 3 },
    { seatClass: 'no_seat', price: 17_750, childPrice: 8_900, available: 0 },
  ],
};

const service = (over: Partial<TrainService>): TrainService => ({ ...toTrainService('sim-rail', rail, 'en'), ...over });

describe('train results', () => {
  it("shows a supplier's train for the ride: its two stations, duration, days crossed, seats as 12306 counts them", () => {
    const s = toTrainService('sim-rail', rail, 'en');
    expect(s).toMatchObject({
      serviceId: 'T109@2027-03-01',
      supplier: 'sim-rail',
      origin: { code: 'BJP', name: 'Beijing' },
      terminus: { code: 'SHH', name: 'Shanghai' },
      from: { code: 'TJP', name: 'Tianjin', time: '19:50' },
      to: { code: 'SHH', time: '07:56' },
      departureAt: '2027-03-01T19:50',
      arrivalAt: '2027-03-02T07:56',
      durationMinutes: 12 * 60 + 6,
      crossesDays: true,
      stops: 0,
      distanceKm: 1326,
    });
    expect(s.classes.map((c) => c.available)).toEqual(['many', 3, 0]);
    expect(s.classes[0].berthPrices).toEqual(rail.classes[0].berths);
    expect(s.classes[1].berthPrices).toBeUndefined();
    expect(toTrainService('sim-rail', rail, 'zh-TW').to.name).toBe('上海');
  });

  it('bands times by the spec: 00-06, 06-12, 12-18, 18-24', () => {
    expect(['2027-03-01T00:00', '2027-03-01T05:59', '2027-03-01T06:00', '2027-03-01T17:59', '2027-03-01T23:59'].map(bandOf)).toEqual(['00-06', '00-06', '06-12', '12-18', '18-24']);
  });

  it('filters: every list given must match one of its values; an empty list is no filter', () => {
    const g = service({ trainNumber: 'G1', trainType: 'G', departureAt: '2027-03-01T07:00', from: { code: 'VNP', name: 'Beijing South', time: '07:00' } });
    const t = service({});
    expect(applyFilters([g, t], { trainTypes: ['G'] })).toEqual([g]);
    expect(applyFilters([g, t], { trainTypes: [] })).toEqual([g, t]);
    expect(applyFilters([g, t], { departureBands: ['18-24'] })).toEqual([t]);
    expect(applyFilters([g, t], { arrivalBands: ['06-12'] })).toEqual([g, t]);
    expect(applyFilters([g, t], { fromStations: ['VNP'], trainTypes: ['G', 'T'] })).toEqual([g]);
    expect(applyFilters([g, t], { seatClasses: ['hard_seat'] })).toEqual([g, t]);
    // Standing: listed, but none left.
    expect(applyFilters([t], { seatClasses: ['no_seat'] })).toEqual([]);
  });

  it('counts facets over every train, stations by how often they appear', () => {
    const a = service({});
    const b = service({ trainNumber: 'K101', trainType: 'K', from: { code: 'BJP', name: 'Beijing', time: '07:45' } });
    const f = facetsOf([a, b, a]);
    expect(f.trainTypes).toEqual([
      { value: 'T', count: 2 },
      { value: 'K', count: 1 },
    ]);
    expect(f.fromStations).toEqual([
      { code: 'TJP', name: 'Tianjin', count: 2 },
      { code: 'BJP', name: 'Beijing', count: 1 },
    ]);
    expect(f.seatClasses).toEqual([
      { value: 'hard_sleeper', count: 3 },
      { value: 'hard_seat', count: 3 },
    ]);
  });

  it('sorts by departure, duration or the cheapest class with seats (none left: last), ties by departure', () => {
    const early = service({ trainNumber: 'A', departureAt: '2027-03-01T08:00', durationMinutes: 300 });
    const late = service({ trainNumber: 'B', departureAt: '2027-03-01T20:00', durationMinutes: 200 });
    const full = service({ trainNumber: 'C', departureAt: '2027-03-01T06:00', classes: [{ seatClass: 'second', price: 100, childPrice: 50, available: 0 }] });
    expect(sortServices([late, early], 'departure', 'asc').map((s) => s.trainNumber)).toEqual(['A', 'B']);
    expect(sortServices([early, late], 'departure', 'desc').map((s) => s.trainNumber)).toEqual(['B', 'A']);
    expect(sortServices([early, late], 'duration', 'asc').map((s) => s.trainNumber)).toEqual(['B', 'A']);
    expect(sortServices([full, late, early], 'price', 'asc').map((s) => s.trainNumber)).toEqual(['A', 'B', 'C']);
  });
});
