import { normalizeLanguage, type Language } from '@portal/contract/languages';

/** Intl names things by script, not by territory: zh-CN reads Simplified, zh-TW Traditional characters. */
const DISPLAY_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' };

export const displayLocale = (language: string) => DISPLAY_LOCALE[normalizeLanguage(language)];

function namer(language: string, type: Intl.DisplayNamesType): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([displayLocale(language)], { type, fallback: 'code' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code; // a malformed code (Intl throws RangeError) is shown as it is
    }
  };
}

/** Country or region names ("CN" -> "China" / "中国" / "中國") from the browser's own data; the code when it has none. */
export const regionNamer = (language: string) => namer(language, 'region');

/** Currency names ("USD" -> "US Dollar" / "美元" / "美元"); the code when the browser has none. */
export const currencyNamer = (language: string) => namer(language, 'currency');
