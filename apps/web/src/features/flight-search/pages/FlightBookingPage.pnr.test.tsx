import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { makeAnswer, makeLeg, makeSolution } from '../../../components/flight/test-fixtures';

// Issue 9, finding 10: a failed PNR lookup must not leave the previous PNR's fares on screen as if they were its own.
// The real API client over a stubbed fetch, so the server's envelope (and its language) travels as in the browser.
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
const { PNR_SEARCH_PATH } = await import('../api/start-search');
const { SOLUTIONS_PATH } = await import('../api/get-solutions');

// What the server answers (plugins/errors.ts): the message of shopping.pnr.unreadable in the Accept-Language.
const UNREADABLE = translate('shopping.pnr.unreadable', 'en');
const UNREADABLE_ZH = translate('shopping.pnr.unreadable', 'zh-CN');

type Reply = () => Response;
const envelope = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const started = (searchId: string): Reply => () =>
  envelope({
    code: 0,
    message: 'ok',
    data: {
      searchId,
      expiresAt: '2030-01-01T00:00:00Z',
      suppliersAsked: 1,
      recordLocator: null,
      segments: [],
      passengers: [],
      passengerCounts: { adult: 1, child: 0, infant: 0 },
      cabin: 'economy',
    },
  });
/** Issue 15: a group display starts no search; the answer carries the group offer and the lines not searched. */
const GROUP_MESSAGE = translate('shopping.pnr.group', 'en', { seats: 20 });
const FLOWN_LINE = translate('shopping.pnr.skip.flown', 'en', { line: 4, flight: 'CA1501' });
const groupAnswer: Reply = () =>
  envelope({
    code: 0,
    message: 'ok',
    data: {
      searchId: null,
      expiresAt: null,
      suppliersAsked: 0,
      recordLocator: 'HX7Z2P',
      segments: [],
      passengers: [],
      passengerCounts: { adult: 2, child: 0, infant: 0 },
      cabin: 'economy',
      group: { seats: 20, name: 'BEIJING TOUR', message: GROUP_MESSAGE },
      skipped: [{ line: 4, text: '4  CA1501 Y 20NOV 5 PEKSHA FLWN', flightNumber: 'CA1501', reason: 'flown', message: FLOWN_LINE }],
    },
  });
const refused = (message: string): Reply => () => envelope({ code: Code.VALIDATION, data: { fields: { pnr: message } }, message }, 400);

/** Each search's fares name its own flight, so the screen says whose result it shows. */
const FLIGHT: Record<string, string> = { sA: 'CA1501', sB: 'MU5101' };
function solutionsOf(searchId: string) {
  const leg = makeLeg();
  const segments = leg.segments.map((s) => ({ ...s, flightNumber: FLIGHT[searchId] ?? 'XX0000' }));
  return makeAnswer({ searchId, items: [makeSolution(1, { legs: [{ ...leg, segments }] })] });
}

/** PNR lookups answer in the order the test releases them; a lookup's reply is held until then. */
interface Lookup {
  pnr: string;
  language: string;
  release: (reply: Reply) => void;
}
let lookups: Lookup[] = [];
const fetchMock = vi.fn<typeof fetch>();

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

async function renderPage(url = '/flight/booking?type=pnr') {
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
  // The PNR form's chunk comes when its tab is shown (issue 14).
  await screen.findByLabelText(i18n.t('flight.search.pnr.label'));
}

const textArea = () => screen.getByLabelText(i18n.t('flight.search.pnr.label')) as HTMLTextAreaElement;
const searchButton = () => screen.getByRole('button', { name: new RegExp(i18n.t('flight.search.submit')) });
const shownFlights = () => screen.queryAllByText(/CA1501|MU5101/).map((e) => e.textContent!.match(/CA1501|MU5101/)![0]);

