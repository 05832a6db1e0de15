import { createHash, randomUUID } from 'node:crypto';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR, MAX_CREDIT_LIMIT_MINOR } from '@portal/contract/amounts';
import { Code } from '@portal/contract/codes';
import { formatMoney, isCurrency, type Currency } from '@portal/contract/currency';
import { isUniqueViolation } from '../../db/errors.ts';
import { isTransaction, type DbOrTx, type Tx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  accountIdFor,
  agencyFunds,
  dueHoldIds,
  ensureAccount,
  findAccount,
  findHold,
  findInvariantViolations,
  findMovement,
  findMovementByKey,
  findReversal,
  insertHold,
  insertMovement,
  LedgerRefusal,
  movementEntries,
  resolveHold,
  setAccountCreditLimit,
  postCashMovement,
  type AccountKey,
  type InvariantViolation,
  type MovementRow,
} from './ledger.repository.ts';

/**
 * The money journal's use cases (issue 4). Every operation is one transaction that first locks the agency's cash
 * account (SELECT ... FOR UPDATE), so the funds check, the idempotency look-up and the movement cannot interleave with
 * another request for the same agency and currency.
 *
 * Sign convention: an agency's cash account is positive when the agency has money with us; it may go down to
 * -creditLimit (the used part of its credit line). Holds move money from cash to the agency's held account; a capture
 * moves it on to the platform account, a release or expiry back to cash. Top-ups come from a channel account.
 */

export const SPEND_REASONS = ['origin-flight', 'origin-train', 'origin-hotel', 'change-flight', 'change-train', 'group-deposit', 'group-final'] as const;
export type SpendReason = (typeof SPEND_REASONS)[number];
export const REFUND_REASONS = ['refund-flight', 'refund-train', 'refund-hotel', 'void-flight', 'void-train', 'refund-change-flight'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export type LedgerReason = 'top-up' | 'refund-to-channel' | 'hold' | 'hold-capture' | 'hold-release' | 'hold-expire' | 'reversal' | SpendReason | RefundReason;

export interface Reference {
  type: string;
  id: string;
}

export interface MoveOptions {
  reference?: Reference;
  actor?: string | null;
  idempotencyKey?: string;
  /** Facts kept with the movement for statements (e.g. the service fee within an after-sales amount). */
  result?: Record<string, unknown>;
}

export type Refused<R extends string = string> = { ok: false; reason: R };
export type Moved = { ok: true; movementId: string; replayed: boolean };
export type MoveResult = Moved | Refused<'insufficient_funds' | 'idempotency_conflict'>;
export type HoldResult =
  | (Moved & { holdId: string; expiresAt: string })
  | Refused<'insufficient_funds' | 'idempotency_conflict'>;
export type SettleResult =
  | (Moved & { holdId: string; status: 'captured' | 'released' | 'expired' })
  | (Refused<'not_found' | 'hold_already_resolved' | 'hold_expired'> & { status?: string });
export type ReverseResult = Moved | Refused<'not_found' | 'not_reversible' | 'already_reversed' | 'insufficient_funds' | 'idempotency_conflict'>;

export interface Balances {
  currency: Currency;
  cash: number;
  creditLimit: number;
  usedCredit: number;
  availableCredit: number;
  held: number;
  /** What the agency may still spend or hold: cash plus unused credit. */
  available: number;
}

const PLATFORM = (currency: string) => ({ companyId: null, kind: 'platform' as const, currency });
const CASH = (companyId: string, currency: string) => ({ companyId, kind: 'cash' as const, currency });
const HELD = (companyId: string, currency: string) => ({ companyId, kind: 'held' as const, currency });

/*
 * Bounds (issue 9, contract amounts.ts): one movement moves at most MAX_AMOUNT_MINOR; what an agency has with us, cash
 * plus held, never grows past MAX_BALANCE_MINOR; a credit line is at most MAX_CREDIT_LIMIT_MINOR. Every figure the
 * ledger stores or derives therefore stays an exact JSON number, so an answer built from a committed movement cannot
 * fail to serialize. A movement past a bound is refused whole, before anything commits, with a localized 400 / 409
 * (thrown, so it also rolls back a caller's surrounding transaction: its transaction row, user log, email).
 */
const bound = (max: number, currency: string) => ({ max: formatMoney(max, currency as Currency), currency });
export const amountTooLarge = (currency: string) => new AppError(Code.VALIDATION, 'error.amount.tooLarge', bound(MAX_AMOUNT_MINOR, currency));
export const balanceLimitReached = (currency: string) => new AppError(Code.CONFLICT, 'error.balance.limit', bound(MAX_BALANCE_MINOR, currency));

function assertAmount(amount: number, currency: Currency): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of minor units');
  if (amount > MAX_AMOUNT_MINOR) throw amountTooLarge(currency);
}
function assertCurrency(currency: string): asserts currency is Currency {
  if (!isCurrency(currency)) throw new RangeError(`unknown currency ${currency}`);
}

