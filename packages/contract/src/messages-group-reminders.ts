import type { Language } from './languages.ts';

/**
 * Group deadline reminders (issue 12): the mails the reminder job and the lapse job write to the agency's finance users
 * and the group's contact, and the deadline names they use; merged into the catalogue in messages.ts. Times are UTC
 * ("2026-01-04 08:00 UTC"), amounts "1,000.00 CNY".
 */
export const groupRemindersMessages = {
  'group.deadline.confirm': { en: 'Quote confirmation', 'zh-CN': '报价确认', 'zh-TW': '報價確認' },
  'group.deadline.deposit1': { en: 'First deposit', 'zh-CN': '第一期订金', 'zh-TW': '第一期訂金' },
  'group.deadline.deposit2': { en: 'Second deposit', 'zh-CN': '第二期订金', 'zh-TW': '第二期訂金' },
  'group.deadline.deposit3': { en: 'Third deposit', 'zh-CN': '第三期订金', 'zh-TW': '第三期訂金' },
  'group.deadline.final': { en: 'Final payment', 'zh-CN': '尾款', 'zh-TW': '尾款' },
  'group.reminder.when.3d': { en: 'within 3 days', 'zh-CN': '3天内', 'zh-TW': '3天內' },
  'group.reminder.when.1d': { en: 'within 24 hours', 'zh-CN': '24小时内', 'zh-TW': '24小時內' },
  'group.reminder.details.confirm': {
    en: 'Quote version {{version}}, total {{amount}}.',
    'zh-CN': '报价第{{version}}版，总价 {{amount}}。',
    'zh-TW': '報價第{{version}}版，總價 {{amount}}。',
  },
  'group.reminder.details.instalment': { en: 'Amount due: {{amount}}.', 'zh-CN': '应付金额：{{amount}}。', 'zh-TW': '應付金額：{{amount}}。' },
  'group.reminder.consequence.confirm': {
    en: 'If the quote is not confirmed by then, it lapses and the group is closed.',
    'zh-CN': '逾期未确认，报价将失效，团队将被关闭。',
    'zh-TW': '逾期未確認，報價將失效，團體將被關閉。',
  },
  'group.reminder.consequence.instalment': {
    en: 'If it is not paid by then, the group is closed and the deposits already paid are not refunded.',
    'zh-CN': '逾期未付款，团队将被关闭，已付订金不予退还。',
    'zh-TW': '逾期未付款，團體將被關閉，已付訂金不予退還。',
  },
  'group.reminder.lapsed.confirm': {
    en: 'The quote (version {{version}}) was not confirmed by {{dueAt}}: it lapsed and the group is closed. Submit a new request if you still need the seats.',
    'zh-CN': '报价（第{{version}}版）未在 {{dueAt}} 前确认，已失效，团队已关闭。如仍需座位，请重新提交申请。',
    'zh-TW': '報價（第{{version}}版）未在 {{dueAt}} 前確認，已失效，團體已關閉。如仍需座位，請重新提交申請。',
  },
  'group.reminder.lapsed.instalment': {
    en: '{{deadline}} of {{amount}} was not paid by {{dueAt}}: the group is closed and the deposits already paid are not refunded.',
    'zh-CN': '{{deadline}}（{{amount}}）未在 {{dueAt}} 前支付，团队已关闭，已付订金不予退还。',
    'zh-TW': '{{deadline}}（{{amount}}）未在 {{dueAt}} 前支付，團體已關閉，已付訂金不予退還。',
  },

  // Emails (modules/notifications, kinds group-reminder and group-lapsed).
  'email.group-reminder.subject': {
    en: '{{platform}}: {{deadline}} of group {{booking}} due by {{dueAt}}',
    'zh-CN': '{{platform}}：团队订单 {{booking}} 的{{deadline}}截止时间为 {{dueAt}}',
    'zh-TW': '{{platform}}：團體訂單 {{booking}} 的{{deadline}}截止時間為 {{dueAt}}',
  },
  'email.group-reminder.text': {
    en: 'Dear {{name}},\n\nReminder: {{deadline}} of group booking {{booking}} ({{route}}) is due {{when}}, by {{dueAt}}.\n{{details}}\n{{consequence}}\n\nOpen the group: {{link}}\n\nThis message was sent automatically by {{platform}}; please do not reply.',
    'zh-CN': '{{name}}，您好：\n\n提醒：团队订单 {{booking}}（{{route}}）的{{deadline}}将于{{when}}到期，截止时间为 {{dueAt}}。\n{{details}}\n{{consequence}}\n\n查看团队订单：{{link}}\n\n此邮件由{{platform}}自动发送，请勿回复。',
    'zh-TW': '{{name}}，您好：\n\n提醒：團體訂單 {{booking}}（{{route}}）的{{deadline}}將於{{when}}到期，截止時間為 {{dueAt}}。\n{{details}}\n{{consequence}}\n\n查看團體訂單：{{link}}\n\n此郵件由{{platform}}自動發送，請勿回覆。',
  },
  'email.group-lapsed.subject': {
    en: '{{platform}}: group {{booking}} closed, {{deadline}} deadline missed',
    'zh-CN': '{{platform}}：团队订单 {{booking}} 已关闭（{{deadline}}已逾期）',
    'zh-TW': '{{platform}}：團體訂單 {{booking}} 已關閉（{{deadline}}已逾期）',
  },
  'email.group-lapsed.text': {
    en: 'Dear {{name}},\n\nGroup booking {{booking}} ({{route}}) is closed.\n{{outcome}}\n\nOpen the group: {{link}}\n\nThis message was sent automatically by {{platform}}; please do not reply.',
    'zh-CN': '{{name}}，您好：\n\n团队订单 {{booking}}（{{route}}）已关闭。\n{{outcome}}\n\n查看团队订单：{{link}}\n\n此邮件由{{platform}}自动发送，请勿回复。',
    'zh-TW': '{{name}}，您好：\n\n團體訂單 {{booking}}（{{route}}）已關閉。\n{{outcome}}\n\n查看團體訂單：{{link}}\n\n此郵件由{{platform}}自動發送，請勿回覆。',
  },
} as const satisfies Record<string, Record<Language, string>>;
