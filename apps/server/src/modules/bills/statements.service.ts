import type { z } from 'zod';
import type { GenerateStatementBody, Statement, StatementDay, StatementDetail, StatementQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { billsCompany, subAgencyIds } from './bills.access.ts';
import { bookingNumbersOf, findCompanyById, findEntries } from './bills.repository.ts';
import { orderIdOf, toWalletEntry } from './entry-text.ts';
import { addMonths, dateOf, dueDateOf, monthEnd, monthOf, monthsBetween, monthStart } from './period.ts';
import {
  accountStart,
  countStatements,
  findCashAccount,
  findStatement,
  listStatements,
  monthSums,
  statementTargets,
  storedStatementTimes,
  upsertStatement,
  type StatementRow,
} from './statements.repository.ts';
import { statementWorkbook, type StatementView } from './workbook.ts';
import { settlementCurrencyOf, type FileAnswer } from './wallet.service.ts';

/**
 * Monthly statements (spec point 3), computed from the journal: the cash account's balance before the month (opening),
 * every entry of the month, the closing balance and the credit used at its end (the amount due, payable by month end
 * plus the agency's credit period). Months are UTC calendar months.
 *
 * A statement is final once it was generated after its month ended (plus a short grace for transactions still
 * committing at midnight); a final statement is never recomputed. Before that it is provisional and every generation
 * recomputes it. The monthly job writes the final ones; anybody allowed may generate one sooner.
 */

const FINAL_GRACE_MS = 5 * 60_000;
/** The instant from which a month's statement, once generated, is final. */
export const finalAfter = (month: string) => new Date(monthEnd(month).getTime() + FINAL_GRACE_MS);
const isFinal = (row: Pick<StatementRow, 'month' | 'generatedAt'>) => row.generatedAt >= finalAfter(row.month);

function toStatement(row: StatementRow, company: Pick<CompanyRow, 'code' | 'name'>): Statement {
  return {
    id: row.id,
    companyId: row.companyId,
    companyCode: company.code,
    companyName: company.name,
    month: row.month,
    currency: row.currency as Currency,
    openingBalance: row.openingBalance,
    closingBalance: row.closingBalance,
    totalIn: row.totalIn,
    totalOut: row.totalOut,
    entryCount: row.entryCount,
    creditLimit: row.creditLimit,
    amountDue: row.amountDue,
    dueDate: row.dueDate,
    generatedAt: row.generatedAt.toISOString(),
    final: isFinal(row),
  };
}

/**
 * Computes and stores the statement of one agency, month and currency, unless a final one is stored already (then
 * that one is answered unchanged). A month that has not started is refused.
 */
export async function generateStatement(db: DbOrTx, companyId: string, month: string, currency: string, now = new Date()): Promise<Statement> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw notFound();
  if (month > monthOf(now)) throw new AppError(Code.VALIDATION, 'bills.statement.futureMonth');
  const stored = await findStatement(db, companyId, month, currency);
  if (stored && isFinal(stored)) return toStatement(stored, company);

  const account = await findCashAccount(db, companyId, currency);
  const sums = account ? await monthSums(db, account.id, monthStart(month), monthEnd(month)) : { opening: 0, totalIn: 0, totalOut: 0, entryCount: 0 };
  const closing = sums.opening + sums.totalIn - sums.totalOut;
  const amountDue = Math.max(0, -closing);
  const row = await upsertStatement(
    db,
    {
      companyId,
      month,
      currency,
      openingBalance: sums.opening,
      closingBalance: closing,
      totalIn: sums.totalIn,
      totalOut: sums.totalOut,
      entryCount: sums.entryCount,
      // Credit lines have no history: the limit as it stands when the statement is written.
      creditLimit: account?.creditLimit ?? 0,
      amountDue,
      dueDate: amountDue > 0 ? dueDateOf(month, company.creditPeriod) : null,
      generatedAt: now,
    },
    finalAfter(month),
  );
  return toStatement(row, company);
}

/** POST /base/v2/sub/statements: generate now, for the caller's agency or a sub-agency. */
export async function generateStatementNow(
  db: DbOrTx,
  auth: AuthContext,
  body: z.output<typeof GenerateStatementBody>,
  now = new Date(),
): Promise<Statement> {
  const company = await billsCompany(db, auth, body.companyId);
  const currency = body.currency ?? settlementCurrencyOf(company);
  if (body.month > monthOf(now)) throw new AppError(Code.VALIDATION, 'bills.statement.futureMonth');
  const account = await findCashAccount(db, company.id, currency);
  const accountSince = account ? await accountStart(db, account.id) : null;
  const since = accountSince && accountSince < company.createdAt ? accountSince : company.createdAt;
  if (body.month < monthOf(since)) throw new AppError(Code.VALIDATION, 'bills.statement.beforeStart');
  return generateStatement(db, company.id, body.month, currency, now);
}

