import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDeskItem, GroupOrder, GroupSeatsBody } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ApiError, api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupDeskItem, groupOrder, groupQuote, groupRequest, noNames } from '../../../components/groups/test-fixtures';
import { instantOf } from '../model/quote-form';
import GroupDeskPage from './GroupDeskPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'ops', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { proxyLevel: 0 }, permissions: [] } }),
}));

const DESK = '/order/v2/flight/group/desk';
const ORDERS = '/order/v2/flight/group/orders';
const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** g1 is confirmed (to_be_apply_seat: seats only); g2 is applying (seat_applying: seats or reject). */
const item = (id: string, booking: string, status: GroupDeskItem['status'], deskActions: GroupDeskItem['deskActions']): GroupDeskItem =>
  groupDeskItem({ id, bookingNumber: booking, status, passengers: { adult: 10, child: 2, infant: 1 }, total: 1_260_000, currency: 'CNY', deskActions });

/** Quoted 10 adults x 850 + 2 children x 625 + 1 infant x 100 = CNY 9,850.00, paid 3,000 then 6,850. */
const group = (id: string, booking: string, status: GroupOrder['status'], deskActions: GroupOrder['deskActions']): GroupOrder =>
  groupOrder({
    id,
    bookingNumber: booking,
    status,
    request: groupRequest({
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', remark: '', isChangeDate: false, acceptChangeFlight: true }],
      passengers: { adult: 10, child: 2, infant: 1 },
    }),
    quote: groupQuote({
      prices: [
        { passengerType: 'adult', fare: 80_000, tax: 5_000, currency: 'CNY' },
        { passengerType: 'child', fare: 60_000, tax: 2_500, currency: 'CNY' },
        { passengerType: 'infant', fare: 10_000, tax: 0, currency: 'CNY' },
      ],
      total: 985_000,
      confirmBy: at(-2),
      paymentPlan: [
        // Whole minutes, as a datetime-local field keeps them.
        { kind: 'deposit1', amount: 300_000, dueAt: '2030-01-05T10:00:00.000Z' },
        { kind: 'final', amount: 685_000, dueAt: '2030-01-08T10:00:00.000Z' },
      ],
      remark: 'quoted',
      quotedBy: 'desk',
    }),
    deskActions,
    names: noNames({ expected: { seats: 12, infants: 1 } }),
  });

setupOrderTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => {
    if (path === DESK) return Promise.resolve({ items: [item('g1', 'G2611260001', 'to_be_apply_seat', ['seats']), item('g2', 'G2611260002', 'seat_applying', ['reject', 'seats'])], total: 2, page: 1, pageSize: 20 });
    if (path === `${ORDERS}/g1`) return Promise.resolve(group('g1', 'G2611260001', 'to_be_apply_seat', ['seats']));
    if (path === `${ORDERS}/g2`) return Promise.resolve(group('g2', 'G2611260002', 'seat_applying', ['reject', 'seats']));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as never);
  vi.mocked(api.post).mockReset();
});

