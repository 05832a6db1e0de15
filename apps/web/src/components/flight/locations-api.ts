import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Location } from '@portal/contract/api/shopping';
import { api } from '../../lib/api';

export const LOCATIONS_PATH = '/shopping/v2/locations';

/**
 * Under the flight key root (['flight', ...]), as before the picker moved here out of the flight search: clearing the
 * flight answers clears these too.
 */
export const locationKeys = {
  search: (q: string, airportsOnly: boolean) => ['flight', 'locations', q, airportsOnly] as const,
};

export function getLocations(q: string, airportsOnly: boolean, limit = 12, signal?: AbortSignal): Promise<{ items: Location[] }> {
  return api.get<{ items: Location[] }>(LOCATIONS_PATH, { params: { q, limit, airportsOnly: airportsOnly || undefined }, signal });
}

/** Picker suggestions for a (debounced) query; nothing is asked for an empty box. Places barely change: cache long. */
export function useLocations(q: string, airportsOnly = false) {
  const term = q.trim();
  return useQuery({
    queryKey: locationKeys.search(term.toLowerCase(), airportsOnly),
    queryFn: ({ signal }) => getLocations(term, airportsOnly, 12, signal),
    enabled: term.length > 0,
    staleTime: 60 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}
