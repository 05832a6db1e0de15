import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Balances, CreditBody } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyKeys, agencyPath } from './agency-keys';

export function setAgencyCredit(id: string, body: CreditBody): Promise<Balances> {
  return api.put<Balances>(agencyPath(id, '/credit'), body);
}

export function useSetAgencyCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreditBody }) => setAgencyCredit(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}
