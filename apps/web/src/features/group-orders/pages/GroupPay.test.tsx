import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { GroupOrder, GroupPaymentAnswer } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { channelFee } from '@portal/contract/top-up';
import { ApiError, api, newIdempotencyKey } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupOrder, groupQuote } from '../../../components/groups/test-fixtures';
import { PAYMENT_CONFIG_PATH } from '../../../components/payments/payment-config';
import { redirectTo } from '../../../components/payments/redirect';
import { expectDeclineInEveryLanguage, insufficientFunds, paymentConfig } from '../../../components/payments/test-fixtures';
import GroupOrderPage from './GroupOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../components/payments/redirect', () => ({ redirectTo: vi.fn() }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: { userInfo: { id: 'u1', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } } } }) }));

const DETAIL = '/order/v2/flight/group/orders/g1';
const PAY = `${DETAIL}/payment`;
const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** Seats secured, deposit 1 (CNY 1,753.48) due in two days. */
const group = (over: Partial<GroupOrder> = {}): GroupOrder =>
  groupOrder({ status: 'to_be_pay_first', quote: groupQuote(), actions: ['pay'], nextInstalment: { kind: 'deposit1', amount: 175_348, dueAt: at(48) }, ...over });
let current: GroupOrder;
let config: PaymentConfigAnswer;
setupOrderTests();
beforeEach(() => {
  current = group();
  config = paymentConfig;
  vi.mocked(redirectTo).mockReset();
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(((path: string) =>
      path === DETAIL ? Promise.resolve(current) : path === PAYMENT_CONFIG_PATH ? Promise.resolve(config) : Promise.reject(new Error(`unexpected GET ${path}`))) as never);
  vi.mocked(api.post).mockReset();
  vi.mocked(newIdempotencyKey).mockReset();
  let n = 0;
  vi.mocked(newIdempotencyKey).mockImplementation(() => `key-${++n}`);
});

const payButton = () => screen.findByRole('button', { name: /Pay deposit 1 \(CNY 1,753\.48\)/ });

async function openDialog() {
  renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
  await userEvent.click(await payButton());
  return screen.findByRole('dialog');
}

/** Found again each time: after a try, the loading icon's leave animation (never finished in jsdom) stays in its name. */
const submitButton = (dialog: HTMLElement) => within(dialog).findByRole('button', { name: /Pay CNY 1,753\.48$/ });

describe('paying a group instalment', { timeout: 30_000 }, () => {
  it('marks each instalment of the plan paid, due next, upcoming or overdue', async () => {
    current = group({
      status: 'to_be_pay_second',
      payments: [{ kind: 'deposit1', amount: 175_348, currency: 'CNY', paidAt: '2030-01-02T04:00:00Z', method: 'credit' }],
      nextInstalment: { kind: 'deposit2', amount: 100_000, dueAt: at(96) },
      actions: ['pay'],
    });
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await screen.findByRole('button', { name: /Pay deposit 2 \(CNY 1,000\.00\)/ });
    const items = screen.getAllByTestId('plan-item');
    expect(items.map((i) => i.dataset.state)).toEqual(['paid', 'next', 'upcoming']);
    expect(items[0].textContent).toContain('Paid 2030-01-02');
    expect(items[0].textContent).toContain('Credit');
    expect(items[1].textContent).toContain('Due next');
  });

  it('shows an unpaid instalment past its deadline as overdue, in red', async () => {
    current = group({ nextInstalment: { kind: 'deposit1', amount: 175_348, dueAt: at(-1) }, actions: [] });
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await screen.findByTestId('group-quote');
    const [first] = screen.getAllByTestId('plan-item');
    expect(first.dataset.state).toBe('overdue');
    expect(within(first).getByText('Overdue')).toBeTruthy();
    expect(first.querySelector('.ant-typography-danger')).not.toBeNull();
    // Without the 'pay' action the page offers no payment.
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
  });

  it('needs the non-refundable acknowledgement, then pays with the method, the body and an Idempotency-Key', async () => {
    vi.mocked(api.post).mockResolvedValue(
      group({ status: 'to_be_pay_second', actions: ['pay'], payments: [{ kind: 'deposit1', amount: 175_348, currency: 'CNY', paidAt: at(0), method: 'credit' }], nextInstalment: { kind: 'deposit2', amount: 100_000, dueAt: at(96) } }) as never,
    );
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('pay-amount').textContent).toBe('CNY 1,753.48');
    expect((await submitButton(dialog)).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Credit/ }));
    expect((await submitButton(dialog)).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand deposits are not refunded if the group is cancelled or a deadline is missed' }));
    expect((await submitButton(dialog)).hasAttribute('disabled')).toBe(false);
    await userEvent.click(await submitButton(dialog));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(PAY, { instalment: 'deposit1', method: 'credit', acknowledgeNonRefundable: true, amount: 175_348 }, { headers: { 'Idempotency-Key': 'key-1' } }),
    );
    // The group as the server answered: the next instalment is offered.
    expect(await screen.findByRole('button', { name: /Pay deposit 2 \(CNY 1,000\.00\)/ })).toBeTruthy();
  });

  it('shows insufficient balance with its own message', async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError('Insufficient account balance', Code.INSUFFICIENT_BALANCE, 402));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(await submitButton(dialog));
    const alert = await within(dialog).findByTestId('pay-insufficient');
    expect(alert.textContent).toContain('Insufficient balance');
    expect(alert.textContent).toContain('Your cash balance does not cover CNY 1,753.48');
    expect(within(dialog).queryByTestId('pay-error')).toBeNull();
  });

  it('keeps the key across a network retry and takes a new one after a refusal', async () => {
    vi.mocked(api.post)
      .mockRejectedValueOnce(new ApiError('Network error', -1, 0))
      .mockRejectedValueOnce(new ApiError('Insufficient account balance', Code.INSUFFICIENT_BALANCE, 402))
      .mockResolvedValueOnce(group({ actions: [], nextInstalment: null }) as never);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(await submitButton(dialog));
    expect((await within(dialog).findByTestId('pay-error')).textContent).toContain('Network error');
    await userEvent.click(await submitButton(dialog));
    await within(dialog).findByTestId('pay-insufficient');
    await userEvent.click(await submitButton(dialog));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(3));
    const keys = vi.mocked(api.post).mock.calls.map((c) => (c[2] as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });
});

