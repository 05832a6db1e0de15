import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { SolutionsAnswer, SolutionsBody } from '@portal/contract/api/shopping';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import { makeAnswer } from '../../../components/flight/test-fixtures';
import { SEARCH_PATH } from '../api/start-search';
import { SOLUTIONS_PATH } from '../api/get-solutions';
import { rememberPlace, resetPlaces } from '../../../components/flight/place-labels';
import FlightBookingPage from './FlightBookingPage';

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
      company: { config: { commonConfig: { settlementCurrency: 'CNY' } } },
    },
  }),
}));
vi.mock('../../../lib/site', () => ({
  useSiteConfig: () => ({ data: { currencies: ['CNY', 'USD'], defaultCurrency: 'CNY', rateMap: { USD: '7.2' } } }),
}));

let currentSearch = '';
function LocationProbe() {
  const loc = useLocation();
  currentSearch = loc.search;
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
          <Route path="/flight/booking/confirm" element={<div>confirm page</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const solutionCalls = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === SOLUTIONS_PATH).map(([, body]) => body as SolutionsBody);
const lastSolutionsBody = () => solutionCalls().at(-1)!;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  resetPlaces();
  currentSearch = '';
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) =>
      path === '/shopping/v2/reference-data' ? { airlines: [{ code: 'CA', name: 'Air China', alliance: 'Star Alliance', lowCost: false }], airports: [] } : { items: [] },
    );
  vi.mocked(api.post).mockReset().mockImplementation(async (path: string) => {
    if (path === SEARCH_PATH) return { searchId: 's1', expiresAt: '2030-01-01T00:00:00Z', suppliersAsked: 3 };
    if (path === SOLUTIONS_PATH) return makeAnswer();
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

const future = dayjs().add(5, 'day').format('YYYY-MM-DD');

describe('FlightBookingPage: search form', { timeout: 20_000 }, () => {
  it('opens one-way, departing tomorrow, with 1 adult, economy', async () => {
    renderPage();
    expect(screen.getByRole('tab', { name: 'One-way', selected: true })).toBeTruthy();
    const date = screen.getByLabelText('Departure date of flight 1') as HTMLInputElement;
    expect(date.value).toBe(dayjs().add(1, 'day').format('YYYY-MM-DD'));
    expect(screen.getByRole('button', { name: 'Passengers' }).textContent).toBe('1 adult');
    expect(screen.getByText('Economy')).toBeTruthy();
  });

  it('shows the spec message when origin and destination are missing, and does not search', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(screen.getByRole('button', { name: /Search/ }));
    // Issue 14: said once (it was repeated under both fields), with both fields marked.
    expect((await screen.findAllByText('Origin and destination are required and must be different cities')).length).toBe(1);
    for (const label of ['Origin of flight 1', 'Destination of flight 1']) {
      expect(screen.getByLabelText(label).closest('.ant-select')?.classList.contains('ant-select-status-error'), label).toBe(true);
    }
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the pair message under the destination when only the destination is missing', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=oneway&j=PEK..${future}`);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const message = await screen.findByText('Origin and destination are required and must be different cities');
    expect(message.closest('.portal-field')?.querySelector('label')?.textContent).toBe('To');
    expect(screen.getByLabelText('Origin of flight 1').closest('.ant-select')?.classList.contains('ant-select-status-error')).toBe(false);
  });

  it('refuses the same city and more infants than adults (from a link)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=oneway&j=PEK.PEK.${future}&adt=1&inf=2`);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Origin and destination are required and must be different cities')).toBeTruthy();
    expect(screen.getByText('Each infant must travel with an adult: no more infants than adults')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('multi-city: adds flights up to 5, then the button is disabled', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Multi-city' }));
    expect(screen.getByLabelText('Origin of flight 2')).toBeTruthy();
    for (let n = 2; n < 5; n++) await user.click(screen.getByRole('button', { name: new RegExp(`Add a flight \\(${n}/5\\)`) }));
    expect(screen.getByLabelText('Origin of flight 5')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Add a flight \(5\/5\)/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove flight 5' }));
    expect(screen.queryByLabelText('Origin of flight 5')).toBeNull();
  });

  it('starts a search, keeps it in the URL and remembers it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=oneway&j=PEK.SHA.${future}&adt=2`);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(currentSearch).toContain('sid=s1'));
    expect(api.post).toHaveBeenCalledWith(SEARCH_PATH, {
      bookingType: 'oneway',
      journeys: [{ origin: 'PEK', destination: 'SHA', date: future }],
      passengers: { adult: 2, child: 0, infant: 0 },
      cabin: 'economy',
      directOnly: false,
    });
    expect(currentSearch).toContain(`j=PEK.SHA.${future}`);
    expect(window.localStorage.getItem('portal.flight.lastSearch')).toContain('sid=s1');
    expect(await screen.findAllByTestId('solution')).toHaveLength(2);
  });

  it('an airport sharing its city code (SHA, Hongqiao) keeps its type: in the URL, the body, and the next multi-city origin', async () => {
    rememberPlace({ type: 'city', code: 'SHA', cityCode: 'SHA', countryCode: 'CN', name: 'Shanghai', cityName: 'Shanghai' });
    rememberPlace({ type: 'airport', code: 'SHA', cityCode: 'SHA', countryCode: 'CN', name: 'Shanghai Hongqiao', cityName: 'Shanghai' });
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=oneway&j=PEK.SHA-a.${future}`);
    const title = (label: string) =>
      screen.getByLabelText(label).closest('.ant-select')?.querySelector('.ant-select-content')?.getAttribute('title');
    expect(title('Destination of flight 1')).toBe('SHA Shanghai Hongqiao');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(currentSearch).toContain('sid=s1'));
    expect(vi.mocked(api.post).mock.calls.find(([path]) => path === SEARCH_PATH)?.[1]).toMatchObject({
      journeys: [{ origin: 'PEK', destination: 'SHA', destinationType: 'airport', date: future }],
    });
    expect(new URLSearchParams(currentSearch).getAll('j')).toEqual([`PEK.SHA-a.${future}`]);

    // Multi-city: the second flight starts at Hongqiao, not in Shanghai.
    await user.click(screen.getByRole('tab', { name: 'Multi-city' }));
    expect(title('Origin of flight 2')).toBe('SHA Shanghai Hongqiao');
  });

  it('departure dates can be typed as yyyy-mm-dd, ddMMM (the next such day) or ddMMMyy (issue 14)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=return&j=PEK.SHA.${future}`);
    const departure = screen.getByLabelText('Departure date of flight 1') as HTMLInputElement;
    const typeInto = async (input: HTMLInputElement, text: string, end: '{Tab}' | '{Enter}' = '{Tab}') => {
      await user.click(input);
      await user.clear(input);
      await user.type(input, `${text}${end}`);
    };
    const ddMMM = (d: dayjs.Dayjs) => d.locale('en').format('DDMMM').toUpperCase();

    // 29NOV style: the next such day from today (this year's when still ahead).
    const in20 = dayjs().add(20, 'day');
    await typeInto(departure, ddMMM(in20).toLowerCase());
    await waitFor(() => expect(departure.value).toBe(in20.format('YYYY-MM-DD')));

    // yyyy-mm-dd, confirmed with Enter.
    const in40 = dayjs().add(40, 'day').format('YYYY-MM-DD');
    await typeInto(departure, in40, '{Enter}');
    await waitFor(() => expect(departure.value).toBe(in40));

    // Yesterday's day and month mean next year's, which is past the booking window: the date stays as it was.
    await typeInto(departure, ddMMM(dayjs().subtract(1, 'day')));
    await waitFor(() => expect(departure.value).toBe(in40));
    // A day in the past typed in full is refused too.
    await typeInto(departure, dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    await waitFor(() => expect(departure.value).toBe(in40));

    // The return date takes ddMMMyy.
    const back = dayjs().add(50, 'day');
    const returnDate = screen.getByLabelText('Return date') as HTMLInputElement;
    await typeInto(returnDate, `${ddMMM(back)}${back.format('YY')}`);
    await waitFor(() => expect(returnDate.value).toBe(back.format('YYYY-MM-DD')));

    // And the search goes out with the typed dates.
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(currentSearch).toContain('sid=s1'));
    expect(vi.mocked(api.post).mock.calls.find(([path]) => path === SEARCH_PATH)?.[1]).toMatchObject({
      bookingType: 'return',
      journeys: [{ origin: 'PEK', destination: 'SHA', date: in40, returnDate: back.format('YYYY-MM-DD') }],
    });
  });

  it('shows the server field errors on their fields', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(
      new (ApiError as unknown as new (m: string, f: Record<string, string>) => Error)('Invalid', {
        'journeys.0.destination': 'Unknown city or airport',
        cabin: 'Cabin not sold',
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage(`/flight/booking?type=oneway&j=PEK.XXX.${future}`);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Unknown city or airport')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Cabin not sold');
  });
});

