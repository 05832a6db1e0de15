import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { api } from '../../lib/api';

/** The agency's payment methods (balance, credit, the channels its settings allow, with their fees) and balances. */
export const PAYMENT_CONFIG_PATH = '/order/v2/flight/config/payment';

/** GET the payment configuration; each pay dialog wraps it in a query under its own feature's keys. */
export const fetchPaymentConfig = (signal?: AbortSignal) => api.get<PaymentConfigAnswer>(PAYMENT_CONFIG_PATH, { signal });
