import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyAnswer } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function generateApiKey(id: string): Promise<ApiKeyAnswer> {
  return api.post<ApiKeyAnswer>(agencyPath(id, '/apikey'));
}

export function useGenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateApiKey,
    // The list shows the key's prefix; the key itself never enters the query cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.lists }),
  });
}