describe('FlightBookingPage: results', { timeout: 20_000 }, () => {
  const withResults = `/flight/booking?type=oneway&j=PEK.SHA.${future}&sid=s1&at=${Date.now()}`;

  it('polls while suppliers answer, shows the progress, and stops when done', async () => {
    const answers: SolutionsAnswer[] = [
      makeAnswer({ progress: { answered: 1, asked: 3, done: false, failed: 0, timedOut: 0 }, items: [] }),
      makeAnswer({ progress: { answered: 2, asked: 3, done: false, failed: 0, timedOut: 0 } }),
      makeAnswer({ progress: { answered: 3, asked: 3, done: true, failed: 0, timedOut: 0 } }),
    ];
    let call = 0;
    vi.mocked(api.post).mockImplementation(async () => answers[Math.min(call++, answers.length - 1)]);
    renderPage(withResults);
    expect(await screen.findByText('1 of 3 suppliers answered')).toBeTruthy();
    expect(await screen.findByText('2 of 3 suppliers answered', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/suppliers answered/)).toBeNull(), { timeout: 3000 });
    const calls = solutionCalls().length;
    expect(calls).toBe(3);
    await act(() => new Promise((r) => setTimeout(r, 1600)));
    expect(solutionCalls().length).toBe(calls);
    expect(lastSolutionsBody()).toMatchObject({ searchId: 's1', page: 1, pageSize: 200, sort: 'price', order: 'asc', filters: {} });
  });

  it('tells a supplier that failed from one that did not answer in time (issue 14)', async () => {
    vi.mocked(api.post).mockImplementation(async () => makeAnswer({ progress: { answered: 3, asked: 3, done: true, failed: 1, timedOut: 0 } }));
    renderPage(withResults);
    const banner = await screen.findByTestId('missing-suppliers');
    expect(banner.textContent).toContain('1 of 3 suppliers could not search (the supplier answered with an error); their offers are missing.');
    expect(banner.textContent).not.toContain('did not answer in time');
    cleanup();

    vi.mocked(api.post).mockImplementation(async () => makeAnswer({ progress: { answered: 3, asked: 3, done: true, failed: 1, timedOut: 1 } }));
    renderPage(withResults);
    const both = await screen.findByTestId('missing-suppliers');
    expect(both.textContent).toContain('1 of 3 suppliers could not search');
    expect(both.textContent).toContain('1 of 3 suppliers did not answer in time; their offers are missing.');
    cleanup();

    // In Chinese too, each as what it was.
    await i18n.changeLanguage('zh-CN');
    try {
      vi.mocked(api.post).mockImplementation(async () => makeAnswer({ progress: { answered: 3, asked: 3, done: true, failed: 0, timedOut: 2 } }));
      renderPage(withResults);
      const zh = await screen.findByTestId('missing-suppliers');
      expect(zh.textContent).toBe('3家供应商中有2家未及时响应，其报价未包含在内。');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sends a chosen filter to the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(withResults);
    await screen.findAllByTestId('solution');
    const airlines = screen.getByRole('group', { name: 'Airlines' });
    await user.click(within(airlines).getByRole('checkbox', { name: /MU/ }));
    await waitFor(() => expect(lastSolutionsBody().filters).toEqual({ airlines: ['MU'] }));
    await user.click(screen.getByRole('switch', { name: 'Free checked baggage only' }));
    await waitFor(() => expect(lastSolutionsBody().filters).toEqual({ airlines: ['MU'], freeBaggageOnly: true }));
  });

  it('changes the sort on the server and in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(withResults);
    await screen.findAllByTestId('solution');
    await user.click(screen.getByText('Duration'));
    await waitFor(() => expect(lastSolutionsBody()).toMatchObject({ sort: 'duration', order: 'asc' }));
    expect(currentSearch).toContain('sort=duration');
    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(lastSolutionsBody()).toMatchObject({ sort: 'duration', order: 'desc' }));
  });

  it('formats prices from minor units in the user currency, and selects a fare', async () => {
    window.localStorage.setItem('portal.currency', 'USD');
    const user = userEvent.setup({ delay: null });
    renderPage(withResults);
    const cards = await screen.findAllByTestId('solution');
    // 1,234.57 CNY at 7.2 -> 171.47 USD (rounded up)
    expect(within(cards[0]).getByTestId('lowest-price').textContent).toBe('USD 171.47');
    // Carriers read by name once the reference names arrive.
    expect(await within(cards[0]).findByText('Air China')).toBeTruthy();
    await user.click(within(cards[0]).getByRole('button', { name: /1 fare/ }));
    await user.click(within(cards[0]).getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('confirm page')).toBeTruthy();
  });

  it('says when nothing is found, and offers a new search once the results are stale', async () => {
    vi.mocked(api.post).mockImplementation(async () => makeAnswer({ items: [], total: 0, unfilteredTotal: 0, stale: true, notice: 'shopping.search.noFlights' }));
    renderPage(withResults);
    expect(await screen.findByText('No flights found, modify the conditions')).toBeTruthy();
    expect(screen.getByText('Price may change, search again')).toBeTruthy();
  });

  it('shows an error with a retry when the results cannot load', async () => {
    vi.mocked(api.post).mockRejectedValue(new Error('Network error, please check your connection'));
    renderPage(withResults);
    // The hook retries a failed poll once (after a second) before giving up.
    expect(await screen.findByText('The results could not be loaded', {}, { timeout: 4000 })).toBeTruthy();
    const before = solutionCalls().length;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(solutionCalls().length).toBeGreaterThan(before));
  });
});