async function lookUp(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(textArea());
  await user.type(textArea(), text);
  await user.click(searchButton());
  await waitFor(() => expect(lookups.at(-1)?.pnr).toBe(text.trim()), { timeout: 5000 });
  return lookups.at(-1)!;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  lookups = [];
  currentSearch = '';
  window.localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset().mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(PNR_SEARCH_PATH)) {
      const { pnr } = JSON.parse(String(init!.body)) as { pnr: string };
      const language = (init!.headers as Record<string, string>)['Accept-Language'];
      return new Promise<Response>((resolve, reject) => {
        lookups.push({ pnr, language, release: (reply) => resolve(reply()) });
        // A cancelled lookup fails as fetch does.
        init!.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    if (url.startsWith(SOLUTIONS_PATH)) {
      const { searchId } = JSON.parse(String(init!.body)) as { searchId: string };
      return envelope({ code: 0, message: 'ok', data: solutionsOf(searchId) });
    }
    if (url.startsWith('/shopping/v2/reference-data')) return envelope({ code: 0, message: 'ok', data: { airlines: [], airports: [] } });
    return envelope({ code: 0, message: 'ok', data: { items: [] } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('FlightBookingPage: search by PNR shows only the result of the text submitted', { timeout: 30_000 }, () => {
  it("lookup A succeeds, lookup B fails: B's message is shown and A's fares are gone, from the moment B starts", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const a = await lookUp(user, 'ABC123');
    act(() => a.release(started('sA')));
    await waitFor(() => expect(shownFlights()).toContain('CA1501'), { timeout: 5000 });
    expect(new URLSearchParams(currentSearch).get('sid')).toBe('sA');

    const b = await lookUp(user, 'please book me a flight');
    // B is on its way: A's fares no longer stand for what the agent submitted.
    expect(shownFlights()).toEqual([]);
    act(() => b.release(refused(UNREADABLE)));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The PNR search failed');
    expect(alert.textContent).toContain(UNREADABLE);
    expect(shownFlights()).toEqual([]);
    expect(screen.queryAllByTestId('solution')).toHaveLength(0);
    // The text stays as typed, for the agent to correct.
    expect(textArea().value).toBe('please book me a flight');
  });

  it('a group display offers the group request instead of results, and lists the lines not searched', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const a = await lookUp(user, 'ABC123');
    act(() => a.release(started('sA')));
    await waitFor(() => expect(shownFlights()).toContain('CA1501'), { timeout: 5000 });

    const g = await lookUp(user, 'GRP001');
    act(() => g.release(groupAnswer));
    const offer = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(offer.textContent).toContain(i18n.t('flight.search.pnr.groupTitle'));
    expect(offer.textContent).toContain(GROUP_MESSAGE);
    const link = screen.getByRole('link', { name: new RegExp(i18n.t('flight.search.pnr.groupRequest')) });
    expect(link.getAttribute('href')).toBe('/flight/group/booking');
    expect(screen.getByText(FLOWN_LINE)).toBeTruthy();
    // No search was started: the earlier PNR's fares are not shown as this one's (the flown line names CA1501 itself).
    expect(screen.queryAllByTestId('solution')).toHaveLength(0);
    expect(new URLSearchParams(currentSearch).get('sid')).toBe('sA');
    // Not a failure: the lookup's error box is not shown.
    expect(screen.queryByText(i18n.t('flight.search.pnr.failed'))).toBeNull();
  });

  it('shows the envelope message in the language of the request', async () => {
    await i18n.changeLanguage('zh-CN');
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const b = await lookUp(user, 'please book me a flight');
    expect(b.language).toBe('zh-CN');
    act(() => b.release(refused(UNREADABLE_ZH)));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(UNREADABLE_ZH);
  });

  it('a late answer of lookup A after lookup B started is ignored, whether B then succeeds or fails', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const a = await lookUp(user, 'ABC123');
    // The agent corrects the paste while A is still on its way, and looks the new text up at once.
    const b = await lookUp(user, 'XYZ789');
    expect(lookups.map((l) => l.pnr)).toEqual(['ABC123', 'XYZ789']);
    act(() => b.release(started('sB')));
    await waitFor(() => expect(shownFlights()).toContain('MU5101'), { timeout: 5000 });
    act(() => a.release(started('sA')));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(new URLSearchParams(currentSearch).get('sid')).toBe('sB');
    expect(new URLSearchParams(currentSearch).get('pnr')).toBe('XYZ789');
    expect(shownFlights()).not.toContain('CA1501');

    // Again, with the newer lookup failing before the older one answers.
    const c = await lookUp(user, 'DEF456');
    const d = await lookUp(user, 'no flights in this text');
    act(() => d.release(refused(UNREADABLE)));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(UNREADABLE);
    act(() => c.release(started('sA')));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(new URLSearchParams(currentSearch).get('sid')).toBe('sB');
    expect(shownFlights()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain(UNREADABLE);
  });
});
