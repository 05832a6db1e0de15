import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import type { CreateWalletPaymentBody, WalletPayment } from '@portal/contract/api/bills';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { CreatedPayment, PaymentChannel } from '../../payments/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  attachChannelPayment,
  closePending,
  findCompanyTransaction,
  findTransaction,
  findTransactionByKey,
  insertTransaction,
  type TransactionRow,
} from './payments.repository.ts';
import { reconcile, type SettlementDeps } from './settlement.service.ts';
import { channelFee } from '@portal/contract/top-up';
import { topUpRefusal } from './top-up-rules.ts';

/**
 * Online wallet top-up (POST/GET /base/v2/wallet/payments): the agency pays a channel and the net amount lands in its
 * wallet once the channel confirms. Creating records the pending transaction first, then opens the channel payment
 * with our transaction id as the merchant reference, so a crash in between leaves a pending row the expiry job closes
 * and never a channel payment we do not know about.
 */

// After the channel closes its payment we wait a little longer, so a callback sent at the last second finds us open.
export const EXPIRY_GRACE_MS = 60_000;

export const notifyUrlOf = (publicUrl: string, channel: string) => `${publicUrl}/order/v2/payments/callbacks/${channel}`;
export const returnUrlOf = (publicUrl: string, transactionId: string) => `${publicUrl}/bills/wallet?payment=${transactionId}`;

function toWalletPayment(row: TransactionRow, redirectUrl: string | null): WalletPayment {
  return {
    id: row.id,
    channel: row.method as ExternalPaymentChannel,
    status: row.status,
    amount: row.grossAmount,
    currency: row.grossCurrency as WalletPayment['currency'],
    fee: row.feeAmount,
    net: row.netAmount,
    redirectUrl: row.status === 'pending' ? redirectUrl : null,
    expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
    createdAt: row.createdAt.toISOString(),
    paymentTime: row.paidAt?.toISOString() ?? null,
    failure: row.lastFailure ?? null,
  };
}

const requestHashOf = (body: CreateWalletPaymentBody) =>
  createHash('sha256').update(JSON.stringify(['wallet-payment', body.channel, body.amount, body.currency])).digest('hex');

/**
 * Opens (or, for a replay, re-opens under the same merchant reference) the channel payment of a pending row. The payer
 * comes back to `returnUrl` (the wallet for a top-up, the order for an order payment).
 */
export async function openAtChannel(
  deps: SettlementDeps,
  channel: PaymentChannel,
  row: TransactionRow,
  subject: string,
  log?: FastifyBaseLogger,
  returnUrl: string = returnUrlOf(deps.payments.publicUrl, row.id),
) {
  let created: CreatedPayment;
  try {
    created = await channel.createPayment({
      merchantReference: row.id,
      amount: row.grossAmount,
      currency: row.grossCurrency as WalletPayment['currency'],
      subject,
      notifyUrl: notifyUrlOf(deps.payments.publicUrl, channel.code),
      returnUrl,
      expiresAt: new Date(row.expiresAt!.getTime() - EXPIRY_GRACE_MS),
    });
  } catch (err) {
    log?.error({ err, transactionId: row.id, channel: channel.code }, 'channel refused or failed to open a payment');
    await closePending(deps.db, row.id, 'failed');
    throw new AppError(Code.INTERNAL, 'payments.channel.unavailable');
  }
  const attached = await attachChannelPayment(deps.db, row.id, created.channelPaymentId);
  if (attached) return { row: attached, redirectUrl: created.redirectUrl };
  // A concurrent replay attached its payment first. Ours must not stay payable: its callbacks would match nothing.
  const current = (await findTransaction(deps.db, row.id))!;
  if (current.channelPaymentId === created.channelPaymentId) return { row: current, redirectUrl: created.redirectUrl };
  await channel.cancelPayment(created.channelPaymentId);
  const kept = current.channelPaymentId ? await channel.retrievePayment(current.channelPaymentId) : null;
  return { row: current, redirectUrl: kept?.redirectUrl ?? null };
}

/**
 * The channel side of a pending row just recorded or found again under its idempotency key. A first request, or a
 * replay of one that never reached the channel, opens it there under the same reference; any other replay must not
 * open a second payment, so it asks the channel where the first one stands.
 */
