import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WalletEntry, WalletEntryQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { billsKeys } from './bills-keys';

export function getWalletEntries(query: WalletEntryQuery, signal?: AbortSignal): Promise<PagedResult<WalletEntry>> {
  return api.get<PagedResult<WalletEntry>>('/base/v2/wallet/entries', { params: query, signal });
}

export function useWalletEntries(query: WalletEntryQuery) {
  return useQuery({
    queryKey: billsKeys.entries(query),
    queryFn: ({ signal }) => getWalletEntries(query, signal),
    // Keep the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** The same filters as the table, every matching row (the server caps the sheet), as an Excel file. */
export function exportWalletEntries(filters: Omit<WalletEntryQuery, 'page' | 'pageSize'>, filename: string): Promise<void> {
  return api.download('/base/v2/wallet/entries/export', filename, filters);
}
