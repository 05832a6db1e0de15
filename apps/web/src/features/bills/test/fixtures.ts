import type { MeAnswer } from '@portal/contract/api/auth';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { Statement, StatementDetail, Transaction, WalletEntry, WalletSummary } from '@portal/contract/api/bills';

export const COMPANY_ID = '7b0c2a4e-8d3f-4a51-9c61-0f2d3e4a5b6c';

export function financeMe(overrides: { proxyLevel?: number; canCreateSubAgency?: boolean; roles?: string[] } = {}): MeAnswer {
  return {
    userInfo: { id: 'u1', username: 'finance', roles: overrides.roles ?? ['finance'], config: { dateFormat: 'yyyy-MM-dd', defaultRegion: '86' } },
    company: {
      id: COMPANY_ID,
      code: 'A00001',
      name: 'Demo Travel Agency',
      proxyLevel: overrides.proxyLevel ?? 1,
      config: {
        commonConfig: {
          enableFlightService: true,
          enableTrainService: true,
          isShowBill: true,
          canCreateSubAgency: overrides.canCreateSubAgency ?? false,
          settlementCurrency: 'CNY',
        },
      },
    },
    permissions: [],
    embedded: false,
  } as unknown as MeAnswer;
}

export const wallet: WalletSummary = {
  companyId: COMPANY_ID,
  settlementCurrency: 'CNY',
  creditPeriod: { value: 1, unit: 'month' },
  balances: [
    { currency: 'CNY', cash: 4_250_000, creditLimit: 2_000_000, usedCredit: 0, availableCredit: 2_000_000, held: 125_000, available: 6_250_000 },
    { currency: 'JPY', cash: 150_000, creditLimit: 0, usedCredit: 0, availableCredit: 0, held: 0, available: 150_000 },
  ],
};

export const topUpEntry: WalletEntry = {
  id: 'e1',
  movementId: 'm1',
  paymentTime: '2025-03-05T08:00:00Z',
  orderId: null,
  paymentReference: 'TX-TOPUP-1',
  amount: 5_000_000,
  currency: 'CNY',
  balanceAfter: 5_000_000,
  description: 'Top-up by bank transfer, reference DEMO-TOPUP-1',
  type: 'top-up',
};

export const paymentEntry: WalletEntry = {
  id: 'e2',
  movementId: 'm2',
  paymentTime: '2025-03-06T09:30:00Z',
  orderId: 'FO250306001',
  paymentReference: 'TX-PAY-2',
  amount: -750_000,
  currency: 'CNY',
  balanceAfter: 4_250_000,
  description: 'Flight order FO250306001',
  type: 'origin-flight',
};

export const paymentConfig: PaymentConfigAnswer = {
  disablePayment: false,
  balance: wallet.balances[0],
  channels: [
    { channel: 'balance', feeBp: 0, currencies: ['CNY'] },
    { channel: 'credit', feeBp: 0, currencies: ['CNY'] },
    { channel: 'alipay', feeBp: 60, currencies: ['CNY'] },
    { channel: 'paypal', feeBp: 340, currencies: ['USD', 'EUR'] },
  ],
};

export const transaction: Transaction = {
  id: 'TX-TOPUP-1',
  kind: 'top-up',
  originId: 'TOPUP-0001',
  method: 'bank-transfer',
  status: 'succeeded',
  gross: 700_000,
  grossCurrency: 'USD',
  net: 5_000_000,
  netCurrency: 'CNY',
  fee: 2_100,
  exchangeRate: '7.1728',
  externalReference: 'DEMO-TOPUP-1',
  paymentTime: '2025-03-05T08:00:00Z',
  createdAt: '2025-03-05T07:59:00Z',
};

export const statement: Statement = {
  id: 's1',
  companyId: COMPANY_ID,
  companyCode: 'A00001',
  companyName: 'Demo Travel Agency',
  month: '2025-03',
  currency: 'CNY',
  openingBalance: 0,
  closingBalance: 4_250_000,
  totalIn: 5_000_000,
  totalOut: 750_000,
  entryCount: 2,
  creditLimit: 2_000_000,
  amountDue: 0,
  dueDate: null,
  generatedAt: '2025-04-01T00:10:00Z',
  final: true,
};

export const statementDetail: StatementDetail = {
  ...statement,
  entries: [paymentEntry, topUpEntry],
  days: [
    { date: '2025-03-05', in: 5_000_000, out: 0, balance: 5_000_000 },
    { date: '2025-03-06', in: 0, out: 750_000, balance: 4_250_000 },
  ],
  showInvoiceType: false,
};

export const paged = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });
