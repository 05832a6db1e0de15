import { useQuery } from '@tanstack/react-query';
import type { StatusCount } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { PENDING_STATUSES } from '../model/order-menu';
import { ORDERS_PATH, orderKeys } from './order-keys';

/** Order counts of the pending statuses, for the menu badges (statuses with no orders may be missing). */
export function getStatusCounts(signal?: AbortSignal): Promise<StatusCount[]> {
  return api.get<StatusCount[]>(`${ORDERS_PATH}/status`, { params: { status: PENDING_STATUSES.join(',') }, signal });
}

export function useStatusCounts() {
  return useQuery({ queryKey: orderKeys.statusCounts(), queryFn: ({ signal }) => getStatusCounts(signal), refetchInterval: 60_000 });
}
