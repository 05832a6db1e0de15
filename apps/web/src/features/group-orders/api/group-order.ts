import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupConfirmBody, GroupOrder } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupKeys, groupOrderPath } from './group-keys';

/** While the desk has not quoted, the page asks again this often (the simulated desk quotes within a minute). */
export const QUOTE_POLL_MS = 15_000;

export function useGroupOrder(id: string) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => api.get<GroupOrder>(groupOrderPath(id), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'to_be_quote' ? QUOTE_POLL_MS : false),
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

/** DELETE .../{id}: cancels the request (deposits already paid are not refunded). */
export const useCancelGroupOrder = (id: string) => useGroupWrite(id, () => api.del<GroupOrder>(groupOrderPath(id)));
