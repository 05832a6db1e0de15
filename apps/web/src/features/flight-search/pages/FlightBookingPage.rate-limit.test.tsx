import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import dayjs from 'dayjs';
import { Code } from '@portal/contract/codes';

// The real API client over a stubbed fetch: the server's 429 envelope travels the same path as in the browser.
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } },
      company: { config: { commonConfig: { settlementCurrency: 'CNY' } } },
    },
  }),
}));
vi.mock('../../../lib/site', () => ({
  useSiteConfig: () => ({ data: { currencies: ['CNY'], defaultCurrency: 'CNY', rateMap: {} } }),
}));

const { default: i18n } = await import('../../../lib/i18n');
const { default: FlightBookingPage } = await import('./FlightBookingPage');
const { SEARCH_PATH } = await import('../api/start-search');

const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const LIMITED = 'You have started too many searches in a short time. Please try again in 42 seconds.';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
  fetchMock.mockReset().mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith(SEARCH_PATH)) return reply({ code: Code.RATE_LIMITED, data: null, message: LIMITED }, 429, { 'Retry-After': '42' });
    if (url.startsWith('/shopping/v2/reference-data')) return reply({ code: 0, data: { airlines: [], airports: [] }, message: 'ok' });
    return reply({ code: 0, data: { items: [] }, message: 'ok' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FlightBookingPage: search rate limit', { timeout: 20_000 }, () => {
  it("shows the server's rate-limit message and starts no search", async () => {
    const future = dayjs().add(5, 'day').format('YYYY-MM-DD');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/flight/booking?type=oneway&j=PEK.SHA.${future}`]}>
          <Routes>
            <Route path="/flight/booking" element={<FlightBookingPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Search/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(LIMITED);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith(SEARCH_PATH))).toHaveLength(1);
    expect(screen.queryByTestId('solution')).toBeNull();
  });
});
