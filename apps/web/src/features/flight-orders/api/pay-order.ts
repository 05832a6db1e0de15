import { useQuery } from '@tanstack/react-query';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { PayOrderAnswer, PayOrderBody } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { orderKeys, orderPath } from './order-keys';

/** Which channels the agency may pay with, their fees, and its balances (fresh each time the dialog opens). */
export function usePaymentConfig(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.paymentConfig(),
    queryFn: ({ signal }) => api.get<PaymentConfigAnswer>('/order/v2/flight/config/payment', { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * Pays the order. The key stands for one attempt: resent unchanged only when the previous try never got an answer,
 * so a request that reached the server before the connection dropped is not paid twice.
 */
export function payOrder(id: string, body: PayOrderBody, idempotencyKey: string): Promise<PayOrderAnswer> {
  return api.post<PayOrderAnswer>(`${orderPath(id)}/payment`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
