import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserLogItem, UserLogQuery } from '@portal/contract/api/user-logs';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';

export const userLogKeys = {
  all: ['user-logs'] as const,
  list: (query: UserLogQuery) => ['user-logs', 'list', query] as const,
};

export function getUserLogs(query: UserLogQuery, signal?: AbortSignal): Promise<PagedResult<UserLogItem>> {
  return api.get<PagedResult<UserLogItem>>('/base/v2/user-logs', { params: query, signal });
}

export function useUserLogs(query: UserLogQuery) {
  return useQuery({
    queryKey: userLogKeys.list(query),
    queryFn: ({ signal }) => getUserLogs(query, signal),
    // Keep the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });
}