describe('paying a group instalment through a payment channel', { timeout: 30_000 }, () => {
  // Alipay's 0.6% on CNY 1,753.48, rounded up as the server rounds it: the payer pays the instalment and the fee.
  const fee = channelFee(175_348, 60);
  const answer = (over: Partial<GroupPaymentAnswer['channelPayment'] & object> = {}): GroupPaymentAnswer => ({
    ...group(),
    channelPayment: {
      transactionId: 't1',
      channel: 'alipay',
      instalment: 'deposit1',
      status: 'pending',
      amount: 175_348,
      fee,
      gross: 175_348 + fee,
      currency: 'CNY',
      redirectUrl: 'http://localhost/sandbox/alipay/pay/t1',
      expiresAt: at(1),
      ...over,
    },
  });

  it('offers the agency’s channels with their fees, sends the channel in the body and goes to its hosted page', async () => {
    vi.mocked(api.post).mockResolvedValue(answer() as never);
    const dialog = await openDialog();
    // PayPal does not take the quote's currency: shown, not choosable.
    const paypal = within(dialog).getByRole('radio', { name: /PayPal/ });
    expect(paypal.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Does not take CNY')).toBeTruthy();
    const alipay = within(dialog).getByRole('radio', { name: /Alipay/ });
    expect(within(dialog).getByText('Fee 0.6% (CNY 10.53)')).toBeTruthy();
    expect(within(dialog).queryByTestId('pay-fee')).toBeNull();
    await userEvent.click(alipay);
    expect(within(dialog).getByTestId('pay-amount').textContent).toBe('CNY 1,753.48');
    expect(within(dialog).getByTestId('pay-fee').textContent).toBe('CNY 10.53');
    expect(within(dialog).getByTestId('pay-total').textContent).toBe('CNY 1,764.01');
    expect(within(dialog).getByTestId('pay-redirect-note').textContent).toContain('You continue on the Alipay payment page');
    // The acknowledgement is still required before anything is sent.
    const submit = () => within(dialog).findByRole('button', { name: /Pay CNY 1,764\.01$/ });
    expect((await submit()).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand deposits are not refunded if the group is cancelled or a deadline is missed' }));
    await userEvent.click(await submit());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/sandbox/alipay/pay/t1'));
    expect(api.post).toHaveBeenCalledWith(PAY, { instalment: 'deposit1', method: 'alipay', acknowledgeNonRefundable: true, amount: 175_348 }, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(api.post).toHaveBeenCalledTimes(1);
    // The page is leaving for the channel: the dialog stays, busy, and the group is not marked paid.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Pay CNY 1,764\.01$/ }).className).toContain('ant-btn-loading');
  });

  it('a channel payment without a page to go to is said so, not shown as paid', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({ status: 'failed', redirectUrl: null }) as never);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Alipay/ }));
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(await within(dialog).findByRole('button', { name: /Pay CNY 1,764\.01$/ }));
    expect((await within(dialog).findByTestId('pay-error')).textContent).toBe('The payment page could not be opened. Please try again.');
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('payment disabled for the agency: no method to choose, Pay stays disabled', async () => {
    config = { ...paymentConfig, disablePayment: true, channels: [] };
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Payment is disabled for your agency. Please contact your administrator.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    expect((await submitButton(dialog)).hasAttribute('disabled')).toBe(true);
  });

  it('back from the channel’s page, the group is asked again until the instalment shows paid', async () => {
    renderPage(<GroupOrderPage />, '/flight/group/order/g1?payment=t1&instalment=deposit1', '/flight/group/order/:id');
    const banner = await screen.findByTestId('group-payment-return');
    expect(banner.textContent).toContain('Back from the payment page: deposit 1 is paid once the channel confirms the payment');
    // The channel's callback lands: the next poll finds the instalment paid, and the banner goes.
    current = group({
      status: 'to_be_pay_second',
      payments: [{ kind: 'deposit1', amount: 175_348, currency: 'CNY', paidAt: at(0), method: 'alipay' }],
      nextInstalment: { kind: 'deposit2', amount: 100_000, dueAt: at(96) },
    });
    await waitFor(() => expect(screen.queryByTestId('group-payment-return')).toBeNull(), { timeout: 5000 });
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('back from the channel’s page, says why the card was declined while the instalment waits, in each language', async () => {
    vi.mocked(api.get).mockImplementation(((path: string) =>
      path === DETAIL
        ? Promise.resolve(current)
        : path === '/order/v2/payments/t1'
          ? Promise.resolve({ id: 't1', channel: 'stripe', status: 'pending', failure: insufficientFunds })
          : Promise.reject(new Error(`unexpected GET ${path}`))) as never);
    await expectDeclineInEveryLanguage(() => renderPage(<GroupOrderPage />, '/flight/group/order/g1?payment=t1&instalment=deposit1', '/flight/group/order/:id'), cleanup);
  });
});
