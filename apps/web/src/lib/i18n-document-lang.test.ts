import { afterEach, describe, expect, it, vi } from 'vitest';

// i18next as it is between lib/i18n's init and the start language's arrival: init loads that language a tick later
// (initAsync), so `language` is still unset while the module runs.
const listeners = new Map<string, (lng: string) => void>();
const pending = {
  language: undefined as string | undefined,
  use() {
    return pending;
  },
  init: () => new Promise(() => {}),
  on: (event: string, listener: (lng: string) => void) => listeners.set(event, listener),
  hasResourceBundle: () => false,
  t: (key: string) => key,
};

afterEach(() => {
  vi.doUnmock('i18next');
  vi.resetModules();
});

describe("the document's lang while the start language loads", () => {
  it('keeps the lang the server wrote until i18next has a language, then follows it', async () => {
    vi.resetModules();
    vi.doMock('i18next', () => ({ default: pending }));
    document.documentElement.lang = 'zh-TW';
    await import('./i18n');
    // Not "undefined": axe's html-lang-valid (WCAG 3.1.1) failed on the landing page in that moment.
    expect(document.documentElement.lang).toBe('zh-TW');
    listeners.get('languageChanged')?.('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
