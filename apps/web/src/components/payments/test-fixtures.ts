import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';

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
