import type { Language } from './languages.ts';

/** Server messages of issue 4 (ledger, agencies, payments, bills); merged into the catalogue in messages.ts. */
export const moneyMessages = {
  'validation.amount.positive': { en: 'The amount must be greater than 0', 'zh-CN': '金额须大于0', 'zh-TW': '金額須大於0' },
  'validation.credit.required': { en: 'Please enter the credit limit', 'zh-CN': '请输入授信额度', 'zh-TW': '請輸入授信額度' },
  'validation.credit.negative': { en: 'The credit limit cannot be negative', 'zh-CN': '授信额度不能为负数', 'zh-TW': '授信額度不能為負數' },
  'validation.host': {
    en: 'Enter an IP address, a CIDR range or a host name',
    'zh-CN': '请输入IP地址、CIDR网段或主机名',
    'zh-TW': '請輸入IP位址、CIDR網段或主機名稱',
  },
  'validation.date': { en: 'Dates are written yyyy-mm-dd', 'zh-CN': '日期格式须为yyyy-mm-dd', 'zh-TW': '日期格式須為yyyy-mm-dd' },
  'validation.month': { en: 'Months are written yyyy-mm', 'zh-CN': '月份格式须为yyyy-mm', 'zh-TW': '月份格式須為yyyy-mm' },
  'validation.dateRange': { en: 'The start date must not be after the end date', 'zh-CN': '开始日期不能晚于结束日期', 'zh-TW': '開始日期不能晚於結束日期' },
  'error.idempotency.conflict': {
    en: 'This Idempotency-Key was already used for a different request',
    'zh-CN': '该幂等键已用于另一个不同的请求',
    'zh-TW': '該冪等鍵已用於另一個不同的請求',
  },
  'error.idempotency.key': {
    en: 'The Idempotency-Key header must be 8-128 visible characters',
    'zh-CN': 'Idempotency-Key请求头须为8-128个可见字符',
    'zh-TW': 'Idempotency-Key請求標頭須為8-128個可見字元',
  },
  'error.balance.insufficient': { en: 'Insufficient account balance', 'zh-CN': '账户余额不足', 'zh-TW': '帳戶餘額不足' },
} as const satisfies Record<string, Record<Language, string>>;
