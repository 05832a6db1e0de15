import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageQuery } from '@portal/contract/api/common';
import type { ApplicationPage } from '../api/get-applications';

const DEFAULTS: ApplicationPage = PageQuery.parse({});

/** Page and page size live in the URL (reload and back keep the place); a bad value falls back to its default. */
export function usePageQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo<ApplicationPage>(() => {
    const page = PageQuery.shape.page.safeParse(params.get('page') ?? undefined);
    const pageSize = PageQuery.shape.pageSize.safeParse(params.get('pageSize') ?? undefined);
    return { page: page.success ? page.data : DEFAULTS.page, pageSize: pageSize.success ? pageSize.data : DEFAULTS.pageSize };
  }, [params]);

  const setQuery = useCallback(
    (next: ApplicationPage) => {
      const search = new URLSearchParams();
      // A new page size starts again at page 1, where the rows the user was looking at now are.
      const page = next.pageSize !== query.pageSize ? 1 : next.page;
      if (page !== DEFAULTS.page) search.set('page', String(page));
      if (next.pageSize !== DEFAULTS.pageSize) search.set('pageSize', String(next.pageSize));
      setParams(search);
    },
    [query.pageSize, setParams],
  );

  return { query, setQuery };
}