export async function openOrReconcile(
  deps: SettlementDeps,
  channel: PaymentChannel,
  row: TransactionRow,
  o: { replay: boolean; subject: string; returnUrl?: string; log?: FastifyBaseLogger },
): Promise<{ row: TransactionRow; redirectUrl: string | null }> {
  if (!o.replay || (row.status === 'pending' && !row.channelPaymentId)) return openAtChannel(deps, channel, row, o.subject, o.log, o.returnUrl);
  const { transaction, redirectUrl } = await reconcile(deps, row, new Date(), { overdue: false, log: o.log });
  return { row: transaction, redirectUrl };
}

async function replay(deps: SettlementDeps, channel: PaymentChannel, prior: TransactionRow, hash: string, subject: string, log?: FastifyBaseLogger) {
  if (prior.requestHash !== hash) throw idempotencyConflict();
  const answer = await openOrReconcile(deps, channel, prior, { replay: true, subject, log });
  return toWalletPayment(answer.row, answer.redirectUrl);
}

export async function createWalletPayment(
  deps: SettlementDeps,
  auth: AuthContext,
  body: CreateWalletPaymentBody,
  o: { idempotencyKey?: string; lang: Language; log?: FastifyBaseLogger },
): Promise<WalletPayment> {
  const { company, user } = auth;
  const channel = deps.payments.channels.get(body.channel);
  const refusal = topUpRefusal(company, body.channel, channel, body.amount, body.currency);
  if (refusal) {
    const params: Record<string, string> = 'currency' in refusal ? { currency: refusal.currency } : {};
    if ('field' in refusal) throw new AppError(Code.VALIDATION, refusal.key, params, { [refusal.field]: refusal.key });
    throw new AppError(Code.FORBIDDEN, refusal.key, params);
  }
  const ch = channel!;
  const hash = requestHashOf(body);
  const subject = translate('payments.subject.topUp', o.lang, { company: company.code });
  if (o.idempotencyKey) {
    const prior = await findTransactionByKey(deps.db, o.idempotencyKey);
    if (prior) return replay(deps, ch, prior, hash, subject, o.log);
  }

  const fee = channelFee(body.amount, ch.feeBp);
  const now = Date.now();
  let row: TransactionRow;
  try {
    row = await insertTransaction(deps.db, {
      companyId: company.id,
      kind: 'top-up',
      method: body.channel,
      status: 'pending',
      grossAmount: body.amount,
      grossCurrency: body.currency,
      feeAmount: fee,
      feeBp: ch.feeBp,
      netAmount: body.amount - fee,
      netCurrency: body.currency,
      idempotencyKey: o.idempotencyKey ?? null,
      requestHash: hash,
      createdBy: user.id,
      expiresAt: new Date(now + ch.paymentTimeoutMinutes * 60_000 + EXPIRY_GRACE_MS),
    });
  } catch (e) {
    // Two first requests with one key: the loser answers what the winner created.
    if (o.idempotencyKey && isUniqueViolation(e, 'idempotency_key')) {
      const prior = await findTransactionByKey(deps.db, o.idempotencyKey);
      if (prior) return replay(deps, ch, prior, hash, subject, o.log);
    }
    throw e;
  }
  const opened = await openAtChannel(deps, ch, row, subject, o.log);
  return toWalletPayment(opened.row, opened.redirectUrl);
}

/** The payer's poll on return: the stored status, brought up to date by asking the channel while it is pending. */
export async function getWalletPayment(deps: SettlementDeps, auth: AuthContext, id: string, log?: FastifyBaseLogger): Promise<WalletPayment> {
  const row = await findCompanyTransaction(deps.db, auth.company.id, id);
  if (!row || row.kind !== 'top-up' || row.method === 'bank-transfer') throw notFound();
  const now = new Date();
  try {
    const { transaction, redirectUrl } = await reconcile(deps, row, now, { overdue: !!row.expiresAt && row.expiresAt <= now, log });
    return toWalletPayment(transaction, redirectUrl);
  } catch (err) {
    // The channel being unreachable must not hide what we already know.
    log?.warn({ err, transactionId: row.id }, 'could not ask the channel about a pending payment');
    return toWalletPayment(row, null);
  }
}

