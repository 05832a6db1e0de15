// Issue 14, web performance: Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown, a phone's screen) on the
// anonymous landing page and the logged-in flight booking page, against the real server serving the built web app.
// Part of `npm run bench` (run.ts); alone: `node --import tsx apps/server/bench/lighthouse.ts` prints the section.
// BENCH_LIGHTHOUSE=0 leaves it out, LIGHTHOUSE_RUNS sets the runs per page (default 3, the median run is reported),
// WEB_DIST measures another build (default: apps/web/dist, built first when stale), CHROME_PATH another Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { BUDGETS, pageWeight, WEB_DIST, type BudgetPage } from '../../../scripts/bundle-budget.mjs';
import { buildWebIfNeeded } from '../../../scripts/web-build.mjs';
import { freePort, ROOT } from '../../../e2e/server.ts';

const TOKEN_KEY = 'portal.token';

interface PageSpec {
  name: string;
  path: string;
  loggedIn: boolean;
  budget: keyof typeof BUDGETS;
  /** The same with the page's own chunk and texts, when the budget leaves them out. */
  withPage?: BudgetPage;
  targets: { performance: number; lcp?: number; cls?: number; tbt?: number; accessibility: number };
}

const PAGES: PageSpec[] = [
  {
    name: 'landing page (anonymous)',
    path: '/',
    loggedIn: false,
    budget: 'landing',
    withPage: 'landingPage',
    targets: { performance: 0.9, lcp: 2500, cls: 0.1, tbt: 200, accessibility: 1 },
  },
  {
    name: 'flight booking (logged in, agency)',
    path: '/flight/booking',
    loggedIn: true,
    budget: 'flightBooking',
    targets: { performance: 0.8, accessibility: 1 },
  },
];

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Time to Interactive: when the page's scripts have run and it answers input (the flight search form usable). */
  tti: number;
  /** Scripts the page fetched during the run, gzipped as the build's .gz files are (bytes). */
  jsGzip: number;
  /** The same scripts as transferred (brotli where the browser accepts it). */
  jsTransfer: number;
  /** Accessibility audits that failed, by id. */
  failing: string[];
}

export interface LighthouseRow extends LighthouseRun {
  page: PageSpec;
  runs: LighthouseRun[];
  /** Initial JavaScript from the build's manifest (scripts/bundle-budget.mjs), gzipped. */
  initialJs: number;
  withPage?: number;
}

interface Audit {
  numericValue?: number;
  score: number | null;
  details?: { items?: { url: string; resourceType?: string; transferSize?: number }[] };
}

