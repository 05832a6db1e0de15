import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyDetail, UpdateAgencyConfigBody } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

/** Sends only the groups given (each group whole); the server keeps the others. */
export function updateAgencyConfig(id: string, body: UpdateAgencyConfigBody): Promise<AgencyDetail> {
  return api.put<AgencyDetail>(agencyPath(id, '/config'), body);
}

export function useUpdateAgencyConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgencyConfigBody }) => updateAgencyConfig(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(agencyKeys.detail(detail.id), detail);
      // The settlement currency and service switches show in the list too.
      void queryClient.invalidateQueries({ queryKey: agencyKeys.lists });
    },
  });
}