/** A refusal of the balance bound (the statement's condition or, as the last line, the table's trigger) as the answer. */
function boundRefusal(e: unknown, currency?: string): AppError | null {
  return e instanceof LedgerRefusal && e.reason === 'balance_limit' ? balanceLimitReached(e.currency ?? currency ?? 'CNY') : null;
}

function requestHash(op: string, fields: Record<string, unknown>): string {
  const canonical = JSON.stringify([op, ...Object.keys(fields).sort().map((k) => [k, fields[k] ?? null])]);
  return createHash('sha256').update(canonical).digest('hex');
}

function replayOf<R>(prior: MovementRow, hash: string): R {
  if (prior.requestHash !== hash) return { ok: false, reason: 'idempotency_conflict' } as R;
  return { ...(prior.result ?? {}), ok: true, movementId: prior.id, replayed: true } as R;
}

/**
 * Runs one money-moving transaction. `work` locks the cash account, then calls `known` to replay a prior answer for the
 * key. A LedgerRefusal thrown inside rolls everything back and becomes a typed refusal (refusals are not stored, so the
 * same key may be retried after, say, a top-up). Two first requests racing on a new key for different agencies meet at
 * the unique index; the loser replays the winner's answer.
 */
async function moveOnce<R>(
  db: DbOrTx,
  key: string | undefined,
  hash: string,
  work: (tx: Tx, known: () => Promise<R | null>) => Promise<R>,
): Promise<R> {
  const known = async (tx: Tx): Promise<R | null> => {
    if (!key) return null;
    const prior = await findMovementByKey(tx, key);
    return prior ? replayOf<R>(prior, hash) : null;
  };
  try {
    return await db.transaction((tx) => work(tx, () => known(tx)));
  } catch (e) {
    const overBound = boundRefusal(e);
    if (overBound) throw overBound;
    if (e instanceof LedgerRefusal) return { ok: false, reason: e.reason } as R;
    if (key && isUniqueViolation(e, 'idempotency_key')) {
      const prior = await findMovementByKey(db, key);
      if (prior) return replayOf<R>(prior, hash);
    }
    throw e;
  }
}

function movementFields(reason: LedgerReason, o: MoveOptions, hash: string, result: Record<string, unknown> = {}) {
  return {
    reason,
    referenceType: o.reference?.type ?? null,
    referenceId: o.reference?.id ?? null,
    actorUserId: o.actor ?? null,
    idempotencyKey: o.idempotencyKey ?? null,
    requestHash: o.idempotencyKey ? hash : null,
    result,
  };
}

/**
 * The hot path shared by top-ups, payments and refunds: one agency cash account against one counterparty account,
 * written by a single statement (see postCashMovement). The idempotency key is looked up first; two first requests
 * racing on one key meet at its unique index, and the loser's statement (its balance update included) fails whole
 * and replays the winner's answer. Inside a caller's transaction the statement runs in a savepoint, so a refusal or
 * a key collision does not abort the caller's work.
 */
