import { describe, expect, it } from 'vitest';
import { createRailSimulator } from '../../suppliers/rail/sim/simulator.ts';
import type { Db } from '../../db/client.ts';
import { getStation, stationsFor } from '../reference/stations.ts';
import { cityOf, stationName } from './train-places.ts';

describe('train places', () => {
  // The simulator copies its stations from the reference as literals (suppliers import nothing from the modules):
  // this keeps the copy honest, so what the picker offers is what the railway sells under the same city.
  it("knows every station the simulated railway sells, under the railway's own city key and names", () => {
    const sold = createRailSimulator({ db: {} as Db }).stations();
    expect(sold.length).toBeGreaterThan(100);
    for (const s of sold) {
      const known = getStation(s.code);
      expect(known, s.code).toBeDefined();
      expect(known!.cityCode, s.code).toBe(s.city);
      expect(known!.name, s.code).toEqual({ 'zh-CN': s.name, ...s.names });
      expect(stationsFor(s.city), s.code).toContain(s.code);
    }
  });

  it('names a station and its city in the reader language, a code it does not know as itself', () => {
    expect(stationName('AOH', 'zh-TW')).toBe('上海虹橋');
    expect(stationName('AOH', 'en')).toBe('Shanghai Hongqiao');
    expect(cityOf('AOH')).toBe('SHA');
    expect(stationName('QQQ', 'en')).toBe('QQQ');
    expect(cityOf('QQQ')).toBeUndefined();
  });
});
