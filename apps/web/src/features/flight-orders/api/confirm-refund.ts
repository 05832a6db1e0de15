import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { keyed, orderPath } from './order-keys';

/** The agent accepts this version of the refund quote (rfd_to_be_confirm -> rfd_proceeding). */
export function confirmRefund(orderId: string, quoteVersion: number, idempotencyKey: string): Promise<FlightOrder> {
  return api.post<FlightOrder>(`${orderPath(orderId)}/confirmation`, { quoteVersion }, keyed(idempotencyKey));
}
