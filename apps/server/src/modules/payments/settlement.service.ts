import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Payments } from '../../payments/registry.ts';
import type { CallbackEvent } from '../../payments/types.ts';
import { topUp } from '../ledger/ledger.service.ts';
import { closePending, findTransaction, markSucceeded, setMovement, type TransactionRow } from './payments.repository.ts';

/**
 * Turning what a channel says into money, exactly once. Callbacks, the payer's polling and the expiry job all end
 * here, in any order and any number of times.
 *
 * - paid: one transaction moves the payment to succeeded with a conditional update and credits the wallet through the
 *   ledger with the idempotency key `payment:<id>`. Whoever loses the update credits nothing; the key would stop a
 *   second credit even if the status were somehow reset. A payment the portal already closed (expired, canceled,
 *   failed) is still credited: the channel took the payer's money, so the agency must have it.
 * - canceled / expired: pending -> that status, and only from pending; a later "paid" still wins, never the reverse.
 */

export interface SettlementDeps {
  db: Db;
  payments: Payments;
}

/**
 * What else a credited payment pays for, by its origin (`payment_transactions.origin_type`): the flight-order module
 * registers 'flight-order' to pay the order from the credited wallet. Runs inside the crediting transaction, so the
 * credit and the order's payment commit together; a handler that declines (order closed meanwhile) leaves the money
 * in the wallet. The returned callback runs after commit (e.g. to start ticketing at once).
 */
export type OriginHandler = (tx: Tx, transaction: TransactionRow) => Promise<(() => void) | void>;
const originHandlers = new Map<string, OriginHandler>();
export function registerOriginHandler(originType: string, handler: OriginHandler): void {
  originHandlers.set(originType, handler);
}

export type Settled = { ok: true; transaction: TransactionRow; credited: boolean } | { ok: false; reason: 'amount_mismatch' };

export async function settlePaid(
  db: Db,
  row: TransactionRow,
  paid: { amount: number; currency: string; paidAt: Date },
): Promise<Settled> {
  // The channel must have taken exactly what we asked for; anything else is for a person to look at, not to credit.
  if (paid.amount !== row.grossAmount || paid.currency !== row.grossCurrency) return { ok: false, reason: 'amount_mismatch' };
  let after: (() => void) | null = null;
  const settled = await db.transaction(async (tx) => {
    const won = await markSucceeded(tx, row.id, paid.paidAt);
    if (!won) return { ok: true as const, transaction: (await findTransaction(tx, row.id))!, credited: false };
    const moved = await topUp(tx, won.companyId, won.netCurrency, won.netAmount, {
      channel: won.method,
      reference: { type: 'transaction', id: won.id },
      idempotencyKey: `payment:${won.id}`,
      actor: won.createdBy,
    });
    // A top-up has no funds check; a refusal here means the key was used for something else: roll back, loudly.
    if (!moved.ok) throw new Error(`wallet credit for payment ${won.id} refused: ${moved.reason}`);
    await setMovement(tx, won.id, moved.movementId);
    const handler = won.originType ? originHandlers.get(won.originType) : undefined;
    if (handler) after = (await handler(tx, won)) ?? null;
    return { ok: true as const, transaction: { ...won, movementId: moved.movementId }, credited: !moved.replayed };
  });
  (after as (() => void) | null)?.();
  return settled;
}

export async function settleClosed(db: Db, row: TransactionRow, status: 'canceled' | 'expired'): Promise<TransactionRow> {
  return (await closePending(db, row.id, status)) ?? (await findTransaction(db, row.id))!;
}

export function applyEvent(db: Db, row: TransactionRow, e: CallbackEvent): Promise<Settled> {
  if (e.status === 'paid') return settlePaid(db, row, { amount: e.amount, currency: e.currency, paidAt: e.occurredAt });
  return settleClosed(db, row, e.status).then((transaction) => ({ ok: true, transaction, credited: false }));
}

/**
 * Asks the channel about a pending payment and applies its answer. With `overdue` (past our expiry), a payment the
 * channel still holds open is closed there and marked expired here; if the payer paid in that very moment, the
 * channel refuses to close it and the payment is credited instead.
 */
export async function reconcile(
  deps: SettlementDeps,
  row: TransactionRow,
  now: Date,
  o: { overdue: boolean; log?: FastifyBaseLogger },
): Promise<{ transaction: TransactionRow; redirectUrl: string | null }> {
  if (row.status !== 'pending') return { transaction: row, redirectUrl: null };
  const channel = deps.payments.channels.get(row.method);
  if (!channel || !row.channelPaymentId) {
    // The channel never gave us a payment id, so the payer never had a page to pay on.
    return { transaction: o.overdue ? await settleClosed(deps.db, row, 'expired') : row, redirectUrl: null };
  }
  const credit = async (amount: number, currency: string, paidAt: Date) => {
    const r = await settlePaid(deps.db, row, { amount, currency, paidAt });
    if (!r.ok) {
      o.log?.error({ transactionId: row.id, channel: row.method, amount, currency }, 'channel reports a paid amount that differs from the payment');
      return row;
    }
    return r.transaction;
  };

  let cp = await channel.retrievePayment(row.channelPaymentId, now);
  if (cp?.status === 'paid') return { transaction: await credit(cp.amount, cp.currency, cp.paidAt ?? now), redirectUrl: null };
  if (cp?.status === 'canceled' || cp?.status === 'expired') return { transaction: await settleClosed(deps.db, row, cp.status), redirectUrl: null };
  if (!o.overdue) return { transaction: row, redirectUrl: cp?.redirectUrl ?? null };

  if (cp) {
    const closed = await channel.cancelPayment(row.channelPaymentId, now);
    if (!closed.ok && closed.reason === 'already_paid') {
      cp = await channel.retrievePayment(row.channelPaymentId, now);
      if (cp?.status === 'paid') return { transaction: await credit(cp.amount, cp.currency, cp.paidAt ?? now), redirectUrl: null };
    }
  }
  return { transaction: await settleClosed(deps.db, row, 'expired'), redirectUrl: null };
}
