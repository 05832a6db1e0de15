import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { TrainChannelPayment } from '@portal/contract/api/train-payments';
import type { TrainOrder } from '@portal/contract/api/trains';
import { api } from '../../../lib/api';
import { loadEveryLanguage } from '../../../lib/i18n';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { expectDeclineInEveryLanguage, insufficientFunds } from '../../../components/payments/test-fixtures';
import { trainOrderPath } from '../api/train-orders';
import { returnMessage } from '../components/TrainPaymentReturn';
import { order } from '../test/fixtures';
import TrainOrderPage from './TrainOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { config: { commonConfig: {} } } } }),
}));

// The app loads most texts after its shell (lib/i18n); the assertions read them.
beforeAll(() => loadEveryLanguage());
setupOrderTests();

const PAYMENT = '/order/v2/train/orders/o1/payments/t1';
const payment = (over: Partial<TrainChannelPayment> = {}): TrainChannelPayment => ({
  transactionId: 't1',
  channel: 'alipay',
  status: 'pending',
  outcome: 'pending',
  amount: 110_600,
  fee: 664,
  gross: 111_264,
  currency: 'CNY',
  redirectUrl: 'https://pay.example/alipay/p1',
  expiresAt: '2030-01-01T00:30:00Z',
  paidAt: null,
  orderStatus: 'to_be_paid',
  failure: null,
  ...over,
});
const unpaid = order({ status: 'to_be_paid', paymentStatus: 'unpaid', actions: ['pay', 'cancel'], total: 110_600, paymentDeadline: '2030-01-01T00:30:00Z' });

/** The server's answers in turn: each read of the order and of the payment takes the next one (the last repeats). */
function serve(orders: TrainOrder[], payments: TrainChannelPayment[]) {
  const reads = { order: 0, payment: 0 };
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === trainOrderPath('o1')) return orders[Math.min(reads.order++, orders.length - 1)];
    if (path === PAYMENT) return payments[Math.min(reads.payment++, payments.length - 1)];
    throw new Error(path);
  });
  return reads;
}
const open = (url = '/train/orders/o1?payment=t1') => renderPage(<TrainOrderPage />, url, '/train/orders/:id');
const banner = async (text: string | RegExp) => expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeTruthy();

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('back on the order from a payment channel', () => {
  it('waits for the channel, then shows the order paid and issued once it confirms', async () => {
    const reads = serve([unpaid, order({ status: 'issued', paymentStatus: 'paid', paymentMethod: 'alipay' })], [payment(), payment({ status: 'succeeded', outcome: 'paid', orderStatus: 'issued', redirectUrl: null, paidAt: '2030-01-01T00:10:00Z' })]);
    open();
    await banner('Waiting for Alipay to confirm your payment of CNY 1,106.00. This page updates on its own.');
    // The page asks again on its own (every few seconds); the settled payment refreshes the order too.
    await banner('Paid with Alipay: the tickets are issued.');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Issued'));
    expect(reads.payment).toBeGreaterThanOrEqual(2);
    expect(reads.order).toBeGreaterThanOrEqual(2);
  });

  it('says the money went to the wallet when the order could no longer take it', async () => {
    serve([order({ status: 'canceled', paymentStatus: 'unpaid', actions: [] })], [payment({ status: 'succeeded', outcome: 'credited', orderStatus: 'canceled', redirectUrl: null })]);
    open();
    await banner('Your Alipay payment arrived after this booking could no longer be paid (Canceled): CNY 1,106.00 was credited to your wallet.');
  });

  it('says why the card was declined while the payment is open, in each language', async () => {
    serve([unpaid], [payment({ channel: 'stripe', failure: insufficientFunds })]);
    await expectDeclineInEveryLanguage(() => open(), cleanup);
  });

  it('no longer speaks of the decline once another card paid', async () => {
    serve([order({ status: 'issued', paymentStatus: 'paid', paymentMethod: 'stripe' })], [payment({ channel: 'stripe', status: 'succeeded', outcome: 'paid', orderStatus: 'issued', redirectUrl: null, failure: null })]);
    open();
    await banner('Paid with Stripe: the tickets are issued.');
    expect(screen.queryByTestId('payment-failure')).toBeNull();
  });

  it('says nothing was charged when the payer canceled on the channel', async () => {
    serve([unpaid], [payment({ status: 'canceled', outcome: 'closed', redirectUrl: null })]);
    open();
    await banner('The Alipay payment was not completed (canceled or expired). Nothing was charged; you can pay again.');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('says when the payment cannot be checked', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === trainOrderPath('o1')) return unpaid;
      throw new Error('Gateway down');
    });
    open();
    await banner('Your payment could not be checked');
    expect(screen.getByText('Gateway down')).toBeTruthy();
  });

  it('shows nothing and asks nothing about payments on an ordinary visit', async () => {
    serve([unpaid], [payment()]);
    open('/train/orders/o1');
    await screen.findByRole('button', { name: 'Pay' });
    expect(screen.queryByTestId('train-payment-return')).toBeNull();
    expect(vi.mocked(api.get).mock.calls.filter(([p]) => p === PAYMENT)).toHaveLength(0);
  });
});

describe('returnMessage', () => {
  it('follows the order once the payment paid it: ticketing, manual desk, issued, refused by the railway', () => {
    const paid = payment({ status: 'succeeded', outcome: 'paid' });
    expect(returnMessage({ ...paid, orderStatus: 'ticketing' })).toEqual({ type: 'info', key: 'trainPay.return.ticketing' });
    expect(returnMessage({ ...paid, orderStatus: 'manual_ticketing' })).toEqual({ type: 'success', key: 'trainPay.return.manual' });
    expect(returnMessage({ ...paid, orderStatus: 'issued' })).toEqual({ type: 'success', key: 'trainPay.return.issued' });
    expect(returnMessage({ ...paid, orderStatus: 'failed' })).toEqual({ type: 'warning', key: 'trainPay.return.failed' });
    expect(returnMessage(payment())).toEqual({ type: 'info', key: 'trainPay.return.pending' });
  });
});
