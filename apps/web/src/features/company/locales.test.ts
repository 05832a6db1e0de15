import { describe, expect, it } from 'vitest';
import en from '../../locales/en/company.json';
import zhCN from '../../locales/zh-CN/company.json';
import zhTW from '../../locales/zh-TW/company.json';

type Tree = { [key: string]: string | Tree };

/** Leaf paths, with i18next plural suffixes folded onto their base key (Chinese has no "_one" form). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key.replace(/_(one|other)$/, '')}`] : keys(value, `${prefix}${key}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keys(tree))].sort();

describe('company locale files', () => {
  it('nest every key under "company" and hold the same keys in all three languages', () => {
    expect(Object.keys(en)).toEqual(['company']);
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
