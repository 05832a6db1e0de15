import type { Language } from './languages.ts';

/** Document recognition (issue 11) beyond the travellers catalogue's own four texts. */
export const recognitionMessages = {
  'travellers.recognition.rateLimited': {
    en: 'You have recognised too many documents in a short time. Please try again in {{seconds}} seconds.',
    'zh-CN': '您在短时间内识别的证件过多，请{{seconds}}秒后再试。',
    'zh-TW': '您在短時間內識別的證件過多，請{{seconds}}秒後再試。',
  },
} as const satisfies Record<string, Record<Language, string>>;
