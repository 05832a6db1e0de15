import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, type UseTranslationOptions } from 'react-i18next';
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
// visitor's language is downloaded, in parts (issue 14, page weight): the core namespaces the public landing page and
// the shell need (one chunk per language, locales/bundles), then the contract's message catalogue once the full app is
// shown, and every other namespace (one chunk per language and file) when a page that reads it is opened: the route
// loads its page's chunk and its texts together (app/routes.tsx), so a page renders with its texts there.
type Part = () => Promise<{ default: Record<string, unknown>[] }>;
const CORE: Record<Language, Part> = {
  en: () => import('../locales/bundles/en-core'),
  'zh-CN': () => import('../locales/bundles/zh-CN-core'),
  'zh-TW': () => import('../locales/bundles/zh-TW-core'),
};
const MESSAGES: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('virtual:portal-messages/en'),
  'zh-CN': () => import('virtual:portal-messages/zh-CN'),
  'zh-TW': () => import('virtual:portal-messages/zh-TW'),
};
/** Every namespace but the core ones, each file its own chunk: "../locales/en/flight.json". */
const FILES = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/{common,layout,landing,auth}.json'], {
  import: 'default',
});
const fileOf = (language: Language, namespace: string) => FILES[`../locales/${language}/${namespace}.json`];

/** The contract's message catalogue, as a part to load like a namespace. */
export const CONTRACT_MESSAGES = 'messages';
/** The namespaces loaded on demand (every locale file but the core ones), and the contract's messages. */
export const TEXT_PARTS: readonly string[] = [
  CONTRACT_MESSAGES,
  ...new Set(Object.keys(FILES).map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length))),
];

const merge = (trees: Tree[], base: Tree = {}) => trees.reduce(deepMerge, base);

/** Parts wanted so far: a language loaded from then on (start, a language switch) comes with all of them. */
const wanted = new Set<string>();
/** "language/part" of the parts in i18next's store. */
const present = new Set<string>();

async function partOf(language: Language, part: string): Promise<Tree> {
  if (part === CONTRACT_MESSAGES) return unflatten((await MESSAGES[language]()).default);
  const load = fileOf(language, part);
  if (!load) throw new Error(`no texts: ${language}/${part}`);
  return (await load()) as Tree;
}

/**
 * The wanted parts of a language, merged: the web's own files over the contract's messages (a key produced on either
 * side reads the same, the web's wording wins).
 */
async function partsOf(language: Language, parts: string[]): Promise<Tree> {
  const trees = await Promise.all(parts.map((p) => partOf(language, p)));
  const messages = parts.indexOf(CONTRACT_MESSAGES);
  const ordered = messages < 0 ? trees : [trees[messages], ...trees.filter((_, i) => i !== messages)];
  return merge(ordered);
}

/** What else a language needs before it is shown (antd's and dayjs's locale: app/antd-providers.tsx). */
const languageAssets: ((language: Language) => Promise<unknown>)[] = [];

async function resourcesFor(language: Language): Promise<Tree> {
  const [coreFiles] = await Promise.all([CORE[language](), ...languageAssets.map((load) => load(language))]);
  const core = merge(coreFiles.default as Tree[]);
  // Parts wanted while these were on their way are taken too, so a language never comes without one.
  let parts: string[] = [];
  let tree: Tree = {};
  while (wanted.size > parts.length) {
    const more = [...wanted].filter((p) => !parts.includes(p));
    tree = deepMerge(tree, await partsOf(language, more));
    parts = [...parts, ...more];
  }
  for (const p of parts) present.add(`${language}/${p}`);
  // The core files win over the contract's messages, as every file does.
  return deepMerge(tree, core);
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
  // The landing page the server prerendered (main.tsx, docs/decisions/0021-landing-prerender.md) is in the site's
  // default language, which the app would switch to once the site's settings arrive: start in it.
  const served = typeof document === 'undefined' ? undefined : document.getElementById('root')?.dataset.lang;
  if (served) return normalizeLanguage(served);
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
    // download (of every part) for every visitor not reading English.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // i18next would otherwise turn "zh-CN" into "zh-CN" -> "zh" -> fallback; our resources use the full tags.
    load: 'currentOnly',
    ns: ['translation'],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

const loading = new Map<string, Promise<void>>();

/**
 * Loads text parts (namespaces, CONTRACT_MESSAGES) into every language loaded so far, and into any loaded later; resolves
 * once they are there. A page's route calls this with the page's chunk (app/routes.tsx), the full shell for the
 * contract's messages (app/App.tsx).
 */
export function loadTexts(parts: readonly string[]): Promise<void> {
  for (const p of parts) wanted.add(p);
  return i18nReady.then(async () => {
    const languages = LANGUAGES.filter((l) => i18next.hasResourceBundle(l, 'translation'));
    const missing = languages.flatMap((l) => parts.filter((p) => !present.has(`${l}/${p}`)).map((p) => [l, p] as const));
    await Promise.all(
      missing.map(([language, part]) => {
        const key = `${language}/${part}`;
        let done = loading.get(key);
        if (!done) {
          done = partOf(language, part).then((tree) => {
            if (present.has(key)) return;
            // The contract's messages never replace a key already there (the web's files win); a namespace's file
            // holds its own keys only and comes whole.
            i18next.addResourceBundle(language, 'translation', tree, true, part !== CONTRACT_MESSAGES);
            present.add(key);
          });
          loading.set(key, done);
          done.then(
            () => loading.delete(key),
            () => loading.delete(key),
          );
        }
        return done;
      }),
    );
  });
}

/**
 * useTranslation's options for a component that shows texts loaded after it first rendered (a page's title, the
 * menus' labels): it re-renders when any arrive. One object, so the hook's memoised `t` stays the same between renders.
 */
// react-i18next reads bindI18nStore from the hook's options as from its global ones; its types list only a few.
export const RERENDER_ON_NEW_TEXTS = { bindI18nStore: 'added' } as unknown as UseTranslationOptions<undefined>;

/**
 * Registers what else a language needs before it is shown: loaded with the texts of every language loaded from now on
 * (a language switch happens once it is there); resolves once the languages loaded so far have it.
 */
export function loadWithLanguages(load: (language: Language) => Promise<unknown>): Promise<void> {
  languageAssets.push(load);
  return i18nReady.then(async () => {
    await Promise.all(LANGUAGES.filter((l) => i18next.hasResourceBundle(l, 'translation')).map(load));
  });
}

/**
 * Every namespace and the contract's messages, in the languages loaded so far (and any loaded later): the landing
 * page's antd islands call this before they render.
 */
export function loadAllTexts(): Promise<void> {
  return loadTexts(TEXT_PARTS);
}

/** Tests: every namespace of every language, before the first test renders. */
export async function loadEveryLanguage(): Promise<void> {
  await loadAllTexts();
  await i18next.loadLanguages([...LANGUAGES]);
}

// The document keeps the lang the server wrote until the start language is applied: init loads it a tick later
// (initAsync), and reading i18next.language before that gave lang="undefined" (fails WCAG 3.1.1). languageChanged
// also fires for the start language.
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
