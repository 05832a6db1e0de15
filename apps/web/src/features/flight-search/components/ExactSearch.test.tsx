import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import dayjs from 'dayjs';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { makeAnswer } from '../../../components/flight/test-fixtures';
import { ACCURATE_SEARCH_PATH, PNR_SEARCH_PATH } from '../api/start-search';
import { SOLUTIONS_PATH } from '../api/get-solutions';
import { resetPlaces } from '../../../components/flight/place-labels';
import { parseSearchUrl, serializeSearchUrl } from '../model/search-query';
import { toAccurateBody, validateExact, defaultExactDraft } from '../model/exact-search';
import FlightBookingPage from '../pages/FlightBookingPage';

const session = vi.hoisted(() => ({ hidePnrBooking: false }));

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {
    fields?: Record<string, string>;
    constructor(message: string, fields?: Record<string, string>) {
      super(message);
      this.fields = fields;
    }
  },
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } },
      company: { config: { commonConfig: { settlementCurrency: 'CNY', hidePnrBooking: session.hidePnrBooking } } },
    },
  }),
}));
vi.mock('../../../lib/site', () => ({
  useSiteConfig: () => ({ data: { currencies: ['CNY', 'USD'], defaultCurrency: 'CNY', rateMap: { USD: '7.2' } } }),
}));

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function renderPage(url = '/flight/booking') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/flight/booking"
            element={
              <>
                <FlightBookingPage />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
const accurateCalls = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === ACCURATE_SEARCH_PATH);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  resetPlaces();
  session.hidePnrBooking = false;
  currentSearch = '';
  vi.mocked(api.get).mockReset().mockImplementation(async (path: string) => (path === '/shopping/v2/reference-data' ? { airlines: [], airports: [] } : { items: [] }));
  vi.mocked(api.post).mockReset().mockImplementation(async (path: string) => {
    if (path === ACCURATE_SEARCH_PATH) return { searchId: 'exact-1', expiresAt: '2030-01-01T00:00:00Z', suppliersAsked: 2 };
    if (path === SOLUTIONS_PATH) return makeAnswer();
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

describe('search by flight number: model', () => {
  it('validates like the contract: flight number pattern, required airports and date, one-letter class', () => {
    const draft = defaultExactDraft();
    draft.segments = [
      { flightNumber: 'CA12345', date: day(3), origin: 'PEK', destination: 'JFK', bookingClass: '' },
      { flightNumber: 'ca 982', date: null, origin: null, destination: 'PEK', bookingClass: '1' },
      { flightNumber: '', date: day(-2), origin: 'PEK', destination: 'PEK', bookingClass: 'y' },
    ];
    expect(validateExact(draft)).toEqual({
      'segments.0.flightNumber': { key: 'shopping.flightNumber' },
      'segments.1.origin': { key: 'order.flight.booking.journeyError.rules' },
      'segments.1.date': { key: 'validation.required' },
      'segments.1.bookingClass': { key: 'validation.invalid' },
      'segments.2.flightNumber': { key: 'validation.required' },
      'segments.2.destination': { key: 'order.flight.booking.journeyError.rules' },
      'segments.2.date': { key: 'shopping.search.datePast' },
    });
    expect(validateExact({ ...defaultExactDraft(), segments: [], passengers: { adult: 1, child: 0, infant: 2 } })).toEqual({
      segments: { key: 'flight.booking.journeyError.empty' },
      'passengers.infant': { key: 'shopping.search.infants' },
    });
  });

  it('builds the accurate-search body (flight numbers normalized, empty class and automatic cabin left out)', () => {
    expect(
      toAccurateBody({
        segments: [
          { flightNumber: ' ca 981 ', date: '2030-01-10', origin: 'PEK', destination: 'JFK', bookingClass: 'j' },
          { flightNumber: 'CA982', date: '2030-01-20', origin: 'JFK', destination: 'PEK', bookingClass: '' },
        ],
        passengers: { adult: 2, child: 1, infant: 0 },
        cabin: null,
      }),
    ).toEqual({
      segments: [
        { flightNumber: 'CA981', date: '2030-01-10', origin: 'PEK', destination: 'JFK', bookingClass: 'J' },
        { flightNumber: 'CA982', date: '2030-01-20', origin: 'JFK', destination: 'PEK' },
      ],
      passengers: { adult: 2, child: 1, infant: 0 },
    });
  });

  it('keeps the flights in the URL', () => {
    const state = parseSearchUrl(new URLSearchParams(`type=exact&seg=CA981.${day(3)}.PEK.JFK.Y&seg=CA982.${day(9)}.JFK.PEK.&adt=2&cabin=business`));
    expect(state.mode).toBe('exact');
    expect(state.exact).toEqual({
      segments: [
        { flightNumber: 'CA981', date: day(3), origin: 'PEK', destination: 'JFK', bookingClass: 'Y' },
        { flightNumber: 'CA982', date: day(9), origin: 'JFK', destination: 'PEK', bookingClass: '' },
      ],
      passengers: { adult: 2, child: 0, infant: 0 },
      cabin: 'business',
    });
    expect(parseSearchUrl(serializeSearchUrl(state))).toEqual(state);
  });
});

describe('search by flight number: form', { timeout: 20_000 }, () => {
  it('is a tab next to the PNR search, and checks the fields before searching', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(screen.getByRole('tab', { name: 'Search by PNR' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Search by flight number' }));
    // The form's chunk comes when its tab is first chosen (issue 14).
    await user.type(await screen.findByLabelText('Flight number of segment 1'), 'CA-981');
    await user.type(screen.getByLabelText('Booking class of segment 1'), '1');
    await user.click(screen.getByRole('button', { name: /Search these flights/ }));
    expect(await screen.findByText('Invalid flight number')).toBeTruthy();
    expect(screen.getAllByText('Origin and destination are required and must be different cities')).toHaveLength(2);
    expect(screen.getByText('Invalid value')).toBeTruthy();
    expect(accurateCalls()).toHaveLength(0);

    // A fixed field clears its message at once.
    await user.clear(screen.getByLabelText('Flight number of segment 1'));
    await user.type(screen.getByLabelText('Flight number of segment 1'), 'CA981');
    await waitFor(() => expect(screen.queryByText('Invalid flight number')).toBeNull());
  });

  it('posts the segments, passengers and cabin to accurate-search and shows the results of that search', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=exact&seg=CA981.${day(3)}.PEK.JFK.Y&seg=CA982.${day(9)}.JFK.PEK.&adt=2&chd=1&cabin=business`);
    expect(screen.getByRole('tab', { name: 'Search by flight number', selected: true })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Add a flight \(2\/16\)/ }));
    await user.type(screen.getByLabelText('Flight number of segment 3'), 'zz 1');
    // The new line continues from PEK on the same date; it still needs a destination.
    await user.click(screen.getByRole('button', { name: /Search these flights/ }));
    expect(await screen.findByText('Origin and destination are required and must be different cities')).toBeTruthy();
    expect(accurateCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove segment 3' }));

    await user.click(screen.getByRole('button', { name: /Search these flights/ }));
    await waitFor(() => expect(accurateCalls()).toHaveLength(1));
    expect(accurateCalls()[0][1]).toEqual({
      segments: [
        { flightNumber: 'CA981', date: day(3), origin: 'PEK', destination: 'JFK', bookingClass: 'Y' },
        { flightNumber: 'CA982', date: day(9), origin: 'JFK', destination: 'PEK' },
      ],
      passengers: { adult: 2, child: 1, infant: 0 },
      cabin: 'business',
    });
    // The same results flow as a route search: the search id goes into the URL and its solutions are polled.
    await waitFor(() => expect(new URLSearchParams(currentSearch).get('sid')).toBe('exact-1'));
    expect(new URLSearchParams(currentSearch).get('type')).toBe('exact');
    await waitFor(() => expect(vi.mocked(api.post).mock.calls.some(([path, body]) => path === SOLUTIONS_PATH && (body as { searchId: string }).searchId === 'exact-1')).toBe(true));
  });

  it('takes a date typed as ddMMM, as in a GDS (issue 14)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=exact&seg=CA981.${day(3)}.PEK.JFK.`);
    const date = (await screen.findByLabelText('Departure date of segment 1')) as HTMLInputElement;
    const target = dayjs().add(30, 'day');
    await user.click(date);
    await user.clear(date);
    await user.type(date, `${target.locale('en').format('DDMMM').toUpperCase()}{Tab}`);
    await waitFor(() => expect(date.value).toBe(target.format('YYYY-MM-DD')));
    await user.click(screen.getByRole('button', { name: /Search these flights/ }));
    await waitFor(() => expect(accurateCalls()).toHaveLength(1));
    expect(accurateCalls()[0][1]).toMatchObject({ segments: [{ flightNumber: 'CA981', date: target.format('YYYY-MM-DD') }] });
  });

  it('shows a server field error on its field', async () => {
    const { ApiError } = await import('../../../lib/api');
    vi.mocked(api.post).mockImplementation(async (path: string) => {
      if (path === ACCURATE_SEARCH_PATH) {
        const msg = 'Flights to, from or via mainland China are not available for your agency';
        throw new (ApiError as unknown as new (m: string, f: Record<string, string>) => Error)(msg, { 'segments.0.origin': 'shopping.search.mainlandHidden' });
      }
      throw new Error(`unexpected ${path}`);
    });
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=exact&seg=CA981.${day(3)}.PEK.JFK.`);
    await user.click(await screen.findByRole('button', { name: /Search these flights/ }));
    expect(await screen.findByText('Flights to, from or via mainland China are not available for your agency')).toBeTruthy();
  });
});

describe('agencies that hide PNR booking', { timeout: 20_000 }, () => {
  it('see no PNR search, only the search by flight number', async () => {
    session.hidePnrBooking = true;
    renderPage('/flight/booking?type=pnr&pnr=ABC123');
    expect(screen.queryByRole('tab', { name: 'Search by PNR' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Search by flight number', selected: true })).toBeTruthy();
    expect(screen.queryByLabelText('PNR or itinerary display')).toBeNull();
    expect(await screen.findByLabelText('Flight number of segment 1')).toBeTruthy();
    expect(vi.mocked(api.post).mock.calls.filter(([path]) => path === PNR_SEARCH_PATH)).toHaveLength(0);
  });

  it('others keep the PNR search as it was', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Search by PNR' }));
    expect(await screen.findByLabelText('PNR or itinerary display')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Search by flight number' })).toBeTruthy();
  });
});
