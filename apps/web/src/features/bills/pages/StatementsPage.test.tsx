import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Statement } from '@portal/contract/api/bills';
import { api } from '../../../lib/api';
import { COMPANY_ID, paged, statement, statementDetail } from '../test/fixtures';
import { renderPage as render, setupBillsTests } from '../../../components/bills/test-harness';
import StatementsPage from './StatementsPage';

vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule()));
vi.mock('../../../lib/session', () =>
  Promise.all([import('../../../components/bills/test-harness'), import('../test/fixtures')]).then(([h, f]) => h.sessionModule(f.financeMe())),
);
const thisMonth = new Date().toISOString().slice(0, 7);
const provisional: Statement = {
  ...statement,
  id: 's2',
  month: thisMonth,
  openingBalance: 4_250_000,
  closingBalance: -300_000,
  totalIn: 0,
  totalOut: 4_550_000,
  amountDue: 300_000,
  dueDate: '2099-01-31',
  final: false,
};

function routeGet(path: string) {
  if (path === '/base/v2/sub/statements') return Promise.resolve(paged([provisional, statement]));
  if (path === `/base/v2/sub/statements/${COMPANY_ID}/2025-03`) return Promise.resolve(statementDetail);
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

function renderPage(url = '/bills/statements') {
  render(<StatementsPage />, url);
}

setupBillsTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

describe('StatementsPage', { timeout: 20_000 }, () => {
  it('lists the monthly statements with their figures and marks the running month provisional', async () => {
    renderPage();
    const march = (await screen.findByText('2025-03')).closest('tr') as HTMLElement;
    expect(within(march).getByText('CNY 0.00')).toBeTruthy();
    expect(within(march).getByText('CNY +50,000.00')).toBeTruthy();
    expect(within(march).getByText('CNY -7,500.00')).toBeTruthy();
    expect(within(march).getByText('CNY 42,500.00')).toBeTruthy();
    expect(within(march).getByText('2025-04-01', { exact: false })).toBeTruthy();
    expect(within(march).queryByText('Provisional')).toBeNull();

    const running = screen.getByText(thisMonth).closest('tr') as HTMLElement;
    expect(within(running).getByText('Provisional')).toBeTruthy();
    expect(within(running).getByText('CNY 3,000.00')).toBeTruthy();
    expect(within(running).getByText('2099-01-31')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/sub/statements', expect.objectContaining({ params: { page: 1, pageSize: 20 } }));
  });

  it('filters by the month in the URL', async () => {
    renderPage('/bills/statements?month=2025-03&month=2025-13');
    await screen.findByText('2025-03');
    expect(vi.mocked(api.get).mock.calls[0][1]?.params).toEqual({ page: 1, pageSize: 20 });
    cleanup();
    vi.mocked(api.get).mockClear();
    renderPage('/bills/statements?month=2025-03');
    await screen.findByText(thisMonth);
    expect(vi.mocked(api.get).mock.calls[0][1]?.params).toEqual({ month: '2025-03', page: 1, pageSize: 20 });
  });

  it('opens a statement with its chart and entries, and downloads the Excel bill', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View statement 2025-03 CNY' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Statement 2025-03 · CNY')).toBeTruthy();
    const chart = await within(drawer).findByRole('img', { name: /Daily money in, money out and closing balance, 2025-03/ });
    expect(chart.querySelectorAll('[data-testid="chart-day"]')).toHaveLength(2);
    expect(chart.textContent).toContain('Money in CNY 50,000.00, money out CNY 7,500.00, closing balance CNY 42,500.00');
    expect(chart.textContent).toContain('2025-03-06: in CNY 0.00, out CNY 7,500.00, closing balance CNY 42,500.00');
    const legend = chart.closest('figure')?.querySelector('figcaption') as HTMLElement;
    expect(within(legend).getByText('Money in')).toBeTruthy();
    expect(within(legend).getByText('Money out')).toBeTruthy();
    expect(within(legend).getByText('Closing balance')).toBeTruthy();
    expect(within(drawer).getByText('Entries (2)')).toBeTruthy();
    expect(within(drawer).getByText('FO250306001')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(`/base/v2/sub/statements/${COMPANY_ID}/2025-03`, expect.objectContaining({ params: { currency: 'CNY' } }));

    await user.click(within(drawer).getByRole('button', { name: /Download Excel/ }));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(
        `/base/v2/sub/statements/${COMPANY_ID}/2025-03/workbook`,
        'statement-A00001-2025-03-CNY.xlsx',
        undefined,
        { params: { currency: 'CNY' } },
      ),
    );
  });

  it('downloads straight from the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Download Excel bill ${thisMonth} CNY` }));
    await waitFor(() => expect(api.download).toHaveBeenCalledWith(`/base/v2/sub/statements/${COMPANY_ID}/${thisMonth}/workbook`, `statement-A00001-${thisMonth}-CNY.xlsx`, undefined, { params: { currency: 'CNY' } }));
  });

  it('generates the current month and opens it', async () => {
    vi.mocked(api.post).mockResolvedValue(provisional);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('2025-03');
    await user.click(screen.getByRole('button', { name: /Generate current month/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/base/v2/sub/statements', { month: thisMonth }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(`Statement ${thisMonth} · CNY`)).toBeTruthy();
    expect(within(drawer).getByText(/This month is still running/)).toBeTruthy();
  });

  it('invites to generate when there is no statement yet', async () => {
    vi.mocked(api.get).mockResolvedValue(paged([]));
    renderPage();
    expect(await screen.findByText(/No statements yet/)).toBeTruthy();
  });
});
