import type { z } from 'zod';
import type { GroupOrder, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, forbidden } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { pay } from '../ledger/ledger.service.ts';
import { insertTransaction } from '../payments/payments.repository.ts';
import { allowedChannels, settlementCurrencyOf } from '../payments/top-up-rules.ts';
import { visibleGroup } from './group.access.ts';
import { applyGroupTransition } from './group-transition.ts';
import { groupPayEventByKey, lockGroup, type GroupRow } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { refusedGroupMove } from './group.states.ts';
import { nextInstalmentOf, payEventFor, type PaymentEventData } from './instalments.ts';

/**
 * Paying a group's instalments from the wallet (issue 12, spec point 9): POST /order/v2/flight/group/orders/{id}/payment.
 * Exactly the next due instalment, before its deadline, in the quote's currency (which must be the agency's settlement
 * currency), charged straight to the platform (no hold: nothing waits on a supplier) with the reason group-deposit or
 * group-final, an All Transactions row, and the table's move (pay / pay_last_deposit). Under the group's lock and with a
 * ledger key per group and instalment, an instalment is charged at most once whatever the clients do; the request's
 * Idempotency-Key answers the same result again. Deposits are not refunded (the agency acknowledges it to pay).
 */

export const GROUP_REFERENCE = 'group-order';

type PayBody = z.output<typeof GroupPaymentBody>;

export async function payGroupInstalment(db: DbOrTx, auth: AuthContext, id: string, body: PayBody, o: { idempotencyKey: string; now?: Date }): Promise<GroupOrder> {
  const { group: visible } = await visibleGroup(db, auth, id);
  // The desk reads other agencies' groups; paying is the agency's own business.
  if (visible.companyId !== auth.company.id) throw forbidden();
  const company = auth.company;
  if (company.commonConfig.disablePayment) throw new AppError(Code.FORBIDDEN, 'order.payment.disabled');
  if (!allowedChannels(company).includes(body.method)) throw new AppError(Code.FORBIDDEN, 'order.payment.methodNotAllowed', {}, { method: 'order.payment.methodNotAllowed' });
  const now = o.now ?? new Date();

  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    const prior = await groupPayEventByKey(tx, group.id, o.idempotencyKey);
    if (prior) {
      const d = prior.data as PaymentEventData;
      if (d.instalment !== body.instalment || d.method !== body.method || (body.amount !== undefined && body.amount !== d.amount)) throw idempotencyConflict();
      return;
    }
    const due = nextInstalmentOf(group);
    if (!due || !group.quote) throw refusedGroupMove(group.status, 'pay');
    if (body.instalment !== due.kind) throw new AppError(Code.ORDER_STATE, 'group.payment.notNext', { instalment: due.kind }, { instalment: { key: 'group.payment.notNext', params: { instalment: due.kind } } });
    if (Date.parse(due.dueAt) <= now.getTime()) throw new AppError(Code.ORDER_STATE, 'group.payment.expired');
    const currency = group.quote.currency as Currency;
    const settlement = settlementCurrencyOf(company);
    if (currency !== settlement) throw new AppError(Code.CONFLICT, 'group.payment.currency', { currency, settlement });
    if (body.amount !== undefined && body.amount !== due.amount) {
      throw new AppError(Code.CONFLICT, 'group.payment.amountChanged', { amount: due.amount, currency }, { amount: { key: 'group.payment.amountChanged', params: { amount: due.amount, currency } } });
    }
    await charge(tx, group, due.kind, due.amount, currency, body.method, auth.user.id, o.idempotencyKey, now);
  });
  return loadGroupDetail(db, auth, id);
}

async function charge(tx: DbOrTx, group: GroupRow, kind: PaymentEventData['instalment'], amount: number, currency: Currency, method: PaymentEventData['method'], userId: string, idempotencyKey: string, now: Date) {
  const moved = await pay(tx, group.companyId, currency, amount, kind === 'final' ? 'group-final' : 'group-deposit', {
    useCredit: method === 'credit',
    reference: { type: GROUP_REFERENCE, id: group.id },
    // One charge per group and instalment, ever: a second request (another key, another tab) finds it here.
    idempotencyKey: `group-pay:${group.id}:${kind}`,
    actor: userId,
    result: { instalment: kind, method },
  });
  if (!moved.ok) {
    if (moved.reason === 'insufficient_funds') throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
    throw idempotencyConflict();
  }
  // All Transactions lists every payment, like a flight order's balance or credit payment (settledOrderTransaction).
  const transaction = await insertTransaction(tx, {
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
    createdBy: userId,
    paidAt: now,
  });
  const data: PaymentEventData = { instalment: kind, amount, currency, method, paidAt: now.toISOString(), idempotencyKey, movementId: moved.movementId, transactionId: transaction.id };
  await applyGroupTransition(tx, group, payEventFor(group, kind), { kind: 'agency', userId }, { data });
}