async function moveCash(
  db: DbOrTx,
  args: { companyId: string; currency: string; delta: number; counterparty: AccountKey; reason: LedgerReason; o: MoveOptions; hash: string; cashOnly?: boolean },
): Promise<MoveResult> {
  const { companyId, currency, delta, counterparty, reason, o, hash } = args;
  if (o.idempotencyKey) {
    const prior = await findMovementByKey(db, o.idempotencyKey);
    if (prior) return replayOf<MoveResult>(prior, hash);
  }
  const [cashId, counterId] = await readsOn(db, [() => accountIdFor(db, CASH(companyId, currency)), () => accountIdFor(db, counterparty)]);
  // Money going out is held to the credit line, money coming in to the balance bound; the statement's condition
  // failing (null) therefore means one or the other.
  const post = (on: DbOrTx) =>
    postCashMovement(on, {
      cashId,
      counterId,
      currency,
      delta,
      enforceFloor: delta < 0,
      cashOnly: args.cashOnly,
      ceiling: delta > 0 ? MAX_BALANCE_MINOR : undefined,
      movement: movementFields(reason, o, hash, o.result),
    });
  try {
    const m = isTransaction(db) ? await db.transaction((sp) => post(sp)) : await post(db);
    if (!m && delta > 0) throw balanceLimitReached(currency);
    if (!m) return { ok: false, reason: 'insufficient_funds' };
    return { ok: true, movementId: m.id, replayed: false };
  } catch (e) {
    const overBound = boundRefusal(e, currency);
    if (overBound) throw overBound;
    if (o.idempotencyKey && isUniqueViolation(e, 'idempotency_key')) {
      const prior = await findMovementByKey(db, o.idempotencyKey);
      if (prior) return replayOf<MoveResult>(prior, hash);
    }
    throw e;
  }
}

/** Credits an agency from a payment channel (bank transfer, online payment, manual credit by finance). */
export async function topUp(
  db: DbOrTx,
  companyId: string,
  currency: string,
  amount: number,
  o: MoveOptions & { channel?: string } = {},
): Promise<MoveResult> {
  assertCurrency(currency);
  assertAmount(amount, currency);
  const channel = o.channel ?? 'manual';
  const hash = requestHash('top-up', { companyId, currency, amount, channel, reference: o.reference });
  const counterparty = { companyId: null, kind: 'channel' as const, currency, channel };
  return moveCash(db, { companyId, currency, delta: amount, counterparty, reason: 'top-up', o, hash });
}

/**
 * Sends money back out through the payment channel it came in by (a refund to the card or account that paid): the
 * mirror of a channel top-up. Used right after the refund that credited it, so the wallet shows both lines.
 */
export async function refundToChannel(db: DbOrTx, companyId: string, currency: string, amount: number, o: MoveOptions & { channel: string }): Promise<MoveResult> {
  assertCurrency(currency);
  assertAmount(amount, currency);
  const hash = requestHash('refund-to-channel', { companyId, currency, amount, channel: o.channel, reference: o.reference });
  const counterparty = { companyId: null, kind: 'channel' as const, currency, channel: o.channel };
  return moveCash(db, { companyId, currency, delta: -amount, counterparty, reason: 'refund-to-channel', o, hash });
}

/** Sets the agency's credit line; refused when the agency already uses more credit than the new limit. */
export async function setCreditLimit(
  db: DbOrTx,
  companyId: string,
  currency: string,
  creditLimit: number,
): Promise<{ ok: true } | Refused<'credit_in_use'>> {
  if (!Number.isSafeInteger(creditLimit) || creditLimit < 0) throw new RangeError('credit limit must be a non-negative integer');
  assertCurrency(currency);
  if (creditLimit > MAX_CREDIT_LIMIT_MINOR) throw new AppError(Code.VALIDATION, 'error.credit.tooLarge', bound(MAX_CREDIT_LIMIT_MINOR, currency));
  return db.transaction(async (tx) => {
    const cash = await ensureAccount(tx, CASH(companyId, currency), true);
    if (cash.balance < -creditLimit) return { ok: false, reason: 'credit_in_use' } as const;
    await setAccountCreditLimit(tx, cash.id, creditLimit);
    return { ok: true } as const;
  });
}

