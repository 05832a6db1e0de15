import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { statusTone, type StatusCount } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { listItem, orderList, paged } from '../test/fixtures';
import FlightOrdersPage from './FlightOrdersPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../test/fixtures').then((f) => ({ useSession: () => ({ me: f.operatorMe() }) })));

const ORDERS = '/order/v2/flight/orders';
const STATUS = '/order/v2/flight/orders/status';
const NOTICES = '/order/v2/flight/schedule-changes';
let counts: StatusCount[] = [];
let openNotices = 0;
let items = [listItem()];

function routeGet(path: string) {
  if (path === ORDERS) return Promise.resolve(orderList(items, 42));
  if (path === STATUS) return Promise.resolve(counts);
  if (path === '/base/v2/users') return Promise.resolve(paged([]));
  if (path === NOTICES) return Promise.resolve(paged([], openNotices));
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

const listCalls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === ORDERS);
const lastParams = () => listCalls().at(-1)?.[1]?.params;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const location = () => screen.getByTestId('location').textContent;

setupOrderTests();
beforeEach(() => {
  counts = [];
  openNotices = 0;
  items = [listItem()];
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
});

describe('FlightOrdersPage', { timeout: 20_000 }, () => {
  it('lists the orders: booking number to the detail, route, flights, tickets, total with separators, the count', async () => {
    renderPage(<FlightOrdersPage />, '/flight/orders');
    const link = await screen.findByRole('link', { name: 'FO250306001' });
    expect(link.getAttribute('href')).toBe('/flight/orders/o1');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('ABC123')).toBeTruthy();
    expect(within(row).getByText('PEK-SHA')).toBeTruthy();
    expect(within(row).getByText('CA1501')).toBeTruthy();
    expect(within(row).getByText('ZHANG/SAN')).toBeTruthy();
    expect(within(row).getByText('9991234567890')).toBeTruthy();
    expect(within(row).getByText('CNY 1,234,567.89')).toBeTruthy();
    expect(within(row).getByText('2030-01-10 08:30')).toBeTruthy();
    expect(within(row).getByText('Olivia Operator')).toBeTruthy();
    expect(screen.getByText('42 orders')).toBeTruthy();
  });

  it('colours each status tag by the contract tone', async () => {
    const deadline = new Date(Date.now() + 10 * 60_000).toISOString();
    items = [
      listItem({ id: 'a', bookingNumber: 'B-ISSUED', status: 'issued' }),
      listItem({ id: 'b', bookingNumber: 'B-UNPAID', status: 'to_be_paid', paymentStatus: 'unpaid', paymentDeadline: deadline }),
      listItem({ id: 'c', bookingNumber: 'B-FAILED', status: 'failed' }),
      listItem({ id: 'd', bookingNumber: 'B-CANCELED', status: 'canceled' }),
      listItem({ id: 'e', bookingNumber: 'B-REFUND', type: 'refund', status: 'rfd_reviewing' }),
    ];
    renderPage(<FlightOrdersPage />, '/flight/orders');
    await screen.findByText('B-ISSUED');
    const expected = [
      ['B-ISSUED', 'Issued', 'success', 'ant-tag-success'],
      ['B-UNPAID', 'To be paid', 'primary', 'ant-tag-processing'],
      ['B-FAILED', 'Failed', 'error', 'ant-tag-error'],
      ['B-CANCELED', 'Canceled', 'info', 'ant-tag-default'],
      ['B-REFUND', 'Refund under review', 'warning', 'ant-tag-warning'],
    ] as const;
    for (const [booking, label, tone, cls] of expected) {
      const tag = within(rowOf(booking)).getByText(label).closest('.ant-tag') as HTMLElement;
      expect(tag.dataset.tone, booking).toBe(tone);
      expect(tag.className, booking).toContain(cls);
    }
    expect(statusTone('rfd_reviewing')).toBe('warning');
    // Only the unpaid booking counts down to its payment deadline.
    expect(within(rowOf('B-UNPAID')).getByRole('timer').textContent).toMatch(/0\d:\d\d:\d\d left/);
    expect(within(rowOf('B-ISSUED')).queryByRole('timer')).toBeNull();
    expect(within(rowOf('B-REFUND')).getByText('Refund')).toBeTruthy();
  });

  it('badges: each pending group sums its statuses and shows 99+ above 99', async () => {
    counts = [
      { status: 'to_be_paid', cnt: 3 },
      { status: 'chg_to_be_paid', cnt: 2 },
      { status: 'reviewing', cnt: 60 },
      { status: 'chg_reviewing', cnt: 30 },
      { status: 'rfd_reviewing', cnt: 10 },
      { status: 'proceeding', cnt: 99 },
      { status: 'rfd_to_be_confirm', cnt: 0 },
      // Not a pending status: never counted.
      { status: 'issued', cnt: 500 },
    ];
    renderPage(<FlightOrdersPage />, '/flight/orders');
    const menu = await screen.findByRole('navigation', { name: 'Order menu' });
    await waitFor(() => expect(within(menu).getByTestId('badge-toBePaid').textContent).toBe('5'));
    expect(within(menu).getByTestId('badge-reviewing').textContent).toBe('99+');
    expect(within(menu).getByTestId('badge-proceeding').textContent).toBe('99');
    expect(within(menu).queryByTestId('badge-pendingConfirm')).toBeNull();
    expect(within(menu).queryByTestId('badge-refunding')).toBeNull();
    // One call asks for every pending status.
    const asked = String(vi.mocked(api.get).mock.calls.find(([p]) => p === STATUS)?.[1]?.params?.status).split(',');
    expect(asked.sort()).toEqual(
      [
        'to_be_paid',
        'chg_to_be_paid',
        'reviewing',
        'chg_reviewing',
        'rfd_reviewing',
        'proceeding',
        'chg_proceeding',
        'rfd_proceeding',
        'void_proceeding',
        'rfd_to_be_confirm',
        'failed_reimbursing',
        'refunded_reimbursing',
        'voided_reimbursing',
      ].sort(),
    );
  });

  it('sends the menu entry and the filters from the URL', async () => {
    renderPage(<FlightOrdersPage />, '/flight/orders?menu=toBePaid&bookingNumber=FO1&createdFrom=2025-03-01&createdTo=2025-03-31&paymentStatus=unpaid&page=2&bogus=1');
    await screen.findByText('FO250306001');
    expect(lastParams()).toEqual({
      type: 'all',
      status: 'to_be_paid,chg_to_be_paid',
      bookingNumber: 'FO1',
      createdFrom: '2025-03-01',
      createdTo: '2025-03-31',
      paymentStatus: 'unpaid',
      page: 2,
      pageSize: 20,
      sort: 'createdAt',
      order: 'desc',
    });
    // The filter bar shows what the URL filters by.
    expect((screen.getByLabelText('Booking number') as HTMLInputElement).value).toBe('FO1');
  });

  it('puts typed filters and the chosen menu entry in the URL and the request, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<FlightOrdersPage />, '/flight/orders?page=3');
    await screen.findByText('FO250306001');
    await user.type(screen.getByLabelText('PNR'), 'abc123');
    await user.type(screen.getByLabelText('Passenger name'), 'ZHANG/SAN');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ pnr: 'ABC123', passengerName: 'ZHANG/SAN', page: 1, type: 'all' }));
    expect(location()).toContain('pnr=ABC123');

    const menu = screen.getByRole('navigation', { name: 'Order menu' });
    await user.click(within(menu).getByText('Refund orders'));
    await waitFor(() => expect(lastParams()).toMatchObject({ type: 'refund', pnr: 'ABC123', page: 1 }));
    expect(lastParams()?.status).toBeUndefined();
    expect(location()).toContain('menu=refund');

    await user.click(within(menu).getByText('Pending confirmation'));
    await waitFor(() => expect(lastParams()).toMatchObject({ type: 'all', status: 'rfd_to_be_confirm' }));
  });

  it('sorts by departure from the column header', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<FlightOrdersPage />, '/flight/orders');
    await screen.findByText('FO250306001');
    await user.click(screen.getAllByText('Departure', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'departure', order: 'desc' }));
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const user = userEvent.setup({ delay: null });
    items = [];
    renderPage(<FlightOrdersPage />, '/flight/orders?pnr=ZZZ999');
    expect(await screen.findByText('No bookings match these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastParams()?.pnr).toBeUndefined());
    expect(await screen.findByText('No bookings here yet')).toBeTruthy();
  });

  it('shows the failure with a retry when the list cannot load', async () => {
    vi.mocked(api.get).mockImplementation((path: string) => (path === ORDERS ? Promise.reject(new Error('Server unavailable')) : routeGet(path)) as Promise<never>);
    renderPage(<FlightOrdersPage />, '/flight/orders');
    expect(await screen.findByText('The bookings could not be loaded')).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
  });

  it('shows cards instead of the table on a phone', async () => {
    const original = window.matchMedia;
    // A 390 px screen: only antd's xs query (max-width: 575px) matches.
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575') })) as typeof window.matchMedia;
    try {
      items = [listItem({ status: 'to_be_paid', paymentStatus: 'unpaid', paymentDeadline: new Date(Date.now() + 60_000).toISOString() })];
      renderPage(<FlightOrdersPage />, '/flight/orders');
      const card = await screen.findByTestId('order-card');
      expect(within(card).getByRole('link', { name: 'FO250306001' })).toBeTruthy();
      expect(within(card).getByText('To be paid')).toBeTruthy();
      expect(within(card).getByText('CNY 1,234,567.89')).toBeTruthy();
      expect(within(card).getByRole('timer')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('opens the travel view from the menu', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<FlightOrdersPage />, '/flight/orders');
    await screen.findByText('FO250306001');
    await user.click(within(screen.getByRole('navigation', { name: 'Order menu' })).getByText('Travel view'));
    expect(location()).toBe('/flight/orders/voyage');
  });

  it('the schedule changes entry shows how many wait for an answer, and opens the inbox', async () => {
    const user = userEvent.setup({ delay: null });
    openNotices = 120;
    renderPage(<FlightOrdersPage />, '/flight/orders');
    const menu = await screen.findByRole('navigation', { name: 'Order menu' });
    await waitFor(() => expect(within(menu).getByTestId('badge-disruptions').textContent).toBe('99+'));
    expect(vi.mocked(api.get).mock.calls.find(([p]) => p === NOTICES)?.[1]?.params).toEqual({ status: 'open', page: 1, pageSize: 1 });
    await user.click(within(menu).getByText('Schedule changes'));
    expect(location()).toBe('/flight/orders/disruptions');
  });

  it('the change, refund and void lists take their own statuses and their variants', async () => {
    renderPage(<FlightOrdersPage />, '/flight/orders?menu=refund&status=rfd_to_be_confirm,refund_canceled');
    await screen.findByText('FO250306001');
    expect(lastParams()).toMatchObject({ type: 'refund', status: 'rfd_to_be_confirm,refund_canceled' });
  });
});
