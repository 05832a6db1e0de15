// Flight search benchmarks, imported by bench/run.ts: search start -> every supplier done, and one solutions page.
import { createTestApp } from '../test/helpers/app.ts';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { measure, type BenchRow } from './measure.ts';

export type { BenchRow };




const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * On the database TEST_DB names (pglite by default): a return search BJS-SHA with the simulated suppliers at zero
 * added latency, timed from the start call until a poll reports every supplier done; then page 1 of its solutions
 * (50, default sort) with the built set cached, and a filtered, re-sorted page.
 */
export async function benchSearch(): Promise<BenchRow[]> {
  const kind = process.env.TEST_DB ?? 'pglite';
  // One user searching as fast as the engine allows is the measurement here, not abuse: lift the per-person limit.
  process.env.SEARCH_RATE_PER_MINUTE ??= '1000000';
  const t = await createTestApp();
  try {
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(t.db, code, { latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false });
    const login = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username: 'operator', password: 'Operator@123' } });
    const token = login.json().data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    const post = async (url: string, payload: unknown) => {
      const r = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
      const json = r.json();
      if (json.code !== 0) throw new Error(`${url}: ${r.body}`);
      return json.data;
    };
    let lastSearch = '';
    let solutions = 0;
    const rows: BenchRow[] = [];
    rows.push(
      await measure(`${kind}: return search BJS-SHA, start -> all suppliers done`, 40, 10, async (i) => {
        const day = 10 + (Math.abs(i) % 20);
        const { searchId } = await post('/shopping/v2/flight/async-shopping', {
          journeys: [{ origin: 'BJS', destination: 'SHA', date: isoIn(day), returnDate: isoIn(day + 4) }],
          bookingType: 'return',
        });
        for (;;) {
          const page = await post('/shopping/v2/flight/async-shopping/solutions', { searchId, pageSize: 1 });
          if (page.progress.done) {
            solutions = page.unfilteredTotal;
            break;
          }
          await new Promise((r) => setImmediate(r));
        }
        lastSearch = searchId;
      }),
    );
    rows.push(
      await measure(`${kind}: solutions page of 50 over ${solutions} return solutions (cached set)`, 200, 10, async () => {
        await post('/shopping/v2/flight/async-shopping/solutions', { searchId: lastSearch, pageSize: 50 });
      }),
    );
    rows.push(
      await measure(`${kind}: filtered + sorted by duration page over the same set`, 200, 10, async (i) => {
        await post('/shopping/v2/flight/async-shopping/solutions', {
          searchId: lastSearch,
          pageSize: 50,
          page: 1 + (Math.abs(i) % 3),
          sort: 'duration',
          filters: { maxStops: 1, departureBands: { '0': ['06-12', '12-18'] } },
        });
      }),
    );
    return rows;
  } finally {
    await t.close();
  }
}