export async function listStatementsFor(db: DbOrTx, auth: AuthContext, q: z.output<typeof StatementQuery>): Promise<PagedResult<Statement>> {
  const companyIds =
    q.companyId || q.scope === 'own' ? [(await billsCompany(db, auth, q.companyId)).id] : await subAgencyIds(db, auth);
  const f = { companyIds, month: q.month, keyword: q.keyword || undefined };
  const [total, rows] = await readsOn(db, [
    () => countStatements(db, f),
    () => listStatements(db, f, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
  ]);
  return { items: rows.map((r) => toStatement(r, { code: r.companyCode, name: r.companyName })), total, page: q.page, pageSize: q.pageSize };
}

/** Per-day totals of the month (up to today for the running month), the series the statement chart draws. */
function dailySeries(month: string, opening: number, entries: { paymentTime: string; amount: number }[], now: Date): StatementDay[] {
  const byDay = new Map<string, { in: number; out: number }>();
  for (const e of entries) {
    const day = e.paymentTime.slice(0, 10);
    const d = byDay.get(day) ?? { in: 0, out: 0 };
    if (e.amount > 0) d.in += e.amount;
    else d.out -= e.amount;
    byDay.set(day, d);
  }
  const lastDay = dateOf(new Date(Math.min(monthEnd(month).getTime(), now.getTime()) - 1));
  const days: StatementDay[] = [];
  let balance = opening;
  for (let t = monthStart(month).getTime(); dateOf(new Date(t)) <= lastDay; t += 86_400_000) {
    const date = dateOf(new Date(t));
    const d = byDay.get(date) ?? { in: 0, out: 0 };
    balance += d.in - d.out;
    days.push({ date, in: d.in, out: d.out, balance });
  }
  return days;
}

async function statementView(
  db: DbOrTx,
  auth: AuthContext,
  companyId: string,
  month: string,
  currency: Currency | undefined,
  lang: Language,
  now: Date,
): Promise<{ company: CompanyRow; view: StatementView }> {
  const company = await billsCompany(db, auth, companyId);
  const cur = currency ?? settlementCurrencyOf(company);
  const stored = await findStatement(db, company.id, month, cur);
  if (!stored) throw notFound();
  // A provisional statement is brought up to date so that its totals and its entries agree.
  const statement = isFinal(stored) ? toStatement(stored, company) : await generateStatement(db, company.id, month, cur, now);
  const rows = await findEntries(db, { companyId: company.id, currency: cur, start: monthStart(month), end: monthEnd(month) }, { order: 'asc' });
  const names = await bookingNumbersOf(db, rows.map(orderIdOf));
  const entries = rows.map((r) => toWalletEntry(r, lang, names));
  return {
    company,
    view: {
      ...statement,
      entries,
      days: dailySeries(month, statement.openingBalance, entries, now),
      showInvoiceType: company.commonConfig.showInvoiceType ?? false,
    },
  };
}

/** GET /base/v2/sub/statements/{companyId}/{month}: the statement with its entries (oldest first) and days. */
export async function statementDetail(
  db: DbOrTx,
  auth: AuthContext,
  companyId: string,
  month: string,
  currency: Currency | undefined,
  lang: Language,
  now = new Date(),
): Promise<StatementDetail> {
  const { view } = await statementView(db, auth, companyId, month, currency, lang, now);
  return { ...view, entries: view.entries.map(({ invoiceType: _invoiceType, ...e }) => e) };
}

export async function statementFile(
  db: DbOrTx,
  auth: AuthContext,
  companyId: string,
  month: string,
  currency: Currency | undefined,
  lang: Language,
  now = new Date(),
): Promise<FileAnswer> {
  const { company, view } = await statementView(db, auth, companyId, month, currency, lang, now);
  return { filename: `statement-${company.code}-${month}-${view.currency}.xlsx`, data: await statementWorkbook(view, lang) };
}

/**
 * The monthly job's work: a final statement for every agency cash account and every finished month from the start of
 * the account's history, skipping months already final. Run late or twice, it writes each statement once.
 */
export async function generateDueStatements(db: DbOrTx, now = new Date()): Promise<number> {
  const current = monthOf(now);
  // The month just ended only counts once its grace is over, so that what is written is final.
  const lastDue = now >= finalAfter(addMonths(current, -1)) ? addMonths(current, -1) : addMonths(current, -2);
  let written = 0;
  for (const t of await statementTargets(db)) {
    const last = t.deletedAt && monthOf(t.deletedAt) < lastDue ? monthOf(t.deletedAt) : lastDue;
    const first = monthOf(t.start);
    if (first > last) continue;
    const done = new Set((await storedStatementTimes(db, t.companyId, t.currency)).filter(isFinal).map((s) => s.month));
    for (const month of monthsBetween(first, last)) {
      if (done.has(month)) continue;
      await generateStatement(db, t.companyId, month, t.currency, now);
      written++;
    }
  }
  return written;
}
