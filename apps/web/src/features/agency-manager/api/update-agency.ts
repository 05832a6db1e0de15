import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyDetail, UpdateAgencyBody } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function updateAgency(id: string, body: UpdateAgencyBody): Promise<AgencyDetail> {
  return api.put<AgencyDetail>(agencyPath(id), body);
}

export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgencyBody }) => updateAgency(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}
