import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskAnswer, DeskQuery } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';

export type DeskParams = z.output<typeof DeskQuery>;

export const deskKeys = {
  all: ['orders-desk'] as const,
  list: (params: DeskParams) => ['orders-desk', 'list', params] as const,
};

/** A page of one desk view: orders of the platform's agencies that need a person. */
export function useDeskOrders(params: DeskParams) {
  return useQuery({
    queryKey: deskKeys.list(params),
    queryFn: ({ signal }) => api.get<DeskAnswer>('/order/v2/flight/desk/orders', { params, signal }),
    placeholderData: keepPreviousData,
    // The desk watches a moving queue: refresh it while the page is open.
    refetchInterval: 30_000,
  });
}
