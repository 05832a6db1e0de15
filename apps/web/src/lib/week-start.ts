import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Language } from '@portal/contract/languages';

/**
 * Spec point 9: the week starts on Sunday in every language. dayjs's zh-cn locale starts it on Monday, and antd's
 * date pickers ask dayjs for the first day of the week, so each locale is amended once, when it is loaded, before any
 * calendar renders. The Chinese locales are loaded with their language (issue 14, page weight: app/antd-providers.tsx).
 */
export const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };

const LOADERS: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
};

dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 0 });

const loaded = new Map<Language, Promise<void>>();

/** Registers a language's dayjs locale, its week starting on Sunday. */
export function loadDayjsLocale(language: Language): Promise<void> {
  let done = loaded.get(language);
  if (!done) {
    done = LOADERS[language]().then(() => void dayjs.updateLocale(DAYJS_LOCALES[language], { weekStart: 0 }));
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}
