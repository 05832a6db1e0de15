import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { MAX_BALANCE_MINOR, MAX_CREDIT_LIMIT_MINOR } from '@portal/contract/amounts';
import { isTransaction, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerMovements, type HoldStatus, type LedgerAccountKind } from '../../db/schema/index.ts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type MovementRow = typeof ledgerMovements.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;

export interface AccountKey {
  companyId: string | null;
  kind: LedgerAccountKind;
  currency: string;
  channel?: string | null;
}

/** Finds or creates the account; with `lock` the row stays locked (SELECT ... FOR UPDATE) until the transaction ends. */
export async function ensureAccount(db: DbOrTx, key: AccountKey, lock = false): Promise<AccountRow> {
  const channel = key.channel ?? null;
  await db
    .insert(ledgerAccounts)
    .values({ companyId: key.companyId, kind: key.kind, currency: key.currency, channel })
    .onConflictDoNothing();
  const where = and(
    key.companyId === null ? isNull(ledgerAccounts.companyId) : eq(ledgerAccounts.companyId, key.companyId),
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.currency, key.currency),
    channel === null ? isNull(ledgerAccounts.channel) : eq(ledgerAccounts.channel, channel),
  );
  const query = db.select().from(ledgerAccounts).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Running balances are kept on the agencies' own accounts only: they guard spending and are read on every screen.
 * The platform's and the channels' accounts are the other side of nearly every movement; a stored balance there would
 * be one row every payment of every agency has to lock. Their balance is the sum of their entries.
 */
export const RUNNING_BALANCE_KINDS: readonly LedgerAccountKind[] = ['cash', 'held', 'receivable', 'credit_line'];
export const keepsRunningBalance = (kind: LedgerAccountKind) => RUNNING_BALANCE_KINDS.includes(kind);

// Account ids never change and accounts are never deleted, so outside a transaction a found id can be remembered.
// Inside one it cannot: the row may have been created by a savepoint that is later rolled back.
const knownAccountIds = new WeakMap<object, Map<string, string>>();

/** The account's id, creating the account when it does not exist yet (committed on its own, which is harmless). */
export async function accountIdFor(db: DbOrTx, key: AccountKey): Promise<string> {
  const inTransaction = isTransaction(db);
  const cacheKey = `${key.companyId}|${key.kind}|${key.currency}|${key.channel ?? ''}`;
  let cache = inTransaction ? undefined : knownAccountIds.get(db);
  if (!inTransaction && !cache) knownAccountIds.set(db, (cache = new Map()));
  const known = cache?.get(cacheKey);
  if (known) return known;
  const row = await ensureAccount(db, key);
  cache?.set(cacheKey, row.id);
  return row.id;
}

/**
 * A whole cash movement in ONE statement: the conditional balance update (funds check and row lock), the movement
 * and its two entries. Run on its own it is its own transaction, so the wallet's row lock is held only while
 * PostgreSQL executes it, never across a network round trip; that is what lets one hot wallet take thousands of
 * payments a second. Null means the update's condition failed: insufficient funds, nothing written.
 */
export async function postCashMovement(
  db: DbOrTx,
  a: {
    cashId: string;
    counterId: string;
    currency: string;
    delta: number;
    enforceFloor: boolean;
    /** With enforceFloor: the floor is zero (cash only), not -credit_limit. */
    cashOnly?: boolean;
    /** The most the agency's cash plus held money may be after the movement (money coming in). */
    ceiling?: number;
    movement: NewMovement;
  },
): Promise<{ id: string } | null> {
  const { cashId, counterId, currency, delta, movement: m } = a;
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error('entry amounts are non-zero integers of minor units');
  const floor = !a.enforceFloor ? sql`` : a.cashOnly ? sql` and balance + ${delta}::bigint >= 0` : sql` and balance + ${delta}::bigint >= -credit_limit`;
  // The held account is read, not locked: every movement that changes it (hold, release, expiry, capture) locks this
  // cash row first and keeps cash + held the same or lowers it, so the sum this statement sees after waiting for the
  // lock is never below the true one.
  const ceiling =
    a.ceiling === undefined
      ? sql``
      : sql` and balance + ${delta}::bigint + coalesce((select h.balance from ledger_accounts h where h.company_id = ledger_accounts.company_id
             and h.kind = 'held' and h.currency = ledger_accounts.currency and h.channel is null), 0) <= ${a.ceiling}::bigint`;
  const res = (await db.execute(sql`
    with c as (
      update ledger_accounts set balance = balance + ${delta}::bigint
      where id = ${cashId}::uuid and kind = 'cash'${floor}${ceiling}
      returning id
    ), m as (
      insert into ledger_movements (reason, reference_type, reference_id, actor_user_id, idempotency_key, request_hash, result)
      select ${m.reason}, ${m.referenceType ?? null}, ${m.referenceId ?? null}, ${m.actorUserId ?? null}::uuid, ${m.idempotencyKey ?? null},
             ${m.requestHash ?? null}, ${JSON.stringify(m.result ?? {})}::jsonb
      from c
      returning id
    ), e as (
      insert into ledger_entries (movement_id, account_id, amount, currency)
      select m.id, v.account_id, v.amount, ${currency} from m,
        (values (${counterId}::uuid, ${-delta}::bigint), (${cashId}::uuid, ${delta}::bigint)) as v(account_id, amount)
      returning movement_id
    )
    select (select id from m) as id, (select count(*) from e)::int as entries`).catch((err: unknown) => {
    if (violates(err, BALANCE_BOUND)) throw new LedgerRefusal('balance_limit', currency);
    throw err;
  })) as unknown as { rows: Array<{ id: string | null; entries: number }> };
  const row = res.rows[0];
  if (!row?.id) return null;
  if (row.entries !== 2) throw new Error('cash movement written without its two entries');
  return { id: row.id };
}