function scripts(audits: Record<string, Audit>, dist: string) {
  const items = (audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
  let jsGzip = 0;
  let jsTransfer = 0;
  for (const item of items) {
    jsTransfer += item.transferSize ?? 0;
    try {
      jsGzip += gzipSync(readFileSync(path.join(dist, new URL(item.url).pathname)), { level: 9 }).length;
    } catch {
      // not a file of the build
    }
  }
  return { jsGzip, jsTransfer };
}

/** The run with the median performance score (Lighthouse's own advice for repeated runs). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The real server (as `npm start` runs it) on a free port with a fresh PGlite data directory; a busy machine may take minutes. */
async function startServer(webDist: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: webDist, DATA_DIR: dataDir, PUBLIC_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 600_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy within 10 minutes');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

let loadBefore = NaN;

function runLighthouse(url: string, port: number, page: Parameters<typeof lighthouse>[3]) {
  return lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, undefined, page);
}

export async function benchLighthouse(opts: { runs?: number; webDist?: string } = {}): Promise<LighthouseRow[]> {
  loadBefore = os.loadavg()[0];
  const runs = opts.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const dist = opts.webDist ?? process.env.WEB_DIST ?? WEB_DIST;
  if (dist === WEB_DIST) buildWebIfNeeded();
  const server = await startServer(dist);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const login = await fetch(`${server.url}/base/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agency', password: 'Agency@123' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: LighthouseRow[] = [];
    // LIGHTHOUSE_PAGES=/ measures only the pages whose paths are listed (comma-separated).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
    for (const spec of PAGES.filter((p) => !only || only.includes(p.path))) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const page = await browser.newPage();
        // Storage set by hand (a token for the logged-in page), so Lighthouse must not reset it; the cache is
        // cleared here instead: every run is a first visit.
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await page.goto(`${server.url}/healthz`);
        await page.evaluate(
          // Runs in the page (the server's tsconfig has no DOM types).
          (key, value) => {
            const storage = (globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }).localStorage;
            storage.clear();
            if (value) storage.setItem(key, value);
          },
          TOKEN_KEY,
          spec.loggedIn ? token : '',
        );
        // A background tab does not paint (NO_FCP).
        await page.bringToFront();
        // A trace now and then comes back broken on a busy machine (NO_NAVSTART, NO_FCP): one more try.
        let result = await runLighthouse(`${server.url}${spec.path}`, chrome.port, page);
        if (result?.lhr.runtimeError) result = await runLighthouse(`${server.url}${spec.path}`, chrome.port, page);
        await page.close();
        if (!result) throw new Error(`Lighthouse gave no result for ${spec.path}`);
        const { lhr } = result;
        const audits = lhr.audits as unknown as Record<string, Audit>;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${spec.path}: ${lhr.runtimeError.message}`);
        // LIGHTHOUSE_DUMP=<dir> keeps every run's report (bootup-time, long-tasks, network-requests...) for a closer look.
        if (process.env.LIGHTHOUSE_DUMP) {
          mkdirSync(process.env.LIGHTHOUSE_DUMP, { recursive: true });
          writeFileSync(path.join(process.env.LIGHTHOUSE_DUMP, `${spec.path.replace(/\W+/g, '_') || 'root'}-${i}.json`), JSON.stringify(lhr));
        }
        const run: LighthouseRun = {
          performance: lhr.categories.performance.score ?? 0,
          accessibility: lhr.categories.accessibility.score ?? 0,
          fcp: audits['first-contentful-paint'].numericValue ?? NaN,
          lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
          tbt: audits['total-blocking-time'].numericValue ?? NaN,
          cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
          tti: audits['interactive']?.numericValue ?? NaN,
          ...scripts(audits, dist),
          failing: lhr.categories.accessibility.auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => {
              const nodes = (audits[ref.id]?.details?.items ?? []) as { node?: { selector?: string } }[];
              return process.env.LIGHTHOUSE_VERBOSE ? `${ref.id} [${nodes.map((n) => n.node?.selector).join(' | ')}]` : ref.id;
            }),
        };
        results.push(run);
        if (process.env.LIGHTHOUSE_VERBOSE) console.error(spec.path, JSON.stringify(run));
      }
      const weigh = (page: BudgetPage) => {
        try {
          return pageWeight(page, dist).gzipped;
        } catch {
          return NaN; // a build without the manifest entries named (an older build measured for comparison)
        }
      };
      rows.push({ page: spec, runs: results, ...medianRun(results), initialJs: weigh(spec.budget), withPage: spec.withPage ? weigh(spec.withPage) : undefined });
    }
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Whether a row meets its targets, each named: "yes" or the ones it misses. */
export function verdict(row: LighthouseRow): string {
  const t = row.page.targets;
  const misses = [
    row.performance < t.performance && `performance < ${t.performance}`,
    t.lcp !== undefined && row.lcp > t.lcp && `LCP > ${sec(t.lcp)}`,
    t.cls !== undefined && row.cls > t.cls && `CLS > ${t.cls}`,
    t.tbt !== undefined && row.tbt > t.tbt && `TBT > ${t.tbt} ms`,
    row.accessibility < t.accessibility && `accessibility < ${t.accessibility} (${row.failing.join(', ')})`,
    row.initialJs > BUDGETS[row.page.budget] * 1000 && `initial JS > ${BUDGETS[row.page.budget]} kB`,
  ].filter(Boolean);
  return misses.length ? `no: ${misses.join('; ')}` : 'yes';
}

/** The report's section (docs/benchmarks.md). */
export function lighthouseSection(rows: LighthouseRow[]): string {
  if (!rows.length) return '';
  const runs = rows[0].runs.length;
  return `## Web pages (Lighthouse, issue 14)

Lighthouse 12 mobile preset (simulated slow 4G and 4x CPU slowdown, a phone's screen) against the real server
serving the built web app (brotli/gzip precompressed), headless Chromium, ${runs} runs per page, the run with the median
performance score shown. Load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after:
on a busy 2-core machine the scores move by several points from run to run. "JS fetched" is every script the page
loaded during the run, gzipped (as transferred, brotli, in brackets); "initial JS" is from the build's manifest
(scripts/bundle-budget.mjs): for the landing page the entry and its static imports (the budget's definition; in
brackets with the page's own chunk and its texts, started beside them), for flight booking the entry, the full shell,
every text and the page. The landing page is served prerendered in the visitor's language and hydrated
(docs/decisions/0021-landing-prerender.md); its antd islands (partnership form, footer selects, login dialog) load on
interaction or as they near the viewport, so a run without either fetches none of them. The flight booking page's
document carries its shell (header, site name and title, decision 0023), painted before its scripts run, which is
what FCP and LCP measure there; TTI is when the search form is drawn and answers input.

| page | performance | FCP | LCP | TBT | CLS | TTI | accessibility | JS fetched | initial JS | targets met |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.page.name} | ${r.performance.toFixed(2)} | ${sec(r.fcp)} | ${sec(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${sec(r.tti)} | ${r.accessibility.toFixed(2)} | ${kb(r.jsGzip)} (${kb(r.jsTransfer)}) | ${kb(r.initialJs)}${r.withPage === undefined ? '' : ` (${kb(r.withPage)} with the page and its texts)`} | ${verdict(r)} |`,
  )
  .join('\n')}

Targets: landing page performance >= 0.90, LCP <= 2.5 s, CLS <= 0.1, TBT <= 200 ms, initial JS <= ${BUDGETS.landing} kB gzipped;
flight booking performance >= 0.80 and initial JS (shell and page) <= ${BUDGETS.flightBooking} kB gzipped; accessibility 1.00 on both.
Performance scores of every run: ${rows.map((r) => `${r.page.path} ${r.runs.map((x) => x.performance.toFixed(2)).join(', ')}`).join('; ')}.
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchLighthouse();
  console.log(lighthouseSection(rows));
  for (const r of rows) console.log(r.page.path, JSON.stringify(r.runs));
}
