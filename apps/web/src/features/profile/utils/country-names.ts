import { COUNTRIES } from '@portal/contract/countries';

/** Country names in the UI language from the browser's own data; the code itself when the browser has none. */
export function countryNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

export function countryOptions(language: string): { value: string; label: string }[] {
  const name = countryNamer(language);
  return COUNTRIES.map((c) => ({ value: c.code, label: `${name(c.code)} (${c.code})` })).sort((a, b) => a.label.localeCompare(b.label, language));
}
