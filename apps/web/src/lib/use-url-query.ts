import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type AnyObject = z.ZodObject;

/**
 * Reads the parameters a list schema knows from the URL. A parameter that fails the contract (a hand-edited or stale
 * link) is dropped on its own, so the other filters still apply; parameters the schema does not know are ignored.
 */
export function parseUrlQuery<S extends AnyObject>(schema: S, params: URLSearchParams): z.output<S> {
  const known = Object.keys(schema.shape);
  const raw = Object.fromEntries([...params].filter(([key]) => known.includes(key)));
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return rest.success ? rest.data : schema.parse({});
}

/**
 * A list's filters and page kept in the URL, so a filtered list survives a reload, the back button and a shared link.
 * Changing a filter returns to page 1; changing only the page keeps the filters. Parameters that belong to something
 * else on the page (e.g. a payment being confirmed) are left as they are.
 */
export function useUrlQuery<S extends AnyObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUrlQuery(schema, params), [schema, params]);

  const setQuery = useCallback(
    (patch: Partial<z.output<S>>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page' || key === 'pageSize');
      const next: Record<string, unknown> = { ...query, ...(pageOnly ? {} : { page: 1 }), ...patch };
      const defaults = schema.parse({}) as Record<string, unknown>;
      setParams((prev) => {
        const search = new URLSearchParams(prev);
        for (const key of Object.keys(schema.shape)) search.delete(key);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
          search.set(key, String(value));
        }
        return search;
      });
    },
    [query, schema, setParams],
  );

  return { query, setQuery };
}
