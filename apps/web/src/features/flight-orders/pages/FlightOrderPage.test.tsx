import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightOrder, PayOrderAnswer } from '@portal/contract/api/flight-orders';
import type { PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { Code } from '@portal/contract/codes';
import { ApiError, api, newIdempotencyKey } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { redirectTo } from '../../../components/payments/redirect';
import { expectDeclineInEveryLanguage, insufficientFunds } from '../../../components/payments/test-fixtures';
import { makeOrder, paymentConfig } from '../test/fixtures';
import FlightOrderPage from './FlightOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../test/fixtures').then((f) => ({ useSession: () => ({ me: f.operatorMe() }) })));
vi.mock('../../../components/payments/redirect', () => ({ redirectTo: vi.fn() }));

const ORDER = '/order/v2/flight/orders/o1';
let order: FlightOrder = makeOrder();
let config: PaymentConfigAnswer = paymentConfig;

function routeGet(path: string) {
  if (path === ORDER) return Promise.resolve(order);
  if (path === '/order/v2/flight/config/payment') return Promise.resolve(config);
  if (path === '/shopping/v2/reference-data') return Promise.resolve({ airlines: [], airports: [] });
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

const show = (url = '/flight/orders/o1') => renderPage(<FlightOrderPage />, url, '/flight/orders/:id');
const orderLoads = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === ORDER).length;
/** A dialog by its title (antd gives every dialog the same labelledby id in tests, so names are not unique). */
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;
const paid: PayOrderAnswer = { status: 'proceeding', paymentStatus: 'paid', redirectUrl: null, transactionId: null };

setupOrderTests();
beforeEach(() => {
  order = makeOrder();
  config = paymentConfig;
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.del).mockReset();
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
  vi.mocked(redirectTo).mockReset();
  let n = 0;
  vi.mocked(newIdempotencyKey).mockReset().mockImplementation(() => `key-${++n}`);
});

