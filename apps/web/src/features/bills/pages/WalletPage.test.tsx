import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletPayment } from '@portal/contract/api/bills';
import { api, newIdempotencyKey } from '../../../lib/api';
import { redirectTo } from '../../../components/payments/redirect';
import { expectDeclineInEveryLanguage, insufficientFunds } from '../../../components/payments/test-fixtures';
import { paged, paymentConfig, paymentEntry, topUpEntry, wallet } from '../test/fixtures';
import { renderPage as render, setupBillsTests } from '../../../components/bills/test-harness';
import WalletPage from './WalletPage';
import { DESKTOP_TABLE_BUDGET, DESKTOP_WIDTH, PHONE_WIDTH, atViewport, columnWidths } from '../../../test/viewport';

vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule({ idempotencyKey: 'key-1' })));
vi.mock('../../../lib/session', () =>
  Promise.all([import('../../../components/bills/test-harness'), import('../test/fixtures')]).then(([h, f]) => h.sessionModule(f.financeMe())),
);
vi.mock('../../../components/payments/redirect', () => ({ redirectTo: vi.fn() }));

const pending: WalletPayment = {
  id: 'p1',
  channel: 'alipay',
  status: 'pending',
  amount: 100_000,
  currency: 'CNY',
  fee: 600,
  net: 99_400,
  redirectUrl: 'http://127.0.0.1:3000/sandbox/alipay/pay/ch_1',
  expiresAt: '2025-03-05T08:30:00Z',
  createdAt: '2025-03-05T08:00:00Z',
  paymentTime: null,
  failure: null,
};

let payments: WalletPayment[] = [];
let config = paymentConfig;

