import { asc } from 'drizzle-orm';
import { companies } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp } from '../test/helpers/app.ts';

export interface ThroughputRow {
  name: string;
  n: number;
  p50: number;
  p95: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Issue 4 target: >= 1,000 payments per second on ONE hot wallet on PostgreSQL, invariants checked after. Every payment
 * takes the wallet's row lock, so this measures how short the locked section is, not how many cores there are.
 * `concurrency` callers keep the pool busy so the lock is never idle between payments.
 */
export async function benchHotWallet(opts: { payments?: number; concurrency?: number } = {}): Promise<ThroughputRow[]> {
  const n = opts.payments ?? 10_000;
  const concurrency = opts.concurrency ?? 16;
  process.env.TEST_DB = 'postgres';
  process.env.DB_POOL_SIZE = String(concurrency);
  const t = await createTestApp();
  try {
    const [agency] = await t.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.code)).limit(1);
    // Funds for all but the last 100 payments: the tail must be refused, never overdrawn.
    const price = 1_00;
    await ledger.topUp(t.db, agency.id, 'CNY', (n - 100) * price);
    for (let i = 0; i < 50; i++) await ledger.pay(t.db, agency.id, 'CNY', 1, 'origin-flight');
    await ledger.topUp(t.db, agency.id, 'CNY', 50);

    const times: number[] = [];
    let next = 0;
    let ok = 0;
    let refused = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) {
          const i = next++;
          const t0 = performance.now();
          const r = await ledger.pay(t.db, agency.id, 'CNY', price, 'origin-flight', {
            reference: { type: 'order', id: `bench-${i}` },
            idempotencyKey: `bench-pay-${i}`,
          });
          times.push(performance.now() - t0);
          if (r.ok) ok++;
          else refused++;
        }
      }),
    );
    const total = performance.now() - start;
    const violations = await ledger.checkInvariants(t.db);
    const bal = await ledger.balances(t.db, agency.id, 'CNY');
    if (violations.length || ok !== n - 100 || refused !== 100 || bal.cash !== 0) {
      throw new Error(`hot wallet bench broke the books: ok=${ok} refused=${refused} cash=${bal.cash} ${JSON.stringify(violations)}`);
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: `postgres: ledger pay() on one hot wallet, ${concurrency} concurrent callers, idempotency key each (${ok} paid, ${refused} refused, invariants hold)`,
        n,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        perSecond: (n / total) * 1000,
      },
    ];
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchHotWallet({ payments: Number(process.env.N ?? 5000), concurrency: Number(process.env.C ?? 16) });
  console.table(rows);
}
