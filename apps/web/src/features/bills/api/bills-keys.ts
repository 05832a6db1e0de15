import type { StatementQuery, TransactionQuery, WalletEntryQuery } from '@portal/contract/api/bills';

/** One root so a top-up that lands can refresh every wallet figure, list and statement at once. */
export const billsKeys = {
  all: ['bills'] as const,
  wallet: () => ['bills', 'wallet'] as const,
  entries: (query: WalletEntryQuery) => ['bills', 'entries', query] as const,
  transactions: (query: TransactionQuery) => ['bills', 'transactions', query] as const,
  statements: (query: StatementQuery) => ['bills', 'statements', query] as const,
  statement: (companyId: string, month: string, currency: string) => ['bills', 'statement', companyId, month, currency] as const,
  paymentConfig: () => ['bills', 'payment-config'] as const,
  payment: (id: string) => ['bills', 'payment', id] as const,
};
