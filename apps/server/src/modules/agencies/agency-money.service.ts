import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Balances, CreditBody, LookToBook, TopUpAnswer, TopUpBody } from '@portal/contract/api/agencies';
import { Code } from '@portal/contract/codes';
import { minorToDecimal, rateToMicro, type Currency } from '@portal/contract/currency';
import type { MessageKey } from '@portal/contract/messages';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { balances, setCreditLimit, topUp } from '../ledger/ledger.service.ts';
import { agencyMailRefusal, notifyAgency } from '../notifications/outbox.service.ts';
import { formatMoney } from '@portal/contract/currency';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { settlementCurrencyOf } from './agency.mapper.ts';
import { findChildAgency } from './agency.repository.ts';
import { countFlightBookings, findTransactionByKey, insertTransaction, setTransactionMovement, sumSearches, type TransactionRow } from './agency-money.repository.ts';
import { lockAgency } from './agency.service.ts';
import { bankTopUp, percentToBp } from '@portal/contract/top-up';

/** Money an agency manager moves for an agency: bank-transfer top-ups and the credit line, both through the ledger. */

const who = (auth: AuthContext) => ({ id: auth.user.id, username: auth.user.username });

/** A field error carrying parameters; the error handler translates `{key, params}` like a plain key. */
const fieldError = (key: MessageKey, params: Record<string, string | number>, field: string) =>
  new AppError(Code.VALIDATION, key, params, { [field]: { key, params } });

/**
 * "Send email" asked for an agency no mail can reach (issue 14: no contact email, or its mails switched off): refused on
 * the sendEmail field before any money moves, instead of answering a success that sent nothing; the caller turns the
 * option off (or fixes the agency) and sends again. With the agency locked, notifyAgency then always queues the mail.
 */
function assertMailable(agency: CompanyRow): void {
  const key = agencyMailRefusal(agency);
  if (key) throw new AppError(Code.VALIDATION, key, {}, { sendEmail: key });
}

function requestHashOf(agencyId: string, body: z.output<typeof TopUpBody>): string {
  const fields: Record<string, unknown> = { agencyId, ...body };
  const canonical = JSON.stringify(Object.keys(fields).sort().map((k) => [k, fields[k] ?? null]));
  return createHash('sha256').update(canonical).digest('hex');
}

async function answerOf(tx: Tx, row: TransactionRow, replayed: boolean): Promise<TopUpAnswer> {
  const currency = row.netCurrency as Currency;
  return {
    transactionId: row.id,
    movementId: row.movementId!,
    amount: row.netAmount,
    currency,
    // A replay answers the balance as it is now: the wallet may have moved since the first answer.
    balance: await balances(tx, row.companyId, currency),
    replayed,
  };
}

function replayOrConflict(tx: Tx, prior: TransactionRow, hash: string): Promise<TopUpAnswer> {
  if (prior.requestHash !== hash) throw idempotencyConflict();
  return answerOf(tx, prior, true);
}

/**
 * POST /base/v2/agencies/{id}/balance (spec point 3, top-up). The parent records money it received off-line: the
 * server recomputes the amount from the received amount, rate and fee and refuses a body whose amount is off by more
 * than one minor unit (the client rounds too). The transaction row, the ledger movement, the log entry and the email
 * are one database transaction. The idempotency key (required: this moves money) makes a retry answer the first
 * top-up instead of crediting twice; the agency row lock makes concurrent replays of one key queue behind the first.
 */
