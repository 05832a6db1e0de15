import type { VoyageQuery } from '@portal/contract/api/flight-orders';
import type { OrderListParams } from '../model/order-menu';

/** One root, so a payment or a cancellation refreshes every list, badge and detail of flight orders at once. */
export const orderKeys = {
  all: ['flight-orders'] as const,
  lists: () => ['flight-orders', 'list'] as const,
  list: (params: OrderListParams) => ['flight-orders', 'list', params] as const,
  statusCounts: () => ['flight-orders', 'status-counts'] as const,
  voyage: (query: VoyageQuery) => ['flight-orders', 'voyage', query] as const,
  detail: (id: string) => ['flight-orders', 'detail', id] as const,
  paymentConfig: () => ['flight-orders', 'payment-config'] as const,
  users: () => ['flight-orders', 'users'] as const,
};

export const ORDERS_PATH = '/order/v2/flight/orders';
export const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;
