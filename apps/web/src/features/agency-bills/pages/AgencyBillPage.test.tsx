import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Balances } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { SUB_ID as SUB, renderPage as render, setupBillsTests, subEntry as entry, subStatement as statement } from '../../../components/bills/test-harness';
import { transaction } from '../../bills/test/fixtures';
import AgencyBillPage from './AgencyBillPage';

vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule()));
vi.mock('../../../lib/session', () => import('../../../components/bills/test-harness').then((h) => h.sessionModule(h.managerMe)));

const balance: Balances = { currency: 'CNY', cash: -120_000, creditLimit: 500_000, usedCredit: 120_000, availableCredit: 380_000, held: 0, available: 380_000 };

function routeGet(path: string) {
  if (path === `/base/v2/sub/balance/${SUB}`) return Promise.resolve(balance);
  if (path === '/base/v2/sub/statements') return Promise.resolve({ items: [statement], total: 1, page: 1, pageSize: 10 });
  if (path === '/base/v2/wallet/entries') return Promise.resolve({ items: [entry], total: 1, page: 1, pageSize: 20 });
  if (path === '/base/v2/transactions') return Promise.resolve({ items: [transaction], total: 1, page: 1, pageSize: 20 });
  // A user with only the agency-bills permission may not read the agency itself.
  if (path === `/base/v2/agencies/${SUB}`) return Promise.reject(new Error('No permission'));
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

function renderPage(url = `/agency-manager/bills/${SUB}`) {
  render(<AgencyBillPage />, url, '/agency-manager/bills/:id');
}

setupBillsTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

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

  // Issue 14 (spec point 2): Agency Management shows a sub-agency's transactions; only statements and entries were there.
  // Three tabs, a search and an export: longer than the others on a busy machine.
  it("shows the sub-agency's All Transactions, filters and exports them for that agency", { timeout: 45_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('2025-02');
    // Not asked for before the tab is opened.
    expect(vi.mocked(api.get).mock.calls.some(([path]) => path === '/base/v2/transactions')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'All Transactions' }));
    const row = (await screen.findByText('TOPUP-0001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/transactions', expect.objectContaining({ params: { page: 1, pageSize: 20, companyId: SUB } }));

    await user.type(screen.getByRole('searchbox', { name: 'Reference, original ID or bank reference' }), 'DEMO{Enter}');
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/base/v2/transactions', expect.objectContaining({ params: { keyword: 'DEMO', page: 1, pageSize: 20, companyId: SUB } })),
    );
    await user.click(screen.getByRole('button', { name: /Export to Excel/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalled());
    const [path, , body] = vi.mocked(api.download).mock.calls[0];
    expect(path).toBe('/base/v2/transactions/export');
    expect(body).toEqual({ keyword: 'DEMO', companyId: SUB });
  });

  it('answers a malformed agency id without asking the server', async () => {
    renderPage('/agency-manager/bills/not-an-id');
    expect(await screen.findByText('This agency could not be found')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });
});
