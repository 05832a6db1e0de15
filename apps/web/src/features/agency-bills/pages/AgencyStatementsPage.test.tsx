import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api';
import { financeManagerMe, signedIn, SUB_ID as SUB, renderPage as render, setupBillsTests, subStatement as second } from '../../../components/bills/test-harness';
import AgencyStatementsPage from './AgencyStatementsPage';

vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule()));
vi.mock('../../../lib/session', () => import('../../../components/bills/test-harness').then((h) => h.sessionModule(h.managerMe)));

function renderPage(url = '/agency-manager/statements') {
  render(<AgencyStatementsPage />, url);
}

setupBillsTests();
beforeEach(() => {
  signedIn.me = null;
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [second], total: 1, page: 1, pageSize: 20 });
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

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

  it('names the agency without a link for a manager who may not open agency bill pages (agencybills:read)', async () => {
    signedIn.me = financeManagerMe;
    renderPage();
    expect(await screen.findByText('Second Agency')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Second Agency' })).toBeNull();
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
