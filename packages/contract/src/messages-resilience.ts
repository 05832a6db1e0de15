import type { Language } from './languages.ts';

/** Server messages of database outages and faults (issue 9); merged into the catalogue in messages.ts. */
export const resilienceMessages = {
  'error.db.unavailable': {
    en: 'The service is temporarily unavailable. Please try again in a moment.',
    'zh-CN': '服务暂时不可用，请稍后再试。',
    'zh-TW': '服務暫時無法使用，請稍後再試。',
  },
  // A write cut off by the outage may have done part of its work: the same request (same key) is the safe retry.
  'error.db.writeInterrupted': {
    en: 'The service is temporarily unavailable and your request may not have been completed. Please repeat the same request in a moment; do not start a new one.',
    'zh-CN': '服务暂时不可用，您的请求可能未完成。请稍后重新提交同一请求，不要另行发起新的请求。',
    'zh-TW': '服務暫時無法使用，您的請求可能未完成。請稍後重新提交同一請求，不要另行發起新的請求。',
  },
  'error.db.outcomeUnknown': {
    en: 'The connection to the database was lost while your change was being saved, so it may or may not have taken effect. Please repeat the same request in a moment to learn its outcome; do not start a new one.',
    'zh-CN': '保存更改时与数据库的连接中断，无法确定更改是否已生效。请稍后重新提交同一请求以获知结果，不要另行发起新的请求。',
    'zh-TW': '儲存變更時與資料庫的連線中斷，無法確定變更是否已生效。請稍後重新提交同一請求以得知結果，不要另行發起新的請求。',
  },
  'error.health.notReady': {
    en: 'Not ready: the database cannot be reached.',
    'zh-CN': '未就绪：无法连接数据库。',
    'zh-TW': '未就緒：無法連線資料庫。',
  },
} as const satisfies Record<string, Record<Language, string>>;
