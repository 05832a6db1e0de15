import { useQuery } from '@tanstack/react-query';
import type { PagedResult } from '@portal/contract/api/common';
import type { UserItem } from '@portal/contract/api/users';
import { api } from '../../../lib/api';
import { orderKeys } from './order-keys';

/** The agency's users, for the "created by" filter (the first 100 are plenty for a picker). */
export function useAgencyUsers(enabled = true) {
  return useQuery({
    queryKey: orderKeys.users(),
    queryFn: ({ signal }) => api.get<PagedResult<UserItem>>('/base/v2/users', { params: { page: 1, pageSize: 100 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
