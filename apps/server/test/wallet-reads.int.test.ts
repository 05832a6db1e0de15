import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementQuery, TransactionQuery, WalletEntryQuery } from '@portal/contract/api/bills';
import { sessionPolicyFrom } from '../src/config.ts';
import { openDatabase, type DbOrTx, type Tx } from '../src/db/client.ts';
import { resolveSession, type AuthContext } from '../src/modules/auth/session.service.ts';
import { listStatementsFor } from '../src/modules/bills/statements.service.ts';
import { listTransactions, listWalletEntries, walletSummary } from '../src/modules/bills/wallet.service.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { healthySuppliers, issueOrder } from './helpers/orders.ts';
import { companyIdOf } from './helpers/tenants.ts';

// Issue 14: the wallet page's reads (summary and the entries page) use statements built once per database handle and
// prepared by name; they answer what freshly built queries answer.
let t: TestApp;
let auth: AuthContext;
let bookingNumber: string;
const policy = sessionPolicyFrom({ sessionIdleMinutes: 120, sessionMaxHours: 168 });

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  await healthySuppliers(t);
  // An order paid from the wallet, so the entries name a booking number, and money in a second currency.
  bookingNumber = (await issueOrder(t, await loginAs(t.app, 'operator'))).bookingNumber;
  expect(await ledger.topUp(t.db, await companyIdOf(t, 'A00001'), 'USD', 10_00)).toMatchObject({ ok: true });
  auth = await resolveSession(t.db, policy, await loginAs(t.app, 'finance'));
});
afterAll(() => t?.close());

const pages = [
  WalletEntryQuery.parse({}),
  WalletEntryQuery.parse({ currency: 'CNY', page: 2, pageSize: 2 }),
  WalletEntryQuery.parse({ type: 'top-up', from: '2020-01-01' }),
];

/** The wallet page's reads on `db`: the summary and a few entry pages (one after the other, as a transaction needs). */
async function walletReads(db: DbOrTx) {
  const summary = await walletSummary(db, auth);
  const answers = [];
  for (const q of pages) answers.push(await listWalletEntries(db, auth, q, 'en'));
  return { summary, pages: answers };
}

/**
 * The most queries `fn` had in flight at once on the transaction's one connection. node-postgres warns about an
 * overlap only once per process, so the overlap itself is counted; the warning is watched for as well.
 */
async function overlapOn<T>(tx: Tx, fn: () => Promise<T>): Promise<{ result: T; most: number; warnings: string[] }> {
  const client = (tx._.session as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
  const query = client.query;
  let running = 0;
  let most = 0;
  client.query = async function (this: unknown, ...args: unknown[]) {
    most = Math.max(most, ++running);
    try {
      return await query.apply(this, args);
    } finally {
      running--;
    }
  };
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  try {
    const result = await fn();
    // Warnings are emitted on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { result, most, warnings };
  } finally {
    process.off('warning', onWarning);
    client.query = query;
  }
}

/** How many statements `db` builds while `fn` runs (a prepared statement, once built, is only executed). */
async function statementsBuilt<T>(db: DbOrTx, fn: () => Promise<T>): Promise<{ result: T; built: (string | undefined)[] }> {
  const session = db._.session;
  const prepare = session.prepareQuery;
  const built: (string | undefined)[] = [];
  session.prepareQuery = function (this: typeof session, ...args: Parameters<typeof prepare>) {
    built.push(args[2]);
    return prepare.apply(this, args);
  } as typeof prepare;
  try {
    return { result: await fn(), built };
  } finally {
    session.prepareQuery = prepare;
  }
}

describe('wallet reads', () => {
  it('build their statements once per database handle, named, and answer as freshly built queries do', async () => {
    const first = await statementsBuilt(t.db, () => walletReads(t.db));
    expect(first.built.length).toBeGreaterThan(0);
    expect(first.built.every((name) => name?.startsWith('portal_wallet_'))).toBe(true);
    expect(first.result.summary.balances.map((b) => b.currency)).toEqual(['CNY', 'USD']);
    expect(first.result.pages[0].items.some((e) => e.description.includes(bookingNumber))).toBe(true);

    const again = await statementsBuilt(t.db, () => walletReads(t.db));
    expect(again.built).toEqual([]);
    expect(again.result).toEqual(first.result);

    // Inside a transaction every query is built for the call (unnamed), as before prepared statements: same answers.
    const fresh = await t.db.transaction((tx) => statementsBuilt(tx, () => walletReads(tx)));
    expect(fresh.built.length).toBeGreaterThan(0);
    expect(fresh.built.every((name) => name === undefined)).toBe(true);
    expect(fresh.result).toEqual(first.result);
    expect(fresh.result.summary.balances[0]).toEqual(await ledger.balances(t.db, auth.company.id, 'CNY'));
  });

  it('run one query at a time on a transaction\'s connection', async () => {
    const company = auth.company.id;
    const run = await t.db.transaction((tx) =>
      overlapOn(tx, async () => ({
        reads: await walletReads(tx),
        transactions: await listTransactions(tx, auth, TransactionQuery.parse({})),
        statements: await listStatementsFor(tx, auth, StatementQuery.parse({ scope: 'own' })),
        balances: await ledger.balances(tx, company, 'CNY'),
      })),
    );
    expect(run.result.reads.pages[0].total).toBeGreaterThan(0);
    expect(run.most).toBe(1);
    expect(run.warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('are prepared on the PostgreSQL connection that ran them', async () => {
    // One connection, so the session pg_prepared_statements describes is the one that ran the reads.
    const saved = process.env.DB_POOL_SIZE;
    process.env.DB_POOL_SIZE = '1';
    const database = await openDatabase({ url: t.url });
    if (saved === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = saved;
    try {
      expect(await walletReads(database.db)).toEqual(await walletReads(t.db));
      const res = await database.db.execute(sql`select name from pg_prepared_statements where name like 'portal\_wallet\_%' order by name`);
      expect(((res as { rows: { name: string }[] }).rows).map((r) => r.name)).toEqual([
        'portal_wallet_accounts',
        'portal_wallet_entries_count_all',
        'portal_wallet_entries_count_currency',
        'portal_wallet_entries_count_type_start',
        'portal_wallet_entries_page_all',
        'portal_wallet_entries_page_currency',
        'portal_wallet_entries_page_type_start',
        'portal_wallet_flight_numbers',
        'portal_wallet_group_numbers',
      ]);
    } finally {
      await database.close();
    }
  });
});
