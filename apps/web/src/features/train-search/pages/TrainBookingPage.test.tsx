import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrainSearchBody } from '@portal/contract/api/trains';
import { api, ApiError } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { rememberStation, resetStations } from '../../../components/train/station-labels';
import { TRAIN_SEARCH_PATH } from '../../../components/train/search-trains';
import { addDays, chinaToday } from '../../../components/train/train-dates';
import { D701, G1, makeAnswer } from '../../../components/train/test-fixtures';
import TrainBookingPage from './TrainBookingPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } },
      company: { config: { commonConfig: { settlementCurrency: 'CNY', enableTrainService: true } } },
    },
  }),
}));

setupOrderTests();

const day = addDays(chinaToday(), 3);
const searchCalls = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === TRAIN_SEARCH_PATH).map(([, body]) => body as TrainSearchBody);
const lastBody = () => searchCalls().at(-1)!;
const location = () => screen.getByTestId('location').textContent ?? '';
const cards = () => screen.queryAllByTestId('train');

beforeEach(() => {
  window.localStorage.clear();
  resetStations();
  rememberStation({ type: 'city', code: 'BJS', name: 'Beijing', cityCode: 'BJS', cityName: 'Beijing' });
  rememberStation({ type: 'city', code: 'SHA', name: 'Shanghai', cityCode: 'SHA', cityName: 'Shanghai' });
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [] });
  vi.mocked(api.post).mockReset().mockResolvedValue(makeAnswer([G1, D701]));
});

const open = (query = `from=BJS&ft=city&to=SHA&tt=city&date=${day}`) => renderPage(<TrainBookingPage />, `/train/booking?${query}`);

