import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The reference data query, shared so code that needs the data itself (airport countries, airline alliances) can
 * wait for it with `queryClient.ensureQueryData` and hit the same cache entry as the names.
 */
export const referenceDataQuery = (language: string) =>
  queryOptions({
    queryKey: ['reference-data', language],
    queryFn: ({ signal }) => api.get<ReferenceDataAnswer>('/shopping/v2/reference-data', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** ISO country of an airport ("CN" for "PEK"), or null when the airport is unknown. */
export function airportCountry(data: ReferenceDataAnswer | null | undefined, airportCode: string): string | null {
  return data?.airports?.find((a) => a.code === airportCode)?.countryCode ?? null;
}

/** The alliance an airline belongs to ("Star Alliance" for "CA"), or null. */
export function airlineAlliance(data: ReferenceDataAnswer | null | undefined, airlineCode: string): string | null {
  return data?.airlines?.find((a) => a.code === airlineCode)?.alliance ?? null;
}

/** Airline and airport names in the UI language, fetched once per language (static data, cached for the session). */
export function useReferenceNames(): ReferenceNames {
  const { i18n } = useTranslation();
  const { data } = useQuery(referenceDataQuery(i18n.language));
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

/** Airlines for a picker ("CA · Air China"), by code; searchable by code or name. Empty until the names arrive. */
export function useAirlineOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const { data } = useQuery(referenceDataQuery(i18n.language));
  return useMemo(
    () => (data?.airlines ?? []).map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` })).sort((a, b) => a.value.localeCompare(b.value)),
    [data],
  );
}
