/** One timing loop for every benchmark: warm-up calls, then n timed calls one at a time. */
export interface BenchRow {
  name: string;
  n: number;
  p50: number;
  p95: number;
  /** Absent on rows timed by their own loop (the hot wallet, the solutions engine). */
  p99?: number;
  perSecond: number;
}

/** Milliseconds for the report: two decimals; below 0.01 ms (pure functions taking microseconds) two significant digits. */
export const formatMs = (x: number) => (x >= 0.01 ? x.toFixed(2) : x.toPrecision(2));

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Warm-up calls get negative indexes (-1, -2, ...), so a case can tell them from the timed ones. */
export async function measure(name: string, n: number, warmup: number, fn: (i: number) => unknown | Promise<unknown>): Promise<BenchRow> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return { name, n, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), perSecond: (n / total) * 1000 };
}
