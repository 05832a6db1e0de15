import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GroupOrderListAnswer, GroupStatusCount } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import type { GroupListParams } from '../model/group-menu';
import { GROUP_ORDERS_PATH, groupKeys } from './group-keys';

/** A page of the agency's groups; the previous page stays on screen while the next one loads. */
export function useGroupOrders(params: GroupListParams) {
  return useQuery({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => api.get<GroupOrderListAnswer>(GROUP_ORDERS_PATH, { params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Groups per status (every status, zero counts included), for the menu badges. */
export function useGroupStatusCounts() {
  return useQuery({
    queryKey: groupKeys.statusCounts(),
    queryFn: ({ signal }) => api.get<GroupStatusCount[]>(`${GROUP_ORDERS_PATH}/status`, { signal }),
    refetchInterval: 60_000,
  });
}
