import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@portal/contract/countries';
import { normalizeLanguage, type Language } from '@portal/contract/languages';

export interface CountryOption {
  value: string;
  label: string;
  dial: string;
}

/** Intl names regions by script, not by territory: zh-CN reads Simplified, zh-TW Traditional characters. */
const DISPLAY_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' };

/** Every country with its name in the given language, in that language's alphabetical (or pinyin/stroke) order. */
export function countryOptions(language: Language): CountryOption[] {
  const locale = DISPLAY_LOCALE[language];
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ value: c.code, label: names.of(c.code) ?? c.code, dial: c.dial })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

export function useCountryOptions(): CountryOption[] {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  return useMemo(() => countryOptions(language), [language]);
}
