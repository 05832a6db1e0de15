import { describe, expect, it } from 'vitest';
import { getStation } from '../../../modules/reference/stations.ts';
import { SPEED_RANGES } from '../train-types.ts';
import { capacities, CONSISTS, seatOf } from './consists.ts';
import { CORRIDORS, STATIONS } from './network.ts';
import { PLAN } from './plan.ts';
import { addDays } from './services.ts';
import { isPeakDay, trainOn, trainsOn } from './timetable.ts';

const FIRST = '2027-03-01';
const DATES = Array.from({ length: 30 }, (_, i) => addDays(FIRST, i));
/** The plan line a train number comes from. */
const patternOf = (trainNumber: string) => {
  const n = Number(trainNumber.slice(1));
  return PLAN.find((p) => p.type === trainNumber[0] && n >= p.first && n < p.first + 2 * p.count);
};
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('rail network data', () => {
  it('names every station by a 12306 telegraph code, with names and a city key', () => {
    for (const [code, s] of Object.entries(STATIONS)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(s.zh.length).toBeGreaterThan(0);
      expect(s.en.length).toBeGreaterThan(0);
      expect(s.city.length).toBeGreaterThan(0);
    }
    expect(STATIONS.VNP).toMatchObject({ zh: '北京南', city: 'BJS' });
    expect(STATIONS.AOH).toMatchObject({ zh: '上海虹桥', city: 'SHA' });
    expect(STATIONS.IZQ.zh).toBe('广州南');
    expect(STATIONS.IOQ.zh).toBe('深圳北');
  });

  // The table is copied as literals (the simulator imports nothing from the modules), so a regenerated station
  // reference (a city gaining an airport city code, a renamed station) must be followed here by hand.
  it('agrees with the platform station reference on every name and city key', () => {
    for (const [code, s] of Object.entries(STATIONS)) {
      const ref = getStation(code);
      expect(ref, code).toBeDefined();
      expect({ code, zh: s.zh, tw: s.tw, en: s.en, city: s.city }).toEqual({ code, zh: ref!.name['zh-CN'], tw: ref!.name['zh-TW'], en: ref!.name.en, city: ref!.cityCode });
    }
  });

  it('keeps each line in order, kilometres rising from 0, every station known; the published lengths', () => {
    for (const c of CORRIDORS) {
      expect(c.stations[0][1]).toBe(0);
      c.stations.forEach(([code, km], i) => {
        expect(STATIONS[code], `${c.id} ${code}`).toBeDefined();
        if (i > 0) expect(km, `${c.id} ${code}`).toBeGreaterThan(c.stations[i - 1][1]);
      });
      expect(new Set(c.stations.map((s) => s[0])).size).toBe(c.stations.length);
    }
    const length = (id: string) => CORRIDORS.find((c) => c.id === id)!.stations.at(-1)![1];
    expect(length('beijing-shanghai-hsr')).toBe(1318);
    expect(length('beijing-guangzhou-shenzhen-hsr')).toBe(2400);
    expect(length('shanghai-kunming-hsr')).toBe(2252);
    expect(length('harbin-dalian-hsr')).toBe(921);
    expect(length('beijing-shanghai-railway')).toBe(1463);
  });

  it('seats every consist by car: the published totals, and seats labelled as on the ticket', () => {
    const total = (id: keyof typeof CONSISTS) => capacities(CONSISTS[id]).filter((c) => c.seatClass !== 'no_seat').reduce((s, c) => s + c.capacity, 0);
    expect(capacities(CONSISTS.CR400AF)).toEqual([
      { seatClass: 'business', capacity: 10 },
      { seatClass: 'first', capacity: 28 },
      { seatClass: 'second', capacity: 518 },
      { seatClass: 'no_seat', capacity: 52 },
    ]);
    expect(total('CR400AF')).toBe(556);
    expect(total('CR400AF-A')).toBe(1193);
    expect(total('CR300BF')).toBe(613);
    expect(total('CRH2A')).toBe(610);
    expect(seatOf(CONSISTS.CR400AF, 'second', 0)).toEqual({ car: '03', seat: '01A', berth: null });
    expect(seatOf(CONSISTS.CR400AF, 'second', 6)).toEqual({ car: '03', seat: '02B', berth: null });
    expect(seatOf(CONSISTS.CR400AF, 'business', 5)).toEqual({ car: '08', seat: '01A', berth: null });
    expect(seatOf(CONSISTS['express-25K'], 'hard_sleeper', 0)).toEqual({ car: '03', seat: '001', berth: 'lower' });
    expect(seatOf(CONSISTS['express-25K'], 'hard_sleeper', 68)).toEqual({ car: '04', seat: '003', berth: 'upper' });
    expect(seatOf(CONSISTS['express-25K'], 'soft_sleeper', 1).berth).toBe('upper');
    expect(seatOf(CONSISTS['fast-25G'], 'no_seat', 3)).toMatchObject({ seat: null, berth: null });
    expect(() => seatOf(CONSISTS.CR400AF, 'second', 518)).toThrow(RangeError);
  });
});

