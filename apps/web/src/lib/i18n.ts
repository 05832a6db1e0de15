import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messagesFor } from '@portal/contract/messages';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, type Language } from '@portal/contract/languages';
import { storage, STORAGE_KEYS } from './storage';

type Tree = { [key: string]: string | Tree };

/** "a.b.c": "x" -> { a: { b: { c: "x" } } }. A key that is both a leaf and a branch keeps the branch. */
export function unflatten(flat: Record<string, string>): Tree {
  const root: Tree = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = root;
    parts.slice(0, -1).forEach((part) => {
      const next = node[part];
      if (typeof next !== 'object') node[part] = {};
      node = node[part] as Tree;
    });
    const leaf = parts[parts.length - 1];
    if (typeof node[leaf] !== 'object') node[leaf] = value;
  }
  return root;
}

export function deepMerge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return out;
}

// Each file nests its keys under its namespace name, so merging every file of a language gives one tree.
const files = import.meta.glob<{ default: Tree }>('../locales/*/*.json', { eager: true });

function resourcesFor(language: Language): Tree {
  let tree = unflatten(messagesFor(language));
  for (const [path, mod] of Object.entries(files)) {
    const dir = path.split('/').at(-2);
    if (dir === language) tree = deepMerge(tree, mod.default);
  }
  return tree;
}

interface CachedSite {
  data?: { defaultLanguage?: string };
}

/** The user's choice first, then the cached site default, then the contract default. */
function initialLanguage(): Language {
  const chosen = storage.get(STORAGE_KEYS.language);
  if (chosen) return normalizeLanguage(chosen);
  const site = storage.getJson<CachedSite>(STORAGE_KEYS.siteConfig);
  return normalizeLanguage(site?.data?.defaultLanguage, DEFAULT_LANGUAGE);
}

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: resourcesFor(l) }])),
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // i18next would otherwise turn "zh-CN" into "zh-CN" -> "zh" -> fallback; our resources use the full tags.
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;
i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export function currentLanguage(): Language {
  return normalizeLanguage(i18next.language);
}

/** Switches the language and remembers it as the user's choice. */
export async function setLanguage(language: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
}

/** Applies the site's default unless the user has already chosen a language. */
export function applySiteDefaultLanguage(language: string | undefined): void {
  if (storage.get(STORAGE_KEYS.language) || !language) return;
  const next = normalizeLanguage(language);
  if (next !== currentLanguage()) void i18next.changeLanguage(next);
}

export function isChinese(language: Language = currentLanguage()): boolean {
  return language !== 'en';
}

export const t = i18next.t.bind(i18next);
export default i18next;
