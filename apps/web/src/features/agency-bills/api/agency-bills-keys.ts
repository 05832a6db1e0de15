import type { StatementQuery, WalletEntryQuery } from '@portal/contract/api/bills';

/** The agency manager's reads of sub-agencies' money, apart from the caller's own wallet keys. */
export const agencyBillsKeys = {
  all: ['agency-bills'] as const,
  statements: (query: StatementQuery) => ['agency-bills', 'statements', query] as const,
  statement: (companyId: string, month: string, currency: string) => ['agency-bills', 'statement', companyId, month, currency] as const,
  balance: (companyId: string) => ['agency-bills', 'balance', companyId] as const,
  entries: (query: WalletEntryQuery) => ['agency-bills', 'entries', query] as const,
  agency: (companyId: string) => ['agency-bills', 'agency', companyId] as const,
};
