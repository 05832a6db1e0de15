import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Transaction, TransactionQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { billsKeys } from './bills-keys';

export function getTransactions(query: TransactionQuery, signal?: AbortSignal): Promise<PagedResult<Transaction>> {
  return api.get<PagedResult<Transaction>>('/base/v2/transactions', { params: query, signal });
}

/** `enabled` off: a tab not on screen (a sub-agency's transactions in Agency Management) asks nothing yet. */
export function useTransactions(query: TransactionQuery, enabled = true) {
  return useQuery({
    queryKey: billsKeys.transactions(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function exportTransactions(filters: Omit<TransactionQuery, 'page' | 'pageSize'>, filename: string): Promise<void> {
  return api.download('/base/v2/transactions/export', filename, filters);
}
