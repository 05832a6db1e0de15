import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrainRefundQuote } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import { api, ApiError } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { trainOrderPath } from '../api/train-orders';
import { changeRecord, order } from '../test/fixtures';
import TrainOrderPage from './TrainOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { config: { commonConfig: {} } } } }),
}));

setupOrderTests();

const quote: TrainRefundQuote = {
  tier: 'days2to8',
  feePercent: 5,
  departureAt: '2030-01-10T07:00',
  lines: [{ passengerId: 'p1', name: '张三', fare: 55_300, fee: 3_000, refund: 52_300 }],
  totalFare: 55_300,
  totalFee: 3_000,
  totalRefund: 52_300,
  currency: 'CNY',
};

const open = () => renderPage(<TrainOrderPage />, '/train/orders/o1', '/train/orders/:id');

beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation(async (path: string) => {
    if (path === trainOrderPath('o1')) return order();
    if (path === '/order/v2/flight/config/payment')
      return {
        disablePayment: false,
        channels: [{ channel: 'balance', feeBp: 0, currencies: ['CNY'] }],
        balance: { currency: 'CNY', cash: 500_000, availableCredit: 0, held: 0, available: 500_000 },
      };
    throw new Error(path);
  });
  vi.mocked(api.post).mockReset();
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

