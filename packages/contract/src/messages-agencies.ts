import type { Language } from './languages.ts';

/** Server messages of issue 4 (agencies); merged into the catalogue in messages.ts. */
export const agenciesMessages = {
  'validation.percent.decimals': { en: 'At most 2 decimals', 'zh-CN': '最多2位小数', 'zh-TW': '最多2位小數' },
  'error.idempotency.required': {
    en: 'This request moves money and needs an Idempotency-Key header',
    'zh-CN': '该请求涉及资金变动，须携带Idempotency-Key请求头',
    'zh-TW': '該請求涉及資金變動，須攜帶Idempotency-Key請求標頭',
  },
  'error.agency.settlementCurrency.balance': {
    en: 'The settlement currency cannot change while the agency holds money in {{currency}} ({{amounts}})',
    'zh-CN': '分销商仍有{{currency}}资金（{{amounts}}），不能变更结算币种',
    'zh-TW': '分銷商仍有{{currency}}資金（{{amounts}}），不能變更結算幣種',
  },
  'error.agency.delete.balance': {
    en: 'The agency still holds money ({{amounts}}); settle its balance before deleting it',
    'zh-CN': '该分销商仍有资金（{{amounts}}），请先结清余额再删除',
    'zh-TW': '該分銷商仍有資金（{{amounts}}），請先結清餘額再刪除',
  },
  'error.agency.delete.holds': {
    en: 'The agency has {{count}} payment(s) still reserved for open orders; finish or cancel them before deleting it',
    'zh-CN': '该分销商仍有{{count}}笔未完成订单的预留款项，请先完成或取消后再删除',
    'zh-TW': '該分銷商仍有{{count}}筆未完成訂單的預留款項，請先完成或取消後再刪除',
  },
  'error.agency.noSuperUser': {
    en: 'This agency has no active administrator whose password could be reset',
    'zh-CN': '该分销商没有可重置密码的有效管理员',
    'zh-TW': '該分銷商沒有可重設密碼的有效管理員',
  },
  'error.topUp.amountMismatch': {
    en: 'The amount does not match the received amount, exchange rate and fee: it should be {{expected}} {{currency}}',
    'zh-CN': '到账金额与收款金额、汇率及手续费不符，应为{{expected}} {{currency}}',
    'zh-TW': '到帳金額與收款金額、匯率及手續費不符，應為{{expected}} {{currency}}',
  },
  'error.topUp.rateSameCurrency': {
    en: 'The received currency is the settlement currency, so the exchange rate must be 1',
    'zh-CN': '收款币种与结算币种相同，汇率须为1',
    'zh-TW': '收款幣種與結算幣種相同，匯率須為1',
  },
  'error.credit.inUse': {
    en: 'The agency already uses {{used}} {{currency}} of credit; the new limit cannot be lower than that',
    'zh-CN': '该分销商已使用授信{{used}} {{currency}}，新额度不能低于已用额度',
    'zh-TW': '該分銷商已使用授信{{used}} {{currency}}，新額度不能低於已用額度',
  },
  // Issue 14: "Send email" for an agency no mail can reach is refused, never answered as a success.
  'error.email.noContact': {
    en: 'No email can be sent: this agency has no contact email. Turn off "Send email", or add a contact email to the agency first',
    'zh-CN': '无法发送邮件：该分销商没有联系邮箱。请关闭“发送邮件”，或先为分销商填写联系邮箱',
    'zh-TW': '無法傳送電子郵件：該分銷商沒有聯絡電子郵件。請關閉「傳送電子郵件」，或先為分銷商填寫聯絡電子郵件',
  },
  'error.email.switchedOff': {
    en: 'No email can be sent: emails to this agency are switched off in its settings. Turn off "Send email", or switch "Send emails to the agency" on first',
    'zh-CN': '无法发送邮件：该分销商的设置已关闭邮件。请关闭“发送邮件”，或先开启“向分销商发送邮件”',
    'zh-TW': '無法傳送電子郵件：該分銷商的設定已關閉電子郵件。請關閉「傳送電子郵件」，或先開啟「向分銷商傳送電子郵件」',
  },
  'error.lookToBook.range': {
    en: 'The period may span at most 366 days',
    'zh-CN': '查询区间最长366天',
    'zh-TW': '查詢區間最長366天',
  },
  'error.apiKey.noHosts': {
    en: 'This API key has no allowed hosts yet, so every address is refused; ask your agency manager to add the address {{ip}}',
    'zh-CN': '该API密钥尚未配置允许的主机，所有地址均被拒绝；请联系上级分销商添加地址{{ip}}',
    'zh-TW': '該API金鑰尚未設定允許的主機，所有位址均被拒絕；請聯絡上級分銷商新增位址{{ip}}',
  },
  'error.apiKey.hostNotAllowed': {
    en: 'This API key may not be used from {{ip}}: the address is not in the agency\'s allowed hosts',
    'zh-CN': '该API密钥不能从{{ip}}使用：该地址不在分销商允许的主机列表中',
    'zh-TW': '該API金鑰不能從{{ip}}使用：該位址不在分銷商允許的主機清單中',
  },
  'error.apiKey.rateLimited': {
    en: 'Too many requests with this API key; try again in {{seconds}} seconds',
    'zh-CN': '该API密钥请求过于频繁，请{{seconds}}秒后再试',
    'zh-TW': '該API金鑰請求過於頻繁，請{{seconds}}秒後再試',
  },
  'error.apiKey.noSession': {
    en: 'Requests made with an API key have no session or password; sign-out and password change do not apply',
    'zh-CN': '使用API密钥的请求没有会话和密码，不能退出登录或修改密码',
    'zh-TW': '使用API金鑰的請求沒有工作階段和密碼，不能登出或修改密碼',
  },

  // Emails (modules/notifications). Subjects are one line; texts are plain text.
  'email.top-up.subject': {
    en: '{{platform}}: your account {{code}} was topped up with {{amount}} {{currency}}',
    'zh-CN': '{{platform}}：您的账户{{code}}已充值{{amount}} {{currency}}',
    'zh-TW': '{{platform}}：您的帳戶{{code}}已儲值{{amount}} {{currency}}',
  },
  'email.top-up.text': {
    en: 'Dear {{name}},\n\nYour account {{code}} was topped up with {{amount}} {{currency}} (reference {{reference}}).\nYour balance is now {{balance}} {{currency}}.\n\nThis message was sent automatically by {{platform}}; please do not reply.',
    'zh-CN': '{{name}}，您好：\n\n您的账户{{code}}已充值{{amount}} {{currency}}（参考号{{reference}}）。\n当前余额为{{balance}} {{currency}}。\n\n此邮件由{{platform}}自动发送，请勿回复。',
    'zh-TW': '{{name}}，您好：\n\n您的帳戶{{code}}已儲值{{amount}} {{currency}}（參考號{{reference}}）。\n目前餘額為{{balance}} {{currency}}。\n\n此郵件由{{platform}}自動發送，請勿回覆。',
  },
  'email.credit-limit.subject': {
    en: '{{platform}}: the credit limit of your account {{code}} is now {{creditLimit}} {{currency}}',
    'zh-CN': '{{platform}}：您的账户{{code}}授信额度已调整为{{creditLimit}} {{currency}}',
    'zh-TW': '{{platform}}：您的帳戶{{code}}授信額度已調整為{{creditLimit}} {{currency}}',
  },
  'email.credit-limit.text': {
    en: 'Dear {{name}},\n\nThe credit limit of your account {{code}} is now {{creditLimit}} {{currency}}.\nCredit still available: {{availableCredit}} {{currency}}.\n\nThis message was sent automatically by {{platform}}; please do not reply.',
    'zh-CN': '{{name}}，您好：\n\n您的账户{{code}}授信额度已调整为{{creditLimit}} {{currency}}。\n当前可用授信：{{availableCredit}} {{currency}}。\n\n此邮件由{{platform}}自动发送，请勿回复。',
    'zh-TW': '{{name}}，您好：\n\n您的帳戶{{code}}授信額度已調整為{{creditLimit}} {{currency}}。\n目前可用授信：{{availableCredit}} {{currency}}。\n\n此郵件由{{platform}}自動發送，請勿回覆。',
  },
  'email.notice.subject': { en: '{{platform}}: {{title}}', 'zh-CN': '{{platform}}：{{title}}', 'zh-TW': '{{platform}}：{{title}}' },
  'email.notice.text': {
    en: 'Dear {{name}},\n\n{{body}}\n\nThis message was sent automatically by {{platform}}; please do not reply.',
    'zh-CN': '{{name}}，您好：\n\n{{body}}\n\n此邮件由{{platform}}自动发送，请勿回复。',
    'zh-TW': '{{name}}，您好：\n\n{{body}}\n\n此郵件由{{platform}}自動發送，請勿回覆。',
  },
} as const satisfies Record<string, Record<Language, string>>;
