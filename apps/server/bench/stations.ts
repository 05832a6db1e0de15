// Railway station search benchmarks, imported by bench/run.ts: searchStations in-process, and the HTTP route end to end.
import { allRailCities, allStations, searchStations } from '../src/modules/reference/stations.ts';
import { createTestApp } from '../test/helpers/app.ts';
import { formatMs, measure as timeLoop, type BenchRow } from './measure.ts';

// Warm-up indexes (-1, -2, ...) map onto the first queries, as the timed ones do.
const measure = (name: string, n: number, fn: (i: number) => unknown) => timeLoop(name, n, Math.min(200, n), (i) => fn(i < 0 ? -i - 1 : i));

/** What people type into a station picker, one keystroke at a time. */
const QUERIES = {
  'pinyin prefix': ['b', 'be', 'bei', 'beij', 'beijing', 'beijingn', 'beijing nan', 's', 'sh', 'shang', 'shanghai', 'g', 'gu', 'guangzhou', 'x', 'xian'],
  initials: ['bj', 'bjn', 'sh', 'shhq', 'gzn', 'szb', 'cdd', 'hzd', 'njn', 'wh'],
  chinese: ['北', '北京', '北京南', '上', '上海虹', '上海虹橋', '广州南', '深圳', '臺州', '站'],
  'english words': ['beijing s', 'hongqiao', 'guangzhou south', 'shenzhen n', 'west', "xi'an north"],
  'telegraph code': ['VNP', 'AOH', 'IZQ', 'IOQ', 'HGH', 'BJS', 'SHA', 'CAN'],
};

export async function benchStations(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const opts = { lang: 'zh-CN' as const, limit: 12 };
  for (const [kind, qs] of Object.entries(QUERIES)) {
    rows.push(await measure(`searchStations: ${kind} (${qs.length} queries)`, 20_000, (i) => searchStations(qs[i % qs.length], opts)));
  }
  const all = Object.values(QUERIES).flat();
  rows.push(await measure(`searchStations: all ${all.length} queries, limit 50`, 20_000, (i) => searchStations(all[i % all.length], { ...opts, limit: 50 })));

  const t = await createTestApp();
  try {
    const login = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username: 'operator', password: 'Operator@123' } });
    const token = login.json().data.token;
    rows.push(
      await measure('pglite: GET /shopping/v2/train/stations (session check + search)', 2000, async (i) => {
        const r = await t.app.inject({ url: '/shopping/v2/train/stations', query: { keyword: all[i % all.length] }, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } });
        if (r.statusCode !== 200) throw new Error(r.body);
      }),
    );
  } finally {
    await t.close();
  }
  return rows;
}

/** The report's line for the issue 13 target: the search rows' p95 against it; the HTTP round trip for information. */
export const STATION_SEARCH_P95_MS = 10;
const isRoundTrip = (r: BenchRow) => r.name.startsWith('pglite:');

export function stationsVerdict(rows: BenchRow[]): string {
  const search = rows.filter((r) => !isRoundTrip(r));
  if (!search.length) return '';
  const worst = search.reduce((w, r) => (r.p95 > w.p95 ? r : w));
  const met = search.every((r) => r.p95 < STATION_SEARCH_P95_MS);
  const trips = rows.filter(isRoundTrip).map((r) => `${r.name.replace(/ \(.*$/, '')} ${formatMs(r.p95)} ms`);
  return `Issue 13: the railway station search (${allStations().length.toLocaleString('en')} stations, ${allRailCities().length} cities) under ${STATION_SEARCH_P95_MS} ms at p95 on the server, as the
location search: ${met ? 'met' : 'NOT MET'}; slowest p95 ${formatMs(worst.p95)} ms (${worst.name}).${trips.length ? ` Through HTTP with the session check
(for information: the session check on PGlite is most of it, and it moves with the machine's load): ${trips.join(', ')} at p95.` : ''}`;
}

// `node --import tsx apps/server/bench/stations.ts`: these rows alone, without the rest of the bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchStations();
  console.table(rows);
  console.log(stationsVerdict(rows));
}
