import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { PaymentFailure } from '@portal/contract/api/payment-failure';
import i18n from '../../lib/i18n';

/** The demo agency's methods, as the pay dialogs read them: balance and credit, Alipay (0.6%) and PayPal (3.4%, USD only). */
export const paymentConfig: PaymentConfigAnswer = {
  disablePayment: false,
  channels: [
    { channel: 'balance', feeBp: 0, currencies: ['CNY'] },
    { channel: 'credit', feeBp: 0, currencies: ['CNY'] },
    { channel: 'alipay', feeBp: 60, currencies: ['CNY'] },
    { channel: 'paypal', feeBp: 340, currencies: ['USD'] },
  ],
  balance: { currency: 'CNY', cash: 100_000, creditLimit: 500_000, usedCredit: 0, availableCredit: 500_000, held: 0, available: 600_000 },
};

/** Stripe's notice of a card declined for insufficient funds, as the portal records it (payment_intent.payment_failed). */
export const insufficientFunds: PaymentFailure = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  at: '2030-01-01T00:05:00Z',
};

/** What each page says about `insufficientFunds`, per language. */
export const INSUFFICIENT_FUNDS_TEXTS = [
  ['en', 'The card was declined: insufficient funds. Try another card or another way to pay.'],
  ['zh-CN', '银行卡被拒绝：余额不足。请换一张卡或改用其他支付方式。'],
  ['zh-TW', '卡片遭拒絕：餘額不足。請換一張卡或改用其他付款方式。'],
] as const;

/** Renders a page once per language and checks it says why the card was declined; English again afterwards. */
export async function expectDeclineInEveryLanguage(open: () => void, cleanup: () => void): Promise<void> {
  try {
    for (const [language, text] of INSUFFICIENT_FUNDS_TEXTS) {
      await i18n.changeLanguage(language);
      open();
      expect((await screen.findByTestId('payment-failure', {}, { timeout: 10_000 })).textContent, language).toBe(text);
      cleanup();
    }
  } finally {
    await i18n.changeLanguage('en');
  }
}
