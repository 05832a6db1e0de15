import type { GroupPaymentAnswer } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { AppError } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { allowedChannels } from '../payments/top-up-rules.ts';
import { payGroupThroughChannel, type GroupPaymentDeps } from './channel-payment.usecase.ts';
import { ownGroup } from './group.access.ts';
import { lockGroup } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { chargeInstalment, dueInstalment, methodNotAllowed, priorRequest, type PayBody } from './instalment-charge.ts';

/**
 * Paying a group's instalments (issue 12, spec point 9): POST /order/v2/flight/group/orders/{id}/payment, with any
 * method the agency is allowed. Balance and credit pay here, from the wallet: exactly the next due instalment, before
 * its deadline, in the quote's currency (which must be the agency's settlement currency), charged straight to the
 * platform (no hold: nothing waits on a supplier) with the reason group-deposit or group-final, an All Transactions
 * row, and the table's move (pay / pay_last_deposit). An external channel opens its hosted page instead
 * (channel-payment.usecase.ts) and the instalment is charged the same way when the channel's money arrives. Under the
 * group's lock and with a ledger key per group and instalment, an instalment is charged at most once whatever the
 * clients do; the request's Idempotency-Key answers the same result again. Deposits are not refunded (the agency
 * acknowledges it to pay).
 */

export async function payGroupInstalment(
  deps: GroupPaymentDeps,
  auth: AuthContext,
  id: string,
  body: PayBody,
  o: { idempotencyKey: string; lang: Language; now?: Date },
): Promise<GroupPaymentAnswer> {
  const visible = await ownGroup(deps.db, auth, id);
  const company = auth.company;
  if (company.commonConfig.disablePayment) throw new AppError(Code.FORBIDDEN, 'order.payment.disabled');
  if (!allowedChannels(company).includes(body.method)) throw methodNotAllowed();
  const now = o.now ?? new Date();
  if (body.method !== 'balance' && body.method !== 'credit') return payGroupThroughChannel(deps, auth, visible, body, { idempotencyKey: o.idempotencyKey, lang: o.lang, now });

  await deps.db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    const prior = await priorRequest(tx, group.id, o.idempotencyKey);
    if (prior) {
      // The key opened a channel payment: a wallet payment is another request.
      if (prior.kind === 'channel') throw idempotencyConflict();
      const d = prior.data;
      if (d.instalment !== body.instalment || d.method !== body.method || (body.amount !== undefined && body.amount !== d.amount)) throw idempotencyConflict();
      return;
    }
    const { due, currency } = dueInstalment(group, body, company, now);
    const charged = await chargeInstalment(tx, group, { kind: due.kind, amount: due.amount, currency }, body.method, {
      useCredit: body.method === 'credit',
      userId: auth.user.id,
      requestKey: o.idempotencyKey,
      now,
    });
    if (!charged.ok) {
      if (charged.reason === 'insufficient_funds') throw new AppError(Code.INSUFFICIENT_BALANCE, 'order.payment.insufficient');
      throw idempotencyConflict();
    }
  });
  return { ...(await loadGroupDetail(deps.db, auth, id)), channelPayment: null };
}
