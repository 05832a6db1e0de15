/**
 * What the bills page tests (features/bills, features/agency-bills) set up the same way: the API client and session
 * mocks, a QueryClient that never retries inside a router at the page's URL, English texts, cleanup, and the
 * sub-agency fixtures the agency manager's pages share. vi.mock must stay in each test file (it is hoisted there, and
 * its path is relative to that file), so the factories live here and the test files load them:
 *
 *   vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule()));
 *
 * This file therefore imports neither lib/api nor lib/session (they would be the mocks being built).
 */
import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { Statement, WalletEntry } from '@portal/contract/api/bills';
import i18n from '../../lib/i18n';

/** lib/api as a mock; `idempotencyKey` is what newIdempotencyKey returns (the top-up tests read it). */
export function apiModule({ idempotencyKey }: { idempotencyKey?: string } = {}) {
  return {
    ApiError: class ApiError extends Error {},
    api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn(), download: vi.fn() },
    newIdempotencyKey: vi.fn(() => idempotencyKey),
  };
}

/** lib/session as a mock, signed in as `me` (or as `signedIn.me` when a test swaps it). */
export const signedIn: { me: MeAnswer | null } = { me: null };
export function sessionModule(me: MeAnswer) {
  return { useSession: () => ({ me: signedIn.me ?? me }) };
}

/** Every test file: texts in English (the assertions read them), and an empty document after each test. */
export function setupBillsTests() {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);
}

/** Renders a page at `url` in a fresh QueryClient that never retries; `path` routes it when it reads path params. */
export function renderPage(page: ReactNode, url: string, path?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {path ? (
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        ) : (
          page
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The agency manager signed in (features/agency-bills): only the date format matters to these pages. */
export const managerMe = {
  userInfo: { id: 'admin', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } },
  company: { proxyLevel: 0, config: { commonConfig: { canCreateSubAgency: true, isShowBill: true } } },
  permissions: ['all'],
} as unknown as MeAnswer;

/** A finance agency manager without agencybills:read: sees sub-agency statements, not the agency bill pages. */
export const financeManagerMe = {
  ...managerMe,
  userInfo: { id: 'pfin', roles: ['finance'], config: { dateFormat: 'yyyy-MM-dd' } },
  permissions: [],
} as unknown as MeAnswer;

/** A sub-agency of the signed-in agency, and its February statement and one entry of it. */
export const SUB_ID = '5c1d7e0a-2b3c-4d5e-8f90-a1b2c3d4e5f6';

export const subStatement: Statement = {
  id: 's9',
  companyId: SUB_ID,
  companyCode: 'A00002',
  companyName: 'Second Agency',
  month: '2025-02',
  currency: 'CNY',
  openingBalance: 0,
  closingBalance: -120_000,
  totalIn: 0,
  totalOut: 120_000,
  entryCount: 1,
  creditLimit: 500_000,
  amountDue: 120_000,
  dueDate: '2025-03-31',
  generatedAt: '2025-03-01T00:10:00Z',
  final: true,
};

export const subEntry: WalletEntry = {
  id: 'e9',
  movementId: 'm9',
  paymentTime: '2025-02-10T03:00:00Z',
  orderId: 'FO250210009',
  paymentReference: 'TX-9',
  amount: -120_000,
  currency: 'CNY',
  balanceAfter: -120_000,
  description: 'Flight order FO250210009',
  type: 'origin-flight',
};
