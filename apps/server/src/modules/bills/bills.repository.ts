import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { perHandle, prepareRaw, type RawStatement } from '../../db/prepared.ts';
import { companies, flightOrders, groupOrders, ledgerAccounts, paymentTransactions } from '../../db/schema/index.ts';
import type { CompanyRow } from '../users/user.mapper.ts';

/** The read side of the journal for wallets, transactions and statements. Writes go through the ledger service. */

export type TransactionRow = typeof paymentTransactions.$inferSelect;

/** A company whose parent is `parentId` and that is not deleted; null otherwise (the caller answers 404). */
export async function findChildCompany(db: DbOrTx, parentId: string, childId: string): Promise<CompanyRow | null> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, childId), eq(companies.parentId, parentId), isNull(companies.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export async function childCompanyIds(db: DbOrTx, parentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.parentId, parentId), isNull(companies.deletedAt)));
  return rows.map((r) => r.id);
}

const walletAccountsQuery = (db: DbOrTx) =>
  db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, channel: ledgerAccounts.channel, balance: ledgerAccounts.balance, creditLimit: ledgerAccounts.creditLimit })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.companyId, sql.placeholder('companyId')), inArray(ledgerAccounts.kind, ['cash', 'held'])))
    .orderBy(asc(ledgerAccounts.currency));
export type WalletAccount = Awaited<ReturnType<ReturnType<typeof walletAccountsQuery>['execute']>>[number];

/**
 * The wallet page's reads (issue 14): built once per database handle, prepared by name on each connection. The
 * booking-number look-ups take the ids as one array, so one statement serves any number of them.
 */
const walletStatements = perHandle((db) => ({
  accounts: walletAccountsQuery(db).prepare('portal_wallet_accounts'),
  flightNumbers: flightNumbersQuery(db).prepare('portal_wallet_flight_numbers'),
  groupNumbers: groupNumbersQuery(db).prepare('portal_wallet_group_numbers'),
  /** The entries' count and page statements by the filter's shape (which conditions it has), made on first use. */
  entries: new Map<string, RawStatement>(),
}));

/** The company's cash and held accounts (every channel), by currency: one read for the wallet's summary. */
export async function walletAccounts(db: DbOrTx, companyId: string): Promise<WalletAccount[]> {
  return (walletStatements(db)?.accounts ?? walletAccountsQuery(db)).execute({ companyId });
}

export interface EntryFilter {
  companyId: string;
  currency?: string;
  type?: string;
  /** Instants: [start, end). */
  start?: Date;
  end?: Date;
}

export interface EntryRow {
  id: string;
  movementId: string;
  currency: string;
  amount: number;
  /** The cash account's balance right after this entry (running sum in journal order). */
  balanceAfter: number;
  createdAt: Date;
  reason: string;
  referenceType: string | null;
  referenceId: string | null;
  result: Record<string, unknown> | null;
  /** What the hold this movement settles was for (reason hold-release / hold-expire). */
  holdReferenceType: string | null;
  holdReferenceId: string | null;
  /** The payment transaction the movement records (top-ups, channel payments). */
  txId: string | null;
  txMethod: string | null;
  txExternalReference: string | null;
  txOriginType: string | null;
  txOriginId: string | null;
}

/** The values of the conditions a filter sets, by placeholder name: the statement has a condition for each one here. */
interface FilterValues {
  companyId: string;
  currency?: string;
  type?: string;
  start?: string;
  end?: string;
}

function filterValues(f: EntryFilter): FilterValues {
  const v: FilterValues = { companyId: f.companyId };
  if (f.currency) v.currency = f.currency;
  if (f.type) v.type = f.type;
  if (f.start) v.start = f.start.toISOString();
  if (f.end) v.end = f.end.toISOString();
  return v;
}

/**
 * An entries statement: outside a transaction and with a `name`, the one prepared under that name (suffixed with the
 * filter's shape, as its text depends on it) for this handle; otherwise built for this call.
 */
function entriesStatement(db: DbOrTx, f: FilterValues, name: string | undefined, build: () => SQL): RawStatement {
  const named = walletStatements(db)?.entries;
  if (!named || !name) return prepareRaw(db, build());
  const full = `${name}_${Object.keys(f).filter((k) => k !== 'companyId').join('_') || 'all'}`;
  let statement = named.get(full);
  if (!statement) named.set(full, (statement = prepareRaw(db, build(), full)));
  return statement;
}

/**
 * The company's cash-account entries with their running balance, filtered after the running sum is taken so that
 * balanceAfter is the real balance whatever the filter. Journal order is the movement's time, then the entry id
 * (movements written in one transaction share their time).
 */
