import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

// Each file nests its keys under its namespace name, so merging every file of a language gives one tree. Only the
// visitor's language is downloaded, in two parts (issue 14, page weight): the core namespaces the public landing page
// and the shell need, then, once a page of the full app (or an antd island) is shown, the rest with the contract's
// message catalogue. Each part of each language is a chunk of its own (locales/bundles).
type Part = () => Promise<{ default: Record<string, unknown>[] }>;
const CORE: Record<Language, Part> = {
  en: () => import('../locales/bundles/en-core'),
  'zh-CN': () => import('../locales/bundles/zh-CN-core'),
  'zh-TW': () => import('../locales/bundles/zh-TW-core'),
};
const REST: Record<Language, () => Promise<{ default: Record<string, unknown>[]; messages: Record<string, string> }>> = {
  en: () => import('../locales/bundles/en-rest'),
  'zh-CN': () => import('../locales/bundles/zh-CN-rest'),
  'zh-TW': () => import('../locales/bundles/zh-TW-rest'),
};

const merge = (trees: Tree[], base: Tree = {}) => trees.reduce(deepMerge, base);

/** The rest of a language: the contract's messages, overridden by the web's own files (as the core ones do). */
async function restOf(language: Language): Promise<Tree> {
  const rest = await REST[language]();
  return merge(rest.default as Tree[], unflatten(rest.messages));
}

/** Set once the full app needs every namespace: languages loaded from then on come whole. */
let fullWanted = false;

async function resourcesFor(language: Language): Promise<Tree> {
  const core = merge((await CORE[language]()).default as Tree[]);
  // The core files win over the contract's messages, as every file does.
  return fullWanted ? deepMerge(await restOf(language), core) : core;
}

/** i18next asks for a language when it is first needed (start, a language switch); the answer comes from the chunks above. */
const lazyResources: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    resourcesFor(normalizeLanguage(language)).then(
      (tree) => callback(null, tree),
      (err: unknown) => callback(err as Error, false),
    );
  },
};

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

/** Resolves once the start language's core texts are there: render nothing before (no flash of keys). */
export const i18nReady: Promise<unknown> = i18next
  .use(lazyResources)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // No fallback language: every text exists in all three (locales/locales.test.ts), and a fallback would be one more
    // download (core and rest) for every visitor not reading English.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // i18next would otherwise turn "zh-CN" into "zh-CN" -> "zh" -> fallback; our resources use the full tags.
    load: 'currentOnly',
    ns: ['translation'],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

let fullLoad: Promise<void> | null = null;

/**
 * Every namespace of the languages loaded so far (and of any loaded later): the full app calls this before its first
 * render; the landing page's antd islands too.
 */
export function loadAllTexts(): Promise<void> {
  fullWanted = true;
  fullLoad ??= i18nReady.then(async () => {
    const loaded = LANGUAGES.filter((l) => i18next.hasResourceBundle(l, 'translation'));
    await Promise.all(
      loaded.map(async (l) => {
        // Keys already there (the core files) stay: they win over the contract's messages.
        i18next.addResourceBundle(l, 'translation', await restOf(l), true, false);
      }),
    );
  });
  return fullLoad;
}

/** Tests: every namespace of every language, before the first test renders. */
export async function loadEveryLanguage(): Promise<void> {
  await loadAllTexts();
  await i18next.loadLanguages([...LANGUAGES]);
}

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
