import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody, FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';

export const CREATE_ORDER_PATH = '/order/v2/flight/orders';

export interface CreateOrderVars {
  body: CreateOrderBody;
  /** One booking attempt: resent unchanged only when the previous try never got an answer (never booked twice). */
  idempotencyKey: string;
}

/** Books the checked fare (spec point 7). The answer is the new order: to_be_paid, reviewing, or holding. */
export function createOrder({ body, idempotencyKey }: CreateOrderVars): Promise<FlightOrder> {
  return api.post<FlightOrder>(CREATE_ORDER_PATH, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Never retried by itself: a retry is the agent's decision, with the same key when nothing changed. */
export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder, retry: false });
}
