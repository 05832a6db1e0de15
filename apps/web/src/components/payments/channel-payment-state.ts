import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChannelPaymentState } from '@portal/contract/api/bills';
import { api } from '../../lib/api';

export const channelPaymentPath = (id: string) => `/order/v2/payments/${encodeURIComponent(id)}`;

/** While the payment is pending (the payer may try another card on the channel's page): this often... */
export const CHANNEL_PAYMENT_POLL_MS = 3000;
/** ...for this long; then the page stops asking (the payer may have left the channel's page for good). */
export const CHANNEL_PAYMENT_WAIT_MS = 40 * CHANNEL_PAYMENT_POLL_MS;

/** When to ask again, as of `at`: while the payment is open, and not for ever. */
export function channelPaymentPollInterval(p: ChannelPaymentState | undefined, since: number, at: number): number | false {
  if (at - since >= CHANNEL_PAYMENT_WAIT_MS) return false;
  return !p || p.status === 'pending' ? CHANNEL_PAYMENT_POLL_MS : false;
}

/** An order's channel payment as recorded (GET /order/v2/payments/{id}); nothing is asked without an id. */
export function useChannelPaymentState(id: string | null) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: ['payments', 'state', id ?? ''] as const,
    queryFn: ({ signal }) => api.get<ChannelPaymentState>(channelPaymentPath(id!), { signal }),
    enabled: Boolean(id),
    // The clock, not the last answer's time: failing fetches must not keep the wait open.
    refetchInterval: (q) => channelPaymentPollInterval(q.state.data, since, Date.now()),
  });
}
