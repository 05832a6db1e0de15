import { useQuery } from '@tanstack/react-query';
import type { AfterSalesOptions } from '@portal/contract/api/after-sales';
import { api } from '../../../lib/api';
import { orderKeys, orderPath } from './order-keys';

export function getAfterSales(id: string, signal?: AbortSignal): Promise<AfterSalesOptions> {
  return api.get<AfterSalesOptions>(`${orderPath(id)}/after-sales`, { signal });
}

/** Change, refund and void side by side for the tickets still open; asked only where the order allows a request. */
export function useAfterSales(id: string, enabled: boolean) {
  return useQuery({ queryKey: orderKeys.afterSales(id), queryFn: ({ signal }) => getAfterSales(id, signal), enabled });
}
