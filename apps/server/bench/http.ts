// HTTP throughput of the hot read routes (issue 14): autocannon at 20 connections against real listening servers,
// side by side with a bare Fastify route on the same machine in the same run. bench/run.ts adds the rows.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchRow } from './measure.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);

export interface HttpRow extends BenchRow {
  kind: 'bare' | 'pglite' | 'postgres';
  route: string;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The users the portal's rows call as: an agent (most pages) and the agency's finance (the wallet). */
type User = 'operator' | 'finance';

interface Server {
  port: number;
  tokens?: Record<User, string>;
  child: ChildProcess;
}

async function startServer(kind: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), path.join(HERE, 'http-server.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (l) => resolve(l));
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  const { port, tokens } = JSON.parse(line) as { port: number; tokens?: Record<User, string> };
  return { port, tokens, child };
}

async function stopServer(s: Server) {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

async function load(s: Server, route: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url: `http://127.0.0.1:${s.port}${route}`, connections: CONNECTIONS, duration: seconds, headers });
}

async function row(kind: HttpRow['kind'], s: Server, route: string, user?: User): Promise<HttpRow> {
  const headers: Record<string, string> = { 'accept-language': 'zh-CN', ...(user ? { authorization: `Bearer ${s.tokens?.[user]}` } : {}) };
  await load(s, route, headers, 2); // warm-up: JIT, pools, caches
  const r = await load(s, route, headers, SECONDS);
  return {
    kind,
    route,
    name: `${kind === 'bare' ? 'bare Fastify' : kind}: GET ${route} (autocannon, ${CONNECTIONS} connections, ${SECONDS} s)`,
    n: r.requests.total,
    p50: r.latency.p50,
    p95: r.latency.p97_5,
    p99: r.latency.p99,
    perSecond: r.requests.average,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Routes measured per database: what every page load asks for, and the wallet page's two reads. */
const ROUTES: { route: string; user?: User }[] = [
  { route: '/base/v2/me', user: 'operator' },
  { route: '/base/v2/config/getSiteConfig' },
  { route: '/shopping/v2/locations?q=bj', user: 'operator' },
  { route: '/base/v2/wallet', user: 'finance' },
  { route: '/base/v2/wallet/entries?page=1&pageSize=20', user: 'finance' },
];

export async function benchHttp(kinds: ('pglite' | 'postgres')[]): Promise<HttpRow[]> {
  const rows: HttpRow[] = [];
  const bareRow = async () => {
    const bare = await startServer('bare');
    try {
      rows.push(await row('bare', bare, '/bare'));
    } finally {
      await stopServer(bare);
    }
  };
  // The bare route before and after the portal's: the targets compare with their mean, as the load moves.
  await bareRow();
  for (const kind of kinds) {
    const s = await startServer(kind);
    try {
      // BENCH_HTTP_ROUTES=/base/v2/me,... narrows a profiling run to some routes.
      const only = process.env.BENCH_HTTP_ROUTES?.split(',');
      for (const r of ROUTES.filter((x) => !only || only.some((o) => x.route.startsWith(o)))) rows.push(await row(kind, s, r.route, r.user));
    } finally {
      await stopServer(s);
    }
  }
  await bareRow();
  return rows;
}

/** Issue 14's targets, each said met or not met, with the numbers they were judged on. */
export function httpVerdict(rows: HttpRow[]): string {
  const bare = rows.filter((r) => r.kind === 'bare');
  const bareRate = bare.reduce((a, r) => a + r.perSecond, 0) / Math.max(1, bare.length);
  const find = (kind: string, route: string) => rows.find((r) => r.kind === kind && r.route === route);
  const lines: string[] = [];
  const judge = (label: string, ok: boolean, detail: string) => lines.push(`- ${label}: **${ok ? 'met' : 'NOT met'}** (${detail})`);
  const share = (kind: string, route: string, min: number) => {
    const r = find(kind, route);
    if (!r) return;
    const ratio = r.perSecond / bareRate;
    const clean = r.errors === 0 && r.non2xx === 0;
    judge(
      `${kind} GET ${route} at least ${min * 100}% of the bare route's requests/s, p99 under 50 ms`,
      ratio >= min && r.p99 < 50 && clean,
      `${r.perSecond.toFixed(0)}/s = ${(ratio * 100).toFixed(0)}% of ${bareRate.toFixed(0)}/s, p99 ${r.p99} ms${clean ? '' : `, ${r.errors} errors, ${r.non2xx} non-2xx`}`,
    );
  };
  share('postgres', '/base/v2/me', 0.25);
  share('postgres', '/base/v2/config/getSiteConfig', 0.5);
  // The wallet's reads (prepared statements, no cache) are reported for information: the issue sets no figure for them.
  for (const r of rows.filter((x) => x.kind !== 'bare' && x.route.startsWith('/base/v2/wallet'))) {
    const failed = r.errors + r.non2xx;
    lines.push(
      `- ${r.kind} GET ${r.route}: ${r.perSecond.toFixed(0)}/s = ${((r.perSecond / bareRate) * 100).toFixed(0)}% of ${bareRate.toFixed(0)}/s, p99 ${r.p99} ms (for information${failed ? `; **${r.errors} errors, ${r.non2xx} non-2xx**` : ''})`,
    );
  }
  const me = find('pglite', '/base/v2/me');
  if (me) judge('pglite GET /base/v2/me at least 3 × 260/s (780/s)', me.perSecond >= 780 && me.errors === 0 && me.non2xx === 0, `${me.perSecond.toFixed(0)}/s`);
  return `Issue 14 (HTTP, autocannon at ${CONNECTIONS} connections for ${SECONDS} s after a 2 s warm-up, each server a child process listening on
127.0.0.1, the portal logging one line per request at info to /dev/null; the bare route is a plain Fastify route
answering JSON of /me's size, run before and after the portal's rows, compared with their mean ${bareRate.toFixed(0)}/s;
before the change: postgres /me ~520-900/s, getSiteConfig ~1,170/s, locations ~860-950/s, pglite /me ~260-290/s):

${lines.join('\n')}`;
}

// `node --import tsx apps/server/bench/http.ts [pglite] [postgres]` prints the rows alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = process.argv.slice(2) as ('pglite' | 'postgres')[];
  for (const r of await benchHttp(kinds.length ? kinds : ['pglite'])) {
    console.log(`${r.name}: ${r.perSecond.toFixed(0)}/s p50=${r.p50} p99=${r.p99} ms errors=${r.errors} non2xx=${r.non2xx}`);
  }
}
