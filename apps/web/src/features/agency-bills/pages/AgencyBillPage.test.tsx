import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { Balances } from '@portal/contract/api/agencies';
import type { Statement, WalletEntry } from '@portal/contract/api/bills';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import AgencyBillPage from './AgencyBillPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn(), download: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'admin', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer }),
}));

const SUB = '5c1d7e0a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const balance: Balances = { currency: 'CNY', cash: -120_000, creditLimit: 500_000, usedCredit: 120_000, availableCredit: 380_000, held: 0, available: 380_000 };
const statement: Statement = {
  id: 's9',
  companyId: SUB,
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
const entry: WalletEntry = {
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

function routeGet(path: string) {
  if (path === `/base/v2/sub/balance/${SUB}`) return Promise.resolve(balance);
  if (path === '/base/v2/sub/statements') return Promise.resolve({ items: [statement], total: 1, page: 1, pageSize: 10 });
  if (path === '/base/v2/wallet/entries') return Promise.resolve({ items: [entry], total: 1, page: 1, pageSize: 20 });
  // A user with only the agency-bills permission may not read the agency itself.
  if (path === `/base/v2/agencies/${SUB}`) return Promise.reject(new Error('No permission'));
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

function renderPage(url = `/agency-manager/bills/${SUB}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/agency-manager/bills/:id" element={<AgencyBillPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

describe('AgencyBillPage', { timeout: 20_000 }, () => {
  it("shows the sub-agency's balance and statements, named from its statements", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Bills of Second Agency' })).toBeTruthy();
    const card = screen.getByLabelText('Balances in CNY');
    expect(within(card).getByTestId('available-CNY').textContent).toBe('CNY 3,800.00');
    expect(within(card).getAllByText('CNY -1,200.00').length).toBe(1);
    expect(within(card).getByText('24% of the credit line in use')).toBeTruthy();
    expect(await screen.findByText('2025-02')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/sub/statements', expect.objectContaining({ params: { page: 1, pageSize: 10, companyId: SUB } }));
  });

  it("lists the sub-agency's wallet entries and exports them", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/agency-manager/bills/${SUB}?tab=entries&type=origin-flight`);
    const row = (await screen.findByText('FO250210009')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('CNY -1,200.00').length).toBe(2);
    expect(api.get).toHaveBeenCalledWith('/base/v2/wallet/entries', expect.objectContaining({ params: { type: 'origin-flight', page: 1, pageSize: 20, companyId: SUB } }));
    await user.click(screen.getByRole('button', { name: /Export to Excel/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalled());
    const [path, , body] = vi.mocked(api.download).mock.calls[0];
    expect(path).toBe('/base/v2/wallet/entries/export');
    expect(body).toEqual({ type: 'origin-flight', companyId: SUB });
  });

  it('answers a malformed agency id without asking the server', async () => {
    renderPage('/agency-manager/bills/not-an-id');
    expect(await screen.findByText('This agency could not be found')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });
});
