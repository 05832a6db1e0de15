import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpAnswer, TopUpBody } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export interface TopUpVars {
  id: string;
  body: TopUpBody;
  /** One key per dialog opening: a retry of the same top-up replays the first answer instead of paying twice. */
  idempotencyKey: string;
}

export function topUpAgency({ id, body, idempotencyKey }: TopUpVars): Promise<TopUpAnswer> {
  return api.post<TopUpAnswer>(agencyPath(id, '/balance'), body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useTopUpAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpAgency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}
