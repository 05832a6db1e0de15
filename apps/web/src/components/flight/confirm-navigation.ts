import type { FareChoice, Solution } from '@portal/contract/api/shopping';

/**
 * History state the results page hands to /flight/booking/confirm: the chosen itinerary (shown at once, before the
 * price check answers) and the ways back. A reload loses it; the confirm page then relies on the check's answer.
 */
export interface ConfirmNavigationState {
  solution: Solution;
  fare: FareChoice;
  /** The results of this search, as they were (same search id, same sort). */
  backTo: string;
  /** The same search parameters, run again. */
  searchAgainTo: string;
}

export function readConfirmState(value: unknown): Partial<ConfirmNavigationState> {
  if (!value || typeof value !== 'object') return {};
  const v = value as Partial<ConfirmNavigationState>;
  return {
    solution: v.solution && Array.isArray(v.solution.legs) ? v.solution : undefined,
    fare: v.fare && typeof v.fare.fareId === 'string' ? v.fare : undefined,
    backTo: typeof v.backTo === 'string' && v.backTo.startsWith('/') ? v.backTo : undefined,
    searchAgainTo: typeof v.searchAgainTo === 'string' && v.searchAgainTo.startsWith('/') ? v.searchAgainTo : undefined,
  };
}
