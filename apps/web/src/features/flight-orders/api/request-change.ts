import type { ChangeRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { keyed, orderPath } from './order-keys';

/**
 * Requests the chosen change option at the total the agent accepted; answers the new change order (chg_reviewing). A
 * higher quote now is refused with PRICE_CHANGED and data {previousTotal, newTotal, currency}.
 */
export function requestChange(orderId: string, body: ChangeRequestBody, idempotencyKey: string): Promise<FlightOrder> {
  return api.post<FlightOrder>(`${orderPath(orderId)}/change`, body, keyed(idempotencyKey));
}
