import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
// Registers the Chinese dayjs locales, amended so the week starts on Sunday (spec point 9).
import '../lib/week-start';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/contract/languages';
import { readCspNonce } from '../lib/csp';
import { currentLanguage } from '../lib/i18n';
import { setMessageInstance } from '../lib/notify';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };
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
    <ConfigProvider csp={CSP} theme={THEME} locale={ANTD_LOCALES[currentLanguage()]}>
      {children}
    </ConfigProvider>
  ),
});

/** Registers antd's context-aware message API for toasts raised outside React. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/**
 * antd's theme, locale and <App> for the full app shell (`messages`: its toasts are the app's) and for the antd
 * islands of the landing page (the login dialog, the partnership form, the footer's selects).
 */
export function AntdProviders({ children, messages = false }: { children: ReactNode; messages?: boolean }) {
  // Subscribing re-renders antd and dayjs with the new locale when the language changes.
  useTranslation();
  const language = currentLanguage();
  dayjs.locale(DAYJS_LOCALES[language]);
  return (
    <ConfigProvider csp={CSP} locale={ANTD_LOCALES[language]} theme={THEME}>
      <AntApp>
        {messages && <MessageBridge />}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
