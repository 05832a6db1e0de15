import type { Language } from './languages.ts';

/** Server messages of input hardening: NUL bytes, amount bounds, body limits (issue 9); merged into the catalogue in messages.ts. */
export const inputMessages = {
  // Text PostgreSQL cannot store (it refuses U+0000 in text and json) or no encoding can write (half a surrogate pair).
  'validation.text.nul': {
    en: 'The field "{{field}}" contains a NUL character (U+0000), which is not allowed',
    'zh-CN': '字段“{{field}}”包含空字符（U+0000），不允许使用',
    'zh-TW': '欄位「{{field}}」包含空字元（U+0000），不允許使用',
  },
  'validation.text.surrogate': {
    en: 'The field "{{field}}" contains an invalid character (an unpaired UTF-16 surrogate)',
    'zh-CN': '字段“{{field}}”包含无效字符（未配对的UTF-16代理项）',
    'zh-TW': '欄位「{{field}}」包含無效字元（未配對的UTF-16代理字元）',
  },
  // zod's bound: {{max}} is in minor units (cents) because that is what the API carries; the web says it in major units.
  'validation.amount.max': {
    en: 'The amount cannot exceed {{max}} (in minor units, e.g. cents)',
    'zh-CN': '金额不能超过{{max}}（以最小货币单位计，如“分”）',
    'zh-TW': '金額不能超過{{max}}（以最小貨幣單位計，如「分」）',
  },
  'validation.credit.max': {
    en: 'The credit limit cannot exceed {{max}} (in minor units, e.g. cents)',
    'zh-CN': '授信额度不能超过{{max}}（以最小货币单位计，如“分”）',
    'zh-TW': '授信額度不能超過{{max}}（以最小貨幣單位計，如「分」）',
  },
  'validation.percent.max': {
    en: 'A percentage must lie between -{{max}} and {{max}} basis points (-100% to 100%)',
    'zh-CN': '百分比须介于-{{max}}与{{max}}个基点之间（-100%至100%）',
    'zh-TW': '百分比須介於-{{max}}與{{max}}個基點之間（-100%至100%）',
  },
  // The ledger's own refusals, in the currency's major units.
  'error.amount.tooLarge': {
    en: 'A single amount cannot exceed {{max}} {{currency}}; nothing was changed',
    'zh-CN': '单笔金额不能超过{{max}} {{currency}}，未做任何更改',
    'zh-TW': '單筆金額不能超過{{max}} {{currency}}，未做任何變更',
  },
  'error.balance.limit': {
    en: 'The balance cannot exceed {{max}} {{currency}} (funds held for bookings included); this amount would take it past that, so nothing was changed',
    'zh-CN': '余额（含预订冻结的资金）不能超过{{max}} {{currency}}，该金额会使余额超出上限，未做任何更改',
    'zh-TW': '餘額（含預訂凍結的資金）不能超過{{max}} {{currency}}，該金額會使餘額超出上限，未做任何變更',
  },
  'error.credit.tooLarge': {
    en: 'The credit limit cannot exceed {{max}} {{currency}}; nothing was changed',
    'zh-CN': '授信额度不能超过{{max}} {{currency}}，未做任何更改',
    'zh-TW': '授信額度不能超過{{max}} {{currency}}，未做任何變更',
  },
  'error.body.tooLarge': {
    en: 'The request is too large: at most {{limit}} may be sent',
    'zh-CN': '请求内容过大：最多可发送{{limit}}',
    'zh-TW': '請求內容過大：最多可傳送{{limit}}',
  },
  // The prefixes are host-range.ts MIN_PREFIX (a test keeps them in step); written out so the web's own form shows them too.
  'error.body.tooLargeOther': { en: 'The request is too large', 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大' },
  'validation.hostTooWide': {
    en: 'This range allows too many addresses: list your own addresses or ranges (IPv4 at least /8, IPv6 at least /32), not a range such as 0.0.0.0/0 that allows the API key from anywhere',
    'zh-CN': '该网段包含的地址过多：请填写贵方自己的地址或网段（IPv4至少/8，IPv6至少/32），不要填写0.0.0.0/0这类允许API密钥从任何地址使用的网段',
    'zh-TW': '該網段包含的位址過多：請填寫貴方自己的位址或網段（IPv4至少/8，IPv6至少/32），不要填寫0.0.0.0/0這類允許API金鑰從任何位址使用的網段',
  },
} as const satisfies Record<string, Record<Language, string>>;
