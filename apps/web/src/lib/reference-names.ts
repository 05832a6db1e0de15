import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceDataAnswer } from '@portal/contract/api/shopping';
import { api } from './api';

export interface ReferenceNames {
  /** "Air China" for "CA"; the code itself until the names arrive or for an unknown carrier. */
  airline(code: string): string;
  /** "Beijing Daxing International Airport" for "PKX"; the code itself when unknown. */
  airport(code: string): string;
  /** "Beijing" for "PKX". */
  city(airportCode: string): string;
}

/** Airline and airport names in the UI language, fetched once per language (static data, cached for the session). */
export function useReferenceNames(): ReferenceNames {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['reference-data', i18n.language],
    queryFn: ({ signal }) => api.get<ReferenceDataAnswer>('/shopping/v2/reference-data', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return useMemo(() => {
    const airlines = new Map(data?.airlines.map((a) => [a.code, a.name]));
    const airports = new Map(data?.airports.map((a) => [a.code, a]));
    return {
      airline: (code) => airlines.get(code) ?? code,
      airport: (code) => airports.get(code)?.name ?? code,
      city: (code) => airports.get(code)?.cityName ?? code,
    };
  }, [data]);
}
