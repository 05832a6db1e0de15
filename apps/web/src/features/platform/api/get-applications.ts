import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApplicationItem } from '@portal/contract/api/applications';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';

export interface ApplicationPage {
  page: number;
  pageSize: number;
}

export const applicationKeys = {
  all: ['applications'] as const,
  list: (query: ApplicationPage) => ['applications', 'list', query] as const,
};

/** Partnership enquiries filed with the caller's platform, newest first (platform SuperUser only). */
export function getApplications(query: ApplicationPage, signal?: AbortSignal): Promise<PagedResult<ApplicationItem>> {
  return api.get<PagedResult<ApplicationItem>>('/base/v2/applications', { params: { ...query }, signal });
}

export function useApplications(query: ApplicationPage) {
  return useQuery({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) => getApplications(query, signal),
    // Keep the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });
}
