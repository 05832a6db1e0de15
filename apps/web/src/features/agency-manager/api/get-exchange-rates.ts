import { useQuery } from '@tanstack/react-query';
import type { ExchangeRatesAnswer } from '@portal/contract/api/site';
import { api } from '../../../lib/api';

/** The portal's rates (rateMap[X] = CNY per unit of X), used to suggest a top-up's exchange rate. */
export function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRatesAnswer> {
  return api.get<ExchangeRatesAnswer>('/base/v2/exchangeRates', { signal });
}

export function useExchangeRates(enabled: boolean) {
  // Same key as the platform's rates page, so an edit there is seen here without a second fetch.
  return useQuery({ queryKey: ['exchange-rates'], queryFn: ({ signal }) => getExchangeRates(signal), enabled });
}
