import { useMutation } from '@tanstack/react-query';
import type { AccurateSearchBody, AnalysisPnrAnswer, SearchBody, SearchStarted } from '@portal/contract/api/shopping';
import { api } from '../../../lib/api';

export const SEARCH_PATH = '/shopping/v2/flight/async-shopping';
export const PNR_SEARCH_PATH = '/shopping/v2/flight/analysis-pnr';
export const ACCURATE_SEARCH_PATH = '/shopping/v2/flight/accurate-search';

/** Starts an asynchronous search: suppliers answer over the next seconds, read them with getSolutions. */
export function startSearch(body: SearchBody): Promise<SearchStarted> {
  return api.post<SearchStarted>(SEARCH_PATH, body);
}

/** Search by PNR (spec point 2): a record locator or a pasted itinerary display; answers a running search. */
export function startPnrSearch(pnr: string, signal?: AbortSignal): Promise<AnalysisPnrAnswer> {
  return api.post<AnalysisPnrAnswer>(PNR_SEARCH_PATH, { pnr }, signal ? { signal } : undefined);
}

/** Search by flight number (accurate-search): answers a running search, read like any other with getSolutions. */
export function startAccurateSearch(body: AccurateSearchBody): Promise<SearchStarted> {
  return api.post<SearchStarted>(ACCURATE_SEARCH_PATH, body);
}

export function useStartAccurateSearch() {
  return useMutation({ mutationFn: startAccurateSearch });
}

export function useStartSearch() {
  return useMutation({ mutationFn: startSearch });
}

/** A lookup superseded by a newer one is cancelled through `signal`. */
export function useStartPnrSearch() {
  return useMutation({ mutationFn: ({ pnr, signal }: { pnr: string; signal?: AbortSignal }) => startPnrSearch(pnr, signal) });
}