const deskCalls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === DESK).length;
const row = async (booking: string) => (await screen.findByRole('link', { name: booking })).closest('tr') as HTMLElement;
const setValue = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function openSeats(booking: string) {
  renderPage(<GroupDeskPage />, '/platform/group-desk?status=to_be_apply_seat,seat_applying');
  await userEvent.click(within(await row(booking)).getByRole('button', { name: 'Seats' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('seats-summary');
  return dialog;
}

describe('group desk seats', { timeout: 60_000 }, () => {
  it('offers Seats where the server allows it, beside Reject only while seats are being applied for', async () => {
    renderPage(<GroupDeskPage />, '/platform/group-desk?status=to_be_apply_seat,seat_applying');
    const confirmed = await row('G2611260001');
    expect(within(confirmed).getAllByRole('button').map((b) => b.textContent)).toEqual(['Seats']);
    const applying = await row('G2611260002');
    expect(within(applying).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reject', 'Seats']);
  });

  it('applies for the quoted seats, then records them secured as quoted with a remark; the list refreshes', async () => {
    vi.mocked(api.post).mockResolvedValue(group('g1', 'G2611260001', 'to_be_pay_first', []) as never);
    const dialog = await openSeats('G2611260001');
    const w = within(dialog);
    expect(w.getByTestId('seats-summary').textContent).toContain('Confirmed quote (version 1): 12 seats on');
    expect(w.getByTestId('seats-flight').textContent).toBe('CA1501 · PEK → SHA · 2030-01-10 08:30');
    expect(w.queryByRole('radio')).toBeNull();
    await userEvent.click(w.getByRole('button', { name: 'Applied: record the answer' }));
    expect(api.post).not.toHaveBeenCalled();

    // The table has no reject from to_be_apply_seat: only secured or changed.
    expect(w.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([expect.stringMatching(/^Secured as quoted/), expect.stringMatching(/^Changed/)]);
    await userEvent.click(w.getByRole('button', { name: 'Record seats secured' }));
    expect(await w.findByText("Choose the airline's answer")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.click(w.getByRole('radio', { name: /Secured as quoted/ }));
    await userEvent.type(w.getByLabelText('Remark for the agency'), ' CA confirmed 12 seats ');
    const before = deskCalls();
    await userEvent.click(w.getByRole('button', { name: 'Record seats secured' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const [path, body] = vi.mocked(api.post).mock.calls[0] as [string, GroupSeatsBody];
    expect(path).toBe(`${ORDERS}/g1/seats`);
    expect(body).toEqual({ outcome: 'secured', remark: 'CA confirmed 12 seats' });
    expect(await screen.findByText('Seats secured for G2611260001')).toBeTruthy();
    await waitFor(() => expect(deskCalls()).toBeGreaterThan(before));
  });

  it('changed: edits the confirmed quote with fewer seats, priced on the travellers they carry, with a new deadline', async () => {
    vi.mocked(api.post).mockResolvedValue(group('g2', 'G2611260002', 'to_be_confirm', []) as never);
    const dialog = await openSeats('G2611260002');
    const w = within(dialog);
    // Already applying: straight to the answer.
    expect(w.queryByRole('button', { name: 'Applied: record the answer' })).toBeNull();
    await userEvent.click(w.getByRole('radio', { name: /Changed/ }));
    // Started from the confirmed quote, without its spent deadline.
    expect((await w.findByLabelText('Flight number') as HTMLInputElement).value).toBe('CA1501');
    // The form is filled from the quote in one effect; on a busy machine the flight number can land a render earlier.
    await waitFor(() => expect((w.getByLabelText('Seats') as HTMLInputElement).value).toBe('12'));
    expect((w.getByLabelText('Confirm by') as HTMLInputElement).value).toBe('');
    expect(w.getByTestId('desk-quote-total').textContent).toBe('CNY 9,850.00');

    // 10 seats: the 10 adults (and the infant on a lap) keep theirs, the children none: 10 x 850 + 100 = 8,600.00.
    const seats = w.getByLabelText('Seats');
    await userEvent.clear(seats);
    await userEvent.type(seats, '10');
    await waitFor(() => expect(w.getByTestId('desk-quote-total').textContent).toBe('CNY 8,600.00'));
    expect(w.getByTestId('quote-intro').textContent).toContain('priced for 10 adults, 0 children, 1 infants');
    await userEvent.clear(w.getByLabelText('Flight number'));
    await userEvent.type(w.getByLabelText('Flight number'), 'mu5101');

    await userEvent.click(w.getByRole('button', { name: 'Send changed quote' }));
    expect(await w.findByText('Required')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    setValue(w.getByLabelText('Confirm by'), '2030-01-03T18:00');
    await userEvent.click(w.getByRole('button', { name: 'Send changed quote' }));
    expect(await w.findByText('The payment plan must add up to the quote total.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.click(w.getByRole('button', { name: 'Put the rest on the final payment' }));
    await userEvent.click(w.getByRole('button', { name: 'Send changed quote' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const [path, body] = vi.mocked(api.post).mock.calls[0] as [string, GroupSeatsBody];
    expect(path).toBe(`${ORDERS}/g2/seats`);
    expect(body).toEqual({
      outcome: 'changed',
      quote: {
        journeys: [{ journeyIndex: 0, flights: [{ carrier: 'CA', flightNumber: 'MU5101', origin: 'PEK', destination: 'SHA', departure: '2030-01-10T08:30', arrival: '2030-01-10T10:45' }] }],
        prices: [
          { passengerType: 'adult', fare: 80_000, tax: 5_000, currency: 'CNY' },
          { passengerType: 'child', fare: 60_000, tax: 2_500, currency: 'CNY' },
          { passengerType: 'infant', fare: 10_000, tax: 0, currency: 'CNY' },
        ],
        currency: 'CNY',
        confirmBy: instantOf('2030-01-03T18:00'),
        seats: 10,
        paymentPlan: [
          { kind: 'deposit1', amount: 300_000, dueAt: '2030-01-05T10:00:00.000Z' },
          { kind: 'final', amount: 560_000, dueAt: '2030-01-08T10:00:00.000Z' },
        ],
        remark: '',
      },
      remark: '',
    });
    expect(await screen.findByText('Changed quote sent to the agency for G2611260002')).toBeTruthy();
  });

  it("puts the server's refusal of a changed quote on its fields (the quote nested in the body) and the rest on top", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError('Invalid', Code.VALIDATION, 400, { 'quote.journeys.0.flights.0.carrier': 'Invalid value', seats: 'A changed quote holds at most the seats asked for (12)' }),
    );
    const dialog = await openSeats('G2611260002');
    const w = within(dialog);
    await userEvent.click(w.getByRole('radio', { name: /Changed/ }));
    await w.findByLabelText('Flight number');
    setValue(w.getByLabelText('Confirm by'), '2030-01-03T18:00');
    await userEvent.click(w.getByRole('button', { name: 'Send changed quote' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const carrier = (await w.findByText('Invalid value')).closest('.ant-form-item') as HTMLElement;
    expect(within(carrier).getByLabelText('Carrier')).toBeTruthy();
    // Each field's message comes in with its own motion: the second may be a frame behind the first on a busy machine.
    const seats = (await w.findByText('A changed quote holds at most the seats asked for (12)')).closest('.ant-form-item') as HTMLElement;
    expect(within(seats).getByLabelText('Seats')).toBeTruthy();

    vi.mocked(api.post).mockRejectedValue(new ApiError('This group is to_be_pay_first: it cannot be seats_changed now', Code.ORDER_STATE, 409));
    await userEvent.click(w.getByRole('button', { name: 'Send changed quote' }));
    expect(await w.findByText('This group is to_be_pay_first: it cannot be seats_changed now')).toBeTruthy();
  });

  it('a group moved on meanwhile says so and offers no OK that would do nothing', async () => {
    // The list still offers Seats, but a colleague secured them meanwhile: the group itself is past the desk.
    const listed = vi.mocked(api.get).getMockImplementation()!;
    vi.mocked(api.get).mockImplementation(((path: string, ...rest: unknown[]) =>
      path === `${ORDERS}/g1` ? Promise.resolve(group('g1', 'G2611260001', 'to_be_pay_first', [])) : (listed as (...a: unknown[]) => unknown)(path, ...rest)) as never);
    const dialog = await openSeats('G2611260001');
    expect(within(dialog).getByTestId('seats-not-waiting').textContent).toContain('This group no longer waits for seats (now: ');
    const ok = within(dialog).getByRole('button', { name: 'Record seats secured' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await userEvent.click(ok);
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('no seats: hands over to the reject dialog, which closes the group with the reason', async () => {
    vi.mocked(api.post).mockResolvedValue(group('g2', 'G2611260002', 'closed', []) as never);
    const dialog = await openSeats('G2611260002');
    await userEvent.click(within(dialog).getByRole('radio', { name: /No seats/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to reject' }));
    const reject = (await screen.findByText('Reject group G2611260002')).closest('[role="dialog"]') as HTMLElement;
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(within(reject).getByLabelText('Reason'), 'CA has no seats that day');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${ORDERS}/g2/rejection`, { remark: 'CA has no seats that day' }));
  });
});
