import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { SolutionFilters, SolutionsAnswer, SolutionsBody, SortKey } from '@portal/contract/api/shopping';
import { api } from '../../../lib/api';
import { flightKeys } from './flight-keys';

export const SOLUTIONS_PATH = '/shopping/v2/flight/async-shopping/solutions';
/** The contract's largest page: fewer round trips while scrolling through thousands of solutions. */
export const PAGE_SIZE = 200;
/** How often to ask again while suppliers are still answering. */
export const POLL_MS = 700;

export function getSolutions(body: SolutionsBody, signal?: AbortSignal): Promise<SolutionsAnswer> {
  return api.post<SolutionsAnswer>(SOLUTIONS_PATH, body, { signal });
}

export interface SolutionsQuery {
  searchId: string | null;
  sort: SortKey;
  order: 'asc' | 'desc';
  filters: SolutionFilters;
}

/**
 * Results of one search, filtered and sorted by the server.
 * - While suppliers are still answering, page 1 is asked again every POLL_MS, so results appear as they arrive.
 * - Once progress.done, polling stops and further pages load on demand (fetchNextPage, driven by scrolling).
 * A filter or sort change is a new query; the previous results of the same search stay on screen meanwhile.
 */
export function useSolutions({ searchId, sort, order, filters }: SolutionsQuery) {
  return useInfiniteQuery<SolutionsAnswer, Error, InfiniteData<SolutionsAnswer, number>, readonly unknown[], number>({
    queryKey: flightKeys.solutions(searchId ?? '', sort, order, filters),
    queryFn: ({ pageParam, signal }) =>
      getSolutions({ searchId: searchId ?? '', page: pageParam, pageSize: PAGE_SIZE, sort, order, filters }, signal),
    enabled: Boolean(searchId),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      if (!last.progress.done) return undefined;
      const loaded = all.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const first = query.state.data?.pages[0];
      return first?.progress.done ? false : POLL_MS;
    },
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: 1,
    // Keep showing this search's results while a new filter or sort loads; never another search's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === searchId ? previous : undefined),
  });
}
