import { useQuery } from '@tanstack/react-query';
import type { GroupPaymentAnswer, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { fetchPaymentConfig } from '../../../components/payments/payment-config';
import { api } from '../../../lib/api';
import { groupKeys, groupOrderPath } from './group-keys';

/**
 * Which methods the agency may pay an instalment with (its balance, credit and the external channels its settings
 * allow, with their fees) and its balances: the flight orders' payment configuration, fresh each time the dialog
 * opens. Under the groups' root key, so a payment that refreshes the groups refreshes the balances too.
 */
export function useGroupPaymentConfig(enabled: boolean) {
  return useQuery({
    queryKey: [...groupKeys.all, 'payment-config'] as const,
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    enabled,
    staleTime: 0,
  });
}

/**
 * Pays the group's next instalment: from the wallet at once, or through a channel, whose hosted page the answer's
 * `channelPayment` names. The key stands for one attempt: resent unchanged only when the previous try got no answer
 * at all, so a payment that reached the server before the connection dropped is not taken (or opened) twice.
 */
export function payGroupInstalment(id: string, body: GroupPaymentBody, idempotencyKey: string): Promise<GroupPaymentAnswer> {
  return api.post<GroupPaymentAnswer>(`${groupOrderPath(id)}/payment`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
