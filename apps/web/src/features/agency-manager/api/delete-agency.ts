import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function deleteAgency(id: string): Promise<null> {
  return api.del<null>(agencyPath(id));
}

export function useDeleteAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.lists }),
  });
}