describe('FlightOrderPage', { timeout: 20_000 }, () => {
  it('shows the header: booking number, PNR, status and payment status, and the sections', async () => {
    show();
    expect(await screen.findByRole('heading', { name: /FO250306001/ })).toBeTruthy();
    expect(screen.getByText('ABC123')).toBeTruthy();
    const status = screen.getAllByText('To be paid').find((el) => el.closest('.ant-tag')) as HTMLElement;
    expect((status.closest('.ant-tag') as HTMLElement).dataset.tone).toBe('primary');
    expect(screen.getAllByText('Unpaid').length).toBeGreaterThan(0);
    // Passengers with the documents as masked by the server, no ticket yet.
    expect(screen.getByText('ZHANG/SAN')).toBeTruthy();
    expect(screen.getByText('*****1234')).toBeTruthy();
    expect(screen.getAllByText('Not issued yet').length).toBe(2);
    // Price breakdown: every spec field, the total and what was charged; no cost price for an agency.
    for (const head of ['Ticket price', 'Face value', 'Tax', 'Airport tax', 'Fuel surcharge', 'Discount', 'Service fee', 'Selling price']) {
      expect(screen.getAllByText(head).length, head).toBeGreaterThan(0);
    }
    expect(screen.queryByText('Cost price')).toBeNull();
    expect(screen.getByTestId('price-total').textContent).toBe('CNY 2,509.12');
    expect(screen.getByTestId('price-transactionFee').textContent).toBe('CNY 0.00');
    // Timeline: what, from and to with labels, who.
    const event = screen.getByTestId('order-event');
    expect(within(event).getByText('Booked with the airline')).toBeTruthy();
    expect(within(event).getByText('Awaiting airline confirmation → To be paid')).toBeTruthy();
    expect(within(event).getByText(/System/)).toBeTruthy();
    expect(screen.getByText('Olivia')).toBeTruthy();
  });

  it('shows the cost price only when the server sends it', async () => {
    order = makeOrder({ priceLines: [{ ...makeOrder().priceLines[0], costPrice: 110_000 }], costTotal: 220_000 });
    show();
    expect((await screen.findAllByText('Cost price')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('price-costTotal').textContent).toBe('CNY 2,200.00');
  });

  it('shows the fare in the page language: ticketing channel and baggage worded, no supplier code or text (issue 14)', async () => {
    const base = makeOrder();
    order = makeOrder({
      baggage: {
        carryOn: { pieces: 1, weightKg: 7, dimensions: '56x36x23 cm', sizeCm: [56, 36, 23] },
        checked: { pieces: 1, weightKg: 23, dimensions: '158 cm linear', linearCm: 158 },
      },
      restrictions: { ...base.restrictions, ticketingChannel: 'website' },
    });
    await i18n.changeLanguage('zh-CN');
    try {
      show();
      const fare = await screen.findByTestId('fare');
      expect(within(fare).getByTestId('fare-baggage').textContent).toBe(
        '每位乘客免费行李额 · 手提行李: 1件 × 7公斤（不超过56×36×23厘米） · 托运行李: 1件 × 23公斤（长宽高之和不超过158厘米）',
      );
      expect(within(fare).getByText('出票渠道', { selector: 'dt' }).nextElementSibling?.textContent).toBe('航司官网');
      expect(fare.textContent).not.toMatch(/linear|website|56x36x23/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers only the actions the server allows', async () => {
    order = makeOrder({ status: 'issued', paymentStatus: 'paid', actions: ['downloadItinerary', 'downloadTicket'] });
    const view = show();
    expect(await screen.findByRole('button', { name: /Download itinerary/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download tickets/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^credit-card Pay$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    view.unmount();

    order = makeOrder({ actions: ['pay', 'cancel'] });
    show();
    expect(await screen.findByRole('button', { name: /^credit-card Pay$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'close-circle Cancel booking' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('pays from the balance with an Idempotency-Key, and offers the other methods when the balance is short', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post)
      .mockRejectedValueOnce(new ApiError('Insufficient account balance', Code.INSUFFICIENT_BALANCE, 402))
      .mockResolvedValueOnce(paid);
    show();
    await user.click(await screen.findByRole('button', { name: /^credit-card Pay$/ }));
    const dialog = await dialogOf('Pay booking FO250306001');
    expect(await within(dialog).findByRole('radio', { name: /Wallet balance/ })).toHaveProperty('checked', true);
    // PayPal does not take CNY; balances and the deadline are shown.
    expect(within(dialog).getByRole('radio', { name: /PayPal/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Cash balance')).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toMatch(/Pay within 00:2\d:\d\d/);
    await user.click(within(dialog).getByRole('button', { name: 'Pay CNY 2,509.12' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${ORDER}/payment`, { method: 'balance' }, { headers: { 'Idempotency-Key': 'key-1' } }));

    const short = await dialogOf('Insufficient account balance');
    expect(within(short).getByText(/Wallet balance does not cover CNY 2,509.12/)).toBeTruthy();
    expect(within(short).queryByRole('button', { name: 'Wallet balance' })).toBeNull();
    await user.click(within(short).getByRole('button', { name: 'Credit' }));
    expect(within(dialog).getByRole('radio', { name: /Credit/ })).toHaveProperty('checked', true);

    const loads = orderLoads();
    await user.click(within(dialog).getByRole('button', { name: 'Pay CNY 2,509.12' }));
    // Another method is another attempt: a new key.
    await waitFor(() => expect(api.post).toHaveBeenLastCalledWith(`${ORDER}/payment`, { method: 'credit' }, { headers: { 'Idempotency-Key': 'key-2' } }));
    await waitFor(() => expect(orderLoads()).toBeGreaterThan(loads));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('confirms a change that costs nothing without asking for a payment method', async () => {
    const user = userEvent.setup({ delay: null });
    order = makeOrder({ type: 'change', status: 'chg_to_be_paid', total: 0, actions: ['pay', 'cancel'] });
    vi.mocked(api.post).mockResolvedValueOnce({ ...paid, status: 'chg_proceeding' });
    show();
    await user.click(await screen.findByRole('button', { name: /^credit-card Confirm change$/ }));
    const dialog = await dialogOf('Pay booking FO250306001');
    expect(await within(dialog).findByText(/This change costs nothing/)).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: /Wallet balance/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${ORDER}/payment`, { method: 'balance' }, { headers: { 'Idempotency-Key': 'key-1' } }));
  });

  it('resends the same key when the first try never got an answer', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError('Network error, please check your connection', -1, 0)).mockResolvedValueOnce(paid);
    show();
    await user.click(await screen.findByRole('button', { name: /^credit-card Pay$/ }));
    const dialog = await dialogOf('Pay booking FO250306001');
    const payButton = await within(dialog).findByRole('button', { name: 'Pay CNY 2,509.12' });
    await user.click(payButton);
    expect(await within(dialog).findByText('Network error, please check your connection')).toBeTruthy();
    await user.click(payButton);
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    const keys = vi.mocked(api.post).mock.calls.map((c) => (c[2] as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('sends the payer to the channel page with the fee added', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockResolvedValue({ status: 'to_be_paid', paymentStatus: 'unpaid', redirectUrl: 'http://localhost/sandbox/alipay/pay/t1', transactionId: 't1' });
    show();
    await user.click(await screen.findByRole('button', { name: /^credit-card Pay$/ }));
    const dialog = await dialogOf('Pay booking FO250306001');
    await user.click(await within(dialog).findByRole('radio', { name: /Alipay/ }));
    // 250912 × 0.6% = 1505.47, rounded up: CNY 15.06 on top.
    expect(within(dialog).getByTestId('pay-amount').textContent).toBe('CNY 2,524.18');
    await user.click(within(dialog).getByRole('button', { name: 'Pay CNY 2,524.18' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/sandbox/alipay/pay/t1'));
    expect(api.post).toHaveBeenCalledWith(`${ORDER}/payment`, { method: 'alipay' }, { headers: { 'Idempotency-Key': 'key-1' } });
  });

  it('back from the channel page, says why the card was declined while the order waits, in each language', async () => {
    const state = { id: 't1', channel: 'stripe', status: 'pending', failure: insufficientFunds };
    vi.mocked(api.get).mockImplementation(((path: string) => (path === '/order/v2/payments/t1' ? Promise.resolve(state) : routeGet(path))) as never);
    await expectDeclineInEveryLanguage(() => show('/flight/orders/o1?payment=t1'), cleanup);
    // Paid meanwhile: the order says so, and the decline is no longer its story.
    order = makeOrder({ status: 'proceeding', paymentStatus: 'paid' });
    show('/flight/orders/o1?payment=t1');
    expect(await screen.findByRole('heading', { name: /FO250306001/ })).toBeTruthy();
    expect(screen.queryByTestId('payment-failure')).toBeNull();
  });

  it('says so and does not pay when payment is disabled for the agency', async () => {
    const user = userEvent.setup({ delay: null });
    config = { ...paymentConfig, disablePayment: true, channels: [] };
    show();
    await user.click(await screen.findByRole('button', { name: /^credit-card Pay$/ }));
    const dialog = await dialogOf('Pay booking FO250306001');
    expect(await within(dialog).findByText('Payment is disabled for your agency. Please contact your administrator.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^Pay / })).toHaveProperty('disabled', true);
  });

  it('asks before cancelling, and cancels only on confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.del).mockImplementation(async () => {
      order = makeOrder({ status: 'canceled', actions: [] });
      return order;
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'close-circle Cancel booking' }));
    let dialog = await dialogOf('Cancel booking FO250306001?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(api.del).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'close-circle Cancel booking' }));
    dialog = await dialogOf('Cancel booking FO250306001?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith(ORDER));
    await waitFor(() => expect(screen.getAllByText('Canceled').some((el) => el.closest('.ant-tag'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'close-circle Cancel booking' })).toBeNull();
  });

  it('the itinerary form starts from the adult price, requires its four fields and sends minor units', async () => {
    const user = userEvent.setup({ delay: null });
    order = makeOrder({ status: 'issued', paymentStatus: 'paid', actions: ['downloadItinerary', 'downloadTicket'] });
    show();
    await user.click(await screen.findByRole('button', { name: /Download itinerary/ }));
    const dialog = await dialogOf('Itinerary for booking FO250306001');
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field(/^Fare/).value).toBe('1000.00');
    // Every tax of the face value once: 1234.56 - 1000.00.
    expect(field(/^Tax/).value).toBe('234.56');
    expect(field(/^Service charge/).value).toBe('20.00');
    expect(field(/^Quantity/).value).toBe('2');

    for (const label of [/^Fare/, /^Tax/, /^Service charge/, /^Quantity/]) await user.clear(field(label));
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    for (const message of ['Enter the fare', 'Enter the tax', 'Enter the service charge', 'Enter the quantity']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(api.download).not.toHaveBeenCalled();

    await user.type(field(/^Fare/), '1200');
    await user.type(field(/^Tax/), '234.5');
    await user.type(field(/^Service charge/), '0');
    await user.type(field(/^Quantity/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(`${ORDER}/itinerary`, 'itinerary-FO250306001.pdf', {
        fare: 120_000,
        tax: 23_450,
        serviceCharge: 0,
        quantity: 1,
        lang: 'en',
      }),
    );
  });

  it('downloads the tickets as Excel', async () => {
    const user = userEvent.setup({ delay: null });
    order = makeOrder({ status: 'issued', paymentStatus: 'paid', actions: ['downloadItinerary', 'downloadTicket'] });
    show();
    await user.click(await screen.findByRole('button', { name: /Download tickets/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalledWith(`${ORDER}/ticket-export`, 'tickets-FO250306001.xlsx', {}));
  });

  it('shows ticketing progress with the promise while proceeding', async () => {
    order = makeOrder({ status: 'proceeding', paymentStatus: 'paid', paidAt: new Date().toISOString(), actions: [] });
    show();
    expect(await screen.findByText('Ticketing in progress — promised within 30 minutes')).toBeTruthy();
    expect(screen.getByText('This page updates by itself.')).toBeTruthy();
  });

  it('highlights the review remark', async () => {
    order = makeOrder({ status: 'closed', actions: [], reviewRemark: 'Name does not match the passport' });
    show();
    const alert = await screen.findByTestId('review-remark');
    expect(within(alert).getByText('Name does not match the passport')).toBeTruthy();
  });

  it('says the booking does not exist on a 404', async () => {
    vi.mocked(api.get).mockImplementation((path: string) =>
      (path === ORDER ? Promise.reject(new ApiError('Booking does not exist', Code.NOT_FOUND, 404)) : routeGet(path)) as Promise<never>,
    );
    show();
    expect(await screen.findByText('Booking does not exist')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Back to my bookings/ }).length).toBeGreaterThan(0);
  });

  it('shows the desk actions to the desk, and rejecting needs a remark', async () => {
    const user = userEvent.setup({ delay: null });
    order = makeOrder({ status: 'reviewing', actions: ['cancel'], deskActions: ['approve', 'reject'], companyName: 'Second Agency' });
    vi.mocked(api.post).mockImplementation(async () => {
      order = makeOrder({ status: 'closed', actions: [], deskActions: [], reviewRemark: 'Duplicate booking' });
      return order;
    });
    show();
    expect(await screen.findByText('You are viewing this booking of Second Agency as the platform\'s operations desk.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry ticketing' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await dialogOf('Reject booking FO250306001?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why the booking is rejected')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Remark for the agency'), 'Duplicate booking');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/flight/desk/orders/o1/reject', { remark: 'Duplicate booking' }));
    expect(await screen.findByTestId('review-remark')).toBeTruthy();
  });
});
