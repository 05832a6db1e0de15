import { describe, expect, it } from 'vitest';
import { ItineraryFinder, type CarrierSet } from './itineraries.ts';
import { blockMinutes, minimumConnectionMinutes, Network, SHORT_HAUL_MAX_KM } from './network.ts';
import { referenceFixture as ref } from './reference.fixture.ts';
import { distanceKm } from './reference.ts';
import { localToUtc, offsetMinutes, utcToLocal } from './tz.ts';

const net = new Network(ref);
const finder = new ItineraryFinder(net);
const airport = (c: string) => ref.getAirport(c)!;
const fsc: CarrierSet = { key: 'test-fsc', airlines: ref.allAirlines().filter((a) => !a.lowCost), allianceConnections: true };
const find = (o: string, d: string, date: string, maxStops: 0 | 1 | 2 = 2) => finder.find(fsc, { origin: airport(o), destination: airport(d), date, cabin: 'economy', maxStops });

describe('time zones', () => {
  it('converts local wall-clock times with IANA zones, across European DST', () => {
    expect(offsetMinutes('Asia/Shanghai', Date.UTC(2027, 0, 15))).toBe(480);
    expect(offsetMinutes('Europe/London', Date.UTC(2027, 0, 15))).toBe(0);
    expect(offsetMinutes('Europe/London', Date.UTC(2027, 6, 15))).toBe(60);
    // Europe moves to summer time at 01:00 UTC on the last Sunday of March (2027-03-28).
    expect(offsetMinutes('Europe/Paris', Date.UTC(2027, 2, 28, 0, 59))).toBe(60);
    expect(offsetMinutes('Europe/Paris', Date.UTC(2027, 2, 28, 1, 0))).toBe(120);
    expect(utcToLocal(localToUtc('2027-03-28', 9 * 60, 'Europe/London'), 'Europe/London')).toBe('2027-03-28T09:00');
    expect(utcToLocal(Date.UTC(2027, 0, 15, 23, 30), 'Asia/Shanghai')).toBe('2027-01-16T07:30');
    expect(localToUtc('2027-01-16', 7 * 60 + 30, 'Asia/Shanghai')).toBe(Date.UTC(2027, 0, 15, 23, 30));
  });

  it('PVG -> LHR nonstop: local departure in Shanghai, local arrival in London, the same UTC block in winter and summer', () => {
    for (const date of ['2027-01-15', '2027-07-15']) {
      const nonstops = find('PVG', 'LHR', date, 0);
      expect(nonstops.length).toBeGreaterThan(0);
      for (const { segments } of nonstops) {
        const f = segments[0];
        expect(f.departure).toBe(utcToLocal(f.depUtc, 'Asia/Shanghai'));
        expect(f.arrival).toBe(utcToLocal(f.arrUtc, 'Europe/London'));
        expect(f.departure.slice(0, 10)).toBe(date);
        const depOffset = (Date.parse(`${f.departure}:00Z`) - f.depUtc) / 60_000;
        const arrOffset = (Date.parse(`${f.arrival}:00Z`) - f.arrUtc) / 60_000;
        expect(depOffset).toBe(480);
        expect(arrOffset).toBe(date.startsWith('2027-07') ? 60 : 0);
        const daysLater = (Date.parse(f.arrival.slice(0, 10)) - Date.parse(f.departure.slice(0, 10))) / 86_400_000;
        expect(daysLater).toBeGreaterThanOrEqual(0);
        expect(daysLater).toBeLessThanOrEqual(1);
      }
    }
    // A schedule is published in local time: the same flight leaves at the same local time in both seasons.
    const winter = find('LHR', 'PVG', '2027-01-15', 0)[0].segments[0];
    const summer = find('LHR', 'PVG', '2027-07-15', 0).find((i) => i.segments[0].flightNumber === winter.flightNumber)?.segments[0];
    if (summer) {
      expect(summer.departure.slice(11)).toBe(winter.departure.slice(11));
      expect(winter.depUtc % 86_400_000).not.toBe(summer.depUtc % 86_400_000);
    }
  });
});

