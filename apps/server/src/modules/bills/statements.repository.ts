import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, ledgerAccounts, statements } from '../../db/schema/index.ts';

export type StatementRow = typeof statements.$inferSelect;
export type NewStatement = Omit<typeof statements.$inferInsert, 'id'> & { generatedAt: Date };

type Raw = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Raw[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const time = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

export async function findCashAccount(db: DbOrTx, companyId: string, currency: string) {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.companyId, companyId), eq(ledgerAccounts.kind, 'cash'), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  return row ?? null;
}

export interface MonthSums {
  opening: number;
  totalIn: number;
  totalOut: number;
  entryCount: number;
}

/** Opening balance (everything before `start`) and the month's movement totals of one cash account. */
export async function monthSums(db: DbOrTx, accountId: string, start: Date, end: Date): Promise<MonthSums> {
  const s = start.toISOString();
  const e = end.toISOString();
  const res = await db.execute(sql`
    select coalesce(sum(e.amount) filter (where m.created_at < ${s}::timestamptz), 0)::bigint as opening,
           coalesce(sum(e.amount) filter (where m.created_at >= ${s}::timestamptz and e.amount > 0), 0)::bigint as total_in,
           coalesce(-sum(e.amount) filter (where m.created_at >= ${s}::timestamptz and e.amount < 0), 0)::bigint as total_out,
           count(*) filter (where m.created_at >= ${s}::timestamptz)::int as entry_count
    from ledger_entries e join ledger_movements m on m.id = e.movement_id
    where e.account_id = ${accountId} and m.created_at < ${e}::timestamptz`);
  const r = rowsOf(res)[0] ?? {};
  return { opening: num(r.opening), totalIn: num(r.total_in), totalOut: num(r.total_out), entryCount: num(r.entry_count) };
}

/** When the account's history starts: its creation or its first movement, whichever is earlier. */
export async function accountStart(db: DbOrTx, accountId: string): Promise<Date | null> {
  const res = await db.execute(sql`
    select least(a.created_at, (select min(m.created_at) from ledger_entries e join ledger_movements m on m.id = e.movement_id
                                where e.account_id = a.id)) as start
    from ledger_accounts a where a.id = ${accountId}`);
  return time(rowsOf(res)[0]?.start);
}

export interface StatementTarget {
  accountId: string;
  companyId: string;
  currency: string;
  start: Date;
  deletedAt: Date | null;
}

/** Every agency cash account with the start of its history: what the monthly job writes statements for. */
export async function statementTargets(db: DbOrTx): Promise<StatementTarget[]> {
  const res = await db.execute(sql`
    select a.id as account_id, a.company_id, a.currency, c.deleted_at,
           least(a.created_at, (select min(m.created_at) from ledger_entries e join ledger_movements m on m.id = e.movement_id
                                where e.account_id = a.id)) as start
    from ledger_accounts a join companies c on c.id = a.company_id
    where a.kind = 'cash'
    order by c.code, a.currency`);
  return rowsOf(res).map((r) => ({
    accountId: String(r.account_id),
    companyId: String(r.company_id),
    currency: String(r.currency),
    start: time(r.start)!,
    deletedAt: time(r.deleted_at),
  }));
}

export async function findStatement(db: DbOrTx, companyId: string, month: string, currency: string): Promise<StatementRow | null> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.companyId, companyId), eq(statements.month, month), eq(statements.currency, currency)))
    .limit(1);
  return row ?? null;
}

/** Month and generation time of every statement stored for the company and currency. */
export async function storedStatementTimes(db: DbOrTx, companyId: string, currency: string): Promise<Array<{ month: string; generatedAt: Date }>> {
  return db
    .select({ month: statements.month, generatedAt: statements.generatedAt })
    .from(statements)
    .where(and(eq(statements.companyId, companyId), eq(statements.currency, currency)));
}

/**
 * Writes the statement unless a final one is already stored: the update only replaces a statement generated before
 * `monthEnd` (a provisional one). Answers the row that is stored afterwards, whichever writer won.
 */
export async function upsertStatement(db: DbOrTx, s: NewStatement, monthEnd: Date): Promise<StatementRow> {
  const { companyId, month, currency, ...values } = s;
  const [row] = await db
    .insert(statements)
    .values(s)
    .onConflictDoUpdate({
      target: [statements.companyId, statements.month, statements.currency],
      set: values,
      setWhere: sql`${statements.generatedAt} < ${monthEnd.toISOString()}::timestamptz`,
    })
    .returning();
  return row ?? (await findStatement(db, companyId, month, currency))!;
}

export interface StatementListFilter {
  companyIds: string[];
  month?: string;
  keyword?: string;
}

function listWhere(f: StatementListFilter): SQL {
  const conds: (SQL | undefined)[] = [inArray(statements.companyId, f.companyIds)];
  if (f.month) conds.push(eq(statements.month, f.month));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(companies.name, like), ilike(companies.code, like), ilike(companies.alias, like)));
  }
  return and(...conds)!;
}

export type StatementWithCompany = StatementRow & { companyCode: string; companyName: string };

export async function countStatements(db: DbOrTx, f: StatementListFilter): Promise<number> {
  if (!f.companyIds.length) return 0;
  const [row] = await db.select({ n: count() }).from(statements).innerJoin(companies, eq(companies.id, statements.companyId)).where(listWhere(f));
  return row.n;
}

export async function listStatements(db: DbOrTx, f: StatementListFilter, page: { limit: number; offset: number }): Promise<StatementWithCompany[]> {
  if (!f.companyIds.length) return [];
  const rows = await db
    .select({ s: statements, companyCode: companies.code, companyName: companies.name })
    .from(statements)
    .innerJoin(companies, eq(companies.id, statements.companyId))
    .where(listWhere(f))
    .orderBy(desc(statements.month), asc(companies.code), asc(statements.currency))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r.s, companyCode: r.companyCode, companyName: r.companyName }));
}
