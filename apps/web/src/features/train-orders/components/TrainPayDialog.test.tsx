import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { Code } from '@portal/contract/codes';
import { api, ApiError } from '../../../lib/api';
import { loadEveryLanguage } from '../../../lib/i18n';
import { redirectTo } from '../../../components/payments/redirect';
import { paymentConfig } from '../../../components/payments/test-fixtures';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { order } from '../test/fixtures';
import { TrainPayDialog } from './TrainPayDialog';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../components/payments/redirect', () => ({ redirectTo: vi.fn() }));

// The app loads most texts after its shell (lib/i18n); the assertions read them.
beforeAll(() => loadEveryLanguage());
setupOrderTests();

// The demo agency's methods (Alipay 0.6%, PayPal USD only), with the balance alone covering the order.
const config: PaymentConfigAnswer = {
  ...paymentConfig,
  balance: { ...paymentConfig.balance, cash: 500_000, creditLimit: 0, availableCredit: 0, available: 500_000 },
};
// 1,106.00 CNY: Alipay's 0.6% is 6.64 CNY on top.
const held = order({ status: 'to_be_paid', paymentStatus: 'unpaid', actions: ['pay', 'cancel'], total: 110_600, paymentDeadline: '2030-01-01T00:30:00Z' });
const onChanged = vi.fn();
const onClose = vi.fn();

async function openDialog() {
  renderPage(<TrainPayDialog order={held} open onClose={onClose} onChanged={onChanged} />, '/train/orders/o1');
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Alipay');
  return dialog;
}
const radio = (dialog: HTMLElement, label: string) => within(dialog).getByText(label).closest('label')!.querySelector('input') as HTMLInputElement;

beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(config);
  vi.mocked(api.post).mockReset();
  vi.mocked(redirectTo).mockReset();
  onChanged.mockReset();
  onClose.mockReset();
});

describe('TrainPayDialog', () => {
  it("offers the agency's channels with their fees; one that does not take CNY cannot be chosen", async () => {
    const dialog = await openDialog();
    expect(api.get).toHaveBeenCalledWith('/order/v2/flight/config/payment', expect.anything());
    expect(within(dialog).getByText('Fee 0.6% (CNY 6.64)')).toBeTruthy();
    expect(within(dialog).getAllByText('No fee')).toHaveLength(2);
    expect(radio(dialog, 'PayPal').disabled).toBe(true);
    expect(within(dialog).getByText('Does not take CNY')).toBeTruthy();
    expect(radio(dialog, 'Alipay').disabled).toBe(false);
    // Balance first: no fee, the total to pay.
    expect(radio(dialog, 'Wallet balance').checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Pay CNY 1,106.00' })).toBeTruthy();
    expect(within(dialog).queryByTestId('pay-amount')).toBeNull();
  });

  it('pays through a channel: the fee on top, one idempotency key, and the agent is sent to the hosted page', async () => {
    vi.mocked(api.post).mockResolvedValue({ status: 'to_be_paid', paymentStatus: 'unpaid', redirectUrl: 'https://pay.example/alipay/p1', transactionId: 't1' });
    const dialog = await openDialog();
    fireEvent.click(radio(dialog, 'Alipay'));
    expect(within(dialog).getByTestId('pay-amount').textContent).toBe('CNY 1,112.64');
    expect(within(dialog).getByText(/You pay on Alipay's page, the fee included/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,112.64' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.example/alipay/p1'));
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/payment', { method: 'alipay' }, { headers: { 'Idempotency-Key': 'key-1' } });
    // Leaving for the channel: the dialog stays busy rather than closing on an unpaid order.
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the channel opened no page, and refreshes the order', async () => {
    vi.mocked(api.post).mockResolvedValue({ status: 'to_be_paid', paymentStatus: 'unpaid', redirectUrl: null, transactionId: 't1' });
    const dialog = await openDialog();
    fireEvent.click(radio(dialog, 'Alipay'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,112.64' }));
    expect(await within(dialog).findByText('The payment channel did not open a payment page. Nothing was charged; please try again.')).toBeTruthy();
    expect(redirectTo).not.toHaveBeenCalled();
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal of the channel (not allowed) in the dialog', async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError('This payment method is not available to your agency', Code.FORBIDDEN, 403));
    const dialog = await openDialog();
    fireEvent.click(radio(dialog, 'Alipay'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,112.64' }));
    expect(await within(dialog).findByText('This payment method is not available to your agency')).toBeTruthy();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('pays from the balance at once and closes', async () => {
    vi.mocked(api.post).mockResolvedValue({ status: 'issued', paymentStatus: 'paid', redirectUrl: null, transactionId: null });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,106.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/payment', { method: 'balance' }, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(redirectTo).not.toHaveBeenCalled();
    expect(onChanged).toHaveBeenCalled();
  });
});
