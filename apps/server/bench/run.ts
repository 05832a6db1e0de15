// `npm run bench`: measures hot paths on this machine and writes docs/benchmarks.md. Timed here, never in tests.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../test/helpers/app.ts';
import { afterSalesVerdict, benchAfterSales } from './after-sales.ts';
import { benchHotWallet } from './ledger.ts';
import { benchHttp, httpVerdict } from './http.ts';
import { benchLocations } from './locations.ts';
import { benchLighthouse, lighthouseSection } from './lighthouse.ts';
import { formatMs as ms, type BenchRow } from './measure.ts';
import { benchOrders } from './orders.ts';
import { benchRecognition, recognitionVerdict } from './recognition.ts';
import { benchSearch } from './search.ts';
import { benchSolutions } from './solutions.ts';
import { benchStations, stationsVerdict } from './stations.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Other work on the machine moves every number: the report says how busy it was.
const loadAtStart = os.loadavg()[0];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, n: number, fn: () => Promise<void>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return { name, n, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), perSecond: (n / total) * 1000 };
}

const rows: BenchRow[] = [];
for (const kind of ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])]) {
  process.env.TEST_DB = kind;
  const t = await createTestApp();
  const login = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username: 'operator', password: 'Operator@123' } });
  const token = login.json().data.token;
  rows.push({ ...(await measure(`${kind}: GET /base/v2/me (session check + profile)`, 2000, async () => {
    const r = await t.app.inject({ url: '/base/v2/me', headers: { authorization: `Bearer ${token}` } });
    if (r.statusCode !== 200) throw new Error(r.body);
  })) });
  rows.push({ ...(await measure(`${kind}: GET /base/v2/config/getSiteConfig`, 2000, async () => {
    await t.app.inject({ url: '/base/v2/config/getSiteConfig' });
  })) });
  rows.push({ ...(await measure(`${kind}: POST /base/v2/login (argon2id 19 MiB, t=2)`, 50, async () => {
    const r = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username: 'agency', password: 'Agency@123' }, remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    if (r.json().code !== 0) throw new Error(r.body);
  })) });
  await t.close();
}

// Shopping: the platform's own cost (suppliers at zero added latency), the solutions engine and the location index.
process.env.TEST_DB = 'pglite';
rows.push(...(await benchSearch()), ...(await benchSolutions()), ...(await benchLocations()));
// Trains: the railway station picker's search (issue 13), in-process and through the route.
const stations = await benchStations();
rows.push(...stations);
// After-sales: the refund quote, pure and through the server (PGlite; PostgreSQL too when given).
const afterSales = [...(await benchAfterSales('pglite')), ...(process.env.TEST_DATABASE_URL ? await benchAfterSales('postgres', { pure: false }) : [])];
rows.push(...afterSales);
// Money: payments on one hot wallet; only meaningful on a PostgreSQL server (PGlite has a single connection).
if (process.env.TEST_DATABASE_URL) rows.push(...(await benchHotWallet({ payments: 10_000, concurrency: 8 })));
// Orders: booking's own cost and the order list over 100,000 orders (PostgreSQL).
if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOrders()));
// Travellers: document recognition, and the other routes' latency while it runs (PGlite).
const recognition = await benchRecognition();
rows.push(...recognition);
// Hot read routes over HTTP (issue 14): autocannon against listening servers, beside a bare Fastify route.
const http = await benchHttp(['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]);
rows.push(...http);

// Web pages (issue 14): Lighthouse on the built app served by the real server; BENCH_LIGHTHOUSE=0 leaves it out.
const lighthouse = process.env.BENCH_LIGHTHOUSE === '0' ? '' : lighthouseSection(await benchLighthouse());
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const md = `# Benchmarks

Written by \`npm run bench\` (apps/server/bench/run.ts; \`TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench\` adds the PostgreSQL rows) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}; load average (1 min) ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end.
In-process (\`app.inject\`, no network), one request at a time, after 20 warm-up calls, except the autocannon rows (real HTTP, 20 connections; \`p95\` there is autocannon's p97.5). Set TEST_DATABASE_URL to include PostgreSQL.

| case | requests | p50 ms | p95 ms | p99 ms | requests/s |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.n} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.p99 === undefined ? '–' : ms(r.p99)} | ${r.perSecond.toFixed(0)} |`).join('\n')}

Targets (issue 3, 2-core machine): a return search yielding >= 1,000 solutions, search start to all suppliers done
with zero added supplier latency, under 300 ms at p95; a filtered, sorted page over 5,000 solutions under 25 ms at p95;
a location prefix search under 10 ms at p95 on the server.
Issue 4: at least 1,000 payments per second on one hot wallet on PostgreSQL, the books checked after (the run throws
if any invariant breaks, any payment beyond the funds gets through, or the final balance is not exactly zero). The
row calls the ledger service on an 8-connection pool (payments, not HTTP requests; its "requests/s" is payments per
second) and its p50/p95 are per-payment latencies under contention for the one wallet row; see
docs/decisions/0006-ledger.md for why a payment is a single statement.

Issue 8 (PostgreSQL): booking's platform cost with zero-latency suppliers (re-pricing the offer, writing the order,
booking the seats, confirming) under 100 ms at p95; the order list with filters over 100,000 orders of one agency
under 50 ms and the status counts under 20 ms at p95 (the orders are seeded by the bench, not the demo data).

${stationsVerdict(stations)}

${afterSalesVerdict(afterSales)}

${recognitionVerdict(recognition)}

${lighthouse}

${httpVerdict(http)}

Login is deliberately slow: argon2id at OWASP's memory floor is the point of the design (see docs/decisions/0001-foundation.md).
`;
writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), md);
console.log(md);
