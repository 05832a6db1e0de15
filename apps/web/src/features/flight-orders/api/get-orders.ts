import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderListAnswer } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import type { OrderListParams } from '../model/order-menu';
import { ORDERS_PATH, orderKeys } from './order-keys';

export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<OrderListAnswer> {
  return api.get<OrderListAnswer>(ORDERS_PATH, { params, signal });
}

/** A page of the agency's flight orders; the previous page stays on screen while the next one loads. */
export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}
