import { describe, expect, it } from 'vitest';
import { USER_LOG_ACTIONS } from '@portal/contract/api/user-logs';
import { ROLES, USER_STATUSES } from '@portal/contract/roles';

type Tree = { [k: string]: string | Tree };
// The files as text, parsed here: the imported JSON objects are the ones lib/i18n hands to i18next, whose deep merge of
// the contract's messages (loaded in the background by the test setup) may add keys to them while this test reads.
const raw = import.meta.glob<string>('./*/*.json', { eager: true, query: '?raw', import: 'default' });
const files = Object.fromEntries(Object.entries(raw).map(([f, text]) => [f, { default: JSON.parse(text) as Tree }]));
const LANGS = ['en', 'zh-CN', 'zh-TW'] as const;

/** Leaf paths, with i18next plural suffixes folded onto their base key (Chinese has no "_one" form). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k.replace(/_(one|other)$/, '')}`] : keys(v, `${prefix}${k}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keys(tree))].sort();

function load(lang: string, ns: string): Tree {
  const mod = files[`./${lang}/${ns}.json`];
  if (!mod) throw new Error(`missing ${lang}/${ns}.json`);
  return mod.default;
}

const NAMESPACES = [...new Set(Object.keys(files).map((f) => f.split('/')[2].replace(/\.json$/, '')))].sort();

describe('locale files', () => {
  it('exist for every namespace in every language', () => {
    expect(NAMESPACES.length).toBeGreaterThanOrEqual(9);
    for (const lang of LANGS) for (const ns of NAMESPACES) expect(() => load(lang, ns), `${lang}/${ns}`).not.toThrow();
  });

  it.each(NAMESPACES)('%s nests its keys under its own name, with the same keys and no empty text in all languages', (ns) => {
    const en = load('en', ns);
    // common also holds the spec's own top-level keys (router.*, axios.*, login.*, message.*).
    if (ns !== 'common') expect(Object.keys(en)).toEqual([ns]);
    for (const lang of LANGS) {
      expect(unique(load(lang, ns)), `${lang}/${ns}`).toEqual(unique(en));
      expect(JSON.stringify(load(lang, ns)), `${lang}/${ns}`).not.toMatch(/:""/);
    }
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

  // Issue 14: the zh-CN top bar said 钱包与发票 while the page it opens was titled 钱包与账单.
  it('names the Wallet & Invoicing section the same in the top bar, on its page and in the company switch', () => {
    for (const lang of LANGS) {
      const menu = (load(lang, 'layout') as { layout: { menu: { wallet: string } } }).layout.menu.wallet;
      const page = (load(lang, 'bills') as { bills: { title: string } }).bills.title;
      expect(menu, lang).toBe(page);
    }
    expect((load('en', 'layout') as { layout: { menu: { wallet: string } } }).layout.menu.wallet).toBe('Wallet & Invoicing');
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      const company = (load(lang, 'company') as { company: { services: { isShowBill: string } } }).company;
      expect(company.services.isShowBill, lang).toBe((load(lang, 'bills') as { bills: { title: string } }).bills.title);
    }
  });

  it('labels every contract role, user status and user-log action in every language', () => {
    for (const lang of LANGS) {
      const users = load(lang, 'users') as { users: { roles: Tree; statuses: Tree } };
      const userLog = load(lang, 'userLog') as { userLog: { actions: Tree } };
      for (const role of ROLES) expect(users.users.roles[role], `${lang} ${role}`).toBeTruthy();
      for (const status of USER_STATUSES) expect(users.users.statuses[status], `${lang} ${status}`).toBeTruthy();
      for (const action of USER_LOG_ACTIONS) expect(userLog.userLog.actions[action], `${lang} ${action}`).toBeTruthy();
    }
  });
});
