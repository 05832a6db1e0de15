import { describe, expect, it } from 'vitest';
import type { Language } from '@portal/contract/languages';
import {
  airportsFor,
  allAirlines,
  allAirports,
  allCities,
  cityCodeOf,
  continentOf,
  countryOf,
  getAirline,
  getAirport,
  getCity,
  greatCircleKm,
  searchLocations,
} from './reference.ts';

const search = (q: string, o: { lang?: Language; limit?: number; airportsOnly?: boolean; favourites?: string[] } = {}) =>
  searchLocations(q, { lang: o.lang ?? 'en', limit: o.limit ?? 12, airportsOnly: o.airportsOnly ?? false, favourites: o.favourites ?? [] });
const codes = (q: string, o: Parameters<typeof search>[1] = {}) => search(q, o).map((l) => `${l.type === 'city' ? 'c' : 'a'}:${l.code}`);

describe('reference data', () => {
  it('covers the busiest airports, every Chinese airport we list and the major airlines', () => {
    expect(allAirports().length).toBeGreaterThanOrEqual(350);
    expect(allAirports().filter((a) => a.countryCode === 'CN').length).toBeGreaterThanOrEqual(230);
    expect(allAirports().filter((a) => ['HK', 'MO', 'TW'].includes(a.countryCode)).length).toBeGreaterThanOrEqual(10);
    expect(allAirlines().length).toBeGreaterThanOrEqual(120);
    expect(allCities().filter((c) => c.pinyin !== null).length).toBeGreaterThanOrEqual(230);
    for (const code of ['CA', 'MU', 'CZ', 'HU', '3U', 'ZH', 'MF', 'FM', 'HO', '9C', 'SC', 'KN', 'GS', 'JD', 'PN', '8L', 'G5', 'EU', 'TV', 'CX', 'UO', 'HX', 'BR', 'CI']) {
      expect(getAirline(code), code).toBeDefined();
    }
  });

  it('groups airports into IATA cities', () => {
    expect(cityCodeOf('PEK')).toBe('BJS');
    expect(cityCodeOf('PKX')).toBe('BJS');
    expect(cityCodeOf('bjs')).toBe('BJS');
    expect(cityCodeOf('PVG')).toBe('SHA');
    expect(cityCodeOf('SHA')).toBe('SHA');
    expect(cityCodeOf('TFU')).toBe('CTU');
    expect(cityCodeOf('XXX')).toBeUndefined();
    expect(airportsFor('BJS')).toEqual(['PEK', 'PKX']);
    expect(airportsFor('LON')).toEqual(['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']);
    expect(airportsFor('NYC').sort()).toEqual(['EWR', 'JFK', 'LGA']);
    expect(airportsFor('TYO')).toEqual(['HND', 'NRT']);
    expect(airportsFor('PKX')).toEqual(['PKX']);
    expect(airportsFor('XXX')).toEqual([]);
    expect(getCity('BJS')!.airports).toEqual(['PEK', 'PKX']);
  });

  it('has names in three languages, pinyin for Chinese cities and valid time zones', () => {
    expect(getAirport('PEK')!.name).toEqual({ en: 'Beijing Capital International Airport', 'zh-CN': '北京首都国际机场', 'zh-TW': '北京首都國際機場' });
    expect(getAirport('PKX')!.name['zh-TW']).toBe('北京大興國際機場');
    expect(getCity('TPE')!.name['zh-TW']).toBe('臺北');
    expect(getCity('SYD')!.name['zh-TW']).toBe('雪梨');
    expect(getCity('BJS')).toMatchObject({ pinyin: 'beijing', pinyinInitials: 'bj', countryCode: 'CN' });
    expect(getCity('HKG')!.pinyin).toBe('xianggang');
    expect(getCity('LON')!.pinyin).toBeNull();
    expect(getAirport('PVG')!.timeZone).toBe('Asia/Shanghai');
    expect(getAirport('LHR')!.timeZone).toBe('Europe/London');
    expect(getAirport('JFK')!.timeZone).toBe('America/New_York');
    expect(getAirport('HKG')!.timeZone).toBe('Asia/Hong_Kong');
    expect(getAirport('URC')!.timeZone).toBe('Asia/Shanghai');
    expect(getAirline('CA')).toMatchObject({ alliance: 'Star Alliance', lowCost: false, countryCode: 'CN' });
    expect(getAirline('CA')!.hubs[0]).toBe('PEK');
    expect(getAirline('CZ')!.alliance).toBeNull();
    expect(getAirline('9C')!.lowCost).toBe(true);
    expect(getAirline('BA')!.alliance).toBe('oneworld');
    expect(getAirline('MU')!.alliance).toBe('SkyTeam');
  });

  it('knows countries, continents and distances', () => {
    expect(countryOf('PEK')).toBe('CN');
    expect(countryOf('BJS')).toBe('CN');
    expect(countryOf('HKG')).toBe('HK');
    expect(countryOf('LON')).toBe('GB');
    expect(countryOf('XXX')).toBeUndefined();
    expect(continentOf('CN')).toBe('AS');
    expect(continentOf('gb')).toBe('EU');
    expect(continentOf('US')).toBe('NA');
    expect(continentOf('BR')).toBe('SA');
    expect(continentOf('AU')).toBe('OC');
    expect(continentOf('EG')).toBe('AF');
    expect(continentOf('AQ')).toBe('AN');
    expect(() => continentOf('ZZ')).toThrow(RangeError);
    expect(greatCircleKm('PEK', 'LHR')).toBeGreaterThan(8100);
    expect(greatCircleKm('PEK', 'LHR')).toBeLessThan(8200);
    expect(greatCircleKm('PEK', 'PVG')).toBeGreaterThan(1000);
    expect(greatCircleKm('PEK', 'PVG')).toBeLessThan(1200);
    expect(greatCircleKm('SHA', 'SHA')).toBe(0);
    expect(() => greatCircleKm('PEK', 'XXX')).toThrow(RangeError);
  });
});

