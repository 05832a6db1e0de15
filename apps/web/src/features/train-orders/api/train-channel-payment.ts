import { useQuery } from '@tanstack/react-query';
import type { TrainChannelPayment } from '@portal/contract/api/train-payments';
import { api } from '../../../lib/api';
import { trainOrderPath } from './train-orders';

/** While the channel's confirmation (a callback that may come a moment after the payer) is awaited: this often... */
export const TRAIN_PAYMENT_POLL_MS = 3000;
/** ...for this long; then the page stops asking (the payer may have left the channel's page unpaid). */
export const TRAIN_PAYMENT_WAIT_MS = 40 * TRAIN_PAYMENT_POLL_MS;

export const trainPaymentKey = (orderId: string, paymentId: string) => ['train', 'orders', 'payment', orderId, paymentId] as const;

/** When to ask again, as of `at`: while the channel has not confirmed, and not for ever. */
export function trainPaymentPollInterval(p: TrainChannelPayment | undefined, since: number, at: number): number | false {
  if (at - since >= TRAIN_PAYMENT_WAIT_MS) return false;
  if (!p || p.outcome === 'pending') return TRAIN_PAYMENT_POLL_MS;
  // Paid: the railway is issuing; the order's own query follows ticketing, this one has nothing more to say.
  return false;
}

/**
 * The channel payment the payer came back from (GET .../payments/{paymentId}); the server asks the channel while it
 * is pending, so a late callback does not keep the page waiting.
 */
export function useTrainChannelPayment(orderId: string, paymentId: string | null, since: number) {
  return useQuery({
    queryKey: trainPaymentKey(orderId, paymentId ?? ''),
    queryFn: ({ signal }) => api.get<TrainChannelPayment>(`${trainOrderPath(orderId)}/payments/${encodeURIComponent(paymentId!)}`, { signal }),
    enabled: Boolean(paymentId),
    // The clock, not the last answer's time: failing fetches must not keep the wait open.
    refetchInterval: (q) => trainPaymentPollInterval(q.state.data, since, Date.now()),
  });
}
