import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { UserLogQuery } from '@portal/contract/api/user-logs';

/** Reads the URL, dropping only the parameters that fail the contract (a hand-edited or stale link). */
export function parseUserLogQuery(params: URLSearchParams): UserLogQuery {
  const raw = Object.fromEntries(params);
  const first = UserLogQuery.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = UserLogQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return rest.success ? rest.data : UserLogQuery.parse({});
}

/**
 * Filters and page live in the URL so an investigation ("who disabled this user last week?") can be reloaded
 * and shared. A filter change returns to page 1.
 */
export function useUserLogQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUserLogQuery(params), [params]);

  const setQuery = useCallback(
    (patch: Partial<UserLogQuery>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page' || key === 'pageSize');
      const next: Partial<UserLogQuery> = { ...query, ...(pageOnly ? {} : { page: 1 }), ...patch };
      const defaults = UserLogQuery.parse({});
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === null || value === '') continue;
        if (value === defaults[key as keyof UserLogQuery]) continue;
        search.set(key, String(value));
      }
      setParams(search);
    },
    [query, setParams],
  );

  const hasFilters = Boolean(query.action || query.keyword || query.from || query.to);
  return { query, setQuery, hasFilters };
}