export async function topUpAgency(
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof TopUpBody>,
  scopedKey: string | undefined,
  meta: RequestMeta,
): Promise<TopUpAnswer> {
  if (!scopedKey) throw new AppError(Code.VALIDATION, 'error.idempotency.required');
  const feeBp = percentToBp(body.transactionFeePercent);
  if (feeBp === null) throw invalid('transactionFeePercent', 'validation.percent.decimals');
  // Namespaced so the same header value sent to another money route is a different operation, not a conflict.
  const key = `agency-top-up:${scopedKey}`;
  const hash = requestHashOf(id, body);
  return db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    const prior = await findTransactionByKey(tx, key);
    if (prior) return replayOrConflict(tx, prior, hash);

    if (body.sendEmail) assertMailable(agency);
    const currency = settlementCurrencyOf(agency);
    // The pattern lets "0" through (rates elsewhere may be unset); no money converts at zero.
    if (/^0(\.0*)?$/.test(body.exchangeRate)) throw invalid('exchangeRate', 'validation.rate');
    if (body.receivedCurrency === currency && rateToMicro(body.exchangeRate) !== rateToMicro('1')) {
      throw invalid('exchangeRate', 'error.topUp.rateSameCurrency');
    }
    const { net, fee } = bankTopUp({
      receivedAmount: body.receivedAmount,
      receivedCurrency: body.receivedCurrency,
      settlementCurrency: currency,
      exchangeRate: body.exchangeRate,
      feeBp,
    });
    if (Math.abs(net - body.amount) > 1) {
      throw fieldError('error.topUp.amountMismatch', { expected: minorToDecimal(net, currency), currency }, 'amount');
    }

    const row = await insertTransaction(tx, {
      companyId: agency.id,
      kind: 'top-up',
      method: 'bank-transfer',
      status: 'succeeded',
      grossAmount: body.receivedAmount,
      grossCurrency: body.receivedCurrency,
      feeAmount: fee,
      feeBp,
      exchangeRate: body.exchangeRate,
      netAmount: body.amount,
      netCurrency: currency,
      externalReference: body.referenceNumber,
      remark: body.remark,
      idempotencyKey: key,
      requestHash: hash,
      createdBy: auth.user.id,
      paidAt: new Date(),
    });
    if (!row) {
      // The same key was used at the same time for another agency of the caller: that request committed first.
      const winner = await findTransactionByKey(tx, key);
      if (!winner) throw new Error('idempotency key taken but not found');
      return replayOrConflict(tx, winner, hash);
    }
    const moved = await topUp(tx, agency.id, currency, body.amount, {
      channel: 'bank-transfer',
      reference: { type: 'transaction', id: row.id },
      actor: auth.user.id,
      idempotencyKey: key,
    });
    // The key is new to this transaction (checked under the agency lock above), so the ledger cannot have seen it.
    if (!moved.ok) throw idempotencyConflict();
    await setTransactionMovement(tx, row.id, moved.movementId);
    const answer = await answerOf(tx, { ...row, movementId: moved.movementId }, false);
    if (body.sendEmail) {
      await notifyAgency(tx, agency, auth.company, 'top-up', {
        amount: formatMoney(body.amount, currency),
        currency,
        reference: body.referenceNumber,
        balance: formatMoney(answer.balance.cash, currency),
      });
    }
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor: who(auth),
      action: 'agency_top_up',
      detail: { agency: agency.code, amount: minorToDecimal(body.amount, currency), currency, reference: body.referenceNumber, transactionId: row.id },
      meta,
    });
    return answer;
  });
}

/** PUT /base/v2/agencies/{id}/credit: the credit line in the settlement currency, never below the credit in use. */
export async function setAgencyCredit(db: Db, auth: AuthContext, id: string, body: z.output<typeof CreditBody>, meta: RequestMeta): Promise<Balances> {
  return db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    if (body.sendEmail) assertMailable(agency);
    const currency = settlementCurrencyOf(agency);
    const before = await balances(tx, agency.id, currency);
    const set = await setCreditLimit(tx, agency.id, currency, body.credit);
    if (!set.ok) {
      const used = await balances(tx, agency.id, currency);
      const params = { used: formatMoney(used.usedCredit, currency), currency };
      throw new AppError(Code.CONFLICT, 'error.credit.inUse', params, { credit: { key: 'error.credit.inUse', params } });
    }
    const after = await balances(tx, agency.id, currency);
    if (body.sendEmail) {
      await notifyAgency(tx, agency, auth.company, 'credit-limit', {
        creditLimit: formatMoney(after.creditLimit, currency),
        availableCredit: formatMoney(after.availableCredit, currency),
        currency,
      });
    }
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor: who(auth),
      action: 'agency_credit',
      detail: { agency: agency.code, from: minorToDecimal(before.creditLimit, currency), to: minorToDecimal(after.creditLimit, currency), currency },
      meta,
    });
    return after;
  });
}

const DAY_MS = 86_400_000;
const MAX_PERIOD_DAYS = 366;

/** A yyyy-mm-dd that names a real day, as UTC midnight; null for 2026-02-30 and the like. */
function utcDay(s: string): Date | null {
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : d;
}

/** Searches per booking over the period (UTC days, both ends included), rounded to one decimal. */
export async function agencyLookToBook(db: Db, auth: AuthContext, id: string, q: { from: string; to: string }): Promise<LookToBook> {
  const from = utcDay(q.from);
  const to = utcDay(q.to);
  if (!from) throw invalid('from', 'validation.date');
  if (!to) throw invalid('to', 'validation.date');
  if (from > to) throw invalid('to', 'validation.dateRange');
  if ((to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_PERIOD_DAYS) throw invalid('to', 'error.lookToBook.range');
  const agency = await findChildAgency(db, auth.company.id, id);
  if (!agency) throw notFound();
  const searches = await sumSearches(db, agency.id, q.from, q.to);
  const bookings = await countFlightBookings(db, agency.id, from, new Date(to.getTime() + DAY_MS));
  return { from: q.from, to: q.to, searches, bookings, ratio: bookings === 0 ? null : Math.round((searches * 10) / bookings) / 10 };
}
