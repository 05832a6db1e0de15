import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VoyageAnswer, VoyageQuery } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { ORDERS_PATH, orderKeys } from './order-keys';

/** The travel view: one row per passenger and flight, by departure. */
export function useVoyage(query: VoyageQuery) {
  return useQuery({
    queryKey: orderKeys.voyage(query),
    queryFn: ({ signal }) => api.get<VoyageAnswer>(`${ORDERS_PATH}/voyage`, { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
