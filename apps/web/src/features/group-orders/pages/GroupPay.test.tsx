import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ApiError, api, newIdempotencyKey } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import GroupOrderPage from './GroupOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: { userInfo: { id: 'u1', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } } } }) }));

const DETAIL = '/order/v2/flight/group/orders/g1';
const PAY = `${DETAIL}/payment`;
const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

function group(over: Partial<GroupOrder> = {}): GroupOrder {
  return {
    id: 'g1',
    bookingNumber: 'G2611260001',
    status: 'to_be_pay_first',
    request: {
      tripType: 'oneway',
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', remark: '', isChangeDate: false, acceptChangeFlight: false }],
      passengers: { adult: 10, child: 2, infant: 0 },
      cabin: 'economy',
      contact: { name: 'Olivia', email: 'o@a.test', areaCode: '86', phone: '13800000000' },
      remark: '',
    },
    quote: {
      version: 1,
      journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'CA1501', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T08:30', arrival: '2030-01-10T10:45' }] }],
      prices: [
        { passengerType: 'adult', fare: 50_000, tax: 5_000, currency: 'CNY' },
        { passengerType: 'child', fare: 20_000, tax: 2_500, currency: 'CNY' },
      ],
      total: 595_000,
      currency: 'CNY',
      confirmBy: at(-48),
      seats: 12,
      paymentPlan: [
        { kind: 'deposit1', amount: 175_348, dueAt: at(48) },
        { kind: 'deposit2', amount: 100_000, dueAt: at(96) },
        { kind: 'final', amount: 319_652, dueAt: at(240) },
      ],
      remark: '',
      quotedAt: '2030-01-01T03:00:00Z',
      quotedBy: 'simulator',
    },
    createdAt: '2030-01-01T02:00:00Z',
    updatedAt: '2030-01-01T03:00:00Z',
    createdBy: { id: 'u1', name: 'Olivia' },
    companyName: 'Demo',
    timeline: [],
    actions: ['pay'],
    payments: [],
    nextInstalment: { kind: 'deposit1', amount: 175_348, dueAt: at(48) },
    deskActions: [],
    ...over,
  };
}

let current: GroupOrder;
setupOrderTests();
beforeEach(() => {
  current = group();
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => (path === DETAIL ? Promise.resolve(current) : Promise.reject(new Error(`unexpected GET ${path}`)))) as never);
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
