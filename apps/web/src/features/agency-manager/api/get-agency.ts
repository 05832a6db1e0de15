import { useQuery } from '@tanstack/react-query';
import type { AgencyDetail } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function getAgency(id: string, signal?: AbortSignal): Promise<AgencyDetail> {
  return api.get<AgencyDetail>(agencyPath(id), { signal });
}

/** The agency with its configuration; only fetched while a configuration drawer is open for it. */
export function useAgency(id: string | null) {
  return useQuery({
    queryKey: agencyKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAgency(id as string, signal),
    enabled: id !== null,
  });
}
