import { describe, expect, it } from 'vitest';
import { cookieLanguage } from './landing-prerender.ts';

describe('the language cookie of the prerendered landing page', () => {
  it('reads the portal.language cookie among others, spelled as the app or the spec writes it', () => {
    expect(cookieLanguage('a=1; portal.language=en; b=2')).toBe('en');
    expect(cookieLanguage('portal.language=zh-TW')).toBe('zh-TW');
    expect(cookieLanguage('portal.language=zh_cn')).toBe('zh-CN');
    expect(cookieLanguage('portal.language=zh%2DTW')).toBe('zh-TW');
  });

  it('gives nothing for no cookie, another cookie, an unknown language or a broken value', () => {
    expect(cookieLanguage(undefined)).toBeUndefined();
    expect(cookieLanguage('xportal.language=en; other=en')).toBeUndefined();
    expect(cookieLanguage('portal.language=fr')).toBeUndefined();
    expect(cookieLanguage('portal.language=%E0%A4%A')).toBeUndefined();
  });
});