export async function findAccount(db: DbOrTx, key: AccountKey): Promise<AccountRow | null> {
  const channel = key.channel ?? null;
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        key.companyId === null ? isNull(ledgerAccounts.companyId) : eq(ledgerAccounts.companyId, key.companyId),
        eq(ledgerAccounts.kind, key.kind),
        eq(ledgerAccounts.currency, key.currency),
        channel === null ? isNull(ledgerAccounts.channel) : eq(ledgerAccounts.channel, channel),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What an agency has with us in one currency: its cash plus the money held for bookings in progress. */
export async function agencyFunds(db: DbOrTx, companyId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.companyId, companyId),
        eq(ledgerAccounts.currency, currency),
        inArray(ledgerAccounts.kind, ['cash', 'held']),
        isNull(ledgerAccounts.channel),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function setAccountCreditLimit(db: DbOrTx, accountId: string, creditLimit: number): Promise<void> {
  await db.update(ledgerAccounts).set({ creditLimit }).where(eq(ledgerAccounts.id, accountId));
}

export async function findMovementByKey(db: DbOrTx, key: string): Promise<MovementRow | null> {
  const [row] = await db.select().from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function findMovement(db: DbOrTx, id: string): Promise<MovementRow | null> {
  const [row] = await db.select().from(ledgerMovements).where(eq(ledgerMovements.id, id)).limit(1);
  return row ?? null;
}

export async function findReversal(db: DbOrTx, movementId: string): Promise<MovementRow | null> {
  const [row] = await db.select().from(ledgerMovements).where(eq(ledgerMovements.reversesMovementId, movementId)).limit(1);
  return row ?? null;
}

export async function movementEntries(db: DbOrTx, movementId: string) {
  return db
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount, currency: ledgerEntries.currency, account: ledgerAccounts })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.movementId, movementId))
    .orderBy(asc(ledgerEntries.accountId));
}

export interface NewMovement {
  reason: string;
  referenceType?: string | null;
  referenceId?: string | null;
  actorUserId?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  reversesMovementId?: string | null;
  /** The answer replayed for the idempotency key; written at insert because movements are never updated. */
  result?: Record<string, unknown> | null;
}

export interface PostedEntry {
  account: AccountRow;
  amount: number;
}

function violates(err: unknown, constraint: string): boolean {
  for (let cur: any = err; cur; cur = cur.cause) {
    if (cur.constraint === constraint || String(cur.message ?? '').includes(constraint)) return true;
  }
  return false;
}

export class LedgerRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly currency?: string,
  ) {
    super(`ledger refused: ${reason}`);
  }
}

/** The trigger of migration 0007 that refuses a balance growing past its bound. */
const BALANCE_BOUND = 'ledger_accounts_balance_bound';

/**
 * Writes one balanced movement and moves the running balances, in account-id order so concurrent movements take row
 * locks in the same order. A cash account pushed past its credit line throws LedgerRefusal('insufficient_funds'),
 * which rolls the caller's transaction back.
 */
