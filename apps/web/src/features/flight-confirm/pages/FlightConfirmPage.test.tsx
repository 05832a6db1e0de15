import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { FareChoice, VerificationAnswer } from '@portal/contract/api/shopping';
import type { CreateOrderBody, FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import i18n from '../../../lib/i18n';
import { api, ApiError, type RequestOptions } from '../../../lib/api';
import { makeFare, makeSolution } from '../../../components/flight/test-fixtures';
import type { ConfirmNavigationState } from '../../../components/flight/confirm-navigation';
import { notify } from '../../../lib/notify';
import FlightConfirmPage from './FlightConfirmPage';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
const session = vi.hoisted(() => ({ currency: 'CNY' }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: {
        id: 'me',
        username: 'agent7',
        nickname: 'Li Lei',
        email: 'lilei@agency.example',
        areaCode: null,
        mobile: null,
        roles: ['operator'],
        config: { dateFormat: 'yyyy-MM-dd', cities: [], defaultRegion: '852' },
      },
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

function OrderPage() {
  const loc = useLocation();
  return <div>order page {loc.pathname}</div>;
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
          <Route path="/flight/orders/:id" element={<OrderPage />} />
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
  vi.mocked(api.get).mockResolvedValue({ airlines: [], airports: [] });
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.info).mockClear();
  vi.mocked(notify.warning).mockClear();
});
afterEach(cleanup);

describe('FlightConfirmPage', { timeout: 20_000 }, () => {
  it('checks the price on open and confirms it, then asks for the passengers', async () => {
    vi.mocked(api.post).mockResolvedValue(answer({}));
    renderPage();
    expect(screen.getByText('Checking the price with the supplier…')).toBeTruthy();
    expect(screen.queryByTestId('passenger-0')).toBeNull();
    expect(api.post).toHaveBeenCalledWith(`/shopping/v2/flight/solutions/${solution.id}/verification`, { searchId: 's1', fareId: fare.fareId }, expect.anything());
    expect(await screen.findByText('The price is confirmed')).toBeTruthy();
    expect(screen.getByTestId('confirm-total').textContent).toBe('CNY 1,234.56');
    expect(within(screen.getByTestId('passenger-0')).getByText('Adult 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
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

// ---- Passengers, contact and booking (issue 8) ----

const ORDERS = '/order/v2/flight/orders';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Book = (body: CreateOrderBody, opts: RequestOptions | undefined) => Promise<Partial<FlightOrder>>;

/** Answers the price check with `checks` in turn (the last one repeats) and the booking with `book`. */
function serve(checks: VerificationAnswer[], book: Book) {
  let n = 0;
  vi.mocked(api.post).mockImplementation(async (path: string, body?: unknown, opts?: RequestOptions) => {
    if (path.endsWith('/verification')) return checks[Math.min(n++, checks.length - 1)];
    if (path === ORDERS) return book(body as CreateOrderBody, opts);
    throw new Error(`unexpected POST ${path}`);
  });
}

const bookCalls = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === ORDERS) as unknown as [string, CreateOrderBody, RequestOptions][];
const keyOf = (call: [string, CreateOrderBody, RequestOptions]) => call[2].headers?.['Idempotency-Key'];

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, field: HTMLElement, option: string, search?: string) {
  await user.click(field);
  if (search) await user.type(field, search);
  const options = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
  const match = options.find((o) => o.getAttribute('title') === option);
  if (!match) throw new Error(`no option ${option}`);
  await user.click(match);
}

async function typeDate(user: User, field: HTMLElement, date: string) {
  await user.click(field);
  await user.type(field, date);
  await user.keyboard('{Enter}');
}

/** An adult with a passport, as an agent types it (lower case; the form upper-cases English letters). */
async function fillAdult(user: User, card: HTMLElement) {
  const f = within(card);
  await user.type(f.getByLabelText('Surname'), 'zhang');
  await user.type(f.getByLabelText('Given names'), 'san');
  await user.click(f.getByText('Male'));
  await typeDate(user, f.getByLabelText('Date of birth'), '1985-03-05');
  await choose(user, f.getByLabelText('Nationality'), 'China (CN)', 'CN');
  await choose(user, f.getByLabelText('Document type'), 'Passport');
  await user.type(f.getByLabelText('Document number'), 'e12345678');
  await typeDate(user, f.getByLabelText('Expiry date'), '2035-01-01');
}

async function fillContactPhone(user: User) {
  await user.type(within(screen.getByTestId('contact')).getByLabelText('Mobile phone'), '13800138000');
}

const fieldError = (field: HTMLElement) => field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

const order = (over: Partial<FlightOrder> = {}): Partial<FlightOrder> => ({ id: 'o-1', bookingNumber: 'B1', status: 'to_be_paid', ...over });

describe('FlightConfirmPage booking', { timeout: 30_000 }, () => {
  it('shows one card per passenger of the fare, the documents the fare takes, and the contact from the user', async () => {
    const family: FareChoice = makeFare({
      fareId: fare.fareId,
      priceList: [fare.priceList[0], { ...fare.priceList[0], passengerType: 'child', count: 1, salePrice: 90000, price: 90000 }],
      totalSalePrice: 213456,
    });
    serve([answer({ fare: family })], async () => order());
    const user = userEvent.setup({ delay: null });
    renderPage();
    const adult = await screen.findByTestId('passenger-0');
    expect(within(adult).getByText('Adult 1')).toBeTruthy();
    expect(within(screen.getByTestId('passenger-1')).getByText('Child 1')).toBeTruthy();
    expect(screen.queryByTestId('passenger-2')).toBeNull();

    // The fare takes passports only: the passport kinds of the booking list, not the ID card.
    await user.click(within(adult).getByLabelText('Document type'));
    const docs = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(docs).toEqual(['Passport', 'Chinese passport']);

    const contact = within(screen.getByTestId('contact'));
    expect((contact.getByLabelText('Name') as HTMLInputElement).value).toBe('Li Lei');
    expect((contact.getByLabelText('Email') as HTMLInputElement).value).toBe('lilei@agency.example');
    // No mobile of the user's own: the favourites' default area code.
    expect(contact.getByText('+852')).toBeTruthy();
  });

  it('checks a surname with the shared rules and books nothing while it has digits', async () => {
    serve([answer({})], async () => order());
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await screen.findByTestId('passenger-0');
    const surname = within(card).getByLabelText('Surname') as HTMLInputElement;
    await user.type(surname, 'smith1');
    expect(surname.value).toBe('SMITH1');
    await user.tab();
    const message = i18n.t('order.passenger.surname.format');
    await waitFor(() => expect(fieldError(surname)).toBe(message));

    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(fieldError(within(card).getByLabelText('Given names'))).toBe('Given name required'));
    expect(fieldError(surname)).toBe(message);
    expect(bookCalls()).toHaveLength(0);
  });

  it('books with the normalized passengers, the seen total and an Idempotency-Key, then opens the order', async () => {
    serve([answer({})], async () => order({ id: 'o-42' }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fillAdult(user, await screen.findByTestId('passenger-0'));
    await fillContactPhone(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('order page /flight/orders/o-42')).toBeTruthy();
    const [call] = bookCalls();
    expect(call[1]).toEqual({
      searchId: 's1',
      fareId: fare.fareId,
      acceptedTotal: 123456,
      passengers: [
        {
          type: 'adult',
          surname: 'ZHANG',
          given_names: 'SAN',
          gender: 'male',
          birthday: '1985-03-05',
          nationality: 'CN',
          travel_document: { type: 'passport', number: 'E12345678', expiryDate: '2035-01-01', issuingCountry: null },
          frequentFlyer: null,
        },
      ],
      contact: { name: 'Li Lei', email: 'lilei@agency.example', areaCode: '852', phone: '13800138000' },
    });
    expect(keyOf(call)).toMatch(UUID);
    expect(notify.success).toHaveBeenCalledWith('Booking created');
  });

  it('a booking the airline has not confirmed yet says so with a warning', async () => {
    serve([answer({})], async () => order({ id: 'o-7', status: 'holding' }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fillAdult(user, await screen.findByTestId('passenger-0'));
    await fillContactPhone(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('order page /flight/orders/o-7')).toBeTruthy();
    expect(notify.warning).toHaveBeenCalledWith(i18n.t('order.holding'));
  });

  it('price changed while booking: checks again, shows the dialog, and books at the accepted price with a new key', async () => {
    const book = vi
      .fn<Book>()
      .mockRejectedValueOnce(new ApiError('Price changed', Code.PRICE_CHANGED, 409))
      .mockResolvedValueOnce(order({ id: 'o-9' }));
    serve([answer({}), answer({ status: 'price_changed', fare: newFare, previousTotal: 123456, newTotal: 130000 })], book);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fillAdult(user, await screen.findByTestId('passenger-0'));
    await fillContactPhone(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('new-total').textContent).toContain('CNY 1,300.00');
    await user.click(within(dialog).getByRole('button', { name: 'Accept new price' }));

    expect(await screen.findByText('order page /flight/orders/o-9')).toBeTruthy();
    const [first, second] = bookCalls();
    expect(first[1].acceptedTotal).toBe(123456);
    expect(second[1].acceptedTotal).toBe(130000);
    expect(second[1].passengers[0].surname).toBe('ZHANG');
    expect(keyOf(second)).toMatch(UUID);
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('puts the server field errors on their fields', async () => {
    const message = 'The passport number is not valid';
    serve([answer({})], async () => {
      throw new ApiError(message, Code.VALIDATION, 400, { 'passengers.0.travel_document.number': message });
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await screen.findByTestId('passenger-0');
    await fillAdult(user, card);
    await fillContactPhone(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const number = within(card).getByLabelText('Document number');
    await waitFor(() => expect(fieldError(number)).toBe(message));
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.queryByText('results page')).toBeNull();
  });

  it('after a network error the same attempt is resent with the same key; a change makes a new one', async () => {
    const book = vi
      .fn<Book>()
      .mockRejectedValueOnce(new ApiError('Network error, please check your connection', -1, 0))
      .mockRejectedValueOnce(new ApiError('Network error, please check your connection', -1, 0))
      .mockResolvedValueOnce(order());
    serve([answer({})], book);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await screen.findByTestId('passenger-0');
    await fillAdult(user, card);
    await fillContactPhone(user);
    const bookButton = () => screen.getByRole('button', { name: 'Book' });
    await user.click(bookButton());
    expect(await screen.findByTestId('booking-failure')).toBeTruthy();
    await user.click(bookButton());
    await waitFor(() => expect(bookCalls()).toHaveLength(2));
    await screen.findByTestId('booking-failure');
    expect(keyOf(bookCalls()[1])).toBe(keyOf(bookCalls()[0]));

    await user.type(within(card).getByLabelText('Given names'), ' ming');
    await user.click(bookButton());
    expect(await screen.findByText('order page /flight/orders/o-1')).toBeTruthy();
    const third = bookCalls()[2];
    expect(third[1].passengers[0].given_names).toBe('SAN MING');
    expect(keyOf(third)).not.toBe(keyOf(bookCalls()[0]));
  });

  it('sold out: says so and offers another fare', async () => {
    const message = 'No seats are left on this fare. Please choose another fare or search again.';
    serve([answer({})], async () => {
      throw new ApiError(message, Code.SOLD_OUT, 409);
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fillAdult(user, await screen.findByTestId('passenger-0'));
    await fillContactPhone(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByText(message)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(failure).getByRole('button', { name: 'Choose another fare' }));
    expect(await screen.findByText('results page ?sid=s1')).toBeTruthy();
  });
});
