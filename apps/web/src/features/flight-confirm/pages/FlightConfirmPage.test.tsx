import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { VerificationAnswer } from '@portal/contract/api/shopping';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { makeFare, makeSolution } from '../../../components/flight/test-fixtures';
import type { ConfirmNavigationState } from '../../../components/flight/confirm-navigation';
import { notify } from '../../../lib/notify';
import FlightConfirmPage from './FlightConfirmPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
const session = vi.hoisted(() => ({ currency: 'CNY' }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } },
      company: { config: { commonConfig: { settlementCurrency: session.currency } } },
    },
  }),
}));
vi.mock('../../../lib/site', () => ({
  useSiteConfig: () => ({ data: { currencies: ['CNY', 'USD'], defaultCurrency: 'CNY', rateMap: { USD: '7.2' } } }),
}));
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const solution = makeSolution(1);
const fare = solution.fares[0];
const newFare = makeFare({ fareId: fare.fareId, totalSalePrice: 130000, priceList: [{ ...fare.priceList[0], salePrice: 130000, price: 130000 }] });

function answer(over: Partial<VerificationAnswer>): VerificationAnswer {
  return { status: 'unchanged', message: '', solution, fare, previousTotal: 123456, newTotal: 123456, currency: 'CNY', ...over };
}

function Where() {
  const loc = useLocation();
  return <div>results page {loc.search}</div>;
}

function renderPage(state: Partial<ConfirmNavigationState> | null = { solution, fare, backTo: '/flight/booking?sid=s1', searchAgainTo: '/flight/booking?run=1' }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const search = `?searchId=s1&solutionId=${solution.id}&fareId=${fare.fareId}`;
  const tree = () => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/flight/booking/confirm', search, state }]}>
        <Routes>
          <Route path="/flight/booking/confirm" element={<FlightConfirmPage />} />
          <Route path="/flight/booking" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(tree());
  return { rerender: () => view.rerender(tree()) };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  session.currency = 'CNY';
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('FlightConfirmPage', { timeout: 20_000 }, () => {
  it('checks the price on open and confirms it, with a note that passengers come next', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({}));
    renderPage();
    expect(screen.getByText('Checking the price with the supplier…')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith(`/shopping/v2/flight/solutions/${solution.id}/verification`, { searchId: 's1', fareId: fare.fareId }, expect.anything());
    expect(await screen.findByText('The price is confirmed')).toBeTruthy();
    expect(screen.getByTestId('confirm-total').textContent).toBe('CNY 1,234.56');
    expect(screen.getByText('Next: passenger and contact details')).toBeTruthy();
  });

  it('price changed: shows the new price in a dialog; accepting updates the page to the new fare', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({ status: 'price_changed', message: 'Price changed', fare: newFare, previousTotal: 123456, newTotal: 130000 }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('new-total').textContent).toContain('CNY 1,300.00');
    expect(within(dialog).getByText('CNY 1,234.56')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept new price' }));
    expect(await screen.findByText('New price accepted')).toBeTruthy();
    expect(screen.getByTestId('confirm-total').textContent).toBe('CNY 1,300.00');
  });

  it('price changed: "Back to search" returns to the same results', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({ status: 'price_changed', fare: newFare, newTotal: 130000 }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Back to search' }));
    expect(await screen.findByText('results page ?sid=s1')).toBeTruthy();
  });

  it('invalid: offers another fare or a new search', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({ status: 'invalid', message: 'Package changed or invalid', solution: null, fare: null }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Package changed or invalid')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    expect(await screen.findByText('results page ?run=1')).toBeTruthy();
  });

  it('timeout: retries the check', async () => {
    vi.mocked(api.post).mockResolvedValueOnce(answer({ status: 'timeout', message: 'Price check timed out' })).mockResolvedValueOnce(answer({}));
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Price check timed out')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Check again/ }));
    expect(await screen.findByText('The price is confirmed')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(2);
  });

  it('works after a reload (no history state) from the answer alone', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({}));
    renderPage(null);
    expect(await screen.findByText('The price is confirmed')).toBeTruthy();
    expect(screen.getAllByText('Itinerary').length).toBeGreaterThan(0);
    expect(screen.getByText('Eco Flex')).toBeTruthy();
  });

  it('sends the user back to flight booking when the settlement currency changes', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({}));
    const view = renderPage();
    await screen.findByText('The price is confirmed');
    session.currency = 'USD';
    view.rerender();
    expect(await screen.findByText('results page')).toBeTruthy();
    expect(notify.warning).toHaveBeenCalledWith('The settlement currency has changed. Please search again.');
  });
});
