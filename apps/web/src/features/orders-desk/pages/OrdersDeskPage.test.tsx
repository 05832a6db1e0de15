import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskItem, FlightOrder } from '@portal/contract/api/flight-orders';
import { afterSalesRequest, refundOrder, refundQuote } from '../../flight-orders/test/fixtures';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import OrdersDeskPage from './OrdersDeskPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'ops', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { proxyLevel: 0 }, permissions: [] } }),
}));

const DESK = '/order/v2/flight/desk/orders';

function item(over: Partial<DeskItem>): DeskItem {
  return {
    id: 'o1',
    bookingNumber: 'FO250306001',
    type: 'origin',
    status: 'reviewing',
    paymentStatus: 'unpaid',
    recordLocator: 'ABC123',
    validatingCarrier: 'CA',
    route: 'PEK-SHA',
    flightNumbers: ['CA1501'],
    departure: '2030-01-10T08:30',
    passengers: ['ZHANG/SAN'],
    ticketNumbers: [],
    total: 250_912,
    currency: 'CNY',
    paymentDeadline: null,
    createdAt: '2025-03-06T09:30:00Z',
    createdBy: 'Olivia Operator',
    companyName: 'Demo Travel Agency',
    companyCode: 'A00001',
    reason: 'reviewing',
    deskActions: ['approve', 'reject'],
    ...over,
  };
}

const items = [
  item({}),
  item({ id: 'o2', bookingNumber: 'FO250306002', status: 'proceeding', paymentStatus: 'paid', reason: 'stuck', companyName: 'Second Agency', companyCode: 'A00002', deskActions: ['retryTicketing', 'markFailed'] }),
  item({ id: 'o3', bookingNumber: 'FO250306003', status: 'failed_reimbursing', reason: 'failed', deskActions: [] }),
  item({ id: 'o4', bookingNumber: 'FO250306004', status: 'to_be_paid', reason: 'to_be_paid', deskActions: [] }),
];
const listCalls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === DESK);
const rowOf = (booking: string) => screen.getByRole('link', { name: booking }).closest('tr') as HTMLElement;
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;

setupOrderTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items, total: 4, page: 1, pageSize: 20 });
  vi.mocked(api.post).mockReset().mockResolvedValue({ bookingNumber: 'FO250306001' } as FlightOrder);
});

