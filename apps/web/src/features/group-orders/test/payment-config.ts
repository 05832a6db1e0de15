import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';

/** What the group pay dialog reads for the agency's payment methods (GET, as the flight orders' pay dialog does). */
export const PAYMENT_CONFIG_PATH = '/order/v2/flight/config/payment';

/** The demo agency's methods: balance and credit, Alipay (0.6%) and PayPal (3.4%, USD only). */
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
