import { useQuery } from '@tanstack/react-query';
import type { TrainSearchAnswer, TrainSearchBody } from '@portal/contract/api/trains';
import { api } from '../../lib/api';

export const TRAIN_SEARCH_PATH = '/shopping/v2/train/search';

/** Under the train key root (['train', ...]). */
export const trainSearchKeys = {
  all: ['train', 'search'] as const,
  search: (body: TrainSearchBody) => ['train', 'search', body] as const,
};

const sameRoute = (a: TrainSearchBody, b: TrainSearchBody) => a.from === b.from && a.to === b.to && a.date === b.date;

/**
 * One synchronous search: the server filters and sorts, so every filter or sort change is a new query. While a
 * filter change is on its way the previous list of the same route and date stays on screen; a new route starts empty.
 */
export function useTrainSearch(body: TrainSearchBody | null) {
  return useQuery({
    queryKey: body ? trainSearchKeys.search(body) : trainSearchKeys.all,
    queryFn: ({ signal }) => api.post<TrainSearchAnswer>(TRAIN_SEARCH_PATH, body, { signal }),
    enabled: body !== null,
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as TrainSearchBody | undefined;
      return previous && before && body && sameRoute(before, body) ? previous : undefined;
    },
  });
}
