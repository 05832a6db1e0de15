import { use, useContext, useEffect, type ReactNode } from 'react';
import { ConfigProvider, message, theme, type ThemeConfig } from 'antd';
import useAppStyle from 'antd/es/app/style';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/contract/languages';
import { readCspNonce } from '../lib/csp';
import { currentLanguage, loadWithLanguages } from '../lib/i18n';
import { setMessageInstance } from '../lib/notify';
import { DAYJS_LOCALES, loadDayjsLocale } from '../lib/week-start';

/**
 * antd's locale of each language loaded so far. Issue 14, page weight: a language's antd and dayjs locales come with
 * its texts (lib/i18n loadWithLanguages), so only the visitor's language is downloaded, and a language is shown
 * once they are there.
 */
const ANTD_LOCALES: Partial<Record<Language, Locale>> = { en: enUS };
const ANTD_LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => Promise.resolve({ default: enUS }),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

const loading = new Map<Language, Promise<void>>();

function loadLocales(language: Language): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = Promise.all([ANTD_LOADERS[language](), loadDayjsLocale(language)]).then(([antd]) => {
      ANTD_LOCALES[language] = antd.default;
    });
    done.catch(() => loading.delete(language));
    loading.set(language, done);
  }
  return done;
}

// The languages loaded so far now, any other with its texts. Not a top-level await: that made the build split the
// entry's shared modules into many more chunks (heavier for every page); AntdProviders waits instead (`use`).
void loadWithLanguages(loadLocales).catch(() => undefined);

const localeOf = (language: Language): Locale => ANTD_LOCALES[language] ?? enUS;

// antd's runtime <style> elements carry the page's nonce, or its Content-Security-Policy blocks them.
const CSP = { nonce: readCspNonce() };

/**
 * Issue 14 (WCAG 2.1 AA, 1.4.3): antd's default text colours fall short of 4.5:1 on white and on the page's #f5f7fb
 * (secondary text 0.45 black, placeholders 0.25 black, #52c41a success, #ff4d4f error, #faad14 warning, the link's
 * #1677ff, the *-7 shades of preset tags on their *-1 backgrounds). These are the darker shades that pass.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
const CONTRAST_TOKENS = {
  colorInfo: '#1456d9',
  colorLink: '#1456d9',
  colorSuccess: '#237804',
  colorError: '#cf1322',
  colorWarning: '#ad4e00',
  // The light backgrounds antd would derive from these darker seeds come out grey; keep its default light ones.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorTextSecondary: SECONDARY_TEXT,
  colorTextTertiary: SECONDARY_TEXT,
  colorTextDescription: SECONDARY_TEXT,
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // Preset tag text (antd reads the dashed names for its CSS variables, the plain ones in JS).
  green7: '#237804',
  'green-7': '#237804',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  gold7: '#874d00',
  'gold-7': '#874d00',
  volcano7: '#ad2102',
  'volcano-7': '#ad2102',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
  lime7: '#3f6600',
  'lime-7': '#3f6600',
} as const;

export const THEME: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#1456d9',
    borderRadius: 8,
    fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    ...CONTRAST_TOKENS,
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb', footerBg: '#0f1f3d', headerPadding: '0 24px' },
    // An empty table's "No data" is drawn in the disabled colour, though nothing is disabled.
    Table: { colorTextDisabled: SECONDARY_TEXT },
  },
};

// Toasts shown before the full app mounts (lib/notify's static fallback) follow the same theme and nonce.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider csp={CSP} theme={THEME} locale={localeOf(currentLanguage())}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * antd's <App> without what the portal does not use (issue 14, page weight: its notification and modal hooks): the
 * same root element and base styles, and the context-aware message API, registered for toasts raised outside React
 * when `messages` (lib/notify).
 */
function PortalApp({ children, messages }: { children: ReactNode; messages: boolean }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [api, holder] = message.useMessage();
  useEffect(() => {
    if (!messages) return;
    setMessageInstance(api);
    return () => setMessageInstance(null);
  }, [api, messages]);
  return (
    <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
      {holder}
      {children}
    </div>
  );
}

/**
 * antd's theme, locale and app root for the full app shell (`messages`: its toasts are the app's) and for the antd
 * islands of the landing page (the login dialog, the partnership form, the footer's selects).
 */
export function AntdProviders({ children, messages = false }: { children: ReactNode; messages?: boolean }) {
  // Subscribing re-renders antd and dayjs with the new locale when the language changes.
  useTranslation();
  const language = currentLanguage();
  // Suspends (the shell's or the island's fallback) until the language's locales are there, the first time only: a
  // language switch waits for them before it happens (lib/i18n loadWithLanguages).
  if (!ANTD_LOCALES[language]) use(loadLocales(language));
  dayjs.locale(DAYJS_LOCALES[language]);
  return (
    <ConfigProvider csp={CSP} locale={localeOf(language)} theme={THEME}>
      <PortalApp messages={messages}>{children}</PortalApp>
    </ConfigProvider>
  );
}
