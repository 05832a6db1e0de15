import type { GroupInstalmentKind, GroupNextInstalment, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { GROUP_INSTALMENT_KINDS } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { pay } from '../ledger/ledger.service.ts';
import { findTransactionByAnyKey, insertTransaction, type TransactionRow } from '../payments/payments.repository.ts';
import { settlementCurrencyOf } from '../payments/top-up-rules.ts';
import { applyGroupTransition } from './group-transition.ts';
import { groupPayEventByKey, type GroupRow } from './group.repository.ts';
import { allow, payRefusal } from './group.guards.ts';
import { nextInstalmentOf, payEventFor, type PaymentEventData } from './instalments.ts';

/**
 * What every way of paying a group's instalment shares (issue 12, spec point 9): the checks that the instalment asked
 * for is the one due now, what a request's Idempotency-Key already did, and the charge itself. The wallet
 * (payment.usecase.ts) and the channels (channel-payment.usecase.ts) both charge through `chargeInstalment`, under the
 * group's lock and with one ledger key per group and instalment, so an instalment is charged at most once whatever
 * the path, the key or the number of callbacks.
 */

export const GROUP_REFERENCE = 'group-order';

/** A payment method the agency may not use (its payment settings), or a channel that cannot take this payment. */
export const methodNotAllowed = () => new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });

export type PayBody = z.output<typeof GroupPaymentBody>;

/**
 * A channel payment's transaction key. It carries the instalment: the transaction has no column for what it pays, and
 * the origin handler must charge the instalment the agent chose, not whichever is due when the money arrives.
 */
export const channelPaymentKey = (groupId: string, kind: GroupInstalmentKind, requestKey: string) => `group-channel:${groupId}:${kind}:${requestKey}`;

/** The instalment and request key a channel payment's transaction was opened for (channelPaymentKey read back). */
export function channelPaymentOf(row: Pick<TransactionRow, 'idempotencyKey' | 'originId'>): { kind: GroupInstalmentKind; requestKey: string } | null {
  const prefix = `group-channel:${row.originId}:`;
  if (!row.originId || !row.idempotencyKey?.startsWith(prefix)) return null;
  const rest = row.idempotencyKey.slice(prefix.length);
  const cut = rest.indexOf(':');
  const kind = rest.slice(0, cut) as GroupInstalmentKind;
  if (cut < 0 || !GROUP_INSTALMENT_KINDS.includes(kind)) return null;
  return { kind, requestKey: rest.slice(cut + 1) };
}

/** What a request's key already did on this group: an instalment paid (any path), or a channel payment opened. */
export type PriorRequest =
  | { kind: 'paid'; data: PaymentEventData }
  | { kind: 'channel'; transaction: TransactionRow; instalment: GroupInstalmentKind };

export async function priorRequest(tx: DbOrTx, groupId: string, key: string): Promise<PriorRequest | null> {
  // The channel payment first: once its money paid the instalment, the pay event carries the same key, and a replay
  // answers the payment it opened. Its key names the instalment, so every instalment's key is looked up at once.
  const transaction = await findTransactionByAnyKey(
    tx,
    GROUP_INSTALMENT_KINDS.map((instalment) => channelPaymentKey(groupId, instalment, key)),
  );
  const opened = transaction && channelPaymentOf(transaction);
  if (opened) return { kind: 'channel', transaction, instalment: opened.kind };
  const event = await groupPayEventByKey(tx, groupId, key);
  return event ? { kind: 'paid', data: event.data as PaymentEventData } : null;
}

/**
 * The instalment the body asks to pay, if it is the one due now and payable (payRefusal): in the agency's settlement
 * currency (the wallet the money comes from or lands in), and at the amount the agent was shown when one is sent.
 */
export function dueInstalment(group: GroupRow, body: Pick<PayBody, 'instalment' | 'amount'>, company: AuthContext['company'], now: Date): { due: GroupNextInstalment; currency: Currency } {
  allow(payRefusal(group, now));
  const due = nextInstalmentOf(group)!;
  if (body.instalment !== due.kind) throw new AppError(Code.ORDER_STATE, 'group.payment.notNext', { instalment: due.kind }, { instalment: { key: 'group.payment.notNext', params: { instalment: due.kind } } });
  const currency = group.quote!.currency as Currency;
  const settlement = settlementCurrencyOf(company);
  if (currency !== settlement) throw new AppError(Code.CONFLICT, 'group.payment.currency', { currency, settlement });
  if (body.amount !== undefined && body.amount !== due.amount) {
    throw new AppError(Code.CONFLICT, 'group.payment.amountChanged', { amount: due.amount, currency }, { amount: { key: 'group.payment.amountChanged', params: { amount: due.amount, currency } } });
  }
  return { due, currency };
}

export type Charged = { ok: true } | { ok: false; reason: 'insufficient_funds' | 'idempotency_conflict' };

/**
 * Charges the instalment to the platform (no hold: nothing waits on a supplier, and deposits are not refunded), records
 * the pay event and moves the group (pay / pay_last_deposit), inside the caller's transaction on the locked group.
 * `useCredit` false pays from cash only. A channel's money comes with its own All Transactions row (`transaction`);
 * a wallet payment gets one here. Refusals come back as values and nothing is written.
 */
export async function chargeInstalment(
  tx: DbOrTx,
  group: GroupRow,
  due: { kind: GroupInstalmentKind; amount: number; currency: Currency },
  method: PaymentEventData['method'],
  o: { useCredit: boolean; userId: string | null; requestKey: string; transaction?: TransactionRow; now: Date },
): Promise<Charged> {
  const { kind, amount, currency } = due;
  const moved = await pay(tx, group.companyId, currency, amount, kind === 'final' ? 'group-final' : 'group-deposit', {
    useCredit: o.useCredit,
    reference: { type: GROUP_REFERENCE, id: group.id },
    // One charge per group and instalment, ever: a second request (another key, another tab, a channel) finds it here.
    idempotencyKey: `group-pay:${group.id}:${kind}`,
    actor: o.userId,
    result: { instalment: kind, method },
  });
  if (!moved.ok) return moved;
  // All Transactions lists every payment, like a flight order's balance or credit payment (settledOrderTransaction).
  const transaction =
    o.transaction ??
    (await insertTransaction(tx, {
      companyId: group.companyId,
      kind: 'payment',
      method,
      status: 'succeeded',
      originType: GROUP_REFERENCE,
      originId: group.id,
      grossAmount: amount,
      grossCurrency: currency,
      netAmount: amount,
      netCurrency: currency,
      movementId: moved.movementId,
      idempotencyKey: `group-payment:${group.id}:${kind}`,
      createdBy: o.userId,
      paidAt: o.now,
    }));
  const data: PaymentEventData = {
    instalment: kind,
    amount,
    currency,
    method,
    paidAt: (o.transaction?.paidAt ?? o.now).toISOString(),
    idempotencyKey: o.requestKey,
    movementId: moved.movementId,
    transactionId: transaction.id,
  };
  await applyGroupTransition(tx, group, payEventFor(group, kind), { kind: 'agency', userId: o.userId }, { data });
  return { ok: true };
}
