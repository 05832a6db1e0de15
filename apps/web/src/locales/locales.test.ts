import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<{ default: Tree }>('./*/*.json', { eager: true });

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function load(lang: string, ns: string): Tree {
  const mod = files[`./${lang}/${ns}.json`];
  if (!mod) throw new Error(`missing ${lang}/${ns}.json`);
  return mod.default;
}

const SHELL_NAMESPACES = ['common', 'layout', 'auth', 'profile'];

describe('shell locale files', () => {
  it.each(SHELL_NAMESPACES)('%s has the same keys and no empty text in en, zh-CN and zh-TW', (ns) => {
    const en = keys(load('en', ns)).sort();
    expect(keys(load('zh-CN', ns)).sort()).toEqual(en);
    expect(keys(load('zh-TW', ns)).sort()).toEqual(en);
  });

  it('carries the exact spec keys', () => {
    const common = keys(load('en', 'common'));
    for (const k of ['router.login', 'router.notRole', 'axios.login.timeout', 'axios.network.error', 'axios.notFound.text', 'login.message.success', 'login.message.logout', 'message.success.copy']) {
      expect(common).toContain(k);
    }
  });

  it('uses the spec texts', () => {
    const en = load('en', 'common') as { axios: { network: { error: string }; notFound: { text: string } } };
    expect(en.axios.network.error).toBe('Network error, please check your connection');
    expect(en.axios.notFound.text).toBe('Requested resource not found');
  });
});
