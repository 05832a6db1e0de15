import type { GroupOrder, GroupPaymentBody } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { groupOrderPath } from './group-keys';

/**
 * Pays the group's next instalment. The key stands for one attempt: resent unchanged only when the previous try got
 * no answer at all, so a payment that reached the server before the connection dropped is not taken twice.
 */
export function payGroupInstalment(id: string, body: GroupPaymentBody, idempotencyKey: string): Promise<GroupOrder> {
  return api.post<GroupOrder>(`${groupOrderPath(id)}/payment`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
