import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api';
import { paged, transaction } from '../test/fixtures';
import { renderPage as render, setupBillsTests } from '../../../components/bills/test-harness';
import TransactionsPage from './TransactionsPage';

vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule()));
vi.mock('../../../lib/session', () =>
  Promise.all([import('../../../components/bills/test-harness'), import('../test/fixtures')]).then(([h, f]) => h.sessionModule(f.financeMe())),
);
const pendingCard = { ...transaction, id: 'TX-PAY-9', kind: 'top-up' as const, originId: null, method: 'stripe' as const, status: 'pending' as const, gross: 10_000, grossCurrency: 'CNY' as const, net: 9_710, netCurrency: 'CNY' as const, fee: 290, exchangeRate: null, externalReference: null, paymentTime: null };

function renderPage(url = '/bills/transactions') {
  render(<TransactionsPage />, url);
}

setupBillsTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(paged([transaction, pendingCard]));
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

describe('TransactionsPage', { timeout: 20_000 }, () => {
  it('shows the spec columns with gross, net, fee, method, status and times', async () => {
    renderPage();
    await screen.findByText('TOPUP-0001');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const title of ['Original ID', 'Reference ID', 'Payment method', 'Total Amount Paid', 'Net in currency', 'Handling Fee', 'Status', 'Payment time', 'Creation time']) {
      expect(headers).toContain(title);
    }
    const row = screen.getByText('TOPUP-0001').closest('tr') as HTMLElement;
    expect(within(row).getByText('TX-TOPUP-1')).toBeTruthy();
    expect(within(row).getByText('Bank transfer')).toBeTruthy();
    expect(within(row).getByText('USD 7,000.00')).toBeTruthy();
    expect(within(row).getByText('CNY 50,000.00')).toBeTruthy();
    expect(within(row).getByText('at rate 7.1728')).toBeTruthy();
    expect(within(row).getByText('USD 21.00')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getAllByText(/^2025-03-05 \d\d:\d\d$/)).toHaveLength(2);

    const pending = screen.getByText('TX-PAY-9').closest('tr') as HTMLElement;
    expect(within(pending).getByText('Stripe')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('CNY 97.10')).toBeTruthy();
    expect(within(pending).getByText('CNY 2.90')).toBeTruthy();
  });

  it('sends the filters of the URL and searches by keyword', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/bills/transactions?method=alipay&status=succeeded&from=2025-03-01&to=2025-03-31&page=2&status=nonsense');
    await screen.findByText('TOPUP-0001');
    // A repeated or bad value is dropped alone; the other filters still apply.
    expect(vi.mocked(api.get).mock.calls.at(-1)).toEqual([
      '/base/v2/transactions',
      expect.objectContaining({ params: { method: 'alipay', from: '2025-03-01', to: '2025-03-31', page: 2, pageSize: 20 } }),
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Reference, original ID or bank reference' }), ' DEMO-TOPUP-1 {Enter}');
    await waitFor(() =>
      expect(vi.mocked(api.get).mock.calls.at(-1)?.[1]?.params).toEqual({
        method: 'alipay',
        from: '2025-03-01',
        to: '2025-03-31',
        keyword: 'DEMO-TOPUP-1',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('exports with the filters on screen', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/bills/transactions?status=pending');
    await screen.findByText('TOPUP-0001');
    await user.click(screen.getByRole('button', { name: /Export to Excel/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalled());
    const [path, filename, body] = vi.mocked(api.download).mock.calls[0];
    expect(path).toBe('/base/v2/transactions/export');
    expect(filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(body).toEqual({ status: 'pending' });
  });

  it('offers to clear the filters when nothing matches', async () => {
    vi.mocked(api.get).mockResolvedValue(paged([]));
    const user = userEvent.setup({ delay: null });
    renderPage('/bills/transactions?method=paypal');
    expect(await screen.findByText('No transactions match these filters')).toBeTruthy();
    // The empty state sits under the loading veil until the first answer is in.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(vi.mocked(api.get).mock.calls.at(-1)?.[1]?.params).toEqual({ page: 1, pageSize: 20 }));
  });
});
