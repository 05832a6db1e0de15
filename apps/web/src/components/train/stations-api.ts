import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StationsAnswer } from '@portal/contract/api/trains';
import { api } from '../../lib/api';

export const STATIONS_PATH = '/shopping/v2/train/stations';

/** Under the train key root (['train', ...]), so clearing train answers clears these too. */
export const stationKeys = {
  search: (keyword: string) => ['train', 'stations', keyword] as const,
};

export function getStations(keyword: string, limit = 12, signal?: AbortSignal): Promise<StationsAnswer> {
  return api.get<StationsAnswer>(STATIONS_PATH, { params: { keyword, limit }, signal });
}

/** Picker suggestions for a (debounced) keyword; nothing is asked for an empty box. Stations barely change: cache long. */
export function useStations(keyword: string) {
  const term = keyword.trim();
  return useQuery({
    queryKey: stationKeys.search(term.toLowerCase()),
    queryFn: ({ signal }) => getStations(term, 12, signal),
    enabled: term.length > 0,
    staleTime: 60 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}
