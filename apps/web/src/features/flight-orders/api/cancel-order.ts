import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { orderPath } from './order-keys';

/** Cancels an unpaid booking; answers the order as it is now. */
export function cancelOrder(id: string): Promise<FlightOrder> {
  return api.del<FlightOrder>(orderPath(id));
}
