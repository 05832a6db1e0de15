import type { DeskAction, DeskActionBody, FlightOrder } from '@portal/contract/api/flight-orders';
import { api } from '../../lib/api';

/**
 * The operations desk's moves on one order (POST /order/v2/flight/desk/orders/{id}/<action>). Shared by the desk's
 * list (features/orders-desk) and the order detail (features/flight-orders), which both offer them.
 */
export const DESK_ACTION_PATHS: Record<DeskAction, string> = {
  approve: 'approve',
  reject: 'reject',
  retryTicketing: 'retry-ticketing',
  markFailed: 'mark-failed',
  markProcessed: 'mark-processed',
};

/** Rejecting tells the agency why: the remark is required (server: order.review.remarkRequired). */
export const REMARK_REQUIRED: ReadonlySet<DeskAction> = new Set(['reject']);

export function runDeskAction(id: string, action: DeskAction, body: DeskActionBody): Promise<FlightOrder> {
  return api.post<FlightOrder>(`/order/v2/flight/desk/orders/${encodeURIComponent(id)}/${DESK_ACTION_PATHS[action]}`, body);
}
