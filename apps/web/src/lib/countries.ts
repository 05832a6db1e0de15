import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@portal/contract/countries';
import { normalizeLanguage } from '@portal/contract/languages';
import { displayLocale, regionNamer } from './display-names';

export interface CountryOption {
  value: string;
  label: string;
  dial: string;
}

/**
 * Every country with its name in the given language, in that language's order (alphabetical, pinyin or stroke).
 * `withCode` appends the ISO code, for pickers where agents type codes ("HK") as often as names.
 */
export function countryOptions(language: string, { withCode = false } = {}): CountryOption[] {
  const name = regionNamer(language);
  const collator = new Intl.Collator(displayLocale(language));
  return COUNTRIES.map((c) => ({ value: c.code, label: withCode ? `${name(c.code)} (${c.code})` : name(c.code), dial: c.dial })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

export function useCountryOptions(opts: { withCode?: boolean } = {}): CountryOption[] {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const withCode = opts.withCode ?? false;
  return useMemo(() => countryOptions(language, { withCode }), [language, withCode]);
}
