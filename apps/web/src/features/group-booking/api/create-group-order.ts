import type { GroupBookingBody, GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';

export const GROUP_ORDERS_PATH = '/order/v2/flight/group/orders';

/**
 * POST /order/v2/flight/group/orders. One submit is one intent: a retry of the same submit sends the same
 * Idempotency-Key, so a double click or a lost answer never makes two groups.
 */
export function createGroupOrder(body: GroupBookingBody, idempotencyKey: string): Promise<GroupOrder> {
  return api.post<GroupOrder>(GROUP_ORDERS_PATH, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
