import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserItem, UserListQuery } from '@portal/contract/api/users';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { usersKeys } from './users-keys';

export function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<PagedResult<UserItem>> {
  return api.get<PagedResult<UserItem>>('/base/v2/users', { params: query, signal });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // Keep the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}
