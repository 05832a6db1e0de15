import type { VoidRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { keyed, orderPath } from './order-keys';

/** Voids whole tickets of the chosen passengers; answers the new void order (void_proceeding). */
export function requestVoid(orderId: string, body: VoidRequestBody, idempotencyKey: string): Promise<FlightOrder> {
  return api.post<FlightOrder>(`${orderPath(orderId)}/void`, body, keyed(idempotencyKey));
}
