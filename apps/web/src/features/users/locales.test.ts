import { describe, expect, it } from 'vitest';
import en from '../../locales/en/users.json';
import zhCN from '../../locales/zh-CN/users.json';
import zhTW from '../../locales/zh-TW/users.json';

type Tree = { [key: string]: string | Tree };

/** Leaf paths, with i18next plural suffixes folded onto their base key (Chinese has no "_one" form). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key.replace(/_(one|other)$/, '')}`] : keys(value, `${prefix}${key}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keys(tree))].sort();

describe('users locale files', () => {
  it('nest every key under "users" and hold the same keys in all three languages', () => {
    expect(Object.keys(en)).toEqual(['users']);
    expect(unique(zhCN)).toEqual(unique(en));
    expect(unique(zhTW)).toEqual(unique(en));
  });

  it('have no empty texts', () => {
    for (const tree of [en, zhCN, zhTW]) {
      const leaves = JSON.stringify(tree).match(/:""/g);
      expect(leaves).toBeNull();
    }
  });
});

describe('role and status labels', () => {
  it('exist for every contract role and status in every language', async () => {
    const { ROLES, USER_STATUSES } = await import('@portal/contract/roles');
    for (const tree of [en, zhCN, zhTW]) {
      for (const role of ROLES) expect(tree.users.roles[role]).toBeTruthy();
      for (const status of USER_STATUSES) expect(tree.users.statuses[status]).toBeTruthy();
    }
  });
});
