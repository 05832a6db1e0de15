import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupOrder, GroupOrderListItem, GroupStatusCount } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupListItem, groupOrder, groupQuote, groupRequest } from '../../../components/groups/test-fixtures';
import GroupOrdersPage from './GroupOrdersPage';
import GroupOrderPage from './GroupOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: { userInfo: { id: 'u1', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } } } }) }));

const LIST = '/order/v2/flight/group/orders';
const STATUS = '/order/v2/flight/group/orders/status';
const DETAIL = '/order/v2/flight/group/orders/g1';
const future = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A quote of CNY 12,345.00 awaits the agency's confirmation for 5 more hours. */
const item = (over: Partial<GroupOrderListItem> = {}): GroupOrderListItem =>
  groupListItem({ status: 'to_be_confirm', total: 1_234_500, currency: 'CNY', confirmBy: future(5), ...over });

/** Version 2 of the quote awaits confirmation: CNY 9,750.00 in a deposit and the final payment. */
const group = (over: Partial<GroupOrder> = {}): GroupOrder =>
  groupOrder({
    status: 'to_be_confirm',
    request: groupRequest({ journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', remark: 'Morning please', isChangeDate: true, acceptChangeFlight: false }] }),
    quote: groupQuote({
      version: 2,
      prices: [
        { passengerType: 'adult', fare: 80_000, tax: 5_000, currency: 'CNY' },
        { passengerType: 'child', fare: 60_000, tax: 2_500, currency: 'CNY' },
      ],
      total: 975_000,
      confirmBy: future(5),
      paymentPlan: [
        { kind: 'deposit1', amount: 200_000, dueAt: future(48) },
        { kind: 'final', amount: 775_000, dueAt: future(240) },
      ],
    }),
    timeline: [{ at: '2030-01-01T02:00:00Z', event: 'request', from: null, to: 'to_be_quote', actor: { kind: 'user', name: 'Olivia' }, remark: null, message: null }],
    actions: ['confirm', 'cancel'],
    ...over,
  });
let counts: GroupStatusCount[] = [];
setupOrderTests();
beforeEach(() => {
  counts = [];
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => {
    if (path === LIST) return Promise.resolve({ items: [item()], total: 1, page: 1, pageSize: 20 });
    if (path === STATUS) return Promise.resolve(counts);
    if (path === DETAIL) return Promise.resolve(group());
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as never);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.del).mockReset();
});

describe('group order list', { timeout: 30_000 }, () => {
  it('shows one menu entry per status with its count (99+ above 99) and filters by the entry in the URL', async () => {
    counts = [
      { status: 'to_be_quote', cnt: 3 },
      { status: 'to_be_confirm', cnt: 120 },
      { status: 'issued', cnt: 0 },
    ];
    renderPage(<GroupOrdersPage />, '/flight/group/order');
    const menu = await screen.findByRole('navigation', { name: 'Group order menu' });
    await waitFor(() => expect(within(menu).getByTestId('badge-to_be_quote').textContent).toBe('3'));
    expect(within(menu).getByTestId('badge-to_be_confirm').textContent).toBe('99+');
    expect(within(menu).getByTestId('badge-all').textContent).toBe('99+');
    expect(within(menu).queryByTestId('badge-issued')).toBeNull();
    for (const label of ['To be quoted', 'Applying for seats', 'Final payment due', 'Issued', 'Failed', 'Canceled', 'Closed']) expect(within(menu).getByText(label)).toBeTruthy();

    const link = await screen.findByRole('link', { name: 'G2611260001' });
    expect(link.getAttribute('href')).toBe('/flight/group/order/g1');
    expect(screen.getByText('CNY 12,345.00')).toBeTruthy();

    await userEvent.click(within(menu).getByText('To be quoted'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/flight/group/order?menu=to_be_quote'));
    await waitFor(() => expect(vi.mocked(api.get).mock.calls.filter(([p]) => p === LIST).at(-1)?.[1]?.params).toMatchObject({ status: 'to_be_quote', page: 1 }));
  });

  it('shows a card per group instead of the table on a phone, with the pager under the cards', async () => {
    const original = window.matchMedia;
    // A 390 px screen: only antd's xs query (max-width: 575px) matches.
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575') })) as typeof window.matchMedia;
    try {
      renderPage(<GroupOrdersPage />, '/flight/group/order');
      const [card, ...more] = await screen.findAllByTestId('group-card');
      expect(more).toHaveLength(0);
      expect(within(card).getByRole('link', { name: 'G2611260001' }).getAttribute('href')).toBe('/flight/group/order/g1');
      expect(within(card).getByText('PEK-SHA · 2030-01-10')).toBeTruthy();
      expect(within(card).getByText('CNY 12,345.00')).toBeTruthy();
      expect(within(card).getByRole('timer')).toBeTruthy();
      expect(document.querySelector('.ant-pagination-simple')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('group order detail', { timeout: 30_000 }, () => {
  it('shows the request, the quote and its payment plan', async () => {
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    expect(await screen.findByText('Quote (version 2)')).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('CNY 9,750.00');
    expect(screen.getAllByTestId('plan-item').map((e) => e.textContent)).toEqual([expect.stringContaining('First deposit'), expect.stringContaining('Final payment')]);
    expect(screen.getByText('Morning please')).toBeTruthy();
    // The designator is shown once, as on the ticket (it already carries the airline: never "CACA1501").
    expect(screen.getByTestId('quote-flight').textContent).toMatch(/^CA1501 · PEK /);
    expect(within(screen.getByTestId('group-quote')).getByRole('timer')).toBeTruthy();
  });

  it('confirms the quote after a dialog that repeats the deposit rule, sending the version read', async () => {
    vi.mocked(api.post).mockResolvedValue(group({ status: 'to_be_apply_seat', actions: ['cancel'] }) as never);
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await userEvent.click(await screen.findByRole('button', { name: /Confirm quote/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-deposit-warning').textContent).toContain('Deposits are not refunded');
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm quote/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DETAIL}/confirmation`, { quoteVersion: 2 }));
    // The tag of the new status; the header no longer offers to confirm.
    expect(await screen.findByText('Quote confirmed')).toBeTruthy();
    const header = screen.getByRole('heading', { name: 'G2611260001' }).closest('.ant-card') as HTMLElement;
    expect(within(header).queryByRole('button', { name: /Confirm quote/ })).toBeNull();
    expect(within(header).getByRole('button', { name: 'Cancel group' })).toBeTruthy();
  });

  it('shows the server refusal when the quote changed meanwhile', async () => {
    vi.mocked(api.post).mockRejectedValue(new Error('The quote changed (now version 3). Review the new quote before confirming.'));
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await userEvent.click(await screen.findByRole('button', { name: /Confirm quote/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm quote/ }));
    expect((await screen.findByTestId('group-failure')).textContent).toContain('now version 3');
  });

  it('cancels after a confirmation dialog (nothing paid: no acknowledgement, no body)', async () => {
    vi.mocked(api.del).mockResolvedValue(group({ status: 'canceled', actions: [] }) as never);
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This cannot be undone. Deposits already paid are not refunded.')).toBeTruthy();
    expect(api.del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel group' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith(DETAIL, undefined));
    await waitFor(() => expect(screen.getAllByText('Canceled').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Confirm quote/ })).toBeNull();
  });

  it("shows what the server wrote in the reader's language, not the English remark stored with it", async () => {
    const lapsed = {
      at: '2030-01-02T03:00:00Z',
      event: 'expire',
      from: 'to_be_confirm',
      to: 'closed',
      actor: { kind: 'system' as const, name: null },
      remark: 'Quote version 1 not confirmed by 2030-01-02T03:00:00.000Z',
      message: { key: 'group.quote.lapsed', params: { confirmBy: '2030-01-02 11:00' } },
    };
    vi.mocked(api.get).mockImplementation(((path: string) => (path === DETAIL ? Promise.resolve(group({ status: 'closed', actions: [], timeline: [lapsed] })) : Promise.resolve([]))) as never);
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    expect(await screen.findByText(/The quote lapsed: it was not confirmed before 2030-01-02 11:00/)).toBeTruthy();
    expect(screen.queryByText(/Quote version 1 not confirmed/)).toBeNull();
  });

  it('offers neither move when the server allows none', async () => {
    vi.mocked(api.get).mockImplementation(((path: string) => (path === DETAIL ? Promise.resolve(group({ status: 'to_be_quote', quote: null, actions: [] })) : Promise.resolve([]))) as never);
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    expect(await screen.findByText(/Waiting for the group desk/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Confirm quote/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel group' })).toBeNull();
  });
});