describe('TrainBookingPage', () => {
  it('shows only the form without a search in the URL, with tomorrow (China) as the date', async () => {
    renderPage(<TrainBookingPage />, '/train/booking');
    expect(screen.getByRole('heading', { name: 'Train ticket booking' })).toBeTruthy();
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
    expect((screen.getByLabelText('Departure date') as HTMLInputElement).value).toBe(addDays(chinaToday(), 1));
    expect(screen.queryByTestId('results')).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
    // Searching without places names what is missing, without asking the server.
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findAllByText('Please choose the departure and arrival stations')).toHaveLength(2);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('runs the search of the URL and shows each train: number, type, stations, times, duration, classes with prices and seats', async () => {
    open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(lastBody()).toEqual({ from: 'BJS', to: 'SHA', date: day, filters: {}, sort: { by: 'departure', order: 'asc' } });
    expect(screen.getByLabelText('From').closest('.ant-select')?.textContent).toContain('Beijing');
    expect(screen.getByTestId('train-count').textContent).toBe('2 trains');

    const g1 = within(cards()[0]);
    expect(g1.getByTestId('train-number').textContent).toBe('G1');
    expect(g1.getByTestId('train-type').textContent).toBe('High-speed');
    expect(g1.getByTestId('departure-time').textContent).toBe('07:00');
    expect(g1.getByTestId('arrival-time').textContent).toBe('11:35');
    expect(g1.getByTestId('duration').textContent).toBe('04h 35m');
    expect(g1.getByText('2 stops')).toBeTruthy();
    expect(g1.getByText('Start')).toBeTruthy();
    expect(g1.getByText('End')).toBeTruthy();
    expect(g1.getAllByTestId('price').map((p) => p.textContent)).toEqual(['CNY 1,748.00', 'CNY 933.00', 'CNY 553.00']);
    expect(g1.getAllByTestId('availability').map((p) => p.textContent)).toEqual(['3 left', 'Sold out', 'Many']);
    expect((g1.getByRole('button', { name: 'Book G1 First class' }) as HTMLButtonElement).disabled).toBe(true);

    const d701 = within(cards()[1]);
    expect(d701.getByTestId('train-type').textContent).toBe('EMU');
    expect(d701.getByTestId('later-days').textContent).toBe('+1');
    expect(d701.getByTestId('duration').textContent).toBe('11h 42m');
    expect(d701.getByText('No stops')).toBeTruthy();
    expect(d701.getAllByTestId('seat-class').map((c) => c.getAttribute('data-class'))).toEqual(['soft_sleeper', 'second']);
    expect(d701.getByText('Soft sleeper')).toBeTruthy();
  });

  it('sends filters and sorts to the server and keeps them in the URL', async () => {
    open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    vi.mocked(api.post).mockResolvedValue(makeAnswer([G1], { total: 2 }));

    const types = screen.getByRole('group', { name: 'Train type' });
    fireEvent.click(within(types).getByRole('checkbox', { name: /High-speed/ }));
    await waitFor(() => expect(lastBody().filters).toEqual({ trainTypes: ['G'] }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(location()).toContain('types=G');
    expect(screen.getByTestId('train-count').textContent).toBe('1 of 2 trains');

    fireEvent.click(within(screen.getByRole('group', { name: 'Departure time' })).getByRole('checkbox', { name: '06:00–12:00' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Departure stations' })).getByRole('checkbox', { name: /Beijing South/ }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Seats available' })).getByRole('checkbox', { name: /Second class/ }));
    await waitFor(() =>
      expect(lastBody().filters).toEqual({ trainTypes: ['G'], departureBands: ['06-12'], fromStations: ['VNP'], seatClasses: ['second'] }),
    );

    fireEvent.click(screen.getByText('Price'));
    await waitFor(() => expect(lastBody().sort).toEqual({ by: 'price', order: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(lastBody().sort).toEqual({ by: 'price', order: 'desc' }));
    expect(location()).toContain('sort=price.desc');
    expect(location()).toContain('dep=06-12');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastBody().filters).toEqual({}));
    expect(lastBody().sort).toEqual({ by: 'price', order: 'desc' });
  });

  it('reads filters and sort from a shared link', async () => {
    open(`from=BJS&ft=city&to=SHA&tt=city&date=${day}&types=D&arr=18-24&ts=SHH&sort=duration.desc`);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(lastBody()).toMatchObject({ filters: { trainTypes: ['D'], arrivalBands: ['18-24'], toStations: ['SHH'] }, sort: { by: 'duration', order: 'desc' } });
    expect((within(screen.getByRole('group', { name: 'Train type' })).getByRole('checkbox', { name: /EMU/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says "No trains available" when nothing runs, with a way out of the filters', async () => {
    vi.mocked(api.post).mockResolvedValue(makeAnswer([], { total: 3 }));
    open(`from=BJS&ft=city&to=SHA&tt=city&date=${day}&types=K`);
    expect(await screen.findByText('No trains available')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('no-trains')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).not.toContain('types='));
  });

  it('shows a failure with a retry', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError('The railway system did not answer in time, please try again', 1, 200));
    open();
    expect(await screen.findByText('The train search failed')).toBeTruthy();
    expect(screen.getByText('The railway system did not answer in time, please try again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('shows the server refusal of a field next to it', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError('Invalid', 1, 400, { to: 'Unknown station or city: XXX' }));
    open(`from=BJS&ft=city&to=XXX&date=${day}`);
    expect(await screen.findByText('Unknown station or city: XXX')).toBeTruthy();
    expect(screen.queryByTestId('results')).toBeNull();
  });

  it('a new search swaps places, drops the filters and keeps the sort', async () => {
    open(`from=BJS&ft=city&to=SHA&tt=city&date=${day}&types=G&sort=price`);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Swap departure and arrival' }));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastBody()).toMatchObject({ from: 'SHA', to: 'BJS', filters: {}, sort: { by: 'price', order: 'asc' } }));
    expect(location()).toBe(`/train/booking?from=SHA&ft=city&to=BJS&tt=city&date=${day}&sort=price`);
  });

  it('opened again without parameters, brings back the last search (a past date moved to tomorrow)', async () => {
    window.localStorage.setItem('portal.train.lastSearch', 'from=BJS&ft=city&to=SHA&tt=city&date=2020-01-01&types=G');
    renderPage(<TrainBookingPage />, '/train/booking');
    await waitFor(() => expect(location()).toBe(`/train/booking?from=BJS&ft=city&to=SHA&tt=city&date=${addDays(chinaToday(), 1)}&types=G`));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('Book opens the booking form with the train, its stations, the class and the date', async () => {
    open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Book G1 Second class' }));
    await waitFor(() => expect(location()).toBe(`/train/booking/confirm?serviceId=SVC-G1&from=VNP&to=AOH&seatClass=second&date=${day}`));
  });
});
