import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Agency, Balances } from '@portal/contract/api/agencies';
import type { WalletEntry, WalletEntryQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { agencyBillsKeys } from './agency-bills-keys';

/** A sub-agency's balances in its settlement currency. */
export function useSubBalance(companyId: string) {
  return useQuery({
    queryKey: agencyBillsKeys.balance(companyId),
    queryFn: ({ signal }) => api.get<Balances>(`/base/v2/sub/balance/${encodeURIComponent(companyId)}`, { signal }),
  });
}

export function useSubEntries(query: WalletEntryQuery & { companyId: string }) {
  return useQuery({
    queryKey: agencyBillsKeys.entries(query),
    queryFn: ({ signal }) => api.get<PagedResult<WalletEntry>>('/base/v2/wallet/entries', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportSubEntries(filters: Omit<WalletEntryQuery, 'page' | 'pageSize'> & { companyId: string }, filename: string): Promise<void> {
  return api.download('/base/v2/wallet/entries/export', filename, filters);
}

/**
 * The agency's name and code for the heading. Only the agency manager may read agencies; a user who holds just the
 * agency-bills permission falls back to the name on its statements, so a refusal here is not an error on the page.
 */
export function useAgencyName(companyId: string) {
  return useQuery({
    queryKey: agencyBillsKeys.agency(companyId),
    queryFn: ({ signal }) => api.get<Agency>(`/base/v2/agencies/${encodeURIComponent(companyId)}`, { signal }),
    retry: false,
    select: (agency) => ({ name: agency.name, code: agency.code }),
  });
}
