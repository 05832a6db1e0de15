import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupCancelBody, GroupConfirmBody, GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupKeys, groupOrderPath } from './group-keys';

/** While the desk works on the group, the page asks again this often (the simulated desk answers within a minute). */
export const QUOTE_POLL_MS = 5_000;

/** The desk's turn: a quote, the seats, the tickets of a confirmed list. The agency's turn needs no polling. */
export function awaitsDesk(g: Pick<GroupOrder, 'status' | 'names'> | undefined): boolean {
  if (!g) return false;
  return g.status === 'to_be_quote' || g.status === 'to_be_apply_seat' || g.status === 'seat_applying' || (g.status === 'proceeding' && g.names?.status === 'confirmed');
}

export function useGroupOrder(id: string) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => api.get<GroupOrder>(groupOrderPath(id), { signal }),
    refetchInterval: (query) => (awaitsDesk(query.state.data) ? QUOTE_POLL_MS : false),
  });
}

/** Confirm or cancel: the answer is the group as it now stands; lists and badges refresh. */
function useGroupWrite<V>(id: string, write: (vars: V) => Promise<GroupOrder>) {
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
  useGroupWrite(id, (body: GroupCancelBody | undefined) => api.del<GroupOrder>(groupOrderPath(id), undefined, body));