/** Reserves funds for a booking in progress; captured or released later, expired after ttlMinutes if forgotten. */
export async function hold(
  db: DbOrTx,
  companyId: string,
  currency: string,
  amount: number,
  o: MoveOptions & { ttlMinutes?: number; now?: Date; /** false: cash only, no credit (paying "from balance"). */ useCredit?: boolean } = {},
): Promise<HoldResult> {
  assertCurrency(currency);
  assertAmount(amount, currency);
  const ttlMinutes = o.ttlMinutes ?? 30;
  const useCredit = o.useCredit ?? true;
  const hash = requestHash('hold', { companyId, currency, amount, ttlMinutes, reference: o.reference, ...(useCredit ? {} : { useCredit }) });
  return moveOnce<HoldResult>(db, o.idempotencyKey, hash, async (tx, known) => {
    const cash = await ensureAccount(tx, CASH(companyId, currency), true);
    const prior = await known();
    if (prior) return prior;
    if (cash.balance - amount < (useCredit ? -cash.creditLimit : 0)) return { ok: false, reason: 'insufficient_funds' };
    const held = await ensureAccount(tx, HELD(companyId, currency));
    const holdId = randomUUID();
    const expiresAt = new Date((o.now ?? new Date()).getTime() + ttlMinutes * 60_000);
    const result = { holdId, expiresAt: expiresAt.toISOString() };
    const m = await insertMovement(tx, movementFields('hold', o, hash, result), [
      { account: cash, amount: -amount },
      { account: held, amount },
    ]);
    await insertHold(tx, {
      id: holdId,
      companyId,
      currency,
      amount,
      expiresAt,
      referenceType: o.reference?.type ?? null,
      referenceId: o.reference?.id ?? null,
      createdMovementId: m.id,
    });
    return { ok: true, movementId: m.id, replayed: false, ...result };
  });
}

type SettleTarget = 'captured' | 'released' | 'expired';

/** Resolves a hold exactly once: a repeated call returns the first outcome and never moves money again. */
async function settle(
  db: DbOrTx,
  holdId: string,
  target: SettleTarget,
  o: { actor?: string | null; reason?: SpendReason; now?: Date },
): Promise<SettleResult> {
  const peek = await findHold(db, holdId);
  if (!peek) return { ok: false, reason: 'not_found' };
  const now = o.now ?? new Date();
  return db.transaction(async (tx): Promise<SettleResult> => {
    const cash = await ensureAccount(tx, CASH(peek.companyId, peek.currency), true);
    const h = (await findHold(tx, holdId, true))!;
    if (h.status !== 'held') {
      if (h.status === target) return { ok: true, holdId, status: h.status, movementId: h.resolvedMovementId!, replayed: true };
      return { ok: false, reason: 'hold_already_resolved', status: h.status };
    }
    if (target === 'expired' && h.expiresAt > now) return { ok: false, reason: 'hold_already_resolved', status: h.status };
    // A capture that comes after the deadline finds the hold expired, and expires it.
    const status: SettleTarget = target === 'captured' && h.expiresAt <= now ? 'expired' : target;
    const held = await ensureAccount(tx, HELD(h.companyId, h.currency));
    const to = status === 'captured' ? await ensureAccount(tx, PLATFORM(h.currency)) : cash;
    const reason: LedgerReason = status === 'captured' ? (o.reason ?? 'hold-capture') : status === 'released' ? 'hold-release' : 'hold-expire';
    const m = await insertMovement(
      tx,
      { reason, referenceType: 'hold', referenceId: h.id, actorUserId: o.actor ?? null, result: { holdId, status } },
      [
        { account: held, amount: -h.amount },
        { account: to, amount: h.amount },
      ],
    );
    await resolveHold(tx, h.id, status, m.id);
    if (status !== target) return { ok: false, reason: 'hold_expired', status };
    return { ok: true, holdId, status, movementId: m.id, replayed: false };
  });
}

export function capture(db: DbOrTx, holdId: string, o: { actor?: string | null; reason?: SpendReason; now?: Date } = {}) {
  return settle(db, holdId, 'captured', o);
}

/**
 * Captures a hold as a purchase the agency sees in its wallet: the held money returns to cash (`hold-capture`) and is
 * spent from cash in the same transaction (`reason`, e.g. origin-flight, with `result` such as the order's invoice
 * type), so the wallet shows the purchase as its own entry beside the hold it settles. Exactly once per hold, like
 * capture; the spend cannot fail its funds check because the release just put the amount back.
 */
