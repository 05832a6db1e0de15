import type { Language } from './languages.ts';

/** Server messages of flight orders (issue 8); merged into the catalogue in messages.ts. */
export const ordersMessages = {
  'order.booked': { en: 'Booking created', 'zh-CN': '预订已创建', 'zh-TW': '預訂已建立' },
  'order.bookedForReview': {
    en: 'Booking created; it needs approval before it can be paid',
    'zh-CN': '预订已创建，需审核通过后才能支付',
    'zh-TW': '預訂已建立，需審核通過後才能支付',
  },
  'order.holding': {
    en: 'The airline has not confirmed the booking yet. We are checking with it; the order updates by itself.',
    'zh-CN': '航司尚未确认该预订，系统正在核实，订单状态将自动更新。',
    'zh-TW': '航司尚未確認該預訂，系統正在核實，訂單狀態將自動更新。',
  },
  'order.priceChanged': {
    en: 'Price changed: the new total is {{total}} {{currency}}. Accept the new price or go back to search.',
    'zh-CN': '价格已变更：新总价为 {{total}} {{currency}}。请接受新价格或返回重新搜索。',
    'zh-TW': '價格已變更：新總價為 {{total}} {{currency}}。請接受新價格或返回重新搜尋。',
  },
  'order.soldOut': {
    en: 'No seats are left on this fare. Please choose another fare or search again.',
    'zh-CN': '该运价已无座位，请选择其他运价或重新搜索。',
    'zh-TW': '該運價已無座位，請選擇其他運價或重新搜尋。',
  },
  'order.fareInvalid': {
    en: 'Package changed or invalid. Please switch to another fare or search again.',
    'zh-CN': '产品已变更或失效，请切换其他运价或重新搜索。',
    'zh-TW': '產品已變更或失效，請切換其他運價或重新搜尋。',
  },
  'order.duplicate': {
    en: 'The airline already holds this booking',
    'zh-CN': '航司已存在相同的预订',
    'zh-TW': '航司已存在相同的預訂',
  },
  'order.nameRefused': {
    en: 'The airline refused the name of passenger {{n}}: {{reason}}',
    'zh-CN': '航司拒绝了第{{n}}位乘客的姓名：{{reason}}',
    'zh-TW': '航司拒絕了第{{n}}位乘客的姓名：{{reason}}',
  },
  'order.supplierFailed': {
    en: 'The airline system did not answer. Nothing was booked; please try again later.',
    'zh-CN': '航司系统未响应，未产生预订，请稍后重试。',
    'zh-TW': '航司系統未回應，未產生預訂，請稍後重試。',
  },
  'order.searchExpired': {
    en: 'Price may change, search again',
    'zh-CN': '价格可能已变动，请重新搜索',
    'zh-TW': '價格可能已變動，請重新搜尋',
  },
  'order.notFound': { en: 'Booking does not exist', 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在' },
  'order.transition.refused': {
    en: 'This order is {{status}}: it cannot be {{event}} now',
    'zh-CN': '订单当前状态为{{status}}，无法执行“{{event}}”',
    'zh-TW': '訂單目前狀態為{{status}}，無法執行「{{event}}」',
  },
  'order.payment.deadlinePassed': {
    en: 'The payment deadline has passed; the booking is closed',
    'zh-CN': '已超过支付期限，预订已关闭',
    'zh-TW': '已超過支付期限，預訂已關閉',
  },
  'order.payment.insufficient': { en: 'Insufficient account balance', 'zh-CN': '账户余额不足', 'zh-TW': '帳戶餘額不足' },
  'order.payment.methodNotAllowed': {
    en: 'This payment method is not available to your agency',
    'zh-CN': '您的代理不能使用该支付方式',
    'zh-TW': '您的代理不能使用該支付方式',
  },
  'order.payment.disabled': {
    en: 'Payment is disabled for this agency',
    'zh-CN': '该代理已停用支付',
    'zh-TW': '該代理已停用支付',
  },
  'order.payment.failed': { en: 'Payment failed', 'zh-CN': '支付失败', 'zh-TW': '支付失敗' },
  'order.payment.unavailable': {
    en: 'Payment information cannot be processed, try again later',
    'zh-CN': '支付信息暂时无法处理，请稍后重试',
    'zh-TW': '支付資訊暫時無法處理，請稍後重試',
  },
  'order.payment.subject': { en: 'Flight booking {{booking}}', 'zh-CN': '机票订单 {{booking}}', 'zh-TW': '機票訂單 {{booking}}' },
  'order.review.remarkRequired': {
    en: 'Please say why the booking is rejected',
    'zh-CN': '请填写拒绝原因',
    'zh-TW': '請填寫拒絕原因',
  },
  'order.itinerary.notIssued': {
    en: 'The itinerary can be downloaded once the tickets are issued',
    'zh-CN': '出票后才能下载行程单',
    'zh-TW': '出票後才能下載行程單',
  },
  'order.idempotencyKeyRequired': {
    en: 'An Idempotency-Key header is required for this request',
    'zh-CN': '此请求须携带 Idempotency-Key 请求头',
    'zh-TW': '此請求須攜帶 Idempotency-Key 請求標頭',
  },
  'order.email.issued.subject': {
    en: 'Your e-ticket {{booking}} is issued',
    'zh-CN': '您的电子客票 {{booking}} 已出票',
    'zh-TW': '您的電子機票 {{booking}} 已出票',
  },
  'order.email.issued.body': {
    en: 'The tickets of booking {{booking}} (record locator {{pnr}}) are issued:\n{{tickets}}\n\nFlights:\n{{flights}}\n\nHave a good trip.',
    'zh-CN': '订单 {{booking}}（记录编号 {{pnr}}）已出票：\n{{tickets}}\n\n航班：\n{{flights}}\n\n祝您旅途愉快。',
    'zh-TW': '訂單 {{booking}}（記錄編號 {{pnr}}）已出票：\n{{tickets}}\n\n航班：\n{{flights}}\n\n祝您旅途愉快。',
  },
} as const satisfies Record<string, Record<Language, string>>;
