import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { Statement } from '@portal/contract/api/bills';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import AgencyStatementsPage from './AgencyStatementsPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn(), download: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'admin', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer }),
}));

const SUB = '5c1d7e0a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const second: Statement = {
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

function renderPage(url = '/agency-manager/statements') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AgencyStatementsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [second], total: 1, page: 1, pageSize: 20 });
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

describe('AgencyStatementsPage', { timeout: 20_000 }, () => {
  it("lists every sub-agency's statements, each linking to that agency's bills", async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Second Agency' });
    expect(link.getAttribute('href')).toBe(`/agency-manager/bills/${SUB}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('A00002')).toBeTruthy();
    // The amount due.
    expect(within(row).getAllByText('CNY 1,200.00').length).toBe(1);
    // Money out and the closing balance.
    expect(within(row).getAllByText('CNY -1,200.00').length).toBe(2);
    expect(api.get).toHaveBeenCalledWith(
      '/base/v2/sub/statements',
      expect.objectContaining({ params: { page: 1, pageSize: 20, scope: 'subAgencies' } }),
    );
  });

  it('sends the month and keyword filters', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/agency-manager/statements?month=2025-02');
    await screen.findByRole('link', { name: 'Second Agency' });
    await user.type(screen.getByRole('searchbox', { name: 'Agency name or code' }), 'A00002{Enter}');
    await waitFor(() =>
      expect(vi.mocked(api.get).mock.calls.at(-1)?.[1]?.params).toEqual({
        month: '2025-02',
        keyword: 'A00002',
        page: 1,
        pageSize: 20,
        scope: 'subAgencies',
      }),
    );
  });

  it("downloads a sub-agency's Excel bill", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download Excel bill 2025-02 CNY' }));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(`/base/v2/sub/statements/${SUB}/2025-02/workbook`, 'statement-A00002-2025-02-CNY.xlsx', undefined, {
        params: { currency: 'CNY' },
      }),
    );
  });
});
