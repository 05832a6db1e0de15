import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LookToBook } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function getLookToBook(id: string, from: string, to: string, signal?: AbortSignal): Promise<LookToBook> {
  return api.get<LookToBook>(agencyPath(id, '/look-to-book'), { params: { from, to }, signal });
}

export function useLookToBook(id: string | null, from: string, to: string) {
  return useQuery({
    queryKey: agencyKeys.lookToBook(id ?? '', from, to),
    queryFn: ({ signal }) => getLookToBook(id as string, from, to, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
