import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { MESSAGE_KEYS, messagesFor, translate } from './messages.ts';

describe('message catalogue', () => {
  it('has a non-empty text in every language for every key, with the same placeholders', () => {
    // One catalogue per language, built once: messagesFor builds the whole table on each call.
    const texts = Object.fromEntries(LANGUAGES.map((l) => [l, messagesFor(l)]));
    for (const key of MESSAGE_KEYS) {
      const placeholders = LANGUAGES.map((l) => (texts[l][key].match(/\{\{\w+\}\}/g) ?? []).sort().join());
      for (const lang of LANGUAGES) expect(texts[lang][key], `${key} ${lang}`).toMatch(/\S/);
      expect(new Set(placeholders).size, key).toBe(1);
    }
  });

  it('interpolates parameters', () => {
    expect(translate('error.auth.retryInMinutes', 'en', { minutes: 15 })).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(translate('error.auth.retryInSeconds', 'zh-CN', { seconds: 30 })).toBe('登录失败次数过多，请30秒后再试。');
  });

  it('uses the texts the specification gives', () => {
    expect(translate('error.auth.invalidCredentials', 'en')).toBe('Invalid username or password');
    expect(translate('validation.application.name', 'en')).toBe('Please input the username');
    expect(translate('validation.application.country', 'en')).toBe('Please select your country');
    expect(translate('validation.application.contact', 'en')).toBe('Please input email address or phone number');
    expect(translate('validation.email.format', 'en')).toBe('The email format is incorrect.');
    expect(translate('error.notFound', 'en')).toBe('Requested resource not found');
  });
});
