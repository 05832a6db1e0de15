import type { z } from 'zod';
import type { Balances } from '@portal/contract/api/agencies';
import {
  WALLET_EXPORT_MAX_ROWS,
  type Transaction,
  type TransactionExportBody,
  type TransactionQuery,
  type WalletEntry,
  type WalletEntryExportBody,
  type WalletEntryQuery,
  type WalletSummary,
} from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { AppError, invalid } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { balances, balancesFrom } from '../ledger/ledger.service.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { billsCompany } from './bills.access.ts';
import { bookingNumbersOf, countEntries, countTransactions, findEntries, findTransactions, walletAccounts, type EntryFilter, type TransactionFilter } from './bills.repository.ts';
import { orderIdOf, toTransaction, toWalletEntry, type DescribedEntry } from './entry-text.ts';
import { dateOf, dayRange, isRealDate } from './period.ts';
import { transactionsWorkbook, walletEntriesWorkbook } from './workbook.ts';

/** Wallet, entries and transactions of one agency (the caller's own, or a sub-agency's: see bills.access.ts). */

type EntryQuery = z.output<typeof WalletEntryQuery>;
type EntryExport = z.output<typeof WalletEntryExportBody>;
type TxQuery = z.output<typeof TransactionQuery>;
type TxExport = z.output<typeof TransactionExportBody>;

export interface FileAnswer {
  filename: string;
  data: Buffer;
}

export const settlementCurrencyOf = (c: CompanyRow) => c.commonConfig.settlementCurrency;

/** Validates the inclusive UTC date range of a filter; both ends are optional. */
function range(from?: string, to?: string) {
  if (from && !isRealDate(from)) throw invalid('from', 'validation.date');
  if (to && !isRealDate(to)) throw invalid('to', 'validation.date');
  if (from && to && from > to) throw invalid('to', 'validation.dateRange');
  return dayRange(from, to);
}

function refuseLargeExport(rows: number): void {
  if (rows > WALLET_EXPORT_MAX_ROWS) throw new AppError(Code.VALIDATION, 'bills.export.tooMany', { count: rows, max: WALLET_EXPORT_MAX_ROWS });
}

const withoutInvoice = ({ invoiceType: _invoiceType, ...entry }: DescribedEntry): WalletEntry => entry;

export async function walletSummary(db: DbOrTx, auth: AuthContext, companyId?: string): Promise<WalletSummary> {
  const company = await billsCompany(db, auth, companyId);
  const settlement = settlementCurrencyOf(company);
  // Every currency the company holds money in (cash or held), by code, after the settlement currency.
  const accounts = await walletAccounts(db, company.id);
  const currencies = [...new Set([settlement, ...accounts.map((a) => a.currency)])];
  return {
    companyId: company.id,
    settlementCurrency: settlement,
    creditPeriod: company.creditPeriod,
    balances: currencies.map((c) => balancesFrom(c, accounts)),
  };
}

function entryFilter(company: CompanyRow, q: EntryExport): EntryFilter {
  const { start, end } = range(q.from, q.to);
  return { companyId: company.id, currency: q.currency, type: q.type, start, end };
}

export async function listWalletEntries(db: DbOrTx, auth: AuthContext, q: EntryQuery, lang: Language): Promise<PagedResult<WalletEntry>> {
  const company = await billsCompany(db, auth, q.companyId);
  const f = entryFilter(company, q);
  const [total, rows] = await readsOn(db, [
    () => countEntries(db, f),
    () => findEntries(db, f, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
  ]);
  const names = await bookingNumbersOf(db, rows.map(orderIdOf));
  return { items: rows.map((r) => withoutInvoice(toWalletEntry(r, lang, names))), total, page: q.page, pageSize: q.pageSize };
}

export async function exportWalletEntries(db: DbOrTx, auth: AuthContext, q: EntryExport, lang: Language, now = new Date()): Promise<FileAnswer> {
  const company = await billsCompany(db, auth, q.companyId);
  const f = entryFilter(company, q);
  refuseLargeExport(await countEntries(db, f));
  const rows = await findEntries(db, f, { limit: WALLET_EXPORT_MAX_ROWS });
  const names = await bookingNumbersOf(db, rows.map(orderIdOf));
  return {
    filename: `wallet-${company.code}-${dateOf(now)}.xlsx`,
    data: await walletEntriesWorkbook(rows.map((r) => toWalletEntry(r, lang, names)), lang),
  };
}

function transactionFilter(company: CompanyRow, q: TxExport): TransactionFilter {
  const { start, end } = range(q.from, q.to);
  return { companyId: company.id, method: q.method, status: q.status, kind: q.kind, start, end, keyword: q.keyword || undefined };
}

export async function listTransactions(db: DbOrTx, auth: AuthContext, q: TxQuery): Promise<PagedResult<Transaction>> {
  const company = await billsCompany(db, auth, q.companyId);
  const f = transactionFilter(company, q);
  const [total, rows] = await readsOn(db, [
    () => countTransactions(db, f),
    () => findTransactions(db, f, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
  ]);
  return { items: rows.map(toTransaction), total, page: q.page, pageSize: q.pageSize };
}

export async function exportTransactions(db: DbOrTx, auth: AuthContext, q: TxExport, lang: Language, now = new Date()): Promise<FileAnswer> {
  const company = await billsCompany(db, auth, q.companyId);
  const f = transactionFilter(company, q);
  refuseLargeExport(await countTransactions(db, f));
  const rows = await findTransactions(db, f, { limit: WALLET_EXPORT_MAX_ROWS, offset: 0 });
  return { filename: `transactions-${company.code}-${dateOf(now)}.xlsx`, data: await transactionsWorkbook(rows.map(toTransaction), lang) };
}

/** GET /base/v2/sub/balance/{id}: the agency's balances in its settlement currency. */
export async function agencyBalance(db: DbOrTx, auth: AuthContext, companyId: string): Promise<Balances> {
  const company = await billsCompany(db, auth, companyId);
  return balances(db, company.id, settlementCurrencyOf(company));
}
