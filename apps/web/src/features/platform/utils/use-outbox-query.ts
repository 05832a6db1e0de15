import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { OutboxQuery } from '@portal/contract/api/outbox';

type Query = ReturnType<typeof OutboxQuery.parse>;

/** Reads the URL, dropping only the parameters that fail the contract (a hand-edited or stale link). */
export function parseOutboxQuery(params: URLSearchParams): Query {
  const raw = Object.fromEntries(params);
  const first = OutboxQuery.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = OutboxQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return rest.success ? rest.data : OutboxQuery.parse({});
}

/** Filters and page live in the URL; a new filter returns to page 1. */
export function useOutboxQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseOutboxQuery(params), [params]);

  const setQuery = useCallback(
    (patch: Partial<Query>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page' || key === 'pageSize');
      const next: Partial<Query> = { ...query, ...(pageOnly ? {} : { page: 1 }), ...patch };
      const defaults = OutboxQuery.parse({});
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === null || value === '') continue;
        if (value === defaults[key as keyof Query]) continue;
        search.set(key, String(value));
      }
      setParams(search);
    },
    [query, setParams],
  );

  const hasFilters = Boolean(query.status || query.kind || query.keyword);
  return { query, setQuery, hasFilters };
}
