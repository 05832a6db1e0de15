import type { Language } from './languages.ts';

/**
 * Server messages of booking webhooks (issue 8); merged into the catalogue in messages.ts. A delivery's last error is
 * stored as one of these keys (plus a technical detail) and read in the caller's language.
 */
export const webhooksMessages = {
  'webhooks.error.timeout': {
    en: 'No answer within {{seconds}} seconds',
    'zh-CN': '{{seconds}}秒内无响应',
    'zh-TW': '{{seconds}}秒內無回應',
  },
  'webhooks.error.network': {
    en: 'The endpoint could not be reached',
    'zh-CN': '无法连接到接收地址',
    'zh-TW': '無法連線到接收位址',
  },
  'webhooks.error.status': {
    en: 'The endpoint answered HTTP {{status}}',
    'zh-CN': '接收地址返回 HTTP {{status}}',
    'zh-TW': '接收位址回傳 HTTP {{status}}',
  },
  'webhooks.error.redirect': {
    en: 'The endpoint answered a redirect (HTTP {{status}}); redirects are not followed',
    'zh-CN': '接收地址返回重定向（HTTP {{status}}），系统不会跟随重定向',
    'zh-TW': '接收位址回傳重新導向（HTTP {{status}}），系統不會跟隨重新導向',
  },
  'webhooks.error.scheme': {
    en: 'Only http and https addresses can receive notifications',
    'zh-CN': '仅支持 http 和 https 地址接收通知',
    'zh-TW': '僅支援 http 和 https 位址接收通知',
  },
} as const satisfies Record<string, Record<Language, string>>;
