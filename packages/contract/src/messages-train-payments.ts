import type { Language } from './languages.ts';

/** Server messages of train orders paid through payment channels and of the platform's train desk (issue 13). */
export const trainPaymentsMessages = {
  'train.order.payment.subject': { en: 'Train booking {{booking}}', 'zh-CN': '火车票订单 {{booking}}', 'zh-TW': '火車票訂單 {{booking}}' },
  'train.order.payment.redirect': {
    en: 'Continue on the payment page. The order is paid once the channel confirms the payment.',
    'zh-CN': '请在支付页面完成付款，支付渠道确认后订单即告支付。',
    'zh-TW': '請在支付頁面完成付款，支付管道確認後訂單即告支付。',
  },
  'train.desk.reasonRequired': {
    en: 'Please say why the tickets cannot be issued',
    'zh-CN': '请填写无法出票的原因',
    'zh-TW': '請填寫無法出票的原因',
  },
  'train.desk.issued': { en: 'Tickets issued', 'zh-CN': '出票成功', 'zh-TW': '出票成功' },
  'train.desk.markedFailed': {
    en: 'Marked failed: the payment was released to the agency',
    'zh-CN': '已标记为失败，款项已释放给代理商',
    'zh-TW': '已標記為失敗，款項已釋放給代理商',
  },
  'train.desk.stillTicketing': {
    en: 'The railway has not answered yet: the order stays in ticketing',
    'zh-CN': '铁路尚未答复，订单仍在出票中',
    'zh-TW': '鐵路尚未答覆，訂單仍在出票中',
  },
} as const satisfies Record<string, Record<Language, string>>;
