import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgencyListQuery } from '@portal/contract/api/agencies';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { apiKeys, companies, ledgerAccounts, ledgerHolds, sessions, users } from '../../db/schema/index.ts';
import type { CompanyRow } from '../users/user.mapper.ts';

export type NewCompany = Omit<typeof companies.$inferInsert, 'id' | 'code' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type AgencyPatch = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'name'
    | 'alias'
    | 'address'
    | 'status'
    | 'contactName'
    | 'contactEmail'
    | 'contactPhone'
    | 'customerService'
    | 'allowedHosts'
    | 'extraInfo'
    | 'commonConfig'
    | 'flightConfig'
    | 'trainConfig'
    | 'creditPeriod'
    | 'paymentSettings'
    | 'logoFileId'
  >
>;

/** The raw figures of an agency's wallet in its settlement currency, as the ledger's running balances hold them. */
export interface WalletFigures {
  cash: number;
  creditLimit: number;
  held: number;
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/**
 * The tenancy rule of agency management in one place: an agency is reachable only by its parent and only while it is
 * not deleted. Every look-up by id goes through it, so another parent's id reads as "not found".
 */
const childOf = (parentId: string) => and(eq(companies.parentId, parentId), isNull(companies.deletedAt));

/**
 * With `lock`, the row stays locked until the transaction ends, so a read-check-write cannot interleave. NO KEY UPDATE
 * (what an UPDATE of the row takes): a plain FOR UPDATE also blocks the foreign-key checks of rows that reference the
 * agency (ledger holds, payment transactions), so a top-up deadlocked with the agency's own payments, which lock its cash account
 * first and then insert such rows.
 */
export async function findChildAgency(db: DbOrTx, parentId: string, id: string, lock = false): Promise<CompanyRow | null> {
  const query = db.select().from(companies).where(and(eq(companies.id, id), childOf(parentId))).limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

const cashAcc = alias(ledgerAccounts, 'cash_acc');
const heldAcc = alias(ledgerAccounts, 'held_acc');
const settlementCurrency = sql`(${companies.commonConfig}->>'settlementCurrency')`;
const cashBalance = sql<number>`coalesce(${cashAcc.balance}, 0)`;
const creditLimit = sql<number>`coalesce(${cashAcc.creditLimit}, 0)`;
const heldBalance = sql<number>`coalesce(${heldAcc.balance}, 0)`;

/**
 * The parent's agencies with their wallet in the settlement currency, read in the same query (two joins on the
 * ledger's running balances) so filtering by balance and paging stay in the database and there is no query per row.
 */
export async function listChildAgencies(
  db: DbOrTx,
  parentId: string,
  q: AgencyListQuery,
): Promise<{ rows: { company: CompanyRow; wallet: WalletFigures }[]; total: number }> {
  const where: SQL[] = [childOf(parentId)!];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(
      or(
        ilike(companies.name, like),
        ilike(companies.alias, like),
        ilike(companies.code, like),
        ilike(companies.contactName, like),
        ilike(companies.contactEmail, like),
        ilike(companies.contactPhone, like),
      )!,
    );
  }
  if (q.status) where.push(eq(companies.status, q.status));
  if (q.balance === 'positive') where.push(gt(cashBalance, 0));
  if (q.balance === 'zero') where.push(eq(cashBalance, 0));
  if (q.balance === 'usingCredit') where.push(lt(cashBalance, 0));
  if (q.hasCredit === 'true') where.push(gt(creditLimit, 0));
  if (q.hasCredit === 'false') where.push(eq(creditLimit, 0));
  const cond = and(...where);
  const cashOn = and(eq(cashAcc.companyId, companies.id), eq(cashAcc.kind, 'cash'), eq(cashAcc.currency, settlementCurrency), isNull(cashAcc.channel));
  const heldOn = and(eq(heldAcc.companyId, companies.id), eq(heldAcc.kind, 'held'), eq(heldAcc.currency, settlementCurrency), isNull(heldAcc.channel));
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select({ company: companies, cash: cashBalance, creditLimit, held: heldBalance })
      .from(companies)
      .leftJoin(cashAcc, cashOn)
      .leftJoin(heldAcc, heldOn)
      .where(cond)
      .orderBy(desc(companies.createdAt), desc(companies.code))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ total: count() }).from(companies).leftJoin(cashAcc, cashOn).leftJoin(heldAcc, heldOn).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({
      company: r.company,
      wallet: { cash: Number(r.cash), creditLimit: Number(r.creditLimit), held: Number(r.held) },
    })),
    total: Number(total),
  };
}

