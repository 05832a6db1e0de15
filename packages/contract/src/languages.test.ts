import { describe, expect, it } from 'vitest';
import { normalizeLanguage } from './languages.ts';

describe('normalizeLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['zh-cn', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['fr-FR, zh-TW;q=0.8, en;q=0.5', 'zh-TW'],
    ['de', 'zh-CN'],
    [undefined, 'zh-CN'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('honours the fallback', () => {
    expect(normalizeLanguage('', 'en')).toBe('en');
  });
});
