import { useQuery } from '@tanstack/react-query';
import type { FlightOrder, OrderStatus } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { orderKeys, orderPath } from './order-keys';

/**
 * Ticketing in progress, or a change, refund or void with the airline or paying back: the detail asks again every few
 * seconds until the status moves on.
 */
export const POLLED_STATUSES: readonly OrderStatus[] = [
  'holding',
  'proceeding',
  'chg_proceeding',
  'change_holding',
  'rfd_proceeding',
  'refund_holding',
  'refunded',
  'refunded_reimbursing',
  'void_proceeding',
  'void_holding',
  'voided',
  'voided_reimbursing',
];
export const POLL_MS = 3000;
/** A change or refund request waits for the desk (or the airline) to quote it: asked again, less often. */
export const REVIEW_STATUSES: readonly OrderStatus[] = ['chg_reviewing', 'rfd_reviewing'];
export const REVIEW_POLL_MS = 10_000;
/** After a return from a payment channel: how many polls to wait for the channel's confirmation. */
export const PAYMENT_RETURN_POLLS = 40;

export function getOrder(id: string, signal?: AbortSignal): Promise<FlightOrder> {
  return api.get<FlightOrder>(orderPath(id), { signal });
}

/**
 * When to ask again: every POLL_MS while ticketing is in progress, and for a while after a return from a payment
 * channel while the order still waits for that payment; never otherwise.
 */
export function orderPollInterval(order: FlightOrder | undefined, polls: number, awaitingPayment: boolean): number | false {
  if (!order) return false;
  if (POLLED_STATUSES.includes(order.status)) return POLL_MS;
  if (REVIEW_STATUSES.includes(order.status)) return REVIEW_POLL_MS;
  if (awaitingPayment && (order.status === 'to_be_paid' || order.status === 'chg_to_be_paid') && order.paymentStatus === 'unpaid' && polls < PAYMENT_RETURN_POLLS) return POLL_MS;
  return false;
}

export function useOrder(id: string, awaitingPayment = false) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchInterval: (query) => orderPollInterval(query.state.data, query.state.dataUpdateCount, awaitingPayment),
  });
}
