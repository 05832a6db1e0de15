import type { Agency, AgencyDetail } from '@portal/contract/api/agencies';
import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { DEFAULT_CREDIT_PERIOD, DEFAULT_PAYMENT_SETTINGS, DEFAULT_TRAIN_CONFIG } from '@portal/contract/api/agencies';

export const blueSky: Agency = {
  id: 'a1',
  code: 'A00001',
  name: 'Blue Sky Travel',
  alias: 'Blue Sky',
  address: null,
  logo: null,
  parentId: 'p1',
  proxyLevel: 1,
  status: 'active',
  contactName: 'Ada Lee',
  contactEmail: 'ada@bluesky.example',
  contactPhone: '+852 1234 5678',
  customerService: null,
  allowedHosts: ['203.0.113.10'],
  extraInfo: null,
  settlementCurrency: 'CNY',
  balance: { currency: 'CNY', cash: 1_234_567, creditLimit: 500_000, usedCredit: 0, availableCredit: 500_000, held: 12_000, available: 1_734_567 },
  apiKey: { prefix: 'ak_7f3a', createdAt: '2025-03-01T08:00:00Z', lastUsedAt: null },
  superUser: { id: 'u1', username: 'bluesky.admin' },
  createdAt: '2025-01-02T03:04:05Z',
};

export const tokyo: Agency = {
  ...blueSky,
  id: 'a2',
  code: 'A00002',
  name: 'Tokyo Tours',
  alias: null,
  status: 'disabled',
  settlementCurrency: 'JPY',
  balance: { currency: 'JPY', cash: -20_000, creditLimit: 100_000, usedCredit: 20_000, availableCredit: 80_000, held: 0, available: 80_000 },
  apiKey: null,
  superUser: { id: 'u2', username: 'tokyo.admin' },
};

export function detailOf(agency: Agency): AgencyDetail {
  return {
    ...agency,
    config: {
      common: { ...DEFAULT_COMMON_CONFIG, settlementCurrency: agency.settlementCurrency },
      flight: DEFAULT_FLIGHT_CONFIG,
      train: DEFAULT_TRAIN_CONFIG,
      creditPeriod: DEFAULT_CREDIT_PERIOD,
      payment: DEFAULT_PAYMENT_SETTINGS,
    },
  };
}
