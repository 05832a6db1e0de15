import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Language } from '@portal/contract/languages';
import { isAbort } from '../lib/api';
import { readCspNonce } from '../lib/csp';
import i18n, { applySiteDefaultLanguage, currentLanguage } from '../lib/i18n';
import { setMessageInstance } from '../lib/notify';
import { useSiteConfig } from '../lib/site';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };
// antd's runtime <style> elements carry the page's nonce, or its Content-Security-Policy blocks them.
const CSP = { nonce: readCspNonce() };

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

/** Registers antd's context-aware message API for toasts raised outside React. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/** Follows the site's default language until the user picks one. */
function SiteLanguage() {
  const { data } = useSiteConfig();
  useEffect(() => applySiteDefaultLanguage(data?.defaultLanguage), [data?.defaultLanguage]);
  return null;
}

function LocalizedAntd({ children }: { children: ReactNode }) {
  // Subscribing re-renders antd and dayjs with the new locale when the language changes.
  useTranslation();
  const language = currentLanguage();
  dayjs.locale(DAYJS_LOCALES[language]);
  return (
    <ConfigProvider
      csp={CSP}
      locale={ANTD_LOCALES[language]}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary: '#1456d9', borderRadius: 8, fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif" },
        components: { Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb', footerBg: '#0f1f3d', headerPadding: '0 24px' } },
      }}
    >
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteLanguage />
        <LocalizedAntd>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
