import { MonthString, TransactionQuery, WalletEntryQuery } from '@portal/contract/api/bills';
import { PageQuery } from '@portal/contract/api/common';

/** The URL parameters of each list; the caller's own data, so no companyId or scope travels in the address. */
export const walletEntryUrlQuery = WalletEntryQuery.omit({ companyId: true });
export const transactionUrlQuery = TransactionQuery.omit({ companyId: true });
export const statementUrlQuery = PageQuery.extend({ month: MonthString.optional() });

/** A dated export name, e.g. wallet-entries-2025-03-05.xlsx. */
export function exportFilename(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.xlsx`;
}
