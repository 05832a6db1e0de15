import { describe, expect, it } from 'vitest';
import type { Language } from '@portal/contract/languages';
import { getCity } from './reference.ts';
import stationsData from './data/stations.json' with { type: 'json' };
import { allRailCities, allStations, getRailCity, getStation, provinceName, railLines, searchStations, stationDataProblems, stationsFor, type StationsFile } from './stations.ts';

const search = (q: string, o: { lang?: Language; limit?: number } = {}) => searchStations(q, { lang: o.lang ?? 'en', limit: o.limit ?? 12 });
const codes = (q: string, o: Parameters<typeof search>[1] = {}) => search(q, o).map((i) => `${i.type === 'city' ? 'c' : 's'}:${i.code}`);

const CAPITAL_CITIES = ['北京', '天津', '上海', '重庆', '石家庄', '太原', '呼和浩特', '沈阳', '长春', '哈尔滨', '南京', '杭州', '合肥', '福州', '南昌', '济南', '郑州', '武汉', '长沙', '广州', '南宁', '海口', '成都', '贵阳', '昆明', '拉萨', '西安', '兰州', '西宁', '银川', '乌鲁木齐'];

describe('station data', () => {
  it('ships the whole 12306 list: thousands of stations, every provincial capital, the main high-speed lines', () => {
    expect(allStations().length).toBeGreaterThanOrEqual(3000);
    expect(allRailCities().length).toBeGreaterThanOrEqual(400);
    const cityNames = new Set(allRailCities().map((c) => c.name['zh-CN']));
    for (const capital of CAPITAL_CITIES) expect(cityNames.has(capital), capital).toBe(true);
    const lines = new Map(railLines().map((l) => [l.name['zh-CN'], l.stations]));
    expect(lines.get('京沪高铁')![0]).toBe('VNP');
    expect(lines.get('京沪高铁')!.at(-1)).toBe('AOH');
    expect(lines.get('广深港高铁')!.at(-1)).toBe('XJA');
    for (const line of ['京沪高铁', '京广高铁', '广深港高铁', '沪昆高铁', '徐兰高铁', '哈大高铁', '沪汉蓉高铁', '宁杭高铁', '广深铁路', '成渝高铁']) {
      expect(lines.get(line)?.length, line).toBeGreaterThan(3);
      for (const code of lines.get(line)!) expect(getStation(code), `${line} ${code}`).toBeDefined();
    }
  });

  it('has telegraph codes, names in three languages, pinyin and initials', () => {
    expect(getStation('VNP')).toMatchObject({ name: { 'zh-CN': '北京南', 'zh-TW': '北京南', en: 'Beijing South' }, pinyin: 'beijingnan', initials: 'bjn', cityCode: 'BJS' });
    expect(getStation('AOH')).toMatchObject({ name: { 'zh-CN': '上海虹桥', 'zh-TW': '上海虹橋', en: 'Shanghai Hongqiao' }, pinyin: 'shanghaihongqiao', initials: 'shhq', cityCode: 'SHA' });
    expect(getStation('IZQ')!.name.en).toBe('Guangzhou South');
    expect(getStation('BXP')!.name.en).toBe('Beijing West');
    expect(getStation('GGQ')!.name.en).toBe('Guangzhou East');
    expect(getStation('VAP')!.name.en).toBe('Beijing North');
    expect(getStation('EAY')!.name).toEqual({ en: "Xi'an North", 'zh-CN': '西安北', 'zh-TW': '西安北' });
    expect(getStation('XJA')!.name.en).toBe('Hong Kong West Kowloon');
    expect(getStation('SHH')!.name['zh-TW']).toBe('上海');
    expect(getStation('FTP')!.name['zh-TW']).toBe('北京豐臺');
    expect(getStation('vnp')!.code).toBe('VNP');
    expect(getStation('XXX')).toBeUndefined();
    // 12306's own place-name readings are kept: 都 du, 乐清 yueqing.
    const byName = (zh: string) => allStations().find((s) => s.name['zh-CN'] === zh)!;
    expect(byName('成都东').pinyin).toBe('chengdudong');
    expect(byName('乐清').pinyin).toBe('yueqing');
    for (const s of allStations()) {
      expect(s.code, s.name['zh-CN']).toMatch(/^[A-Z]{3}$/);
      expect(s.pinyin).toMatch(/^[a-z]+$/);
      expect(s.initials.length).toBe([...s.name['zh-CN']].length);
    }
  });

  it('groups stations into cities, reusing the IATA city code where the airport reference has the city', () => {
    expect(stationsFor('BJS').slice(0, 3)).toEqual(['VNP', 'BXP', 'BJP']);
    const beijing = getRailCity('BJS')!;
    for (const zh of ['北京', '北京南', '北京西', '北京北', '北京朝阳', '北京丰台', '北京东', '北京大兴']) {
      expect(beijing.stations.map((c) => getStation(c)!.name['zh-CN']), zh).toContain(zh);
    }
    expect(getRailCity('SHA')!.stations).toEqual(expect.arrayContaining(['AOH', 'SHH', 'SNH', 'SXH']));
    expect(getRailCity('CAN')!.stations[0]).toBe('IZQ');
    expect(getRailCity('bjs')!.code).toBe('BJS');
    expect(getRailCity('HKG')).toMatchObject({ countryCode: 'HK', province: 'HK', stations: ['XJA'] });
    // A city the airport reference has keeps its code and names; another gets a pinyin key.
    expect(getCity('BJS')!.name['zh-CN']).toBe(beijing.name['zh-CN']);
    expect(getRailCity('tangshan')).toBeUndefined();
    expect(getRailCity('TVS')!.name.en).toBe('Tangshan');
    expect(getRailCity('suzhou-js')!.name['zh-CN']).toBe('苏州');
    expect(getRailCity('suzhou-ah')!.name['zh-CN']).toBe('宿州');
    expect(provinceName(getRailCity('suzhou-js')!.province, 'en')).toBe('Jiangsu');
    expect(provinceName(getRailCity('suzhou-ah')!.province, 'zh-TW')).toBe('安徽');
    expect(provinceName(getRailCity('BJS')!.province, 'zh-CN')).toBe('北京');
    expect(stationsFor('VNP')).toEqual(['VNP']);
    expect(stationsFor('nowhere')).toEqual([]);
    for (const c of allRailCities()) {
      expect(c.stations.length, c.code).toBeGreaterThan(0);
      if (/^[A-Z]{3}$/.test(c.code)) expect(getCity(c.code)?.name['zh-CN'], c.code).toBe(c.name['zh-CN']);
    }
  });

  it("reads a train search's place as the picker offers it: a city key, a code in any case, a station's exact name", () => {
    // HGH is the city Hangzhou (as the picker offers it), though 杭州东 shares the telegraph code.
    expect(stationsFor('HGH')).toEqual(getRailCity('HGH')!.stations);
    expect(stationsFor('HGH').length).toBeGreaterThan(1);
    expect(stationsFor('langfang')).toEqual(getRailCity('langfang')!.stations);
    expect(stationsFor(' vnp ')).toEqual(['VNP']);
    for (const name of ['上海虹桥', '上海虹橋', 'Shanghai Hongqiao', 'shanghai hongqiao']) expect(stationsFor(name), name).toEqual(['AOH']);
    // An English name three stations share (苏州, 宿州, 肃州) names the busiest.
    expect(stationsFor('Suzhou')).toEqual(['SZH']);
    expect(stationsFor('宿州')).toEqual(['OXH']);
    expect(stationsFor('shanghai hong')).toEqual([]);
    expect(stationsFor('')).toEqual([]);
  });

  it('reads a code that is both a city key and a telegraph code as the picker offered it', () => {
    // ENH is the city Enshi and the station Hefei South; HKG is Hong Kong and the station Hukou.
    expect(getStation('ENH')!.name.en).toBe('Hefei South');
    expect(stationsFor('ENH', 'station')).toEqual(['ENH']);
    expect(stationsFor('ENH', 'city')).toEqual(getRailCity('ENH')!.stations);
    expect(stationsFor('ENH')).toEqual(getRailCity('ENH')!.stations);
    expect(stationsFor('ENH', 'city')).not.toContain('ENH');
    expect(stationsFor('HKG', 'city')).toEqual(['XJA']);
    expect(stationsFor('HKG', 'station')).toEqual(['HKG']);
    // A station's name is a station; a city key is not one, nor a station code a city.
    expect(stationsFor('合肥南', 'station')).toEqual(['ENH']);
    expect(stationsFor('langfang', 'station')).toEqual(['LJP']);
    expect(stationsFor('VNP', 'city')).toEqual([]);
    expect(stationsFor('suzhou-js', 'station')).toEqual([]);
  });

  it('is checked at start-up: the shipped file passes, a broken copy is refused with every problem named', () => {
    const file = stationsData as unknown as StationsFile;
    expect(stationDataProblems(file)).toEqual([]);
    const broken: StationsFile = structuredClone(file);
    broken.stations[1][0] = broken.stations[0][0]; // duplicate telegraph code
    broken.stations[2][6] = 'atlantis'; // a station without a city
    broken.stations[3][3] = ' '; // no English name
    broken.stations[4][0] = 'vnpx';
    broken.cities[0].code = 'PEK'; // an IATA-looking key that is no airport city of that name
    broken.lines[0].stations.push('QQQ');
    const problems = stationDataProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        `duplicate station ${file.stations[0][0]}`,
        `station ${file.stations[2][0]}: city atlantis does not exist`,
        `station ${file.stations[3][0]}: no en name`,
        'station vnpx: code',
        'railway city PEK: not the airport city PEK',
        `line ${file.lines[0].name.en}: unknown station QQQ`,
      ]),
    );
  });

  it('ranks the hubs first (approximate busiest order)', () => {
    const rank = (code: string) => getStation(code)!.rank;
    expect(rank('IZQ')).toBe(1);
    for (const hub of ['AOH', 'VNP', 'IOQ', 'HGH', 'ICW', 'NKH', 'WHN', 'ZAF', 'EAY']) expect(rank(hub), hub).toBeLessThanOrEqual(10);
    // Every station has a distinct rank 1..n.
    const ranks = allStations().map((s) => s.rank).sort((a, b) => a - b);
    expect(ranks[0]).toBe(1);
    expect(ranks.at(-1)).toBe(allStations().length);
    expect(new Set(ranks).size).toBe(ranks.length);
  });
});

