import type { Language } from './languages.ts';

/** Server messages of issue 4 (payments); merged into the catalogue in messages.ts. */
export const paymentsMessages = {
  'payments.disabled': {
    en: 'Online payment is disabled for this agency',
    'zh-CN': '该代理已停用在线支付',
    'zh-TW': '該代理已停用線上支付',
  },
  'payments.channel.notAllowed': {
    en: 'This payment method is not available to your agency',
    'zh-CN': '您的代理不能使用该支付方式',
    'zh-TW': '您的代理不能使用該支付方式',
  },
  'payments.channel.notTopUp': {
    en: 'Balance and credit cannot be used to top up the wallet',
    'zh-CN': '余额和授信不能用于钱包充值',
    'zh-TW': '餘額和授信不能用於錢包儲值',
  },
  'payments.currency.settlement': {
    en: 'Top-ups are paid in your settlement currency {{currency}}',
    'zh-CN': '充值须使用您的结算币种{{currency}}',
    'zh-TW': '儲值須使用您的結算幣種{{currency}}',
  },
  'payments.currency.unsupported': {
    en: 'This payment method does not accept {{currency}}',
    'zh-CN': '该支付方式不支持{{currency}}',
    'zh-TW': '該支付方式不支援{{currency}}',
  },
  'payments.amount.belowFee': {
    en: 'The amount does not cover the handling fee of this payment method',
    'zh-CN': '金额不足以支付该支付方式的手续费',
    'zh-TW': '金額不足以支付該支付方式的手續費',
  },
  // Spec point 8 texts.
  'payments.channel.unavailable': {
    en: 'Payment information cannot be processed, try again later',
    'zh-CN': '支付信息暂时无法处理，请稍后再试',
    'zh-TW': '支付資訊暫時無法處理，請稍後再試',
  },
  'payments.failed': { en: 'Payment failed', 'zh-CN': '支付失败', 'zh-TW': '支付失敗' },
  'payments.timeout': { en: 'Payment timeout', 'zh-CN': '支付超时', 'zh-TW': '支付逾時' },

  'payments.channel.name.alipay': { en: 'Alipay', 'zh-CN': '支付宝', 'zh-TW': '支付寶' },
  'payments.channel.name.wechat-pay': { en: 'WeChat Pay', 'zh-CN': '微信支付', 'zh-TW': '微信支付' },
  'payments.channel.name.yeepay-alipay': { en: 'YeePay (Alipay)', 'zh-CN': '易宝支付（支付宝）', 'zh-TW': '易寶支付（支付寶）' },
  'payments.channel.name.yeepay-credit-card': { en: 'YeePay (credit card)', 'zh-CN': '易宝支付（信用卡）', 'zh-TW': '易寶支付（信用卡）' },
  'payments.channel.name.yeepay-debit-card': { en: 'YeePay (debit card)', 'zh-CN': '易宝支付（借记卡）', 'zh-TW': '易寶支付（簽帳卡）' },
  'payments.channel.name.yeepay-wechat': { en: 'YeePay (WeChat)', 'zh-CN': '易宝支付（微信）', 'zh-TW': '易寶支付（微信）' },
  'payments.channel.name.airwallex': { en: 'Airwallex', 'zh-CN': '空中云汇', 'zh-TW': '空中雲匯' },
  'payments.channel.name.stripe': { en: 'Stripe', 'zh-CN': 'Stripe', 'zh-TW': 'Stripe' },
  'payments.channel.name.paypal': { en: 'PayPal', 'zh-CN': 'PayPal', 'zh-TW': 'PayPal' },

  'payments.subject.topUp': {
    en: 'Wallet top-up {{company}}',
    'zh-CN': '钱包充值 {{company}}',
    'zh-TW': '錢包儲值 {{company}}',
  },

  // Why the last card attempt failed, on the portal's own pages (api/payment-failure.ts maps the provider's codes).
  'payments.failure.generic_decline': {
    en: 'The card was declined. Try another card or another way to pay.',
    'zh-CN': '银行卡被拒绝。请换一张卡或改用其他支付方式。',
    'zh-TW': '卡片遭拒絕。請換一張卡或改用其他付款方式。',
  },
  'payments.failure.insufficient_funds': {
    en: 'The card was declined: insufficient funds. Try another card or another way to pay.',
    'zh-CN': '银行卡被拒绝：余额不足。请换一张卡或改用其他支付方式。',
    'zh-TW': '卡片遭拒絕：餘額不足。請換一張卡或改用其他付款方式。',
  },
  'payments.failure.expired_card': {
    en: 'The card was declined: it has expired. Try another card or another way to pay.',
    'zh-CN': '银行卡被拒绝：卡已过期。请换一张卡或改用其他支付方式。',
    'zh-TW': '卡片遭拒絕：卡片已過期。請換一張卡或改用其他付款方式。',
  },
  'payments.failure.incorrect_cvc': {
    en: "The card was declined: the security code (CVC) is incorrect. Check it and try again, or pay another way.",
    'zh-CN': '银行卡被拒绝：安全码（CVC）不正确。请核对后重试，或改用其他支付方式。',
    'zh-TW': '卡片遭拒絕：安全碼（CVC）不正確。請核對後重試，或改用其他付款方式。',
  },
  'payments.failure.processing_error': {
    en: 'The card could not be processed because of an error. Try again in a moment, or pay another way.',
    'zh-CN': '处理银行卡时出错，未能扣款。请稍后重试，或改用其他支付方式。',
    'zh-TW': '處理卡片時發生錯誤，未能扣款。請稍後重試，或改用其他付款方式。',
  },
  'payments.failure.authentication_required': {
    en: 'The card was declined: the bank requires authentication (3D Secure). Try again and complete the check, or pay another way.',
    'zh-CN': '银行卡被拒绝：发卡行要求身份验证（3D Secure）。请重试并完成验证，或改用其他支付方式。',
    'zh-TW': '卡片遭拒絕：發卡銀行要求身分驗證（3D Secure）。請重試並完成驗證，或改用其他付款方式。',
  },
  'payments.failure.other': {
    en: 'The payment did not go through. Try again, use another card, or pay another way.',
    'zh-CN': '支付未成功。请重试、换一张卡或改用其他支付方式。',
    'zh-TW': '付款未成功。請重試、換一張卡或改用其他付款方式。',
  },

  // The channels' hosted payment pages (sandbox).
  'sandbox.page.title': { en: '{{channel}} checkout', 'zh-CN': '{{channel}}收银台', 'zh-TW': '{{channel}}收銀台' },
  'sandbox.page.notice': {
    en: 'Sandbox: no real money moves on this page',
    'zh-CN': '沙箱环境：本页面不会产生真实扣款',
    'zh-TW': '沙箱環境：本頁面不會產生真實扣款',
  },
  'sandbox.page.merchant': { en: 'Merchant', 'zh-CN': '商户', 'zh-TW': '商戶' },
  'sandbox.page.subject': { en: 'Order', 'zh-CN': '订单', 'zh-TW': '訂單' },
  'sandbox.page.reference': { en: 'Payment number', 'zh-CN': '交易号', 'zh-TW': '交易號' },
  'sandbox.page.amount': { en: 'Amount', 'zh-CN': '金额', 'zh-TW': '金額' },
  'sandbox.page.timeLeft': { en: 'Time left to pay', 'zh-CN': '剩余支付时间', 'zh-TW': '剩餘支付時間' },
  'sandbox.page.pay': { en: 'Pay', 'zh-CN': '支付', 'zh-TW': '支付' },
  'sandbox.page.cancel': { en: 'Cancel', 'zh-CN': '取消', 'zh-TW': '取消' },
  'sandbox.page.paid': {
    en: 'Payment received. You can return to the merchant.',
    'zh-CN': '支付成功，您可以返回商户。',
    'zh-TW': '支付成功，您可以返回商戶。',
  },
  'sandbox.page.canceled': { en: 'The payment was canceled', 'zh-CN': '支付已取消', 'zh-TW': '支付已取消' },
  'sandbox.page.expired': { en: 'This payment has expired', 'zh-CN': '该笔支付已过期', 'zh-TW': '該筆支付已過期' },
  'sandbox.page.back': { en: 'Return to the merchant', 'zh-CN': '返回商户', 'zh-TW': '返回商戶' },
  'sandbox.page.notFound': { en: 'Payment not found', 'zh-CN': '未找到该笔支付', 'zh-TW': '未找到該筆支付' },
  // PayPal: the buyer approved; the merchant captures (Orders v2).
  'sandbox.page.approved': {
    en: 'Payment approved. The merchant is completing it.',
    'zh-CN': '付款已授权，商户正在完成扣款。',
    'zh-TW': '付款已授權，商戶正在完成扣款。',
  },
  // Stripe: a test card the issuer declines (4000 0000 0000 0002); the payment stays open.
  'sandbox.page.declineCard': { en: 'Pay with a card that is declined', 'zh-CN': '用会被拒绝的卡支付', 'zh-TW': '用會被拒絕的卡支付' },
  'sandbox.page.declined': {
    en: 'Your card was declined. Try another card.',
    'zh-CN': '您的卡被拒绝，请换一张卡再试。',
    'zh-TW': '您的卡遭拒絕，請換一張卡再試。',
  },
} as const satisfies Record<string, Record<Language, string>>;
