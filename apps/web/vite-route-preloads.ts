import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { LANGUAGES, type Language } from '../../packages/contract/src/languages.ts';
import type { RoutePreload, RoutePreloads } from '../../packages/contract/src/route-preloads.ts';
import { paths } from './src/app/paths.ts';

/** Where the server reads the map (apps/server/src/plugins/route-preload.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Locale files every page has (lib/i18n.ts CORE): in the core bundle, never loaded per route. */
const CORE_NAMESPACES = new Set(['common', 'layout', 'landing', 'auth']);

/**
 * What a language needs besides its texts (app/antd-providers.tsx ANTD_LOADERS, lib/week-start.ts): antd's and dayjs's
 * locale, by the end of their module paths. English is built in to both.
 */
const LANGUAGE_LOCALES: Record<Language, string[]> = {
  en: [],
  'zh-CN': ['/antd/es/locale/zh_CN.js', '/dayjs/locale/zh-cn.js'],
  'zh-TW': ['/antd/es/locale/zh_TW.js', '/dayjs/locale/zh-tw.js'],
};

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
function deepMerge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isTree(out[k]) && isTree(v) ? deepMerge(out[k], v) : v;
  return out;
}

interface RouteSource {
  path: string;
  public: boolean;
  /** The page module, as imported in routes.tsx ("../features/x/pages/XPage"). */
  module: string;
  /** The locale files `page()` names; null when it names none (it then loads every one). */
  texts: string[] | null;
  /** i18n key of the page title, when the route has one. */
  titleKey: string | null;
  /** The page opens with that title as its heading (the route's `heading`). */
  heading: boolean;
}

/**
 * The route table's data, read from app/routes.tsx's syntax (it is a module of lazy React components, which the build's
 * configuration cannot run): each entry's path (a literal or `paths.x`), whether its access is PUBLIC, the module its
 * component imports and the texts `page()` names. A shape it does not know stops the build, so the map never quietly
 * lacks a route.
 */
