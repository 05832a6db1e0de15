import type { Language } from './languages.ts';

/** Server messages of browser hardening and embedded-mode origins (issue 9); merged into the catalogue in messages.ts. */
export const embeddingMessages = {
  'embedding.origin.invalid': {
    en: 'Enter a site address such as https://www.example.com (https, a host name and an optional port; no path). Plain http is allowed for localhost only.',
    'zh-CN': '请输入形如 https://www.example.com 的网站地址（https、主机名及可选端口，不含路径）。仅 localhost 可使用 http。',
    'zh-TW': '請輸入形如 https://www.example.com 的網站位址（https、主機名稱及可選連接埠，不含路徑）。僅 localhost 可使用 http。',
  },
  'embedding.origins.tooMany': {
    en: 'At most {{max}} sites may embed the portal',
    'zh-CN': '最多允许{{max}}个网站嵌入本平台',
    'zh-TW': '最多允許{{max}}個網站嵌入本平台',
  },
  'embedding.origins.duplicate': {
    en: 'This site is listed more than once',
    'zh-CN': '该网站重复出现',
    'zh-TW': '該網站重複出現',
  },
} as const satisfies Record<string, Record<Language, string>>;
