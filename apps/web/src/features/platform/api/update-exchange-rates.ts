import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRatesAnswer, UpdateRatesBody } from '@portal/contract/api/site';
import { api } from '../../../lib/api';
import { siteConfigQuery } from '../../../lib/site';
import { exchangeRateKeys } from './get-exchange-rates';

export function updateExchangeRates(body: UpdateRatesBody): Promise<ExchangeRatesAnswer> {
  return api.put<ExchangeRatesAnswer>('/base/v2/exchangeRates', body);
}

export function useUpdateExchangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExchangeRates,
    onSuccess: (answer) => {
      queryClient.setQueryData(exchangeRateKeys.all, answer);
      // Prices shown in other currencies read the site's rateMap; fetch it again so they follow the new rates now.
      void queryClient.invalidateQueries({ queryKey: siteConfigQuery.queryKey });
    },
  });
}