export function readRouteTable(file: string): RouteSource[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table: ts.ArrayLiteralExpression | undefined;
  source.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === 'routes' && d.initializer && ts.isArrayLiteralExpression(d.initializer)) table = d.initializer;
    }
  });
  if (!table) throw new Error(`${file}: no "routes" array`);
  const fail = (node: ts.Node, what: string): never => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${file}:${line + 1}: ${what}`);
  };
  const prop = (o: ts.ObjectLiteralExpression, name: string) =>
    o.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;

  return table.elements.map((element) => {
    if (!ts.isObjectLiteralExpression(element)) return fail(element, 'a route that is not an object literal');
    const p = prop(element, 'path');
    let routePath: string | undefined;
    if (p && ts.isStringLiteral(p)) routePath = p.text;
    else if (p && ts.isPropertyAccessExpression(p) && p.expression.getText() === 'paths') {
      const value = (paths as Record<string, unknown>)[p.name.text];
      if (typeof value === 'string') routePath = value;
    }
    if (routePath === undefined) return fail(element, 'a route path that is neither a string nor paths.<name>');
    const access = prop(element, 'access');
    const component = prop(element, 'component');
    let module: string | undefined;
    let texts: string[] | null = null;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const spec = node.arguments[0];
        if (spec && ts.isStringLiteral(spec)) module = spec.text;
      }
      node.forEachChild(visit);
    };
    if (component) visit(component);
    if (!component || !module) return fail(element, 'a route whose component is not a lazy import()');
    if (ts.isCallExpression(component) && component.expression.getText() === 'page' && component.arguments[1]) {
      const list = component.arguments[1];
      if (!ts.isArrayLiteralExpression(list) || !list.elements.every(ts.isStringLiteral)) return fail(list, "page()'s texts are not a list of strings");
      texts = list.elements.map((e) => (e as ts.StringLiteral).text);
    }
    const title = prop(element, 'titleKey');
    if (title && !ts.isStringLiteral(title)) return fail(title, 'a titleKey that is not a string');
    const heading = prop(element, 'heading');
    if (heading && heading.kind !== ts.SyntaxKind.TrueKeyword) return fail(heading, 'a heading that is not `true`');
    return { path: routePath, public: access?.getText() === 'PUBLIC', module, texts, titleKey: title ? title.text : null, heading: Boolean(heading) };
  });
}

/**
 * Writes ROUTE_PRELOADS_FILE into the build (see @portal/contract/route-preloads): for each route its page's chunk
 * with its static imports and its locale files, and the full shell's, each without what the entry already brings.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'portal-route-preloads',
    // The client's build only, not the landing page's prerendering (apps/web/scripts/prerender.mjs, an SSR build).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const norm = (id: string | null) => (id ?? '').replaceAll('\\', '/');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route preloads: no entry chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, into);
        return into;
      };
      const loaded = closure(entry.fileName);
      // A chunk's files: its scripts, then the style sheets they import (Vite's preload helper adds those when the
      // chunk is imported, unless a link to them is in the document already).
      const filesOf = (facade: (id: string) => boolean, what: string) => {
        const chunk = chunks.find((c) => facade(norm(c.facadeModuleId)));
        if (!chunk) throw new Error(`route preloads: no chunk for ${what}`);
        const scripts = [...closure(chunk.fileName)].filter((f) => !loaded.has(f));
        const styles = scripts.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [...scripts, ...styles];
      };
      const src = path.join(root, 'src');
      const moduleFiles = (file: string) => {
        const base = norm(path.resolve(src, 'app', file));
        return filesOf((id) => /\.(tsx?|jsx?)$/.test(id) && id.replace(/\.(tsx?|jsx?)$/, '') === base, file);
      };
      const namespaces = readdirSync(path.join(src, 'locales', 'en'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length))
        .filter((n) => !CORE_NAMESPACES.has(n));
      const textFiles = (language: Language, texts: string[]) =>
        texts.flatMap((ns) => filesOf((id) => id.endsWith(`/src/locales/${language}/${ns}.json`), `${language}/${ns}.json`));
      // Every text of a language, the files merged as lib/i18n.ts merges them (each nests its keys under its name).
      const textsOf = new Map(
        LANGUAGES.map((language) => {
          const dir = path.join(src, 'locales', language);
          const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
          return [language, files.reduce<Tree>((all, f) => deepMerge(all, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Tree), {})];
        }),
      );
      const text = (language: Language, key: string) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), textsOf.get(language));
        if (typeof value !== 'string') throw new Error(`route preloads: no ${language} text for the title ${key}`);
        return value;
      };
      const perLanguage = (of: (language: Language) => string[]) =>
        Object.fromEntries(LANGUAGES.map((l) => [l, [...new Set(of(l))]])) as Record<Language, string[]>;

      const shell = {
        files: moduleFiles('./FullShell'),
        byLanguage: perLanguage((language) => [
          ...filesOf((id) => id.endsWith(`/src/locales/bundles/${language}-core.ts`), `${language}-core`),
          ...filesOf((id) => id === `\0virtual:portal-messages/${language}`, `messages of ${language}`),
          ...LANGUAGE_LOCALES[language].flatMap((end) => filesOf((id) => id.endsWith(end), end)),
        ]),
      };
      const routes: RoutePreload[] = readRouteTable(path.join(src, 'app', 'routes.tsx'))
        .filter((r) => r.path !== '*')
        .map((r) => ({
          path: r.path,
          public: r.public,
          files: moduleFiles(r.module),
          byLanguage: perLanguage((language) => textFiles(language, r.texts ?? namespaces)),
          title: r.titleKey && r.heading ? (Object.fromEntries(LANGUAGES.map((l) => [l, text(l, r.titleKey!)])) as Record<Language, string>) : null,
        }));
      const map: RoutePreloads = { shell, routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(map) });
    },
  };
}
