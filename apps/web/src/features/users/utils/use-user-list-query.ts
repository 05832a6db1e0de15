import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { UserListQuery } from '@portal/contract/api/users';

/** Reads the URL, dropping only the parameters that fail the contract (a hand-edited or stale link). */
export function parseUserListQuery(params: URLSearchParams): UserListQuery {
  const raw = Object.fromEntries(params);
  const first = UserListQuery.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = UserListQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return rest.success ? rest.data : UserListQuery.parse({});
}

/**
 * Filters and page live in the URL, so a filtered list survives a reload, the back button and a shared link.
 * Changing a filter returns to page 1; changing only the page keeps the filters.
 */
export function useUserListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUserListQuery(params), [params]);

  const setQuery = useCallback(
    (patch: Partial<UserListQuery>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page' || key === 'pageSize');
      const next: Partial<UserListQuery> = { ...query, ...(pageOnly ? {} : { page: 1 }), ...patch };
      const defaults = UserListQuery.parse({});
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === null || value === '') continue;
        if (value === defaults[key as keyof UserListQuery]) continue;
        search.set(key, String(value));
      }
      setParams(search);
    },
    [query, setParams],
  );

  const hasFilters = Boolean(query.keyword || query.role || query.status);
  return { query, setQuery, hasFilters };
}