function routeGet(path: string) {
  if (path === '/base/v2/wallet') return Promise.resolve(wallet);
  if (path === '/base/v2/wallet/entries') return Promise.resolve(paged([paymentEntry, topUpEntry], 42));
  if (path === '/order/v2/flight/config/payment') return Promise.resolve(config);
  if (path === '/base/v2/wallet/payments/p1') return Promise.resolve(payments.length > 1 ? payments.shift() : payments[0]);
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

function renderPage(url = '/bills/wallet') {
  render(<WalletPage />, url);
}

const getCalls = (path: string) => vi.mocked(api.get).mock.calls.filter(([p]) => p === path);

setupBillsTests();
beforeEach(() => {
  config = paymentConfig;
  payments = [];
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
  vi.mocked(redirectTo).mockReset();
  vi.mocked(newIdempotencyKey).mockReset().mockReturnValue('key-1');
});

describe('WalletPage', { timeout: 20_000 }, () => {
  it('shows each currency with formatted money, settlement currency first', async () => {
    renderPage();
    const cny = await screen.findByLabelText('Balances in CNY');
    expect(within(cny).getByText('Settlement currency')).toBeTruthy();
    expect(within(cny).getByTestId('available-CNY').textContent).toBe('CNY 62,500.00');
    expect(within(cny).getByText('CNY 42,500.00')).toBeTruthy();
    expect(within(cny).getByText('CNY 1,250.00')).toBeTruthy();
    expect(within(cny).getAllByText('CNY 20,000.00').length).toBe(2);
    expect(within(cny).getByText(/falls due 1 month after/)).toBeTruthy();
    // JPY has no minor digits: 150000 minor units are 150,000 yen.
    const jpy = screen.getByLabelText('Balances in JPY');
    expect(within(jpy).getByTestId('available-JPY').textContent).toBe('JPY 150,000');
    const cards = screen.getAllByLabelText(/^Balances in/);
    expect(cards[0]).toBe(cny);
  });

  it('lists the entries with signed, coloured amounts and the balance after each', async () => {
    renderPage();
    const row = (await screen.findByText('FO250306001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Flight payment')).toBeTruthy();
    expect(within(row).getByText('CNY -7,500.00')).toBeTruthy();
    expect(within(row).getByText('CNY 42,500.00')).toBeTruthy();
    expect(within(row).getByText('Flight order FO250306001')).toBeTruthy();
    const topUp = screen.getByText('TX-TOPUP-1').closest('tr') as HTMLElement;
    const credit = within(topUp).getByText('CNY +50,000.00');
    expect(credit.closest('.ant-typography-success')).toBeTruthy();
    expect(screen.getByText('42 entries')).toBeTruthy();
  });

  // Issue 14: the entries were cut off at 1280 px and scrolled sideways on a phone.
  it('shows one card per entry on a phone', async () => {
    const restore = atViewport(PHONE_WIDTH);
    try {
      renderPage();
      const cards = await screen.findAllByTestId('wallet-entry-card');
      expect(screen.queryByRole('table')).toBeNull();
      const card = cards.find((c) => within(c).queryByText('FO250306001')) as HTMLElement;
      expect(within(card).getByText('Flight payment')).toBeTruthy();
      expect(within(card).getByText('CNY -7,500.00')).toBeTruthy();
      expect(within(card).getByText('CNY 42,500.00')).toBeTruthy();
      expect(within(card).getByText('Flight order FO250306001')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('fits the entries table into the content column at 1280 px', async () => {
    const restore = atViewport(DESKTOP_WIDTH);
    try {
      renderPage();
      const table = (await screen.findByText('FO250306001')).closest('table') as HTMLElement;
      const widths = columnWidths(table);
      expect(widths).toHaveLength(7);
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DESKTOP_TABLE_BUDGET);
    } finally {
      restore();
    }
  });

  it('sends the filters from the URL, and exports with the same filters', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/bills/wallet?type=top-up&from=2025-03-01&to=2025-03-31&currency=CNY&page=2&bogus=1');
    await screen.findByText('FO250306001');
    expect(getCalls('/base/v2/wallet/entries').at(-1)?.[1]?.params).toEqual({
      type: 'top-up',
      from: '2025-03-01',
      to: '2025-03-31',
      currency: 'CNY',
      page: 2,
      pageSize: 20,
    });
    await user.click(screen.getByRole('button', { name: /Export to Excel/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalled());
    const [path, filename, body] = vi.mocked(api.download).mock.calls[0];
    expect(path).toBe('/base/v2/wallet/entries/export');
    expect(filename).toMatch(/^wallet-entries-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(body).toEqual({ type: 'top-up', from: '2025-03-01', to: '2025-03-31', currency: 'CNY' });
  });

  it('filters by entry type from the select, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/bills/wallet?page=3');
    await screen.findByText('FO250306001');
    await user.click(screen.getByRole('combobox', { name: 'Entry type' }));
    await user.click(await screen.findByTitle('Flight refund'));
    await waitFor(() =>
      expect(getCalls('/base/v2/wallet/entries').at(-1)?.[1]?.params).toEqual({ type: 'refund-flight', page: 1, pageSize: 20 }),
    );
  });

  it('computes the fee and the net in the top-up dialog, then opens the payment with an Idempotency-Key', async () => {
    vi.mocked(api.post).mockResolvedValue(pending);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Top up online/ }));
    const dialog = await screen.findByRole('dialog');
    // Only external channels; PayPal does not take CNY.
    expect(within(dialog).queryByText('Wallet balance')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /Alipay/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /PayPal/ })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('spinbutton'), '1234.5');
    // 123450 × 0.6% = 740.7 -> 741 minor units of fee.
    await waitFor(() => expect(within(dialog).getByTestId('top-up-net').textContent).toBe('CNY 1,227.09'));
    expect(within(dialog).getByText('CNY -7.41')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Continue to payment/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/base/v2/wallet/payments',
        { channel: 'alipay', amount: 123_450, currency: 'CNY' },
        { headers: { 'Idempotency-Key': 'key-1' } },
      ),
    );
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(pending.redirectUrl));
  });

  it('retries a failed start with the same key, and uses a new key once the amount changes', async () => {
    let n = 0;
    vi.mocked(newIdempotencyKey).mockImplementation(() => `key-${++n}`);
    const offline = new Error('Network error, please check your connection');
    vi.mocked(api.post).mockRejectedValueOnce(offline).mockRejectedValueOnce(offline).mockResolvedValue(pending);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Top up online/ }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('spinbutton');
    const submit = () => user.click(within(dialog).getByRole('button', { name: /Continue to payment/ }));
    await user.type(amount, '100');
    await submit();
    expect(await within(dialog).findByText('Network error, please check your connection')).toBeTruthy();
    await submit();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(redirectTo).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '200');
    await submit();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(3));
    const sent = vi.mocked(api.post).mock.calls.map((c) => [
      (c[1] as { amount: number }).amount,
      (c[2] as { headers: Record<string, string> }).headers['Idempotency-Key'],
    ]);
    expect(sent).toEqual([
      [10_000, 'key-1'],
      [10_000, 'key-1'],
      [20_000, 'key-2'],
    ]);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
  });

  it('hides the top-up when the agency may not pay online', async () => {
    config = { ...paymentConfig, disablePayment: true, channels: [] };
    renderPage();
    await screen.findByText('FO250306001');
    await waitFor(() => expect(getCalls('/order/v2/flight/config/payment').length).toBe(1));
    expect(screen.queryByRole('button', { name: /Top up online/ })).toBeNull();
  });

  it('waits for the channel after the return, then shows the top-up and refreshes the wallet', async () => {
    payments = [pending, { ...pending, status: 'succeeded', redirectUrl: null, paymentTime: '2025-03-05T08:01:00Z' }];
    renderPage('/bills/wallet?payment=p1');
    expect(await screen.findByText('Waiting for the payment channel to confirm your payment…')).toBeTruthy();
    const walletLoads = getCalls('/base/v2/wallet').length;
    expect(await screen.findByText('Top-up received through Alipay', undefined, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText('CNY 994.00 has been credited to your wallet.')).toBeTruthy();
    await waitFor(() => expect(getCalls('/base/v2/wallet').length).toBeGreaterThan(walletLoads));
    expect(getCalls('/base/v2/wallet/payments/p1').length).toBe(2);
  });

  it('says so when the payment was canceled at the channel', async () => {
    payments = [{ ...pending, status: 'canceled', redirectUrl: null }];
    renderPage('/bills/wallet?payment=p1');
    expect(await screen.findByText('The payment was canceled. Nothing was charged.')).toBeTruthy();
  });

  it('says why the card was declined while the top-up is open, in each language', async () => {
    payments = [{ ...pending, channel: 'stripe', failure: insufficientFunds }];
    await expectDeclineInEveryLanguage(() => renderPage('/bills/wallet?payment=p1'), cleanup);
  });

  it('shows an error with a retry when the wallet cannot load', async () => {
    vi.mocked(api.get).mockImplementation((path: string) =>
      (path === '/base/v2/wallet' ? Promise.reject(new Error('Server unavailable')) : routeGet(path)) as Promise<never>,
    );
    renderPage();
    expect(await screen.findByText('The wallet could not be loaded')).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
  });
});