describe('rail timetable', () => {
  it('is the same timetable for the same date, every time; the daily trains keep their times from day to day', () => {
    expect(JSON.stringify(trainsOn(FIRST))).toBe(JSON.stringify(trainsOn(FIRST)));
    const daily = (d: string) => trainsOn(d).filter((t) => !patternOf(t.trainNumber)?.peak);
    expect(JSON.stringify(daily(DATES[1]))).toBe(JSON.stringify(daily(DATES[2])));
  });

  it('runs peak trains on Fridays and Sundays and on some other days only', () => {
    const friday = '2027-03-05';
    const tuesdays = DATES.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 2);
    expect(isPeakDay(friday)).toBe(true);
    expect(isPeakDay('2027-03-07')).toBe(true);
    expect(trainOn('G41', friday)).toBeDefined();
    expect(tuesdays.some((d) => !isPeakDay(d))).toBe(true);
    for (const d of tuesdays.filter((x) => !isPeakDay(x))) {
      expect(trainOn('G41', d)).toBeUndefined();
      expect(trainsOn(d).some((t) => t.trainNumber === 'G41')).toBe(false);
    }
    expect(trainOn('G1', tuesdays[0])?.trainNumber).toBe('G1');
    expect(trainOn('G9999', FIRST)).toBeUndefined();
  });

  it('numbers trains once a day, odd away from the line start and even back, with the type as prefix', () => {
    for (const d of DATES.slice(0, 7)) {
      const numbers = trainsOn(d).map((t) => t.trainNumber);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    for (const t of trainsOn('2027-03-05')) {
      expect(t.trainNumber).toMatch(new RegExp(`^${t.trainType}\\d{1,4}$`));
      const order = t.corridor.stations.map((s) => s[0]);
      const down = order.indexOf(t.stops[0].code) < order.indexOf(t.stops.at(-1)!.code);
      expect(Number(t.trainNumber.slice(1)) % 2, t.trainNumber).toBe(down ? 1 : 0);
    }
    const g1 = trainOn('G1', FIRST)!;
    expect([g1.stops[0].code, g1.stops.at(-1)!.code]).toEqual(['VNP', 'AOH']);
    const g2 = trainOn('G2', FIRST)!;
    expect([g2.stops[0].code, g2.stops.at(-1)!.code]).toEqual(['AOH', 'VNP']);
  });

  it('keeps every train of a month consistent: times increasing, dwell 2-12 minutes, speeds within its type', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: () => string) => {
      if (!ok) problems.push(what());
    };
    let trains = 0;
    for (const d of DATES) {
      for (const t of trainsOn(d)) {
        trains++;
        const range = SPEED_RANGES[t.trainType];
        const first = t.stops[0];
        const last = t.stops.at(-1)!;
        check(first.arr === null && last.dep === null, () => `${d} ${t.trainNumber}: times at the ends`);
        for (let k = 1; k < t.stops.length; k++) {
          const prev = t.stops[k - 1];
          const stop = t.stops[k];
          const leg = () => `${d} ${t.trainNumber} ${prev.code}-${stop.code}`;
          const running = stop.arr! - prev.dep!;
          check(running > 0, () => `${leg()}: arrives ${running} min after leaving`);
          const speed = (stop.km - prev.km) / (running / 60);
          check(speed >= range.leg.min && speed <= range.cruise.max, () => `${leg()}: ${speed.toFixed(0)} km/h`);
          if (stop.dep !== null) check(stop.dep - stop.arr! >= 2 && stop.dep - stop.arr! <= 12, () => `${leg()}: dwell ${stop.dep! - stop.arr!} min`);
        }
        const average = last.km / ((last.arr! - first.dep!) / 60);
        check(average >= range.journey.min && average <= range.journey.max, () => `${d} ${t.trainNumber}: ${average.toFixed(0)} km/h on average`);
        // Trains leave their first station between 06:00 and 22:00; EMUs end their run before the lines close.
        check(first.dep! >= 6 * 60 && first.dep! <= 22 * 60, () => `${d} ${t.trainNumber} leaves at ${hhmm(first.dep!)}`);
        const emu = t.trainType === 'G' || t.trainType === 'D' || t.trainType === 'C';
        check(!emu || last.arr! < 24 * 60, () => `${d} ${t.trainNumber} arrives at ${hhmm(last.arr!)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(trains).toBeGreaterThan(30 * 400);
  });

  it('stops expresses at 1-3 hubs, and runs sleepers overnight on the conventional lines', () => {
    const day = trainsOn(FIRST);
    const expresses = day.filter((t) => t.trainType === 'G' && patternOf(t.trainNumber)?.stopping === 'express');
    expect(expresses.length).toBeGreaterThan(10);
    for (const t of expresses) {
      expect(t.stops.length - 2, t.trainNumber).toBeGreaterThanOrEqual(1);
      expect(t.stops.length - 2, t.trainNumber).toBeLessThanOrEqual(3);
    }
    const night = day.filter((t) => t.trainType === 'Z' || t.trainType === 'T');
    expect(night.length).toBeGreaterThan(0);
    for (const t of night) {
      expect(t.corridor.kind).toBe('conventional');
      expect(t.stops.at(-1)!.arr!).toBeGreaterThan(24 * 60);
      expect(capacities(CONSISTS[t.consist]).some((c) => c.seatClass === 'hard_sleeper')).toBe(true);
    }
  });
});