describe('OrdersDeskPage', { timeout: 20_000 }, () => {
  it('lists the view with agency, reason, booking link and status, and the moves each row allows', async () => {
    renderPage(<OrdersDeskPage />, '/platform/orders-desk');
    const link = await screen.findByRole('link', { name: 'FO250306001' });
    expect(link.getAttribute('href')).toBe('/flight/orders/o1');
    expect(listCalls().at(-1)?.[1]?.params).toEqual({ view: 'needsPerson', page: 1, pageSize: 20 });
    const reviewing = rowOf('FO250306001');
    expect(within(reviewing).getByText('Demo Travel Agency')).toBeTruthy();
    expect(within(reviewing).getByText('Waiting for review')).toBeTruthy();
    expect(within(reviewing).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(reviewing).getByRole('button', { name: 'Reject' })).toBeTruthy();
    const stuck = rowOf('FO250306002');
    expect(within(stuck).getByText('Ticketing takes too long')).toBeTruthy();
    expect(within(stuck).getByRole('button', { name: 'Retry ticketing' })).toBeTruthy();
    expect(within(stuck).getByRole('button', { name: 'Mark failed and refund' })).toBeTruthy();
    expect(within(stuck).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('FO250306003')).queryAllByRole('button')).toHaveLength(0);
    // A reason the page has no words for reads as the status it names.
    expect(within(rowOf('FO250306004')).getAllByText('To be paid').length).toBe(2);
  });

  it('switches views through the tabs', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<OrdersDeskPage />, '/platform/orders-desk');
    await screen.findByRole('link', { name: 'FO250306001' });
    await user.click(screen.getByRole('tab', { name: 'Due soon' }));
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.params).toEqual({ view: 'dueSoon', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toBe('/platform/orders-desk?view=dueSoon');
  });

  it('rejecting needs a remark, then posts it and refreshes the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<OrdersDeskPage />, '/platform/orders-desk');
    await screen.findByRole('link', { name: 'FO250306001' });
    await user.click(within(rowOf('FO250306001')).getByRole('button', { name: 'Reject' }));
    const dialog = await dialogOf('Reject booking FO250306001?');
    await user.type(within(dialog).getByLabelText('Remark for the agency'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why the booking is rejected')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    const loads = listCalls().length;
    await user.type(within(dialog).getByLabelText('Remark for the agency'), 'Name does not match the passport');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/o1/reject`, { remark: 'Name does not match the passport' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('the other moves confirm first and take an optional remark', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<OrdersDeskPage />, '/platform/orders-desk');
    await screen.findByRole('link', { name: 'FO250306002' });
    await user.click(within(rowOf('FO250306002')).getByRole('button', { name: 'Mark failed and refund' }));
    const dialog = await dialogOf('Mark booking FO250306002 as failed?');
    expect(within(dialog).getByText(/the money goes back to the agency's wallet/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed and refund' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/o2/mark-failed`, { remark: null }));
  });

  it('has the after-sales queues as tabs', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<OrdersDeskPage />, '/platform/orders-desk');
    await screen.findByRole('link', { name: 'FO250306001' });
    for (const [tab, view] of [
      ['Changes', 'change'],
      ['Refunds', 'refund'],
      ['Voids', 'void'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(listCalls().at(-1)?.[1]?.params).toEqual({ view, page: 1, pageSize: 20 }));
    }
    expect(screen.getByTestId('location').textContent).toBe('/platform/orders-desk?view=void');
  });

  describe('approving a refund request sends its quote', () => {
    const REFUND_ORDER = '/order/v2/flight/orders/r1';
    const refundItem = item({ id: 'r1', bookingNumber: 'FR250306002', type: 'refund', status: 'rfd_reviewing', paymentStatus: 'paid', reason: 'rfd_reviewing', deskActions: ['approve', 'reject'] });
    let order: FlightOrder;
    beforeEach(() => {
      order = refundOrder({ status: 'rfd_reviewing', actions: [], deskActions: ['approve', 'reject'], request: afterSalesRequest({ refundQuote: null }) });
      vi.mocked(api.get).mockImplementation(async (path: string) => (path === REFUND_ORDER ? order : { items: [refundItem], total: 1, page: 1, pageSize: 20 }) as never);
    });

    it('by default leaves the fees to the fare rules', async () => {
      const user = userEvent.setup({ delay: null });
      renderPage(<OrdersDeskPage />, '/platform/orders-desk?view=refund');
      await screen.findByRole('link', { name: 'FR250306002' });
      // The reason reads as the status it names; the type shows under the booking number.
      expect(within(rowOf('FR250306002')).getAllByText('Refund under review').length).toBeGreaterThan(0);
      await user.click(within(rowOf('FR250306002')).getByRole('button', { name: 'Approve' }));
      const dialog = await dialogOf('Send the refund quote of FR250306002?');
      expect(await within(dialog).findByTestId('quote-editor')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/r1/approve`, { remark: null }));
    });

    it('sets involuntary and the fees per passenger, "not refundable" as null', async () => {
      const user = userEvent.setup({ delay: null });
      renderPage(<OrdersDeskPage />, '/platform/orders-desk?view=refund');
      await screen.findByRole('link', { name: 'FR250306002' });
      await user.click(within(rowOf('FR250306002')).getByRole('button', { name: 'Approve' }));
      const dialog = await dialogOf('Send the refund quote of FR250306002?');
      await within(dialog).findByTestId('quote-editor');
      await user.click(within(dialog).getByLabelText('Involuntary'));
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.getAttribute('title') === 'Involuntary (no refund fee)');
        if (!found) throw new Error('no option');
        return found;
      });
      await user.click(option);
      await user.click(within(dialog).getByRole('switch'));
      const lines = await within(dialog).findAllByTestId('quote-line');
      expect(within(lines[0]).getByText('ZHANG/SAN')).toBeTruthy();
      expect(within(lines[1]).getByText('LI/SI')).toBeTruthy();

      // Fees are required once the desk sets them.
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect((await within(dialog).findAllByText('Enter an amount')).length).toBeGreaterThan(0);
      expect(api.post).not.toHaveBeenCalled();

      await user.type(within(lines[0]).getByLabelText('Refund fee (CNY)'), '100');
      await user.type(within(lines[0]).getByLabelText('Service fee (CNY)'), '20.5');
      await user.click(within(lines[1]).getByRole('checkbox', { name: 'Fare not refundable (only taxes back)' }));
      expect(within(lines[1]).queryByLabelText('Refund fee (CNY)')).toBeNull();
      await user.type(within(lines[1]).getByLabelText('Service fee (CNY)'), '0');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() =>
        expect(api.post).toHaveBeenCalledWith(`${DESK}/r1/approve`, {
          remark: null,
          involuntary: true,
          lines: [
            { passengerId: 'p1', refundFee: 10_000, serviceFee: 2_050 },
            { passengerId: 'p2', refundFee: null, serviceFee: 0 },
          ],
        }),
      );
    });

    it('a new version of a quote starts from the current one', async () => {
      const user = userEvent.setup({ delay: null });
      order = refundOrder({ deskActions: ['approve', 'reject'] });
      vi.mocked(api.get).mockImplementation(async (path: string) =>
        (path === REFUND_ORDER ? order : { items: [{ ...refundItem, status: 'rfd_to_be_confirm', reason: 'rfd_to_be_confirm' }], total: 1, page: 1, pageSize: 20 }) as never,
      );
      renderPage(<OrdersDeskPage />, '/platform/orders-desk?view=refund');
      await screen.findByRole('link', { name: 'FR250306002' });
      await user.click(within(rowOf('FR250306002')).getByRole('button', { name: 'Approve' }));
      const dialog = await dialogOf('Send the refund quote of FR250306002?');
      expect(await within(dialog).findByText(`Current quote: version 2, CNY ${(refundQuote().total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} back`)).toBeTruthy();
      await user.click(within(dialog).getByRole('switch'));
      const lines = await within(dialog).findAllByTestId('quote-line');
      expect((within(lines[0]).getByLabelText('Refund fee (CNY)') as HTMLInputElement).value).toBe('300.00');
      expect(within(lines[1]).getByRole('checkbox', { name: 'Fare not refundable (only taxes back)' })).toHaveProperty('checked', true);
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() =>
        expect(api.post).toHaveBeenCalledWith(`${DESK}/r1/approve`, {
          remark: null,
          lines: [
            { passengerId: 'p1', refundFee: 30_000, serviceFee: 2_000 },
            { passengerId: 'p2', refundFee: null, serviceFee: 2_000 },
          ],
        }),
      );
    });
  });

  it('marks a void done at the airline by hand', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.get).mockResolvedValue({
      items: [item({ id: 'v1', bookingNumber: 'FV250306004', type: 'void', status: 'void_holding', paymentStatus: 'paid', reason: 'void_holding', deskActions: ['retryTicketing', 'markProcessed', 'markFailed'] })],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    renderPage(<OrdersDeskPage />, '/platform/orders-desk?view=void');
    await screen.findByRole('link', { name: 'FV250306004' });
    await user.click(within(rowOf('FV250306004')).getByRole('button', { name: 'Mark processed' }));
    const dialog = await dialogOf('Mark FV250306004 as processed?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark processed' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/v1/mark-processed`, { remark: null }));
  });
});
