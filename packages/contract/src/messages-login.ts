import type { Language } from './languages.ts';

/** Server messages of login throttling and password rules (issue 9); merged into the catalogue in messages.ts. */
export const loginMessages = {
  'error.auth.retryInASecond': {
    en: 'Too many failed sign-in attempts. Please try again in a second.',
    'zh-CN': '登录失败次数过多，请1秒后再试。',
    'zh-TW': '登入失敗次數過多，請1秒後再試。',
  },
  'error.auth.retryInSeconds': {
    en: 'Too many failed sign-in attempts. Please try again in {{seconds}} seconds.',
    'zh-CN': '登录失败次数过多，请{{seconds}}秒后再试。',
    'zh-TW': '登入失敗次數過多，請{{seconds}}秒後再試。',
  },
  'error.auth.retryInMinutes': {
    en: 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
    'zh-CN': '登录失败次数过多，请{{minutes}}分钟后再试。',
    'zh-TW': '登入失敗次數過多，請{{minutes}}分鐘後再試。',
  },
  'validation.password.common': {
    en: 'This password is one of the most common passwords and easy to guess. Please choose another.',
    'zh-CN': '该密码属于最常见的密码，容易被猜中，请换一个。',
    'zh-TW': '該密碼屬於最常見的密碼，容易被猜中，請換一個。',
  },
  'validation.password.username': {
    en: 'The password must not be the username.',
    'zh-CN': '密码不能与用户名相同。',
    'zh-TW': '密碼不能與使用者名稱相同。',
  },
} as const satisfies Record<string, Record<Language, string>>;
