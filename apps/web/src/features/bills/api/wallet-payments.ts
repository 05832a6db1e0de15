import { useQuery } from '@tanstack/react-query';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { CreateWalletPaymentBody, WalletPayment } from '@portal/contract/api/bills';
import { api } from '../../../lib/api';
import { billsKeys } from './bills-keys';

/** Which channels the agency may pay with right now, with each channel's fee and currencies. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: billsKeys.paymentConfig(),
    queryFn: ({ signal }) => api.get<PaymentConfigAnswer>('/order/v2/flight/config/payment', { signal }),
  });
}

/**
 * Starts an online top-up. The key stands for this one user action: a retry of the same body sends the same key, so
 * a request that reached the server before the connection dropped does not open a second payment.
 */
export function createWalletPayment(body: CreateWalletPaymentBody, idempotencyKey: string): Promise<WalletPayment> {
  return api.post<WalletPayment>('/base/v2/wallet/payments', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** How often to ask while the channel has not confirmed: quickly at first, then gently for a slow callback. */
export function pollInterval(payment: WalletPayment | undefined, polls: number): number | false {
  if (payment && payment.status !== 'pending') return false;
  return polls < 30 ? 2000 : 10_000;
}

export function useWalletPayment(id: string | null) {
  return useQuery({
    queryKey: billsKeys.payment(id ?? ''),
    queryFn: ({ signal }) => api.get<WalletPayment>(`/base/v2/wallet/payments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => pollInterval(query.state.data, query.state.dataUpdateCount),
    // A failed poll is retried by the next interval; the page shows the error only if nothing ever arrived.
    retry: 2,
  });
}
