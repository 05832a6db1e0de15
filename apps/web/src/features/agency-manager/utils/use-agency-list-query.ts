import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AgencyListQuery } from '@portal/contract/api/agencies';

/** Reads the URL, dropping only the parameters that fail the contract (a hand-edited or stale link). */
export function parseAgencyListQuery(params: URLSearchParams): AgencyListQuery {
  const raw = Object.fromEntries(params);
  const first = AgencyListQuery.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = AgencyListQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return rest.success ? rest.data : AgencyListQuery.parse({});
}

export type AgencyFilters = Pick<AgencyListQuery, 'keyword' | 'status' | 'balance' | 'hasCredit'>;
export const NO_FILTERS: AgencyFilters = { keyword: undefined, status: undefined, balance: undefined, hasCredit: undefined };

/**
 * Filters and page live in the URL, so a filtered list survives a reload, the back button and a shared link.
 * Changing a filter returns to page 1; changing only the page keeps the filters.
 */
export function useAgencyListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseAgencyListQuery(params), [params]);

  const setQuery = useCallback(
    (patch: Partial<AgencyListQuery>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page' || key === 'pageSize');
      const next: Partial<AgencyListQuery> = { ...query, ...(pageOnly ? {} : { page: 1 }), ...patch };
      const defaults = AgencyListQuery.parse({});
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === null || value === '') continue;
        if (value === defaults[key as keyof AgencyListQuery]) continue;
        search.set(key, String(value));
      }
      setParams(search);
    },
    [query, setParams],
  );

  const hasFilters = Boolean(query.keyword || query.status || query.balance || query.hasCredit);
  return { query, setQuery, hasFilters };
}
