import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDeskQuoteBody, GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ApiError, api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupDeskItem, groupOrder, groupRequest } from '../../../components/groups/test-fixtures';
import { instantOf } from '../model/quote-form';
import GroupDeskPage from './GroupDeskPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'ops', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { proxyLevel: 0 }, permissions: [] } }),
}));

const DESK = '/order/v2/flight/group/desk';
const DETAIL = '/order/v2/flight/group/orders/g1';

const item = groupDeskItem;

const group = (): GroupOrder =>
  groupOrder({
    request: groupRequest({ journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', remark: 'Morning please', isChangeDate: false, acceptChangeFlight: true }] }),
    deskActions: ['quote', 'reject'],
  });

setupOrderTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => {
    if (path === DESK) return Promise.resolve({ items: [item(), item({ id: 'g2', bookingNumber: 'G2611260002', status: 'to_be_confirm', deskActions: [], total: 975_000, currency: 'CNY' })], total: 2, page: 1, pageSize: 20 });
    if (path === DETAIL) return Promise.resolve(group());
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as never);
  vi.mocked(api.post).mockReset();
});

const deskCalls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === DESK);
const row = async (booking: string) => (await screen.findByRole('link', { name: booking })).closest('tr') as HTMLElement;
const setValue = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function openQuote() {
  renderPage(<GroupDeskPage />, '/platform/group-desk');
  await userEvent.click(within(await row('G2611260001')).getByRole('button', { name: 'Quote' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/Journey 1 · PEK → SHA/);
  return dialog;
}

/** Everything but the plan amounts: CA1501, adults 800 + 50, children 600.50 + 25 => total 10 x 850 + 2 x 625.50 = 9,751.00. */
async function fillQuote(dialog: HTMLElement) {
  const w = within(dialog);
  await userEvent.type(w.getByLabelText('Carrier'), 'ca');
  await userEvent.type(w.getByLabelText('Flight number'), 'ca1501');
  setValue(w.getByLabelText('Departure'), '2030-01-10T08:30');
  setValue(w.getByLabelText('Arrival'), '2030-01-10T10:45');
  const [adultFare, childFare] = w.getAllByLabelText('Fare (CNY)');
  const [adultTax, childTax] = w.getAllByLabelText('Tax (CNY)');
  await userEvent.type(adultFare, '800');
  await userEvent.type(adultTax, '50');
  await userEvent.type(childFare, '600.50');
  await userEvent.type(childTax, '25');
  setValue(w.getByLabelText('Confirm by'), '2030-01-03T18:00');
  const dues = w.getAllByLabelText('Due by');
  setValue(dues[0], '2030-01-04T18:00');
  setValue(dues[1], '2030-01-06T18:00');
}

describe('group desk list', { timeout: 30_000 }, () => {
  it('lists the queue with agency, route, date, travellers and request time, waiting-for-quote by default', async () => {
    renderPage(<GroupDeskPage />, '/platform/group-desk');
    const r = await row('G2611260001');
    expect(within(r).getByText('Demo Travel Agency')).toBeTruthy();
    expect(within(r).getByText('A00001')).toBeTruthy();
    expect(within(r).getByText('PEK-SHA')).toBeTruthy();
    expect(within(r).getByText(/2030-01-10/)).toBeTruthy();
    expect(within(r).getByText('10 adults, 2 children, 0 infants')).toBeTruthy();
    expect(within(r).getByText(/2030-01-01/)).toBeTruthy();
    expect(within(r).getByRole('button', { name: 'Quote' })).toBeTruthy();
    expect(within(r).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // A row with no desk move only opens the group.
    const other = await row('G2611260002');
    expect(within(other).queryByRole('button')).toBeNull();
    expect(within(other).getByText('CNY 9,750.00')).toBeTruthy();
    expect(deskCalls()[0][1]?.params).toMatchObject({ status: 'to_be_quote,to_be_apply_seat,seat_applying', page: 1 });
  });

  it('filters by status through the URL', async () => {
    renderPage(<GroupDeskPage />, '/platform/group-desk?status=to_be_confirm,seat_applying');
    await row('G2611260001');
    expect(deskCalls().at(-1)?.[1]?.params).toMatchObject({ status: 'to_be_confirm,seat_applying' });
  });
});

describe('group desk quote', { timeout: 60_000 }, () => {
  it('checks live that the plan adds up to the total and sends the quote in minor units', async () => {
    vi.mocked(api.post).mockResolvedValue({ ...group(), status: 'to_be_confirm' } as never);
    const dialog = await openQuote();
    const w = within(dialog);
    // Started from the request: its cities, the seated travellers, one price line per travelling type.
    expect((w.getByLabelText('From') as HTMLInputElement).value).toBe('PEK');
    expect((w.getByLabelText('Seats') as HTMLInputElement).value).toBe('12');
    expect(w.getAllByTestId('quote-price-row')).toHaveLength(2);
    await fillQuote(dialog);
    expect(w.getByTestId('desk-quote-total').textContent).toBe('CNY 9,751.00');

    const [deposit, final] = w.getAllByLabelText('Amount (CNY)');
    await userEvent.type(deposit, '2000');
    await userEvent.type(final, '7000');
    await waitFor(() => expect(w.getByTestId('plan-sum').textContent).toBe('The payment plan adds up to CNY 9,000.00, not the total of CNY 9,751.00 (difference CNY +751.00).'));
    await userEvent.click(w.getByRole('button', { name: 'Send quote' }));
    expect(await w.findByText('The payment plan must add up to the quote total.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.click(w.getByRole('button', { name: 'Put the rest on the final payment' }));
    await waitFor(() => expect(w.getByTestId('plan-sum').textContent).toBe('The payment plan adds up to the total of CNY 9,751.00.'));
    await userEvent.click(w.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const [path, body] = vi.mocked(api.post).mock.calls[0] as [string, GroupDeskQuoteBody];
    expect(path).toBe(`${DETAIL}/quote`);
    expect(body).toEqual({
      journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'CA1501', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T08:30', arrival: '2030-01-10T10:45' }] }],
      prices: [
        { passengerType: 'adult', fare: 80_000, tax: 5_000, currency: 'CNY' },
        { passengerType: 'child', fare: 60_050, tax: 2_500, currency: 'CNY' },
      ],
      currency: 'CNY',
      confirmBy: instantOf('2030-01-03T18:00'),
      seats: 12,
      paymentPlan: [
        { kind: 'deposit1', amount: 200_000, dueAt: instantOf('2030-01-04T18:00') },
        { kind: 'final', amount: 775_100, dueAt: instantOf('2030-01-06T18:00') },
      ],
      remark: '',
    });
    expect(await screen.findByText('Quote sent for G2611260001')).toBeTruthy();
  });

  it('adds deposits before the final payment, at most three', async () => {
    const dialog = await openQuote();
    const w = within(dialog);
    for (let i = 0; i < 2; i++) await userEvent.click(w.getByRole('button', { name: /Add deposit/ }));
    expect(w.getAllByTestId('quote-plan-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('First deposit'),
      expect.stringContaining('Second deposit'),
      expect.stringContaining('Third deposit'),
      expect.stringContaining('Final payment'),
    ]);
    expect(w.queryByRole('button', { name: /Add deposit/ })).toBeNull();
  });

  it("puts the server's field errors on the fields and the rest above the form", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError('Invalid', Code.VALIDATION, 400, { 'journeys.0.flights.0.flightNumber': 'Not a flight of CA', paymentPlan: 'Deadlines must increase' }),
    );
    const dialog = await openQuote();
    const w = within(dialog);
    await fillQuote(dialog);
    const [deposit, final] = w.getAllByLabelText('Amount (CNY)');
    await userEvent.type(deposit, '2000');
    await userEvent.type(final, '7751');
    await userEvent.click(w.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(await w.findByText('Not a flight of CA')).toBeTruthy();
    expect(w.getByText('Deadlines must increase')).toBeTruthy();
    const field = w.getByText('Not a flight of CA').closest('.ant-form-item') as HTMLElement;
    expect(within(field).getByLabelText('Flight number')).toBeTruthy();
  });
});

describe('group desk reject', { timeout: 30_000 }, () => {
  it('needs a remark, then closes the group with it', async () => {
    vi.mocked(api.post).mockResolvedValue({ ...group(), status: 'closed' } as never);
    renderPage(<GroupDeskPage />, '/platform/group-desk');
    await userEvent.click(within(await row('G2611260001')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the agency a reason')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), '  No seats on these dates ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DETAIL}/rejection`, { remark: 'No seats on these dates' }));
  });
});
