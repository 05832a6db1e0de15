// Location search benchmarks, imported by bench/run.ts: searchLocations in-process, and the HTTP route end to end.
import { searchLocations } from '../src/modules/reference/reference.ts';
import { createTestApp } from '../test/helpers/app.ts';
import { measure as timeLoop, type BenchRow } from './measure.ts';

// Warm-up indexes (-1, -2, ...) map onto the first queries, as the timed ones do.
const measure = (name: string, n: number, fn: (i: number) => unknown) => timeLoop(name, n, Math.min(200, n), (i) => fn(i < 0 ? -i - 1 : i));




/** What people type into a picker, one keystroke at a time. */
const PREFIXES = {
  'latin prefix': ['l', 'lo', 'lon', 'lond', 'n', 'ne', 'new', 'new y', 's', 'sh', 'sha', 'shang', 'to', 'tok', 'pa', 'par', 'fr', 'frank'],
  'pinyin and initials': ['b', 'bj', 'bei', 'beij', 'beijing', 'c', 'cd', 'chengdu', 'xsbn', 'gz', 'guangz', 'sz', 'hz', 'wlmq'],
  chinese: ['北', '北京', '上', '上海', '广州', '臺', '臺北', '深圳宝安', '浦東', '机场'],
  'exact code': ['PEK', 'PKX', 'LHR', 'JFK', 'SHA', 'CAN', 'BJS', 'LON', 'HKG', 'TPE'],
};

export async function benchLocations(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const opts = { lang: 'zh-CN' as const, limit: 12, airportsOnly: false, favourites: ['SHA', 'CAN'] };
  for (const [kind, qs] of Object.entries(PREFIXES)) {
    rows.push(await measure(`searchLocations: ${kind} (${qs.length} queries)`, 20_000, (i) => searchLocations(qs[i % qs.length], opts)));
  }
  const all = Object.values(PREFIXES).flat();
  rows.push(await measure(`searchLocations: airportsOnly, all ${all.length} queries`, 20_000, (i) => searchLocations(all[i % all.length], { ...opts, airportsOnly: true })));

  const t = await createTestApp();
  try {
    const login = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username: 'operator', password: 'Operator@123' } });
    const token = login.json().data.token;
    rows.push(
      await measure('pglite: GET /shopping/v2/locations (session check + search)', 2000, async (i) => {
        const r = await t.app.inject({ url: '/shopping/v2/locations', query: { q: all[i % all.length] }, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } });
        if (r.statusCode !== 200) throw new Error(r.body);
      }),
    );
  } finally {
    await t.close();
  }
  return rows;
}
