import { useQuery } from '@tanstack/react-query';
import type { VerificationAnswer } from '@portal/contract/api/shopping';
import { api } from '../../../lib/api';

export const verificationPath = (solutionId: string) => `/shopping/v2/flight/solutions/${encodeURIComponent(solutionId)}/verification`;

export interface VerifyParams {
  searchId: string;
  solutionId: string;
  fareId: string;
}

/** Price check (spec point 4): asks the supplier again whether the fare still holds at this price. */
export function verifyFare({ searchId, solutionId, fareId }: VerifyParams, signal?: AbortSignal): Promise<VerificationAnswer> {
  return api.post<VerificationAnswer>(verificationPath(solutionId), { searchId, fareId }, { signal });
}

/** Runs once when the page opens; "retry" refetches. Never served from cache: a price check is about now. */
export function useVerifyFare(params: VerifyParams | null) {
  return useQuery({
    queryKey: ['flight', 'verification', params?.searchId, params?.solutionId, params?.fareId],
    queryFn: ({ signal }) => verifyFare(params!, signal),
    enabled: params !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
