import type { FastifyBaseLogger } from 'fastify';
import type { GroupChannelPayment, GroupInstalmentKind, GroupPaymentAnswer, GroupPaymentMethod } from '@portal/contract/api/group-orders';
import type { Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import { channelFee } from '@portal/contract/top-up';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { insertTransaction, type TransactionRow } from '../payments/payments.repository.ts';
import { registerOriginHandler, type SettlementDeps } from '../payments/settlement.service.ts';
import { EXPIRY_GRACE_MS, openOrReconcile } from '../payments/wallet-payments.service.ts';
import { lockGroup, type GroupRow } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { channelPaymentKey, channelPaymentOf, chargeInstalment, dueInstalment, GROUP_REFERENCE, methodNotAllowed, priorRequest, type PayBody } from './instalment-charge.ts';
import { nextInstalmentOf } from './instalments.ts';

/**
 * Paying a group's instalment through an external channel (issue 12, spec point 9), as a flight order is paid
 * (flight-orders/pay.usecase.ts): the same checks as the wallet path, a pending payment transaction (origin
 * 'group-order', the instalment in its key) for the instalment plus the channel's fee, then the channel's hosted page.
 * The page closes before the instalment's deadline. When the channel's signed callback credits the wallet
 * (settlement.service), the 'group-order' origin handler below charges the instalment from that cash with the wallet
 * path's ledger key, so an instalment is charged once whichever way it was paid. Money that finds the instalment no
 * longer payable (paid another way, the group closed or canceled) stays in the wallet.
 */

export interface GroupPaymentDeps extends SettlementDeps {
  log?: FastifyBaseLogger;
}

function channelPaymentAnswer(row: TransactionRow, instalment: GroupInstalmentKind, redirectUrl: string | null): GroupChannelPayment {
  return {
    transactionId: row.id,
    channel: row.method as GroupChannelPayment['channel'],
    instalment,
    status: row.status,
    amount: row.netAmount,
    fee: row.feeAmount,
    gross: row.grossAmount,
    currency: row.grossCurrency as Currency,
    redirectUrl: row.status === 'pending' ? redirectUrl : null,
    // When the channel closes its page; our own expiry waits a grace period longer for a last-second callback.
    expiresAt: new Date((row.expiresAt ?? row.createdAt).getTime() - EXPIRY_GRACE_MS).toISOString(),
  };
}

/** The group's booking number and instalment, as the payer reads it on the channel's page and statement. */
function subjectOf(group: GroupRow, kind: GroupInstalmentKind, lang: Language): string {
  if (kind === 'final') return translate('group.payment.subject.final', lang, { booking: group.bookingNumber });
  return translate('group.payment.subject.deposit', lang, { booking: group.bookingNumber, n: kind.slice('deposit'.length) });
}

/**
 * Opens (or, for the same Idempotency-Key, answers again) the channel payment of the instalment. `visible` is the
 * agency's own group, already checked by payGroupInstalment (tenancy, payment enabled, method allowed).
 */
export async function payGroupThroughChannel(
  deps: GroupPaymentDeps,
  auth: AuthContext,
  visible: GroupRow,
  body: PayBody,
  o: { idempotencyKey: string; lang: Language; now: Date },
): Promise<GroupPaymentAnswer> {
  const channel = deps.payments.channels.get(body.method);
  if (!channel) throw methodNotAllowed();

  const { row, group, replay } = await deps.db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    const prior = await priorRequest(tx, group.id, o.idempotencyKey);
    if (prior) {
      if (prior.kind === 'paid') throw idempotencyConflict();
      const same = prior.instalment === body.instalment && prior.transaction.method === body.method && (body.amount === undefined || body.amount === prior.transaction.netAmount);
      if (!same) throw idempotencyConflict();
      return { row: prior.transaction, group, replay: true };
    }
    const { due, currency } = dueInstalment(group, body, auth.company, o.now);
    if (!channel.currencies.includes(currency)) throw methodNotAllowed();
    const fee = channelFee(due.amount, channel.feeBp);
    // The page closes by the instalment's deadline, so a payment never lands on a group past it (and if one still
    // does, its money is credited to the wallet, never lost).
    const closesAt = Math.min(o.now.getTime() + channel.paymentTimeoutMinutes * 60_000, Date.parse(due.dueAt));
    const row = await insertTransaction(tx, {
      companyId: group.companyId,
      kind: 'payment',
      method: body.method as TransactionRow['method'],
      status: 'pending',
      originType: GROUP_REFERENCE,
      originId: group.id,
      grossAmount: due.amount + fee,
      grossCurrency: currency,
      feeAmount: fee,
      feeBp: channel.feeBp,
      netAmount: due.amount,
      netCurrency: currency,
      idempotencyKey: channelPaymentKey(group.id, due.kind, o.idempotencyKey),
      requestHash: body.method,
      createdBy: auth.user.id,
      expiresAt: new Date(closesAt + EXPIRY_GRACE_MS),
    });
    return { row, group, replay: false };
  });

  const instalment = body.instalment;
  const subject = subjectOf(group, instalment, o.lang);
  // Back on the group, the page knows which payment and instalment it waits for (the callback may come a little later).
  const returnUrl = `${deps.payments.publicUrl}/flight/group/order/${group.id}?payment=${row.id}&instalment=${instalment}`;
  const answer = await openOrReconcile(deps, channel, row, { replay, subject, returnUrl, log: deps.log });
  return { ...(await loadGroupDetail(deps.db, auth, group.id)), channelPayment: channelPaymentAnswer(answer.row, instalment, answer.redirectUrl) };
}

/**
 * The channel credited an instalment's money to the wallet (settlement.service, same transaction): charge the
 * instalment from that cash. Declines, leaving the money in the wallet, when the group can no longer take it: another
 * instalment is due (this one was paid another way), none is (closed, canceled), or the payer paid after the deadline.
 * The settlement runs the handler once per payment, however many callbacks arrive.
 */
export function registerGroupPayments(deps: { log?: Pick<FastifyBaseLogger, 'warn'> }): void {
  registerOriginHandler(GROUP_REFERENCE, async (tx, transaction) => {
    const kept = (reason: string) =>
      deps.log?.warn({ groupId: transaction.originId, transactionId: transaction.id, reason }, 'channel payment arrived for a group instalment that cannot be paid; kept in the wallet');
    const opened = channelPaymentOf(transaction);
    if (!opened) return kept('not_an_instalment');
    const group = await lockGroup(tx, transaction.originId!);
    const due = group ? nextInstalmentOf(group) : null;
    if (!group || !due || due.kind !== opened.kind) return kept('not_due');
    if (due.amount !== transaction.netAmount || group.quote?.currency !== transaction.netCurrency) return kept('amount_changed');
    // On time is when the payer paid (the channel's time), not when its callback reached us.
    const paidAt = transaction.paidAt ?? new Date();
    if (Date.parse(due.dueAt) < paidAt.getTime()) return kept('after_deadline');
    const charged = await chargeInstalment(tx, group, { kind: due.kind, amount: due.amount, currency: transaction.netCurrency as Currency }, transaction.method as GroupPaymentMethod, {
      useCredit: false,
      userId: transaction.createdBy,
      requestKey: opened.requestKey,
      transaction,
      now: new Date(),
    });
    if (!charged.ok) kept(charged.reason);
  });
}
