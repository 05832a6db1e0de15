import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupCancelBody, GroupConfirmBody, GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupKeys, groupOrderPath } from './group-keys';

/** While the desk works on the group, the page asks again this often (the simulated desk answers within a minute). */
export const DESK_POLL_MS = 5_000;

/** The desk's turn: a quote, the seats, the tickets of a confirmed list. The agency's turn needs no polling. */
export function awaitsDesk(g: Pick<GroupOrder, 'status' | 'names'> | undefined): boolean {
  if (!g) return false;
  return g.status === 'to_be_quote' || g.status === 'to_be_apply_seat' || g.status === 'seat_applying' || (g.status === 'proceeding' && g.names?.status === 'confirmed');
}

/** Back on the group from a channel's hosted page (?payment=&instalment=): the instalment paid there, since when. */
export interface PaymentReturn {
  instalment: string;
  since: number;
}
/** While the channel's confirmation (a callback that may come a moment after the payer) is awaited: this often... */
export const PAYMENT_RETURN_POLL_MS = 3000;
/** ...for this long; then the page stops asking (the payer may have left the channel's page unpaid). */
export const PAYMENT_RETURN_WAIT_MS = 40 * PAYMENT_RETURN_POLL_MS;

/** As of `at`, the page still waits for the channel: the instalment paid there is still the one due, and not long ago. */
export function awaitsChannel(g: Pick<GroupOrder, 'nextInstalment' | 'payments'> | undefined, returned: PaymentReturn | null, at: number): boolean {
  if (!g || !returned || at - returned.since >= PAYMENT_RETURN_WAIT_MS) return false;
  return g.nextInstalment?.kind === returned.instalment && !g.payments.some((p) => p.kind === returned.instalment);
}

/** When to ask for the group again, as of `at`: the channel's turn, the desk's, or never. */
export function groupPollInterval(g: GroupOrder | undefined, at: number, returned: PaymentReturn | null): number | false {
  if (awaitsChannel(g, returned, at)) return PAYMENT_RETURN_POLL_MS;
  return awaitsDesk(g) ? DESK_POLL_MS : false;
}

/** The group; `returned` when the page opened back from a channel's page, so it also waits for that payment. */
export function useGroupOrder(id: string, returned: PaymentReturn | null = null) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => api.get<GroupOrder>(groupOrderPath(id), { signal }),
    // The clock, not the last answer's time: failing fetches must not keep the wait for the channel open.
    refetchInterval: (query) => groupPollInterval(query.state.data, Date.now(), returned),
  });
}

/** An agency's move on the group (confirm, cancel, the passenger list): the answer is the group as it now stands; lists and badges refresh. */
export function useGroupWrite<V>(id: string, write: (vars: V) => Promise<GroupOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    retry: false,
    onSuccess: (order) => {
      // The answer is the group itself; anything else (an empty answer) and the page asks for it again.
      const whole = order && typeof order === 'object' && 'status' in order;
      if (whole) client.setQueryData(groupKeys.detail(id), order);
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate: (q) => !whole || q.queryKey[1] !== 'detail' });
    },
  });
}

/** POST .../{id}/confirmation with the quote version the agent read. */
export const useConfirmGroupQuote = (id: string) =>
  useGroupWrite(id, (body: GroupConfirmBody) => api.post<GroupOrder>(`${groupOrderPath(id)}/confirmation`, body));

/**
 * DELETE .../{id}: cancels the group. Deposits already paid are not refunded: then the body must acknowledge it (and
 * names the sum shown); with nothing paid no body is needed.
 */
export const useCancelGroupOrder = (id: string) =>
  useGroupWrite(id, (body: GroupCancelBody | undefined) => api.del<GroupOrder>(groupOrderPath(id), body));