describe('searchStations', () => {
  it('finds a station by its Chinese name in either script, English name, pinyin, initials and telegraph code', () => {
    for (const q of ['北京南', 'beijingnan', 'beijing nan', 'Beijing South', 'beijing south', 'bjn', 'VNP']) expect(codes(q)[0], q).toBe('s:VNP');
    for (const q of ['上海虹桥', '上海虹橋', 'shanghaihongqiao', 'shanghai hongqiao', 'hongqiao', '虹桥', 'shhq', 'AOH']) expect(codes(q)[0], q).toBe('s:AOH');
    expect(codes('臺州')[0]).toBe('c:HYN');
    expect(codes('台州')[0]).toBe('c:HYN');
    expect(codes('西安北')).toEqual(['s:EAY']);
    expect(codes("xi'an north")).toEqual(['s:EAY']);
  });

  it('brings a city first with all its stations, then its busiest stations', () => {
    for (const q of ['Beijing', 'beijing', '北京', 'bj', 'BJS']) {
      const r = search(q);
      expect(r[0], q).toMatchObject({ type: 'city', code: 'BJS', name: 'Beijing', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN' });
      expect(r[0].stations).toEqual(getRailCity('BJS')!.stations);
      expect(r.slice(1, 4).map((i) => i.code), q).toEqual(['VNP', 'BXP', 'BJP']);
      expect(r[1]).toEqual({ type: 'station', code: 'VNP', name: 'Beijing South', nameZh: '北京南', pinyin: 'beijingnan', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN' });
    }
    expect(codes('shanghai').slice(0, 3)).toEqual(['c:SHA', 's:AOH', 's:SHH']);
    // Only Beijing matches 北京: the whole list is its stations.
    const beijing = search('北京');
    expect(beijing).toHaveLength(12);
    expect(beijing.slice(1).every((i) => i.cityCode === 'BJS' && i.type === 'station')).toBe(true);
  });

  it('gives other cities room when a short query matches several', () => {
    const bj = codes('bj');
    expect(bj[0]).toBe('c:BJS');
    // Baoji (宝鸡, bj) follows after a few Beijing stations instead of being pushed out by Beijing's 60.
    expect(bj.some((c) => getRailCity(c.slice(2))?.name['zh-CN'] === '宝鸡')).toBe(true);
    const suzhou = search('suzhou');
    expect(suzhou[0]).toMatchObject({ type: 'city', code: 'suzhou-js', provinceName: 'Jiangsu' });
    expect(suzhou.find((i) => i.type === 'city' && i.code === 'suzhou-ah')).toMatchObject({ provinceName: 'Anhui' });
    // A city key as a link carries it finds that city (a picker naming its value).
    expect(codes('suzhou-ah')[0]).toBe('c:suzhou-ah');
    expect(codes('tangshan')[0]).toBe('c:TVS');
  });

  it('ranks exact names and codes first, then the busiest', () => {
    // Capitals typed are a telegraph code; 北京 station (BJP) before the Beijing city it belongs to.
    expect(codes('BJP')[0]).toBe('s:BJP');
    // Whole pinyin before a longer prefix: Dali (大理) before the busier Dalian.
    expect(codes('dali')[0]).toBe('c:DLU');
    // A prefix: the busiest first.
    expect(codes('nan')[0]).toBe('c:NKG');
    expect(codes('guangzhou s')).toEqual(['s:IZQ']);
    expect(codes('xian')[0]).toBe('c:XIY');
  });

  it('names results in the reader language', () => {
    expect(search('VNP', { lang: 'zh-CN' })[0]).toMatchObject({ name: '北京南', nameZh: '北京南', cityName: '北京', provinceName: '北京' });
    expect(search('VAB', { lang: 'zh-TW' })[0]).toMatchObject({ name: '哈爾濱西', nameZh: '哈尔滨西', cityName: '哈爾濱', provinceName: '黑龍江' });
    expect(search('VAB', { lang: 'en' })[0]).toMatchObject({ name: 'Harbin West', cityName: 'Harbin', provinceName: 'Heilongjiang' });
    expect(search('hong kong', { lang: 'zh-TW' }).map((i) => i.name)).toEqual(['香港', '香港西九龍']);
  });

  it('respects the limit and answers nothing for empty or unmatched input', () => {
    expect(search('b', { limit: 5 })).toHaveLength(5);
    expect(search('beijing', { limit: 1 })).toEqual([expect.objectContaining({ type: 'city', code: 'BJS' })]);
    expect(search('   ')).toEqual([]);
    expect(search('zzzzqq')).toEqual([]);
    expect(search('!!')).toEqual([]);
    expect(search('火星')).toEqual([]);
  });

  it('answers a query in well under a millisecond on average (a sanity bound; the measurement is npm run bench)', () => {
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) for (const q of ['b', 'bj', 'beijing', '北京', 'shang', 'VNP', 'x']) search(q);
    expect((performance.now() - t0) / 700).toBeLessThan(5);
  });
});
