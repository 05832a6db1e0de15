import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Agency, AgencyListQuery } from '@portal/contract/api/agencies';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { agencyKeys } from './agency-keys';

export function getAgencies(query: AgencyListQuery, signal?: AbortSignal): Promise<PagedResult<Agency>> {
  return api.get<PagedResult<Agency>>('/base/v2/agencies', { params: query, signal });
}

export function useAgencies(query: AgencyListQuery) {
  return useQuery({
    queryKey: agencyKeys.list(query),
    queryFn: ({ signal }) => getAgencies(query, signal),
    // Keep the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}
