// Builds apps/server/src/modules/reference/data/stations.json from 12306's public station list (station_name.js, the
// copy used is named in ../SOURCES.md), the hand-written tables in ./src (busiest.txt: approximate busiest-first order;
// lines.txt: main high-speed lines, every station of which must exist) and the airport reference (OUTDIR/cities.json
// and airports.json: a railway city that is also an airport city keeps the airport's IATA city code and names).
// Traditional Chinese by OpenCC (opencc-js, cn -> twp), pinyin readings checked against pinyin-pro.
// Run in a scratch folder: npm i opencc-js pinyin-pro && node build.mjs /path/to/station_name.js OUTDIR (the data folder)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const OpenCC = require('opencc-js');
const { pinyin } = require('pinyin-pro');

const SOURCE = process.argv[2];
const OUT = process.argv[3] ?? './out';
if (!SOURCE) {
  console.error('usage: node build.mjs station_name.js OUTDIR');
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const toTw = OpenCC.Converter({ from: 'cn', to: 'twp' });
const problems = [];
const notes = [];

// ---------------------------------------------------------------------------------------------------------------
// 12306 records: @abbr|name|telecode|pinyin|initials|index|cityCode|cityName|country|countryName|englishName

const raw = readFileSync(SOURCE, 'utf8');
const body = raw.slice(raw.indexOf("'") + 1, raw.lastIndexOf("'"));
const records = body
  .split('@')
  .filter(Boolean)
  .map((r) => {
    const f = r.split('|');
    return { name: f[1], code: f[2], pinyin: f[3], initials: f[4], index: Number(f[5]), cityId: f[6], city: f[7], country: f[8] || null, english: f[10] || null };
  });
const byName = new Map(records.map((r) => [r.name, r]));
for (const r of records) {
  if (!/^[A-Z]{3}$/.test(r.code)) problems.push(`${r.name}: telecode ${r.code}`);
  if (!/^[\u4e00-\u9fff]+$/.test(r.name)) problems.push(`${r.name}: not a Chinese name`);
}

// ---------------------------------------------------------------------------------------------------------------
// Pinyin: 12306's own reading when it splits into one syllable a character, each a reading pinyin-pro knows for
// that character (this keeps place-name readings: 堡 pu, 都 du, 乐清 yueqing, 歙 she); otherwise pinyin-pro's reading
// of the whole name (12306 has a few slips: 大禾塘 "shaodong", 英库勒 "yinfkule", 帽儿山 "mer...").

const readingsCache = new Map();
function readings(ch) {
  let r = readingsCache.get(ch);
  if (!r) {
    r = [...new Set(pinyin(ch, { multiple: true, type: 'array', toneType: 'none', v: true }).map((s) => s.toLowerCase()))].filter((s) => /^[a-z]+$/.test(s));
    // 12306 writes lüe as "lue" (略阳) but lü as "lv" (吕梁): accept both spellings.
    for (const s of [...r]) if (s.includes('v')) r.push(s.replace(/v/g, 'u'));
    readingsCache.set(ch, r);
  }
  return r;
}
function split12306(name, py) {
  const chars = [...name];
  const memo = new Map();
  const go = (i, pos) => {
    if (i === chars.length) return pos === py.length ? [] : null;
    const key = `${i}:${pos}`;
    if (memo.has(key)) return memo.get(key);
    let out = null;
    for (const s of readings(chars[i])) {
      if (py.startsWith(s, pos)) {
        const rest = go(i + 1, pos + s.length);
        if (rest) {
          out = [s, ...rest];
          break;
        }
      }
    }
    memo.set(key, out);
    return out;
  };
  return go(0, 0);
}
/** Readings pinyin-pro gets wrong for place names (only used where 12306's own pinyin cannot be read). */
const PINYIN_FIX = { 香港西九龙: 'xiang gang xi jiu long', 帽儿山西: 'mao er shan xi', 帽儿山: 'mao er shan', 巴音郭楞蒙古自治州: 'ba yin guo leng meng gu zi zhi zhou' };
function syllablesOf(name, py12306) {
  const own = py12306 ? split12306(name, py12306) : null;
  if (own) return own;
  if (PINYIN_FIX[name]) return PINYIN_FIX[name].split(' ');
  const pp = pinyin(name, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase().replace(/[^a-z]/g, ''));
  if (py12306) notes.push(`${name}: 12306 pinyin "${py12306}" unreadable, using "${pp.join('')}"`);
  return pp;
}

// ---------------------------------------------------------------------------------------------------------------
// Cities: 12306 groups stations into cities (prefectures; field 7). A city the airport reference also has (same
// Simplified name, mainland, Hong Kong, Macao or Laos) keeps its IATA city code, names and pinyin, so a traveller can
// compare rail and air for BJS, SHA, CAN...; any other city gets a pinyin key ("suzhou"), with the province added
// where two cities read the same ("suzhou-ah", "suzhou-js").

const airportCities = JSON.parse(readFileSync(path.join(OUT, 'cities.json'), 'utf8'));
const airportCityByZh = new Map();
for (const c of airportCities) if (['CN', 'HK', 'MO', 'LA'].includes(c.countryCode)) airportCityByZh.set(c.name['zh-CN'], c);

const PROVINCES = {
  BJ: ['Beijing', '北京'], TJ: ['Tianjin', '天津'], HE: ['Hebei', '河北'], SX: ['Shanxi', '山西'], NM: ['Inner Mongolia', '内蒙古'],
  LN: ['Liaoning', '辽宁'], JL: ['Jilin', '吉林'], HL: ['Heilongjiang', '黑龙江'], SH: ['Shanghai', '上海'], JS: ['Jiangsu', '江苏'],
  ZJ: ['Zhejiang', '浙江'], AH: ['Anhui', '安徽'], FJ: ['Fujian', '福建'], JX: ['Jiangxi', '江西'], SD: ['Shandong', '山东'],
  HA: ['Henan', '河南'], HB: ['Hubei', '湖北'], HN: ['Hunan', '湖南'], GD: ['Guangdong', '广东'], GX: ['Guangxi', '广西'],
  HI: ['Hainan', '海南'], CQ: ['Chongqing', '重庆'], SC: ['Sichuan', '四川'], GZ: ['Guizhou', '贵州'], YN: ['Yunnan', '云南'],
  XZ: ['Tibet', '西藏'], SN: ['Shaanxi', '陕西'], GS: ['Gansu', '甘肃'], QH: ['Qinghai', '青海'], NX: ['Ningxia', '宁夏'],
  XJ: ['Xinjiang', '新疆'], HK: ['Hong Kong', '香港'],
};
/** The first two digits of 12306's city number mostly follow the provinces... */
const PROVINCE_OF_PREFIX = {
  '00': 'HL', '01': 'JL', '02': 'LN', '03': 'HE', '04': 'SX', '05': 'NM', '06': 'SD', '07': 'JS', '08': 'AH', '09': 'ZJ', 10: 'FJ',
  11: 'JX', 12: 'HA', 13: 'HB', 14: 'HN', 15: 'GD', 16: 'GX', 17: 'SC', 18: 'GZ', 19: 'YN', 20: 'SN', 21: 'GS', 22: 'QH',
  23: 'NX', 24: 'XJ', 25: 'HI', 27: 'XZ', 31: 'CQ', 32: 'HK', 54: 'SX', 66: 'GX', 67: 'SC', 69: 'YN', 70: 'HL', 91: 'XZ',
};
/** ...with exceptions, and the later numbers (9xxx, 61xx) that follow no order: by city name. */
const PROVINCE_OF_CITY = {
  北京: 'BJ', 天津: 'TJ', 上海: 'SH', 重庆: 'CQ', 彭水: 'CQ', 秀山: 'CQ', 永川: 'CQ', 酉阳: 'CQ', 荣昌: 'CQ', 璧山: 'CQ', 石柱县: 'CQ',
  巴音郭楞蒙古自治州: 'XJ', 铁门关: 'XJ', 兴安: 'NM', 来舟: 'FJ', 宁洱: 'YN', 江边村: 'JX', 麦园: 'FJ', 呼伦贝尔: 'NM', 巴彦淖尔: 'NM',
  阿拉善: 'NM', 乌兰察布: 'NM', 锡林郭勒: 'NM', 延边: 'JL', 巴中: 'SC', 阿坝藏族羌族自治州: 'SC', 吕梁: 'SX', 陇南: 'GS', 黄冈: 'HB',
  海西州: 'QH',
};
/** Lao stations of the China-Laos railway: no province here, country LA. */
const LAOS = new Set(['万象', '磨丁', '琅勃拉邦', '孟赛', '纳堆', '老挝万荣']);

/** English names the pinyin would get wrong or make unreadable. */
const EN = {
  香港西九龙: 'Hong Kong West Kowloon', 万象: 'Vientiane', 磨丁: 'Boten', 琅勃拉邦: 'Luang Prabang', 孟赛: 'Muang Xay', 纳堆: 'Nateuy',
  万荣: 'Vang Vieng', 老挝万荣: 'Vang Vieng', 巴音郭楞蒙古自治州: 'Bayingolin', 阿坝藏族羌族自治州: 'Ngawa', 海西州: 'Haixi', 海北州: 'Haibei',
  兴安: 'Hinggan', 锡林郭勒: 'Xilingol', 呼伦贝尔: 'Hulunbuir', 阿拉善: 'Alxa', 石柱县: 'Shizhu County', 辽宁朝阳: 'Chaoyang (Liaoning)',
};

// Every name that can stand before a direction or a further name: stations and cities.
const syllablesByName = new Map();
for (const r of records) syllablesByName.set(r.name, syllablesOf(r.name, r.pinyin));
const cityNames = [...new Set(records.map((r) => r.city))];
for (const c of cityNames) {
  if (syllablesByName.has(c)) continue;
  const air = airportCityByZh.get(c);
  syllablesByName.set(c, (air?.pinyin && split12306(c, air.pinyin)) || syllablesOf(c, null));
}

function word(syllables) {
  const s = syllables.map((x, i) => (i > 0 && /^[aoe]/.test(x) ? `'${x}` : x)).join('').replace(/v/g, 'ü');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
const DIRECTIONS = { 东: 'East', 西: 'West', 南: 'South', 北: 'North' };
const noQualifier = (en) => en.replace(/\s*\(.*\)$/, '');
/**
 * English name: a city's English where the airport reference has one; a final direction after at least two characters
 * translated (北京南 Beijing South, 沙洋西 Shayang West); 机场 Airport; a known name at the start kept as its own word.
 */
function english(name) {
  if (EN[name]) return EN[name];
  const air = airportCityByZh.get(name);
  if (air) return noQualifier(air.name.en);
  const chars = [...name];
  const syl = syllablesByName.get(name) ?? syllablesOf(name, null);
  const last = chars.at(-1);
  const base = chars.slice(0, -1).join('');
  if (DIRECTIONS[last] && chars.length >= 3) return `${english(base)} ${DIRECTIONS[last]}`;
  if (name.endsWith('机场') && chars.length > 2) return `${english(chars.slice(0, -2).join(''))} Airport`;
  // A known name at the start ("上海" in 上海虹桥, "八达岭" in 八达岭长城), the rest one word.
  for (let i = chars.length - 2; i >= 2; i--) {
    const head = chars.slice(0, i).join('');
    if (syllablesByName.has(head)) return `${english(head)} ${word(syl.slice(i))}`;
  }
  return word(syl);
}

const tw = (s) => toTw(s).replaceAll('裡', '里');
const cityInfo = new Map();
for (const c of cityNames) {
  const first = records.find((r) => r.city === c);
  const province = LAOS.has(c) ? null : (PROVINCE_OF_CITY[c] ?? PROVINCE_OF_PREFIX[first.cityId.slice(0, 2)]);
  if (!LAOS.has(c) && !province) problems.push(`city ${c} (${first.cityId}): no province`);
  const air = airportCityByZh.get(c);
  const syl = syllablesByName.get(c);
  cityInfo.set(c, {
    code: air?.code ?? null,
    name: { en: air ? air.name.en : english(c), 'zh-CN': c, 'zh-TW': air ? air.name['zh-TW'] : tw(c) },
    pinyin: air?.pinyin ?? syl.join(''),
    initials: air?.pinyinInitials ?? syl.map((s) => s[0]).join(''),
    province,
    countryCode: LAOS.has(c) ? 'LA' : province === 'HK' ? 'HK' : 'CN',
  });
}
/** Shorter keys for the autonomous prefectures whose full pinyin is a mouthful. */
const CITY_KEY = { 阿坝藏族羌族自治州: 'aba', 巴音郭楞蒙古自治州: 'bayinguoleng' };
for (const [zh, key] of Object.entries(CITY_KEY)) if (cityInfo.has(zh) && !cityInfo.get(zh).code) cityInfo.get(zh).code = key;
const keyCount = new Map();
for (const c of cityInfo.values()) if (!c.code) keyCount.set(c.pinyin, (keyCount.get(c.pinyin) ?? 0) + 1);
for (const c of cityInfo.values()) if (!c.code) c.code = keyCount.get(c.pinyin) > 1 ? `${c.pinyin}-${(c.province ?? c.countryCode).toLowerCase()}` : c.pinyin;
const cityKeys = new Set();
for (const c of cityInfo.values()) (cityKeys.has(c.code) ? problems.push(`duplicate city key ${c.code}`) : cityKeys.add(c.code));

// ---------------------------------------------------------------------------------------------------------------
// Busiest first (approximate): the hand-written order of busiest.txt; then the stations of the main high-speed lines
// and each city's principal stations (named as the city, or the city and a direction); then every other station.
// Within the last two, cities by weight (their best listed station, else their airport's traffic rank, provincial
// capitals before the rest), then 12306's own order.

const lines = (file) => readFileSync(path.join(here, 'src', file), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
const busiest = lines('busiest.txt').map((l) => l.trim());
const seenBusy = new Set();
for (const n of busiest) {
  if (!byName.has(n)) problems.push(`busiest.txt: 12306 has no station ${n}`);
  if (seenBusy.has(n)) notes.push(`busiest.txt: ${n} listed twice (the first counts)`);
  seenBusy.add(n);
}
const onLines = new Set();
const lineList = lines('lines.txt').map((l) => {
  const [en, zh, names] = l.split('|');
  const stations = names.trim().split(/\s+/);
  for (const n of stations) (byName.has(n) ? onLines.add(n) : problems.push(`lines.txt ${en}: 12306 has no station ${n}`));
  return { en, zh, stations };
});
const CAPITALS = ['北京', '天津', '上海', '重庆', '石家庄', '太原', '呼和浩特', '沈阳', '长春', '哈尔滨', '南京', '杭州', '合肥', '福州', '南昌', '济南', '郑州', '武汉', '长沙', '广州', '南宁', '海口', '成都', '贵阳', '昆明', '拉萨', '西安', '兰州', '西宁', '银川', '乌鲁木齐', '香港'];
for (const c of CAPITALS) if (!cityInfo.has(c)) problems.push(`capital ${c} is no 12306 city`);

const busyRank = new Map();
for (const n of busiest) if (!busyRank.has(n)) busyRank.set(n, busyRank.size);
const airportRank = new Map(JSON.parse(readFileSync(path.join(OUT, 'airports.json'), 'utf8')).map((a) => [a.cityCode, a.rank]).reverse());
// A city without an airport comes after every city with one, however many airports the reference ranks.
const noAirport = Math.max(...airportRank.values()) + 1;
const cityWeight = new Map();
for (const c of cityNames) {
  const own = records.filter((r) => r.city === c && busyRank.has(r.name)).map((r) => busyRank.get(r.name));
  const air = cityInfo.get(c).code;
  cityWeight.set(c, own.length ? Math.min(...own) : CAPITALS.includes(c) ? 1000 : 2000 + (airportRank.get(air) ?? noAirport));
}
const principal = (r) => r.name === r.city || (syllablesByName.has(r.city) && r.name.length === r.city.length + 1 && r.name.startsWith(r.city) && DIRECTIONS[r.name.at(-1)]);
const tier = (r) => (busyRank.has(r.name) ? 0 : onLines.has(r.name) || principal(r) ? 1 : 2);
const ordered = [...records].sort(
  (a, b) =>
    tier(a) - tier(b) ||
    (tier(a) === 0 ? busyRank.get(a.name) - busyRank.get(b.name) : 0) ||
    cityWeight.get(a.city) - cityWeight.get(b.city) ||
    a.index - b.index,
);

// ---------------------------------------------------------------------------------------------------------------

const stations = ordered.map((r, i) => {
  const syl = syllablesByName.get(r.name);
  const en = r.country === 'lao' && r.english && !EN[r.name] ? r.english.replace(/\b[a-z]/g, (m) => m.toUpperCase()) : english(r.name);
  return [r.code, r.name, tw(r.name), en, syl.join(''), syl.map((s) => s[0]).join(''), cityInfo.get(r.city).code, i + 1];
});
const cities = [...cityInfo.values()]
  .sort((a, b) => cityWeight.get(a.name['zh-CN']) - cityWeight.get(b.name['zh-CN']) || (a.code < b.code ? -1 : 1))
  .map((c) => ({ code: c.code, name: c.name, pinyin: c.pinyin, pinyinInitials: c.initials, province: c.province, countryCode: c.countryCode }));
const provinces = Object.entries(PROVINCES).map(([code, [en, zh]]) => ({ code, name: { en, 'zh-CN': zh, 'zh-TW': tw(zh) } }));

console.log(notes.join('\n'));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const out =
  '{\n"source": "12306 station_name.js, see SOURCES.md",\n' +
  `"fields": ${JSON.stringify(['code', 'zh-CN', 'zh-TW', 'en', 'pinyin', 'initials', 'city', 'rank'])},\n` +
  `"provinces": [\n${provinces.map((p) => JSON.stringify(p)).join(',\n')}\n],\n` +
  `"cities": [\n${cities.map((c) => JSON.stringify(c)).join(',\n')}\n],\n` +
  `"lines": [\n${lineList.map((l) => JSON.stringify({ name: { en: l.en, 'zh-CN': l.zh, 'zh-TW': tw(l.zh) }, stations: l.stations.map((n) => byName.get(n).code) })).join(',\n')}\n],\n` +
  `"stations": [\n${stations.map((s) => JSON.stringify(s)).join(',\n')}\n]\n}\n`;
writeFileSync(path.join(OUT, 'stations.json'), out);
const fromAir = cities.filter((c) => /^[A-Z]{3}$/.test(c.code)).length;
console.error(`stations ${stations.length}, cities ${cities.length} (${fromAir} with an IATA city code), lines ${lineList.length}, ${(Buffer.byteLength(out) / 1024).toFixed(0)} KiB`);