export async function captureAsSpend(
  db: DbOrTx,
  holdId: string,
  o: { reason: SpendReason; reference: Reference; result?: Record<string, unknown>; actor?: string | null; now?: Date },
): Promise<SettleResult & { spendMovementId?: string }> {
  const peek = await findHold(db, holdId);
  if (!peek) return { ok: false, reason: 'not_found' };
  const now = o.now ?? new Date();
  return db.transaction(async (tx) => {
    const cash = await ensureAccount(tx, CASH(peek.companyId, peek.currency), true);
    const h = (await findHold(tx, holdId, true))!;
    if (h.status !== 'held') {
      if (h.status === 'captured') return { ok: true, holdId, status: 'captured' as const, movementId: h.resolvedMovementId!, replayed: true };
      return { ok: false, reason: 'hold_already_resolved' as const, status: h.status };
    }
    if (h.expiresAt <= now) return { ok: false, reason: 'hold_expired' as const, status: h.status };
    const held = await ensureAccount(tx, HELD(h.companyId, h.currency));
    const back = await insertMovement(
      tx,
      { reason: 'hold-capture', referenceType: 'hold', referenceId: h.id, actorUserId: o.actor ?? null, result: { holdId, status: 'captured' } },
      [
        { account: held, amount: -h.amount },
        { account: cash, amount: h.amount },
      ],
    );
    await resolveHold(tx, h.id, 'captured', back.id);
    const platform = await ensureAccount(tx, PLATFORM(h.currency));
    const hash = requestHash('capture-spend', { holdId, reason: o.reason });
    const spend = await insertMovement(tx, movementFields(o.reason, { reference: o.reference, actor: o.actor }, hash, { ...o.result, holdId }), [
      { account: cash, amount: -h.amount },
      { account: platform, amount: h.amount },
    ]);
    return { ok: true, holdId, status: 'captured' as const, movementId: back.id, spendMovementId: spend.id, replayed: false };
  });
}

export function release(db: DbOrTx, holdId: string, o: { actor?: string | null; now?: Date } = {}) {
  return settle(db, holdId, 'released', o);
}

/** Expires every hold whose deadline has passed, one transaction per hold; returns how many it expired. */
export async function expireHolds(db: DbOrTx, now: Date = new Date()): Promise<number> {
  let expired = 0;
  for (const id of await dueHoldIds(db, now)) {
    const r = await settle(db, id, 'expired', { now });
    if (r.ok && !r.replayed) expired++;
  }
  return expired;
}

/**
 * Spends directly from the agency's balance plus unused credit, never more; with `useCredit: false` from the cash
 * balance only (paying "from balance": the balance may not go below zero).
 */
export async function pay(
  db: DbOrTx,
  companyId: string,
  currency: string,
  amount: number,
  reason: SpendReason,
  o: MoveOptions & { useCredit?: boolean } = {},
): Promise<MoveResult> {
  assertCurrency(currency);
  assertAmount(amount, currency);
  const useCredit = o.useCredit ?? true;
  const hash = requestHash('pay', { companyId, currency, amount, reason, reference: o.reference, ...(useCredit ? {} : { useCredit }) });
  return moveCash(db, { companyId, currency, delta: -amount, counterparty: PLATFORM(currency), reason, o, hash, cashOnly: !useCredit });
}

/** Pays money back to the agency's cash account (refund, void). */
export async function refund(
  db: DbOrTx,
  companyId: string,
  currency: string,
  amount: number,
  reason: RefundReason,
  o: MoveOptions = {},
): Promise<MoveResult> {
  assertCurrency(currency);
  assertAmount(amount, currency);
  const hash = requestHash('refund', { companyId, currency, amount, reason, reference: o.reference });
  return moveCash(db, { companyId, currency, delta: amount, counterparty: PLATFORM(currency), reason, o, hash });
}

const NOT_REVERSIBLE = new Set<string>(['hold', 'hold-capture', 'hold-release', 'hold-expire', 'reversal']);

