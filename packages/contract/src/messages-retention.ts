import type { Language } from './languages.ts';

/** Server messages of search rate limits, session caps and retention (issue 9); merged into the catalogue in messages.ts. */
export const retentionMessages = {
  'shopping.search.rateLimited': {
    en: 'You have started too many searches in a short time. Please try again in {{seconds}} seconds.',
    'zh-CN': '您在短时间内发起的搜索过多，请{{seconds}}秒后再试。',
    'zh-TW': '您在短時間內發起的搜尋過多，請{{seconds}}秒後再試。',
  },
  'error.session.capped': {
    en: 'You were signed out because your account signed in on too many devices. Please sign in again.',
    'zh-CN': '您的账号在过多设备上登录，本次会话已结束，请重新登录。',
    'zh-TW': '您的帳號在過多裝置上登入，本次工作階段已結束，請重新登入。',
  },
} as const satisfies Record<string, Record<Language, string>>;