export async function insertMovement(db: DbOrTx, m: NewMovement, entries: PostedEntry[]): Promise<MovementRow> {
  if (entries.length < 2) throw new Error('a movement needs at least two entries');
  const sums = new Map<string, number>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error('entry amounts are non-zero integers of minor units');
    sums.set(e.account.currency, (sums.get(e.account.currency) ?? 0) + e.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0) throw new Error(`movement does not balance in ${currency}`);

  const [movement] = await db.insert(ledgerMovements).values(m).returning();
  await db.insert(ledgerEntries).values(
    entries.map((e) => ({ movementId: movement.id, accountId: e.account.id, amount: e.amount, currency: e.account.currency })),
  );
  const ordered = entries
    .filter((e) => keepsRunningBalance(e.account.kind))
    .sort((a, b) => (a.account.id < b.account.id ? -1 : a.account.id > b.account.id ? 1 : 0));
  for (const e of ordered) {
    const [after] = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${e.amount}` })
      .where(eq(ledgerAccounts.id, e.account.id))
      .returning({ balance: ledgerAccounts.balance, creditLimit: ledgerAccounts.creditLimit, kind: ledgerAccounts.kind })
      .catch((err: unknown) => {
        // The table's own check fired (the caller did not lock or check): still a refusal, not a crash.
        if (violates(err, 'ledger_accounts_cash_floor_ck')) throw new LedgerRefusal('insufficient_funds');
        if (violates(err, BALANCE_BOUND)) throw new LedgerRefusal('balance_limit', e.account.currency);
        throw err;
      });
    if (after.kind === 'cash' && e.amount < 0 && Number(after.balance) < -Number(after.creditLimit)) {
      throw new LedgerRefusal('insufficient_funds');
    }
  }
  return movement;
}

export async function insertHold(
  db: DbOrTx,
  h: { id: string; companyId: string; currency: string; amount: number; expiresAt: Date; referenceType?: string | null; referenceId?: string | null; createdMovementId: string },
): Promise<HoldRow> {
  const [row] = await db.insert(ledgerHolds).values(h).returning();
  return row;
}

export async function findHold(db: DbOrTx, id: string, lock = false): Promise<HoldRow | null> {
  const query = db.select().from(ledgerHolds).where(eq(ledgerHolds.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function resolveHold(db: DbOrTx, id: string, status: Exclude<HoldStatus, 'held'>, movementId: string): Promise<void> {
  await db
    .update(ledgerHolds)
    .set({ status, resolvedMovementId: movementId, resolvedAt: sql`now()` })
    .where(and(eq(ledgerHolds.id, id), eq(ledgerHolds.status, 'held')));
}

export async function dueHoldIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: ledgerHolds.id })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.status, 'held'), lte(ledgerHolds.expiresAt, now)))
    .orderBy(asc(ledgerHolds.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface InvariantViolation {
  check: string;
  detail: unknown;
}

/** Every rule of the journal, as SQL over the whole ledger. An empty list means the books are consistent. */
export async function findInvariantViolations(db: DbOrTx): Promise<InvariantViolation[]> {
  const checks: Array<[string, ReturnType<typeof sql>]> = [
    [
      'movement_sums_to_zero',
      sql`select movement_id, currency, sum(amount)::text as sum from ledger_entries group by movement_id, currency having sum(amount) <> 0`,
    ],
    [
      'movement_has_entries',
      sql`select m.id from ledger_movements m left join ledger_entries e on e.movement_id = m.id group by m.id having count(e.id) < 2`,
    ],
    [
      'entry_currency_matches_account',
      sql`select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency`,
    ],
    [
      'balance_equals_entries',
      sql`select a.id, a.balance::text as stored, coalesce(s.total, 0)::text as journal from ledger_accounts a
          left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
          where a.kind in ('cash', 'held', 'receivable', 'credit_line') and a.balance <> coalesce(s.total, 0)`,
    ],
    ['cash_within_credit_line', sql`select id, balance::text, credit_limit::text from ledger_accounts where kind = 'cash' and balance < -credit_limit`],
    [
      // Issue 9: every figure stays exact as a JSON number (contract amounts.ts).
      'agency_funds_within_bound',
      sql`select company_id, currency, sum(balance)::text as funds, max(credit_limit)::text as credit_limit from ledger_accounts
          where kind in ('cash', 'held') and company_id is not null group by company_id, currency
          having sum(balance) > ${MAX_BALANCE_MINOR} or max(credit_limit) > ${MAX_CREDIT_LIMIT_MINOR}`,
    ],
    [
      'hold_resolved_at_most_once',
      sql`select h.id from ledger_holds h where (h.status = 'held') <> (h.resolved_movement_id is null)
          or exists (select 1 from ledger_holds o where o.id <> h.id and o.resolved_movement_id = h.resolved_movement_id)`,
    ],
    [
      'held_account_equals_open_holds',
      sql`select a.id, a.balance::text, coalesce(h.total, 0)::text as open_holds from ledger_accounts a
          left join (select company_id, currency, sum(amount) as total from ledger_holds where status = 'held' group by company_id, currency) h
            on h.company_id = a.company_id and h.currency = a.currency
          where a.kind = 'held' and a.balance <> coalesce(h.total, 0)`,
    ],
    ['reversed_at_most_once', sql`select reverses_movement_id from ledger_movements where reverses_movement_id is not null group by 1 having count(*) > 1`],
  ];
  const out: InvariantViolation[] = [];
  for (const [check, query] of checks) {
    const res = (await db.execute(query)) as unknown as { rows: unknown[] };
    for (const row of res.rows) out.push({ check, detail: row });
  }
  return out;
}