/**
 * Corrects a movement by posting its mirror image, at most once per movement. Hold movements are settled through
 * capture/release instead, and a reversal is not itself reversed (post a fresh movement).
 */
export async function reverse(db: DbOrTx, movementId: string, o: Omit<MoveOptions, 'reference'> = {}): Promise<ReverseResult> {
  const original = await findMovement(db, movementId);
  if (!original) return { ok: false, reason: 'not_found' };
  if (NOT_REVERSIBLE.has(original.reason) || original.referenceType === 'hold') return { ok: false, reason: 'not_reversible' };
  const hash = requestHash('reverse', { movementId });
  return moveOnce<ReverseResult>(db, o.idempotencyKey, hash, async (tx, known) => {
    const entries = await movementEntries(tx, movementId);
    // Lock every agency cash account the movement touched, in id order (entries come sorted by account id).
    for (const e of entries) if (e.account.kind === 'cash') await ensureAccount(tx, CASH(e.account.companyId!, e.currency), true);
    const prior = await known();
    if (prior) return prior;
    if (await findReversal(tx, movementId)) return { ok: false, reason: 'already_reversed' };
    const m = await insertMovement(
      tx,
      { ...movementFields('reversal', { ...o, reference: { type: 'movement', id: movementId } }, hash), reversesMovementId: movementId },
      entries.map((e) => ({ account: e.account, amount: -e.amount })),
    );
    // Reversing a payment gives the money back: held to the balance bound like a top-up (the cash rows are locked).
    for (const e of entries) {
      if (e.account.kind !== 'cash' || e.amount >= 0) continue;
      if ((await agencyFunds(tx, e.account.companyId!, e.currency)) > MAX_BALANCE_MINOR) throw balanceLimitReached(e.currency);
    }
    return { ok: true, movementId: m.id, replayed: false };
  });
}

export async function balances(db: DbOrTx, companyId: string, currency: string): Promise<Balances> {
  assertCurrency(currency);
  const [cashAcc, heldAcc] = await readsOn(db, [() => findAccount(db, CASH(companyId, currency)), () => findAccount(db, HELD(companyId, currency))]);
  return balancesFrom(currency, [cashAcc, heldAcc].filter((a) => a !== null));
}

type BalanceAccount = { kind: string; currency: string; channel: string | null; balance: number; creditLimit: number };

/** One currency's balances from a company's accounts already read (the wallet reads all of them in one statement). */
export function balancesFrom(currency: string, accounts: readonly BalanceAccount[]): Balances {
  assertCurrency(currency);
  // The company's own accounts of this currency, as findAccount finds CASH and HELD: those with no channel.
  const own = (kind: 'cash' | 'held') => accounts.find((a) => a.kind === kind && a.currency === currency && a.channel === null);
  const cashAcc = own('cash');
  return toBalances(currency, { cash: cashAcc?.balance ?? 0, creditLimit: cashAcc?.creditLimit ?? 0, held: own('held')?.balance ?? 0 });
}

/** Past 2^53 a figure is no longer exact, and the answer schemas (integers) would refuse it: say the nearest one. */
const representable = (n: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.trunc(n)));

/**
 * The figures of a wallet from its running balances. Within the bounds every figure is exact; an account stored past
 * them before they existed (the invariant `agency_funds_within_bound` reports it) is shown at the nearest representable
 * figure, so reading it never fails: the agency list, the wallet and the top-up answer keep working while it is repaired.
 */
export function toBalances(currency: Currency, w: { cash: number; creditLimit: number; held: number }): Balances {
  const usedCredit = Math.max(0, -w.cash);
  return {
    currency,
    cash: representable(w.cash),
    creditLimit: representable(w.creditLimit),
    usedCredit: representable(usedCredit),
    availableCredit: representable(w.creditLimit - usedCredit),
    held: representable(w.held),
    available: representable(w.cash + w.creditLimit),
  };
}

/** Proves the books: an empty list means every rule of the journal holds. */
export function checkInvariants(db: DbOrTx): Promise<InvariantViolation[]> {
  return findInvariantViolations(db);
}
