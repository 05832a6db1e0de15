import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyDetail, CreateAgencyBody } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys } from './agency-keys';

export function createAgency(body: CreateAgencyBody): Promise<AgencyDetail> {
  return api.post<AgencyDetail>('/base/v2/agencies', body);
}

export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.lists }),
  });
}
