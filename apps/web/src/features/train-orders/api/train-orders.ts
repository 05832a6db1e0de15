import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  PayTrainOrderAnswer,
  PayTrainOrderBody,
  TrainChangeAnswer,
  TrainChangeBody,
  TrainOrder,
  TrainOrderListAnswer,
  TrainOrderListQuery,
  TrainRefundAnswer,
  TrainRefundQuote,
  TrainStatusCount,
} from '@portal/contract/api/trains';
import { fetchPaymentConfig } from '../../../components/payments/payment-config';
import { api } from '../../../lib/api';

export const TRAIN_ORDERS_PATH = '/order/v2/train/orders';
export const trainOrderPath = (id: string) => `${TRAIN_ORDERS_PATH}/${encodeURIComponent(id)}`;

/** Under the train key root (['train', ...]). */
export const trainOrderKeys = {
  all: ['train', 'orders'] as const,
  list: (q: TrainOrderListQuery) => ['train', 'orders', 'list', q] as const,
  counts: () => ['train', 'orders', 'counts'] as const,
  detail: (id: string) => ['train', 'orders', 'detail', id] as const,
  paymentConfig: () => ['train', 'payment-config'] as const,
};

export function useTrainOrders(query: TrainOrderListQuery) {
  return useQuery({
    queryKey: trainOrderKeys.list(query),
    queryFn: ({ signal }) => api.get<TrainOrderListAnswer>(TRAIN_ORDERS_PATH, { params: query as Record<string, unknown>, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainStatusCounts() {
  return useQuery({
    queryKey: trainOrderKeys.counts(),
    queryFn: ({ signal }) => api.get<TrainStatusCount[]>(`${TRAIN_ORDERS_PATH}/status`, { signal }),
  });
}

/** Which methods the agency may pay with and its balances (fresh each time the pay dialog opens). */
export function useTrainPaymentConfig(enabled: boolean) {
  return useQuery({
    queryKey: trainOrderKeys.paymentConfig(),
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    enabled,
    staleTime: 0,
  });
}

/** An order still moving on its own (tickets being issued) is asked again every few seconds. */
export function useTrainOrder(id: string) {
  return useQuery({
    queryKey: trainOrderKeys.detail(id),
    queryFn: ({ signal }) => api.get<TrainOrder>(trainOrderPath(id), { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'ticketing' ? 3000 : false),
  });
}

export const payTrainOrder = (id: string, body: PayTrainOrderBody, idempotencyKey: string) =>
  api.post<PayTrainOrderAnswer>(`${trainOrderPath(id)}/payment`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
export const cancelTrainOrder = (id: string) => api.del<TrainOrder>(trainOrderPath(id));
export const quoteTrainRefund = (id: string, passengerIds: string[]) => api.post<TrainRefundQuote>(`${trainOrderPath(id)}/refund-quote`, { passengerIds });
export const refundTrainTickets = (id: string, passengerIds: string[], idempotencyKey: string) =>
  api.post<TrainRefundAnswer>(`${trainOrderPath(id)}/refund`, { passengerIds }, { headers: { 'Idempotency-Key': idempotencyKey } });
export const changeTrainTickets = (id: string, body: TrainChangeBody, idempotencyKey: string) =>
  api.post<TrainChangeAnswer>(`${trainOrderPath(id)}/change`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
export const downloadETicket = (order: Pick<TrainOrder, 'id' | 'orderNumber'>) => api.download(`${trainOrderPath(order.id)}/e-ticket`, `e-ticket-${order.orderNumber}.pdf`);
