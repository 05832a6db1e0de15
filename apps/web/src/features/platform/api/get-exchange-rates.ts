import { useQuery } from '@tanstack/react-query';
import type { ExchangeRatesAnswer } from '@portal/contract/api/site';
import { api } from '../../../lib/api';

export const exchangeRateKeys = {
  all: ['exchange-rates'] as const,
};

export function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRatesAnswer> {
  return api.get<ExchangeRatesAnswer>('/base/v2/exchangeRates', { signal });
}

export function useExchangeRates() {
  return useQuery({ queryKey: exchangeRateKeys.all, queryFn: ({ signal }) => getExchangeRates(signal) });
}