describe('schedule', () => {
  it('block time follows great-circle distance (taxi plus ~830 km/h)', () => {
    for (const [o, d] of [['PEK', 'SHA'], ['PVG', 'LHR'], ['CAN', 'BKK'], ['JFK', 'LAX'], ['SIN', 'SYD']]) {
      const km = distanceKm(airport(o), airport(d));
      const block = blockMinutes(km, airport(o), airport(d));
      expect(block).toBeGreaterThanOrEqual(20 + (km / 900) * 60);
      expect(block).toBeLessThanOrEqual(60 + (km / 750) * 60);
    }
    expect(find('PEK', 'SHA', '2027-01-15', 0)[0].segments[0].blockMinutes).toBeLessThan(150);
  });

  it('is deterministic for (route, date) and differs by date', () => {
    const a = JSON.stringify(find('PVG', 'LHR', '2027-01-15'));
    const other = new ItineraryFinder(new Network(ref));
    const b = JSON.stringify(other.find(fsc, { origin: airport('PVG'), destination: airport('LHR'), date: '2027-01-15', cabin: 'economy', maxStops: 2 }));
    expect(b).toBe(a);
    expect(JSON.stringify(find('PVG', 'LHR', '2027-01-16'))).not.toBe(a);
  });

  it('connects through real hubs, within minimum connection times, with at most two stops', () => {
    for (const [o, d] of [['PVG', 'LHR'], ['CTU', 'JFK'], ['URC', 'MAD'], ['HAK', 'DUB'], ['PEK', 'CAN']]) {
      const its = find(o, d, '2027-01-15');
      expect(its.length, `${o}-${d}`).toBeGreaterThan(0);
      for (const { segments } of its) {
        expect(segments.length).toBeLessThanOrEqual(3);
        expect(segments[0].origin).toBe(o);
        expect(segments[segments.length - 1].destination).toBe(d);
        for (let i = 1; i < segments.length; i++) {
          const hub = airport(segments[i].origin);
          expect(segments[i].origin).toBe(segments[i - 1].destination);
          const gap = (segments[i].depUtc - segments[i - 1].arrUtc) / 60_000;
          expect(gap).toBeGreaterThanOrEqual(minimumConnectionMinutes(hub, segments[i - 1], segments[i]));
          expect(gap).toBeGreaterThanOrEqual(60);
          const carriers = [segments[i - 1].carrier, segments[i].carrier].map((c) => ref.getAirline(c)!);
          expect(carriers.some((c) => c.hubs.includes(hub.code))).toBe(true);
        }
      }
    }
  });

  it('flies carriers of the countries involved nonstop, and the big hub carriers with one stop', () => {
    const its = find('PVG', 'LHR', '2027-01-15');
    const nonstopCarriers = new Set(its.filter((i) => i.segments.length === 1).map((i) => ref.getAirline(i.segments[0].carrier)!.countryCode));
    for (const c of nonstopCarriers) expect(['CN', 'GB']).toContain(c);
    const via = new Set(its.filter((i) => i.segments.length === 2).map((i) => i.segments[0].destination));
    expect([...via].some((h) => ['DXB', 'FRA', 'MUC', 'HKG', 'PEK', 'CDG', 'AMS', 'DOH', 'IST'].includes(h))).toBe(true);
    // Busy routes give dozens of options per leg.
    expect(its.length).toBeGreaterThanOrEqual(40);
  });

  it('keeps carriers without the longHaul flag within narrow-body range', () => {
    const all: CarrierSet = { key: 'test-all', airlines: ref.allAirlines(), allianceConnections: false };
    for (const [o, d] of [['PEK', 'LHR'], ['PVG', 'FRA'], ['CAN', 'SIN'], ['SIN', 'BKK']]) {
      for (const { segments } of finder.find(all, { origin: airport(o), destination: airport(d), date: '2027-01-15', cabin: 'economy', maxStops: 1 })) {
        for (const f of segments) {
          const carrier = ref.getAirline(f.carrier)!;
          if (!carrier.longHaul) expect(distanceKm(airport(f.origin), airport(f.destination))).toBeLessThanOrEqual(SHORT_HAUL_MAX_KM);
        }
      }
    }
    expect(net.operates(ref.getAirline('ZH')!, airport('SZX'), airport('LHR'))).toBe(false);
  });

  it('flies nothing to or from an airport closed to civil flights (suspended)', () => {
    const closed = new Network({ ...ref, getAirport: (code) => (code === 'LHR' ? { ...airport('LHR'), suspended: true } : ref.getAirport(code)) });
    const closedFinder = new ItineraryFinder(closed);
    expect(find('PVG', 'LHR', '2027-01-15', 0).length).toBeGreaterThan(0);
    expect(closedFinder.find(fsc, { origin: closed.airport('PVG')!, destination: closed.airport('LHR')!, date: '2027-01-15', cabin: 'economy', maxStops: 2 })).toEqual([]);
    // Nor through it: connections between two open airports never change planes there.
    const via = closedFinder.find(fsc, { origin: airport('PVG'), destination: airport('JFK'), date: '2027-01-15', cabin: 'economy', maxStops: 1 });
    expect(via.length).toBeGreaterThan(0);
    expect(via.flatMap((i) => i.segments).some((f) => f.origin === 'LHR' || f.destination === 'LHR')).toBe(false);
    expect(find('PVG', 'JFK', '2027-01-15', 1).flatMap((i) => i.segments).some((f) => f.destination === 'LHR')).toBe(true);
  });

  it('picks aircraft by distance and keeps flight numbers stable per carrier and route', () => {
    const short = find('PEK', 'SHA', '2027-01-15', 0).map((i) => i.segments[0].aircraft);
    const long = find('PVG', 'LHR', '2027-01-15', 0).map((i) => i.segments[0].aircraft);
    expect(short.every((a) => ['A320', '737-800', 'A321', 'A320neo', 'A330-300'].includes(a))).toBe(true);
    expect(long.every((a) => ['787-9', 'A350-900', '777-300ER', 'A350-1000'].includes(a))).toBe(true);
    const numbers = (date: string) => find('PEK', 'SHA', date, 0).map((i) => i.segments[0].flightNumber).sort();
    expect(numbers('2027-01-16')).toEqual(numbers('2027-01-15'));
  });
});
