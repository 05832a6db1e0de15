import { useQuery } from '@tanstack/react-query';
import type { WalletSummary } from '@portal/contract/api/bills';
import { api } from '../../../lib/api';
import { billsKeys } from './bills-keys';

/** The caller's own wallet: balances per currency, the settlement currency first. */
export function getWallet(signal?: AbortSignal): Promise<WalletSummary> {
  return api.get<WalletSummary>('/base/v2/wallet', { signal });
}

export function useWallet() {
  return useQuery({ queryKey: billsKeys.wallet(), queryFn: ({ signal }) => getWallet(signal) });
}
