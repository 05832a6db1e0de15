import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { TRAIN_ORDERS_PATH } from '../api/train-orders';
import { listItem } from '../test/fixtures';
import TrainOrdersPage from './TrainOrdersPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } },
      company: { proxyLevel: 1, config: { commonConfig: { enableTrainService: true, enableFlightService: true } } },
      permissions: [],
    },
  }),
}));

setupOrderTests();

const listCalls = () => vi.mocked(api.get).mock.calls.filter(([path]) => path === TRAIN_ORDERS_PATH).map(([, opts]) => opts?.params);

beforeEach(() => {
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) => {
      if (path === `${TRAIN_ORDERS_PATH}/status`) return [{ status: 'to_be_paid', cnt: 1 }, { status: 'issued', cnt: 2 }];
      return { items: [listItem()], total: 1, page: 1, pageSize: 20, notice: null };
    });
});

describe('TrainOrdersPage', () => {
  it('lists the orders with status counts, and filters by status and text through the URL', async () => {
    renderPage(<TrainOrdersPage />, '/train/orders');
    expect(await screen.findByRole('link', { name: 'T202611260001' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Issued (2)' })).toBeTruthy();
    const row = screen.getByRole('link', { name: 'T202611260001' }).closest('tr')!;
    expect(within(row).getByText('CNY 1,106.00')).toBeTruthy();
    expect(within(row).getByText('To be paid')).toBeTruthy();
    expect(within(row).getByText('张三, 李四')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Issued (2)' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ status: 'issued', page: 1 }));
    fireEvent.change(screen.getByLabelText('Train number'), { target: { value: 'G1' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ status: 'issued', trainNumber: 'G1' }));
    expect(screen.getByTestId('location').textContent).toBe('/train/orders?status=issued&trainNumber=G1');
  });

  it('reads a shared link: its page and filters apply, a parameter the contract refuses is dropped on its own', async () => {
    renderPage(<TrainOrdersPage />, '/train/orders?status=bogus&page=2&passengerName=%E5%BC%A0');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: 2, passengerName: '张' }));
    expect(listCalls().at(-1)?.status).toBeUndefined();
    expect(await screen.findByRole('tab', { name: 'All (3)', selected: true })).toBeTruthy();
    expect((screen.getByLabelText('Passenger name') as HTMLInputElement).value).toBe('张');
  });

  it('says "No train bookings found" when there are none', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) =>
      path.endsWith('/status') ? [] : { items: [], total: 0, page: 1, pageSize: 20, notice: 'train.order.noOrders' },
    );
    renderPage(<TrainOrdersPage />, '/train/orders');
    expect(await screen.findByText('No train bookings found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book train tickets' })).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path.endsWith('/status')) return [];
      throw new ApiError('Server down', 1, 500);
    });
    renderPage(<TrainOrdersPage />, '/train/orders');
    expect(await screen.findByText('The bookings could not be loaded')).toBeTruthy();
    vi.mocked(api.get).mockImplementation(async (path: string) => (path.endsWith('/status') ? [] : { items: [listItem()], total: 1, page: 1, pageSize: 20, notice: null }));
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('link', { name: 'T202611260001' })).toBeTruthy();
  });
});