describe('TrainOrderPage', () => {
  it('shows the ride, passengers with seats and tickets, totals and the timeline', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'T202611260001' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Issued');
    expect(screen.getByTestId('order-ride').textContent).toContain('G1 · High-speed');
    expect(screen.getAllByTestId('seat').map((s) => s.textContent)).toEqual(['Car 05 · 12A', 'Car 05 · 12B']);
    expect(screen.getByTestId('order-total').textContent).toBe('CNY 1,106.00');
    expect(screen.getAllByTestId('order-event').map((e) => e.firstChild?.textContent)).toEqual(['Booked, seats held', 'Tickets issued']);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('downloads the e-ticket PDF', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Download e-ticket/ }));
    await waitFor(() => expect(api.download).toHaveBeenCalledWith('/order/v2/train/orders/o1/e-ticket', 'e-ticket-T202611260001.pdf'));
  });

  it('pays a held booking from the balance with an idempotency key', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === trainOrderPath('o1')) return order({ status: 'to_be_paid', paymentStatus: 'unpaid', actions: ['pay', 'cancel'], paymentDeadline: '2030-01-01T00:30:00Z' });
      return {
        disablePayment: false,
        channels: [{ channel: 'balance', feeBp: 0, currencies: ['CNY'] }],
        balance: { currency: 'CNY', cash: 500_000, availableCredit: 0, held: 0, available: 500_000 },
      };
    });
    vi.mocked(api.post).mockResolvedValue({ status: 'ticketing', paymentStatus: 'paid', redirectUrl: null, transactionId: 't1' });
    open();
    expect(await screen.findByText(/Pay by/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Wallet balance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,106.00' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/payment', { method: 'balance' }, { headers: { 'Idempotency-Key': 'key-1' } }));
  });

  it('says the payment methods could not be loaded (not that there are none) and keeps Pay off', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === trainOrderPath('o1')) return order({ status: 'to_be_paid', paymentStatus: 'unpaid', actions: ['pay', 'cancel'], paymentDeadline: '2030-01-01T00:30:00Z' });
      throw new Error('Gateway down');
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The payment methods could not be loaded')).toBeTruthy();
    expect(within(dialog).getByText('Gateway down')).toBeTruthy();
    expect(within(dialog).queryByText('Your agency has no payment method for this booking')).toBeNull();
    expect((within(dialog).getByRole('button', { name: /^Pay/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows a refused payment in the dialog and refreshes the order', async () => {
    let orderReads = 0;
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === trainOrderPath('o1')) {
        orderReads += 1;
        return order({ status: 'to_be_paid', paymentStatus: 'unpaid', actions: ['pay', 'cancel'], paymentDeadline: '2030-01-01T00:30:00Z' });
      }
      return {
        disablePayment: false,
        channels: [{ channel: 'balance', feeBp: 0, currencies: ['CNY'] }],
        balance: { currency: 'CNY', cash: 100, availableCredit: 0, held: 0, available: 100 },
      };
    });
    vi.mocked(api.post).mockRejectedValue(new ApiError('Not enough money in the wallet', Code.INSUFFICIENT_BALANCE, 200));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Wallet balance');
    const readsBefore = orderReads;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay CNY 1,106.00' }));
    expect(await within(dialog).findByText('Not enough money in the wallet')).toBeTruthy();
    await waitFor(() => expect(orderReads).toBeGreaterThan(readsBefore));
  });

  it('refunds a chosen ticket after showing the fee quote', async () => {
    vi.mocked(api.post).mockImplementation(async (path: string) => {
      if (path.endsWith('/refund-quote')) return quote;
      if (path.endsWith('/refund')) return { order: order({ status: 'partially_refunded' }), quote };
      throw new Error(path);
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund tickets' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/refund-quote', { passengerIds: ['p1'] }));
    expect(await within(dialog).findByText('CNY 30.00')).toBeTruthy();
    expect(within(dialog).getByText('Back to the wallet: CNY 523.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund CNY 523.00' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/refund', { passengerIds: ['p1'] }, { headers: { 'Idempotency-Key': 'key-1' } }));
  });

  describe('a changed ticket', () => {
    // p1 changed to G5 (new ticket E987654321001, car 02 seat 01A, CNY 933.00); p2 still on its original ticket.
    const changedOrder = () =>
      order({
        passengers: [
          { ...order().passengers[0], ticketStatus: 'changed', change: changeRecord({ seatClass: 'first', fare: 93_300, difference: 38_000 }) },
          order().passengers[1],
        ],
      });
    const changedQuote: TrainRefundQuote = {
      ...quote,
      tier: 'free',
      feePercent: 0,
      departureAt: '2030-01-10T09:00',
      lines: [{ passengerId: 'p1', name: '张三', fare: 93_300, fee: 0, refund: 93_300 }],
      totalFare: 93_300,
      totalFee: 0,
      totalRefund: 93_300,
    };

    beforeEach(() => {
      vi.mocked(api.get).mockImplementation(async (path: string) => {
        if (path === trainOrderPath('o1')) return changedOrder();
        throw new Error(path);
      });
    });

    it('shows the new ticket (number, seat, fare) as the current one and the old ticket as history', async () => {
      open();
      expect(await screen.findByRole('heading', { name: 'T202611260001' })).toBeTruthy();
      expect(screen.getAllByTestId('ticket-number').map((n) => n.textContent)).toEqual(['E987654321001', 'E123456789']);
      expect(screen.getAllByTestId('seat').map((s) => s.textContent)).toEqual(['Car 02 · 01A', 'Car 05 · 12B']);
      expect(screen.getByText('CNY 933.00')).toBeTruthy();
      expect(screen.getByTestId('change-line').textContent).toBe('Changed to G5 2030-01-10 09:00 · First class');
      expect(screen.getByTestId('previous-ticket').textContent).toBe('Before the change: G1 2030-01-10 07:00 · ticket E123456789 · Car 05 · 12A');
    });

    it('refunds the changed ticket on its new fare, and one group of tickets at a time', async () => {
      vi.mocked(api.post).mockImplementation(async (path: string) => {
        if (path.endsWith('/refund-quote')) return changedQuote;
        if (path.endsWith('/refund')) return { order: changedOrder(), quote: changedQuote };
        throw new Error(path);
      });
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'Refund tickets' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByTestId('refund-groups').textContent).toBe(
        'The original tickets and the tickets of each change are separate railway tickets: refund them one group at a time.',
      );
      const changedBox = within(dialog).getByRole('checkbox', { name: '张三 · changed to G5 2030-01-10 09:00 · CNY 933.00' }) as HTMLInputElement;
      const originalBox = within(dialog).getByRole('checkbox', { name: '李四 · CNY 553.00' }) as HTMLInputElement;
      fireEvent.click(changedBox);
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/refund-quote', { passengerIds: ['p1'] }));
      expect(originalBox.disabled).toBe(true);
      expect(changedBox.disabled).toBe(false);
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund CNY 933.00' }));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/train/orders/o1/refund', { passengerIds: ['p1'] }, { headers: { 'Idempotency-Key': 'key-1' } }));
    });
  });
});