/** Each company's first active SuperUser (the agency's administrator), one query for a whole page. */
export async function firstSuperUsers(db: DbOrTx, companyIds: string[]): Promise<Map<string, { id: string; username: string }>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([users.companyId], { companyId: users.companyId, id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(users.companyId, companyIds),
        eq(users.kind, 'person'),
        eq(users.status, 'active'),
        sql`'SuperUser' = any(${users.roles})`,
      ),
    )
    .orderBy(users.companyId, asc(users.createdAt), asc(users.id));
  return new Map(rows.map((r) => [r.companyId, { id: r.id, username: r.username }]));
}

/** Each company's live API key (never the hash), one query for a whole page. */
export async function liveApiKeys(
  db: DbOrTx,
  companyIds: string[],
): Promise<Map<string, { prefix: string; createdAt: Date; lastUsedAt: Date | null }>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([apiKeys.companyId], { companyId: apiKeys.companyId, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(inArray(apiKeys.companyId, companyIds), isNull(apiKeys.revokedAt)))
    .orderBy(apiKeys.companyId, desc(apiKeys.createdAt));
  return new Map(rows.map((r) => [r.companyId, r]));
}

/** The highest agency code in use ("A" + 5 digits), or null before the first. */
export async function highestAgencyCode(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ code: sql<string | null>`max(${companies.code})` })
    .from(companies)
    .where(sql`${companies.code} ~ '^A[0-9]{5}$'`);
  return row?.code ?? null;
}

/** Null when the code is taken: the unique index decides, so two concurrent creations cannot share a code. */
export async function insertAgency(db: DbOrTx, code: string, values: NewCompany): Promise<CompanyRow | null> {
  const [row] = await db
    .insert(companies)
    .values({ ...values, code })
    .onConflictDoNothing({ target: companies.code })
    .returning();
  return row ?? null;
}

export async function updateAgency(db: DbOrTx, id: string, patch: AgencyPatch): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** The single-login secret rotation: `secret` becomes current, the current one previous; the one before is dropped. */
export async function rotateSingleLoginSecret(db: DbOrTx, id: string, secret: string): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ singleLoginSecretPrev: companies.singleLoginSecret, singleLoginSecret: secret, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function softDeleteAgency(db: DbOrTx, id: string): Promise<void> {
  await db.update(companies).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(companies.id, id));
}

/**
 * What the agency still holds in the ledger: every cash or held account with a non-zero balance, in any currency.
 * Locks those accounts, so no movement can slip in between this check and the deletion.
 */
export async function lockNonZeroAccounts(db: DbOrTx, companyId: string): Promise<{ kind: string; currency: string; balance: number }[]> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.companyId, companyId))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return rows.filter((r) => (r.kind === 'cash' || r.kind === 'held') && r.balance !== 0);
}

export async function countOpenHolds(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.companyId, companyId), eq(ledgerHolds.status, 'held')));
  return Number(row.n);
}

/** Ends every live session of every user of the company. */
export async function revokeCompanySessions(db: DbOrTx, companyId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(isNull(sessions.revokedAt), inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)))));
}

/** The agency's first active SuperUser, locked for the password change. */
export async function lockFirstSuperUser(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'person'), eq(users.status, 'active'), sql`'SuperUser' = any(${users.roles})`))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function setUserPassword(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