function entriesCte(f: FilterValues): SQL {
  const p = (name: keyof FilterValues) => sql.placeholder(name);
  const currency = 'currency' in f ? sql` and a.currency = ${p('currency')}` : sql``;
  const conds: SQL[] = [];
  if ('type' in f) conds.push(sql`reason = ${p('type')}`);
  if ('start' in f) conds.push(sql`created_at >= ${p('start')}::timestamptz`);
  if ('end' in f) conds.push(sql`created_at < ${p('end')}::timestamptz`);
  const where = conds.length ? sql` where ${sql.join(conds, sql` and `)}` : sql``;
  return sql`
    with j as (
      select e.id, e.movement_id, e.amount, e.currency, m.reason, m.reference_type, m.reference_id, m.result, m.created_at,
             (sum(e.amount) over (partition by e.account_id order by m.created_at, e.id rows between unbounded preceding and current row))::bigint as balance_after
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_movements m on m.id = e.movement_id
      where a.company_id = ${p('companyId')} and a.kind = 'cash'${currency}
    ), f as (select * from j${where})`;
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

type Raw = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Raw[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toEntry(r: Raw): EntryRow {
  return {
    id: String(r.id),
    movementId: String(r.movement_id),
    currency: String(r.currency),
    amount: num(r.amount),
    balanceAfter: num(r.balance_after),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    reason: String(r.reason),
    referenceType: str(r.reference_type),
    referenceId: str(r.reference_id),
    // A raw query's jsonb arrives parsed from node-postgres but as text from PGlite.
    result: typeof r.result === 'string' ? (JSON.parse(r.result) as Record<string, unknown>) : ((r.result as Record<string, unknown> | null) ?? null),
    holdReferenceType: str(r.hold_reference_type),
    holdReferenceId: str(r.hold_reference_id),
    txId: str(r.tx_id),
    txMethod: str(r.tx_method),
    txExternalReference: str(r.tx_external_reference),
    txOriginType: str(r.tx_origin_type),
    txOriginId: str(r.tx_origin_id),
  };
}

export async function countEntries(db: DbOrTx, f: EntryFilter): Promise<number> {
  const v = filterValues(f);
  const res = await entriesStatement(db, v, 'portal_wallet_entries_count', () => sql`${entriesCte(v)} select count(*)::int as n from f`).execute({ ...v });
  return num(rowsOf(res)[0]?.n);
}

/** Newest first by default; `order: 'asc'` for statements, which read a month from its first day. */
export async function findEntries(
  db: DbOrTx,
  f: EntryFilter,
  page: { limit?: number; offset?: number; order?: 'asc' | 'desc' } = {},
): Promise<EntryRow[]> {
  const v = filterValues(f);
  const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
  const limited = page.limit !== undefined;
  const limit = limited ? sql` limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}` : sql``;
  // The wallet's page (and its export) newest first is the hot one; a statement's month, read once, is not kept.
  const name = limited && page.order !== 'asc' ? 'portal_wallet_entries_page' : undefined;
  // The page is cut first, so the look-ups below touch only its rows (by primary key: the guarded casts keep a
  // reference id that is not a uuid from failing the query).
  const res = await entriesStatement(db, v, name, () => sql`${entriesCte(v)}, p as (select * from f order by created_at ${dir}, id ${dir}${limit})
    select p.*,
           h.reference_type as hold_reference_type, h.reference_id as hold_reference_id,
           t.id as tx_id, t.method as tx_method, t.external_reference as tx_external_reference,
           t.origin_type as tx_origin_type, t.origin_id as tx_origin_id
    from p
    left join ledger_holds h on h.id = case when p.reference_type = 'hold' and p.reference_id ~* ${UUID_PATTERN} then p.reference_id::uuid end
    left join payment_transactions t on t.id = case when p.reference_type = 'transaction' and p.reference_id ~* ${UUID_PATTERN} then p.reference_id::uuid end
    order by p.created_at ${dir}, p.id ${dir}`).execute(limited ? { ...v, limit: page.limit, offset: page.offset ?? 0 } : { ...v });
  return rowsOf(res).map(toEntry);
}

export interface TransactionFilter {
  companyId: string;
  method?: string;
  status?: string;
  kind?: string;
  start?: Date;
  end?: Date;
  keyword?: string;
}

function transactionWhere(f: TransactionFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(paymentTransactions.companyId, f.companyId)];
  if (f.method) conds.push(eq(paymentTransactions.method, f.method as TransactionRow['method']));
  if (f.status) conds.push(eq(paymentTransactions.status, f.status as TransactionRow['status']));
  if (f.kind) conds.push(eq(paymentTransactions.kind, f.kind as TransactionRow['kind']));
  if (f.start) conds.push(gte(paymentTransactions.createdAt, f.start));
  if (f.end) conds.push(lt(paymentTransactions.createdAt, f.end));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(sql`${paymentTransactions.id}::text`, like),
        ilike(paymentTransactions.originId, like),
        ilike(paymentTransactions.externalReference, like),
      ),
    );
  }
  return and(...conds)!;
}

export async function countTransactions(db: DbOrTx, f: TransactionFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentTransactions).where(transactionWhere(f));
  return row.n;
}

export async function findTransactions(db: DbOrTx, f: TransactionFilter, page: { limit: number; offset: number }): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(transactionWhere(f))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
}

const UUID = new RegExp(UUID_PATTERN, 'i');

function flightNumbersQuery(db: DbOrTx) {
  return db
    .select({ id: flightOrders.id, bookingNumber: flightOrders.bookingNumber })
    .from(flightOrders)
    .where(sql`${flightOrders.id} = any(${sql.placeholder('ids')}::uuid[])`);
}
function groupNumbersQuery(db: DbOrTx) {
  return db
    .select({ id: groupOrders.id, bookingNumber: groupOrders.bookingNumber })
    .from(groupOrders)
    .where(sql`${groupOrders.id} = any(${sql.placeholder('ids')}::uuid[])`);
}

/** Booking numbers of these orders (the ids come from the company's own entries), so entries name what agents read. */
export async function bookingNumbersOf(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)))];
  if (!wanted.length) return new Map();
  const prepared = walletStatements(db);
  // Flight orders and group orders (their wallet entries name the group's G booking number).
  const [flights, groups] = await readsOn(db, [
    () => (prepared?.flightNumbers ?? flightNumbersQuery(db)).execute({ ids: wanted }),
    () => (prepared?.groupNumbers ?? groupNumbersQuery(db)).execute({ ids: wanted }),
  ]);
  return new Map([...flights, ...groups].map((r) => [r.id, r.bookingNumber]));
}

