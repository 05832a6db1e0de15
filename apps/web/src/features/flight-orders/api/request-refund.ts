import type { RefundRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { keyed, orderPath } from './order-keys';

/** Asks for a refund of the chosen passengers and flights; answers the new refund order (rfd_reviewing). */
export function requestRefund(orderId: string, body: RefundRequestBody, idempotencyKey: string): Promise<FlightOrder> {
  return api.post<FlightOrder>(`${orderPath(orderId)}/refund`, body, keyed(idempotencyKey));
}
