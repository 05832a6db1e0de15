import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupDeskAnswer, GroupDeskQuoteBody, GroupDeskRejectBody, GroupOrder, GroupSeatsBody } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { GROUP_DESK_PATH, groupKeys, groupOrderPath } from '../../group-orders/api/group-keys';
import type { GroupDeskParams } from '../../group-orders/model/group-menu';

/** The params as sent: statuses comma-separated (the contract's csv). */
const sent = (params: GroupDeskParams) => ({ ...params, status: params.status?.join(',') || undefined });

/** A page of the desk's queue (default: groups waiting for a quote); refreshed while the page is open. */
export function useGroupDesk(params: GroupDeskParams) {
  return useQuery({
    queryKey: groupKeys.desk(params),
    queryFn: ({ signal }) => api.get<GroupDeskAnswer>(GROUP_DESK_PATH, { params: sent(params), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The whole group (request, current quote) the quote form starts from; null id = not asked. */
export function useDeskGroup(id: string | null) {
  return useQuery({
    queryKey: groupKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<GroupOrder>(groupOrderPath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}

function useDeskWrite<V>(write: (vars: V) => Promise<GroupOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** POST .../{id}/quote: the desk's quote (a new version while the agency has not confirmed). */
export const useQuoteGroup = () =>
  useDeskWrite(({ id, body }: { id: string; body: GroupDeskQuoteBody }) => api.post<GroupOrder>(`${groupOrderPath(id)}/quote`, body));

/** POST .../{id}/rejection: no flights for this group; it closes. */
export const useRejectGroup = () =>
  useDeskWrite(({ id, body }: { id: string; body: GroupDeskRejectBody }) => api.post<GroupOrder>(`${groupOrderPath(id)}/rejection`, body));

/** POST .../{id}/seats: the airline's answer to the seat application (secured, or changed as a new quote version). */
export const useSeatsGroup = () =>
  useDeskWrite(({ id, body }: { id: string; body: GroupSeatsBody }) => api.post<GroupOrder>(`${groupOrderPath(id)}/seats`, body));
