import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GroupDeadlineAnswer, GroupDeadlineQuery } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupKeys } from '../../group-orders/api/group-keys';

export const GROUP_DEADLINES_PATH = '/order/v2/flight/group/deadlines';
export type GroupDeadlineParams = z.output<typeof GroupDeadlineQuery>;

/**
 * A page of the groups with a deadline within `withinDays`, soonest first (platform group desk). Under the groups' root
 * key, so a quote, a confirmation or a payment anywhere refreshes it; and every minute while the page is open.
 */
export function useGroupDeadlines(params: GroupDeadlineParams) {
  return useQuery({
    queryKey: [...groupKeys.all, 'deadlines', params] as const,
    queryFn: ({ signal }) => api.get<GroupDeadlineAnswer>(GROUP_DEADLINES_PATH, { params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
