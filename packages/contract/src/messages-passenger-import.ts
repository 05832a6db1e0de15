import type { Language } from './languages.ts';

/**
 * Paste import (issue 11, passengers/paste-import.ts): the reasons a pasted line is refused, more precise than the
 * spec's "Import format error". Each is answered with the same {line, text} parameters as 'travellers.import.formatLine'
 * and starts with the same words, so the web shows any of them the same way.
 */
export const passengerImportMessages = {
  'travellers.paste.date': {
    en: 'Import format error on line {{line}}: a date is not a real day or not written as yyyy-mm-dd or ddMMMyy: {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：日期不存在或格式不是yyyy-mm-dd或ddMMMyy：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：日期不存在或格式不是yyyy-mm-dd或ddMMMyy：{{text}}',
  },
  'travellers.paste.documentType': {
    en: 'Import format error on line {{line}}: unknown or unsupported document type (P passport, I Chinese ID card): {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：证件类型未知或不支持（P护照，I中国身份证）：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：證件類型未知或不支援（P護照，I中國身分證）：{{text}}',
  },
  'travellers.paste.gender': {
    en: 'Import format error on line {{line}}: the gender must be M or F (or 男/女): {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：性别须为M或F（或男/女）：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：性別須為M或F（或男/女）：{{text}}',
  },
  'travellers.paste.docsFields': {
    en: 'Import format error on line {{line}}: the SSR DOCS line needs type/country/number/nationality/birth date/gender/expiry/surname/given names: {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：SSR DOCS须依次包含证件类型/签发国/证件号/国籍/出生日期/性别/有效期/姓/名：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：SSR DOCS須依次包含證件類型/簽發國/證件號/國籍/出生日期/性別/有效期/姓/名：{{text}}',
  },
  'travellers.paste.name': {
    en: 'Import format error on line {{line}}: surname and given names are required, in English letters: {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：姓和名为必填项，须为英文字母：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：姓和名為必填項，須為英文字母：{{text}}',
  },
} as const satisfies Record<string, Record<Language, string>>;
