import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeSearchAnswer, ChangeSearchBody } from '@portal/contract/api/after-sales';
import { api } from '../../../lib/api';
import { orderKeys, orderPath } from './order-keys';

/** While the search is still running, ask again this often (same body). */
export const CHANGE_POLL_MS = 1500;

export function searchChange(orderId: string, body: ChangeSearchBody, signal?: AbortSignal): Promise<ChangeSearchAnswer> {
  return api.post<ChangeSearchAnswer>(`${orderPath(orderId)}/change/search`, body, { signal });
}

interface Run {
  body: ChangeSearchBody;
  /** Bumped by every search, so pressing Search again with the same body starts over. */
  n: number;
}

/**
 * The change search of one order (spec point 7: a new search aborts the previous one). `start` cancels whatever search
 * is in flight (its request is aborted through the query's signal) and runs the new one, asking again every
 * CHANGE_POLL_MS until the answer is complete; `stop` cancels it and forgets the results.
 */
export function useChangeSearch(orderId: string) {
  const client = useQueryClient();
  const [run, setRun] = useState<Run | null>(null);
  const query = useQuery({
    queryKey: [...orderKeys.changeSearches(orderId), run] as const,
    queryFn: ({ signal }) => searchChange(orderId, run!.body, signal),
    enabled: run !== null,
    refetchInterval: (q) => (q.state.data && !q.state.data.complete ? CHANGE_POLL_MS : false),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const start = useCallback(
    (body: ChangeSearchBody) => {
      void client.cancelQueries({ queryKey: orderKeys.changeSearches(orderId) });
      setRun((prev) => ({ body, n: (prev?.n ?? 0) + 1 }));
    },
    [client, orderId],
  );
  const stop = useCallback(() => {
    void client.cancelQueries({ queryKey: orderKeys.changeSearches(orderId) });
    setRun(null);
  }, [client, orderId]);

  const answer = run ? query.data : undefined;
  return {
    /** The body of the search on screen (null before the first search). */
    body: run?.body ?? null,
    answer,
    searching: run !== null && (query.isPending || (answer !== undefined && !answer.complete)),
    error: run !== null && query.isError ? query.error : null,
    start,
    stop,
  };
}
