import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { isAbort } from '../lib/api';
import i18n, { applySiteDefaultLanguage } from '../lib/i18n';
import { useSiteConfig } from '../lib/site';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Business errors (4xx codes) will not fix themselves; only network hiccups deserve a retry.
        retry: (count, err) => !isAbort(err) && count < 1 && (err as { status?: number }).status === 0,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** Follows the site's default language until the user picks one. */
function SiteLanguage() {
  const { data } = useSiteConfig();
  useEffect(() => applySiteDefaultLanguage(data?.defaultLanguage), [data?.defaultLanguage]);
  return null;
}

/**
 * What every page needs: texts and the query client. antd's theme and locale (AntdProviders, app/antd-providers.tsx)
 * come with the full app shell or an antd island of the landing page, which is rendered without antd (issue 14).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteLanguage />
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
