import type { VoyageQuery } from '@portal/contract/api/flight-orders';
import type { OrderListParams } from '../model/order-menu';

export interface NoticeListParams {
  status: 'open' | 'all';
  page: number;
  pageSize: number;
}

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
  afterSales: (id: string) => ['flight-orders', 'after-sales', id] as const,
  changeSearches: (id: string) => ['flight-orders', 'change-search', id] as const,
  notices: () => ['flight-orders', 'schedule-changes'] as const,
  noticeList: (params: NoticeListParams) => ['flight-orders', 'schedule-changes', 'list', params] as const,
  openNoticeCount: () => ['flight-orders', 'schedule-changes', 'open-count'] as const,
};

export const ORDERS_PATH = '/order/v2/flight/orders';
export const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;
export const NOTICES_PATH = '/order/v2/flight/schedule-changes';
export const noticePath = (id: string) => `${NOTICES_PATH}/${encodeURIComponent(id)}`;
/** Writes of one user intent carry one key; a retry of the same intent sends it again. */
export const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });
