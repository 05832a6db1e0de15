import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { paged, voyageRow } from '../test/fixtures';
import VoyagePage from './VoyagePage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../test/fixtures').then((f) => ({ useSession: () => ({ me: f.operatorMe() }) })));

const VOYAGE = '/order/v2/flight/orders/voyage';
const lastParams = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === VOYAGE).at(-1)?.[1]?.params;

setupOrderTests();
beforeEach(() => {
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(((path: string) => {
      if (path === VOYAGE) return Promise.resolve(paged([voyageRow(), voyageRow({ passenger: 'LI/SI', ticketNumber: null, status: 'proceeding' })], 2));
      if (path === '/order/v2/flight/orders/status') return Promise.resolve([]);
      return Promise.reject(new Error(`unexpected GET ${path}`));
    }) as never);
});

describe('VoyagePage', { timeout: 20_000 }, () => {
  it('asks for departures from today to 30 days on by default, one row per passenger and flight', async () => {
    renderPage(<VoyagePage />, '/flight/orders/voyage');
    const row = (await screen.findByText('ZHANG/SAN')).closest('tr') as HTMLElement;
    expect(lastParams()).toEqual({
      page: 1,
      pageSize: 20,
      departureFrom: dayjs().format('YYYY-MM-DD'),
      departureTo: dayjs().add(30, 'day').format('YYYY-MM-DD'),
    });
    expect(within(row).getByText('CA1501')).toBeTruthy();
    expect(within(row).getByText('2030-01-10')).toBeTruthy();
    expect(within(row).getByText('08:30 – 10:45')).toBeTruthy();
    expect(within(row).getByText('PEK → SHA')).toBeTruthy();
    expect(within(row).getByText('Economy / Y')).toBeTruthy();
    expect(within(row).getByText('ABC123')).toBeTruthy();
    expect(within(row).getByText('9991234567890')).toBeTruthy();
    expect(within(row).getByText('Issued')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'FO250306001' }).getAttribute('href')).toBe('/flight/orders/o1');
    const other = screen.getByText('LI/SI').closest('tr') as HTMLElement;
    expect(within(other).getByText('Ticketing')).toBeTruthy();
    // Reachable from the order menu, where it is the selected entry.
    const menu = screen.getByRole('navigation', { name: 'Order menu' });
    expect(within(menu).getByText('Travel view').closest('.ant-menu-item-selected')).toBeTruthy();
  });

  it('filters by passenger name and flight number within the dates of the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<VoyagePage />, '/flight/orders/voyage?departureFrom=2030-01-01&departureTo=2030-01-31');
    await screen.findByText('ZHANG/SAN');
    await user.type(screen.getByLabelText('Passenger name'), 'ZHANG');
    await user.type(screen.getByLabelText('Flight number'), 'ca1501');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastParams()).toEqual({ page: 1, pageSize: 20, departureFrom: '2030-01-01', departureTo: '2030-01-31', passengerName: 'ZHANG', flightNumber: 'CA1501' }),
    );
  });
});