describe('searchLocations', () => {
  it('finds Beijing by initials, pinyin, Chinese in both scripts and English, city first', () => {
    for (const q of ['bj', 'beijing', 'Beijing', 'bei', '北京', '北', 'BJS']) {
      expect(codes(q).slice(0, 3), q).toEqual(['c:BJS', 'a:PEK', 'a:PKX']);
    }
    expect(codes('北京', { lang: 'zh-TW' }).slice(0, 3)).toEqual(['c:BJS', 'a:PEK', 'a:PKX']);
  });

  it('puts an exact airport code first', () => {
    expect(codes('PEK')[0]).toBe('a:PEK');
    expect(codes('pkx')[0]).toBe('a:PKX');
    expect(codes('SHA').slice(0, 3)).toEqual(['c:SHA', 'a:PVG', 'a:SHA']);
  });

  it('lists London before its airports for "lon"', () => {
    const r = search('lon');
    expect(r[0]).toMatchObject({ type: 'city', code: 'LON', name: 'London', cityName: 'London', countryCode: 'GB', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] });
    expect(r[1]).toMatchObject({ type: 'airport', code: 'LHR', cityCode: 'LON', cityName: 'London', name: 'London Heathrow Airport', airports: [] });
    expect(r.findIndex((l) => l.code === 'LHR')).toBeGreaterThan(r.findIndex((l) => l.code === 'LON'));
  });

  it('matches English name words, Traditional Chinese and pinyin prefixes', () => {
    expect(codes('heathrow')).toEqual(['a:LHR']);
    expect(codes('new york')[0]).toBe('c:NYC');
    expect(codes('臺北')[0]).toBe('c:TPE');
    expect(codes('台北')[0]).toBe('c:TPE');
    expect(codes('浦东')).toEqual(['a:PVG']);
    expect(codes('浦東')).toEqual(['a:PVG']);
    expect(codes('shangh')[0]).toBe('c:SHA');
    expect(codes('cd')[0]).toBe('c:CTU');
    expect(codes('xsbn')[0]).toBe('c:JHG');
    expect(codes('dali')[0]).toBe('c:DLU');
    expect(codes('xian')[0]).toBe('c:XIY');
    expect(codes("xi'an")[0]).toBe('c:XIY');
  });

  it('names results in the requested language', () => {
    expect(search('PEK', { lang: 'zh-CN' })[0]).toMatchObject({ name: '北京首都国际机场', cityName: '北京' });
    expect(search('PEK', { lang: 'zh-TW' })[0]).toMatchObject({ name: '北京首都國際機場', cityName: '北京' });
    expect(search('tpe', { lang: 'zh-TW' })[0]).toMatchObject({ type: 'city', name: '臺北' });
    expect(search('bj', { lang: 'zh-CN' })[0]).toMatchObject({ type: 'city', name: '北京' });
  });

  it('lists only airports when asked, a matching city giving all of its airports', () => {
    expect(codes('beijing', { airportsOnly: true })).toEqual(['a:PEK', 'a:PKX']);
    const lon = codes('lon', { airportsOnly: true });
    expect(lon.slice(0, 6)).toEqual(['a:LHR', 'a:LGW', 'a:STN', 'a:LTN', 'a:LCY', 'a:SEN']);
    expect(lon.every((c) => c.startsWith('a:'))).toBe(true);
  });

  it('puts favourite cities first, after an exact code match', () => {
    // "s" matches many cities; Shenzhen is far from the busiest of them.
    const plain = search('s');
    expect(plain[0].cityCode).not.toBe('SZX');
    const fav = search('s', { favourites: ['SZX'] });
    expect(fav[0]).toMatchObject({ type: 'city', code: 'SZX', favourite: true });
    expect(fav[1]).toMatchObject({ type: 'airport', code: 'SZX', favourite: true });
    expect(fav.slice(2).every((l) => !l.favourite)).toBe(true);
    // An airport code as a favourite counts for its city.
    expect(search('s', { favourites: ['PVG'] })[0]).toMatchObject({ code: 'SHA', type: 'city', favourite: true });
    // The exact code match still leads.
    expect(search('SIN', { favourites: ['SZX'] })[0].code).toBe('SIN');
  });

  it('respects the limit and ignores empty or unmatched input', () => {
    expect(search('a', { limit: 5 })).toHaveLength(5);
    expect(search('lon', { limit: 1 })).toEqual([expect.objectContaining({ code: 'LON' })]);
    expect(search('   ')).toEqual([]);
    expect(search('zzzzqq')).toEqual([]);
    expect(search('!!')).toEqual([]);
  });

  it('answers a prefix query well under a millisecond on average', () => {
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) for (const q of ['b', 'bj', 'lon', '北京', 'shang', 'new y']) search(q);
    expect((performance.now() - t0) / 1200).toBeLessThan(2);
  });
});
