import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { FareChoice, Solution, VerificationAnswer } from '@portal/contract/api/shopping';
import type { DocumentRecognition, FrequentPassenger, TravellerDocument } from '@portal/contract/api/travellers';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import { makeFare, makeLeg, makeSolution } from '../../../components/flight/test-fixtures';
import { notify } from '../../../lib/notify';
import FlightConfirmPage from './FlightConfirmPage';

/** Issue 11 in the booking form: frequent passengers, pasted passengers and document recognition. */

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', username: 'agent7', nickname: 'Li Lei', email: 'lilei@agency.example', areaCode: null, mobile: null, roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [], defaultRegion: '86' } },
      company: { config: { commonConfig: { settlementCurrency: 'CNY' } } },
    },
  }),
}));
vi.mock('../../../lib/site', () => ({
  useSiteConfig: () => ({ data: { currencies: ['CNY'], defaultCurrency: 'CNY', rateMap: {} } }),
}));
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const REFERENCE = {
  airlines: [
    { code: 'CA', name: 'Air China', alliance: 'Star Alliance', lowCost: false },
    { code: 'LH', name: 'Lufthansa', alliance: 'Star Alliance', lowCost: false },
    { code: 'MU', name: 'China Eastern', alliance: 'SkyTeam', lowCost: false },
  ],
  airports: [
    { code: 'PEK', name: 'Beijing Capital', cityCode: 'BJS', cityName: 'Beijing', countryCode: 'CN' },
    { code: 'SHA', name: 'Shanghai Hongqiao', cityCode: 'SHA', cityName: 'Shanghai', countryCode: 'CN' },
    { code: 'HKG', name: 'Hong Kong', cityCode: 'HKG', cityName: 'Hong Kong', countryCode: 'HK' },
  ],
};

const doc = (over: Partial<TravellerDocument>): TravellerDocument => ({ id: 'd-pass', type: 'passport', number: '*****5678', expiryDate: '2035-01-01', issuingCountry: 'CN', ...over });

function traveller(over: Partial<FrequentPassenger>): FrequentPassenger {
  const documents = over.travel_documents ?? [doc({})];
  return {
    id: 'p-zhang',
    surname: 'ZHANG',
    given_names: 'SAN',
    localName: '张三',
    type: 'adult',
    gender: 'male',
    birthday: '1985-03-05',
    nationality: 'CN',
    areaCode: null,
    phone: null,
    email: null,
    travel_document: documents[0] ?? null,
    travel_documents: documents,
    memberCards: [
      { id: 'mc-mu', passengerId: 'p-zhang', airline: 'MU', number: '620000000001', holder: 'ZHANG/SAN', createdAt: '' },
      { id: 'mc-lh', passengerId: 'p-zhang', airline: 'LH', number: '992000000000001', holder: 'ZHANG/SAN', createdAt: '' },
      { id: 'mc-ca', passengerId: 'p-zhang', airline: 'CA', number: '001234567890', holder: 'ZHANG/SAN', createdAt: '' },
    ],
    remark: null,
    documentImageId: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...over,
  };
}

const zhang = traveller({});
/** Only an ID card on file. */
const wang = traveller({ id: 'p-wang', surname: 'WANG', given_names: 'WU', localName: null, travel_documents: [doc({ id: 'd-id', type: 'idcard', number: '**************002X', expiryDate: null })], memberCards: [] });
/** Born 2018-01-01: 12 on the last flight (2030-01-10), filed as a child. */
const li = traveller({ id: 'p-li', surname: 'LI', given_names: 'XIAOMING', localName: null, type: 'child', birthday: '2018-01-01', travel_documents: [doc({ id: 'd-li', number: '*****4321' })], memberCards: [] });

const REVEALED: Record<string, { id: string; type: string; number: string }> = {
  'p-zhang/d-pass': { id: 'd-pass', type: 'passport', number: 'E12345678' },
  'p-li/d-li': { id: 'd-li', type: 'passport', number: 'E87654321' },
  'p-wang/d-id': { id: 'd-id', type: 'idcard', number: '11010519491231002X' },
};

const baseSolution = makeSolution(1);
const adultEntry = baseSolution.fares[0].priceList[0];

function setup({ fare = baseSolution.fares[0], solution = baseSolution, travellers = [zhang, wang, li] }: { fare?: FareChoice; solution?: Solution; travellers?: FrequentPassenger[] } = {}) {
  const verified: VerificationAnswer = { status: 'unchanged', message: '', solution, fare, previousTotal: fare.totalSalePrice, newTotal: fare.totalSalePrice, currency: 'CNY' };
  vi.mocked(api.post).mockImplementation(async (path: string) => {
    if (path.endsWith('/verification')) return verified;
    throw new Error(`unexpected POST ${path}`);
  });
  vi.mocked(api.get).mockImplementation(async (path: string, opts?: { params?: Record<string, unknown> }) => {
    if (path === '/shopping/v2/reference-data') return REFERENCE;
    if (path === '/base/v2/often-used-passengers') {
      const keyword = String(opts?.params?.keyword ?? '').toLowerCase();
      const items = travellers.filter((p) => !keyword || `${p.surname}/${p.given_names}`.toLowerCase().includes(keyword));
      return { items, total: items.length, max: 30 };
    }
    const m = /^\/base\/v2\/often-used-passengers\/([^/]+)\/documents\/([^/]+)$/.exec(path);
    if (m && REVEALED[`${m[1]}/${m[2]}`]) return REVEALED[`${m[1]}/${m[2]}`];
    throw new Error(`unexpected GET ${path}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/flight/booking/confirm', search: `?searchId=s1&solutionId=${solution.id}&fareId=${fare.fareId}`, state: { solution, fare } }]}>
        <Routes>
          <Route path="/flight/booking/confirm" element={<FlightConfirmPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type User = ReturnType<typeof userEvent.setup>;
const value = (card: HTMLElement, label: string) => (within(card).getByLabelText(label) as HTMLInputElement).value;
const item = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;
const explain = (field: HTMLElement) => item(field).querySelector('.ant-form-item-explain')?.textContent ?? '';

async function pick(user: User, ...names: string[]) {
  await user.click(screen.getByRole('button', { name: /Import frequent passengers/ }));
  const dialog = await screen.findByRole('dialog');
  for (const name of names) await user.click(await within(dialog).findByRole('checkbox', { name }));
  await user.click(within(dialog).getByRole('button', { name: `Import (${names.length})` }));
}

async function chooseTraveller(user: User, card: HTMLElement, title: string) {
  await user.click(within(card).getByRole('combobox', { name: 'Choose traveller' }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.getAttribute('title') === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  await user.click(option);
}

const revealCalls = () => vi.mocked(api.get).mock.calls.filter(([path]) => /\/documents\//.test(path)).map(([path]) => path);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  vi.mocked(api.upload).mockReset();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.warning).mockClear();
});
afterEach(cleanup);

describe('booking form: frequent passengers', { timeout: 30_000 }, () => {
  it('picking a traveller fills the card with the full document number and the carrier’s member card', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const card = await screen.findByTestId('passenger-0');
    await pick(user, 'ZHANG/SAN');

    await waitFor(() => expect(value(card, 'Document number')).toBe('E12345678'));
    expect(revealCalls()).toEqual(['/base/v2/often-used-passengers/p-zhang/documents/d-pass']);
    expect(value(card, 'Surname')).toBe('ZHANG');
    expect(value(card, 'Given names')).toBe('SAN');
    expect(value(card, 'Date of birth')).toBe('1985-03-05');
    await waitFor(() => expect(value(card, 'Expiry date')).toBe('2035-01-01'));
    // The flight is Air China's: its own card first, then Star Alliance partners; SkyTeam's is not offered.
    expect(value(card, 'Airline')).toBe('CA');
    expect(value(card, 'Frequent flyer number')).toBe('001234567890');
    await user.click(within(card).getByRole('combobox', { name: "Traveller's member cards" }));
    const offered = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['CA 001234567890', 'LH 992000000000001']);
    await user.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="LH 992000000000001"]')!);
    expect(value(card, 'Airline')).toBe('LH');
    expect(notify.success).toHaveBeenCalledWith('Passengers imported: 1. Check them before booking.');
  });

  it('an ID-card-only traveller on a trip to Hong Kong: the spec’s message, the rest filled without the document', async () => {
    const solution = makeSolution(1, { legs: [makeLeg({ segments: [{ ...makeLeg().segments[0], destination: 'HKG' }] })] });
    const fare = makeFare({ fareId: solution.fares[0].fareId, restrictions: { ...solution.fares[0].restrictions, documents: [] } });
    const user = userEvent.setup({ delay: null });
    setup({ solution, fare });
    const card = await screen.findByTestId('passenger-0');
    await pick(user, 'WANG/WU');

    const note = await within(card).findByTestId('passenger-0-note-document');
    expect(note.textContent).toContain('Idcard DOCS cannot be imported due to document restrictions or international orders');
    expect(value(card, 'Surname')).toBe('WANG');
    expect(value(card, 'Document number')).toBe('');
    expect(revealCalls()).toEqual([]);
  });

  it('a child who turned 12 chosen for the child card is flagged there', async () => {
    const fare = makeFare({
      fareId: baseSolution.fares[0].fareId,
      priceList: [adultEntry, { ...adultEntry, passengerType: 'child', count: 1 }],
      totalSalePrice: adultEntry.salePrice * 2,
    });
    const user = userEvent.setup({ delay: null });
    setup({ fare });
    const child = await screen.findByTestId('passenger-1');
    await chooseTraveller(user, child, 'LI/XIAOMING');

    const flag = await within(child).findByTestId('passenger-1-note-typeFlag');
    expect(flag.textContent).toBe(i18n.t('order.passenger.type.adult', { date: '2030-01-10' }));
    await waitFor(() => expect(value(child, 'Document number')).toBe('E87654321'));
    // The shared validation refuses the type too, on the birthday.
    await waitFor(() => expect(explain(within(child).getByLabelText('Date of birth'))).toBe(i18n.t('order.passenger.type.adult', { date: '2030-01-10' })));
  });

  it('the picker lets the agent choose only as many as there are empty passengers', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.click(await screen.findByRole('button', { name: /Import frequent passengers/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'ZHANG/SAN' }));
    expect((within(dialog).getByRole('checkbox', { name: 'WANG/WU' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Passport *****5678')).toBeTruthy();
  });
});

describe('booking form: paste passengers', { timeout: 30_000 }, () => {
  const family = makeFare({
    fareId: baseSolution.fares[0].fareId,
    priceList: [{ ...adultEntry, count: 2 }],
    totalSalePrice: adultEntry.salePrice * 2,
  });

  it('fills the empty cards and says how many were imported and how many did not fit', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ fare: family });
    await screen.findByTestId('passenger-0');
    await user.click(screen.getByRole('button', { name: /Paste passengers/ }));
    const dialog = await screen.findByRole('dialog');
    const area = within(dialog).getByRole('textbox', { name: 'Passengers to import' });
    await user.click(area);
    await user.paste('SSR DOCS CA HK1 P/CN/E12345678/CN/05MAR85/M/01JAN35/ZHANG/SAN\nLI/SI MS\nWANG/WU MR');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(value(screen.getByTestId('passenger-0'), 'Document number')).toBe('E12345678'));
    expect(value(screen.getByTestId('passenger-0'), 'Surname')).toBe('ZHANG');
    expect(value(screen.getByTestId('passenger-1'), 'Surname')).toBe('LI');
    expect(notify.warning).toHaveBeenCalledWith('Passengers imported: 2. Did not fit (every passenger already filled in): 1.');
    // The modal closes (jsdom never ends antd's leave animation, so it is seen leaving rather than gone).
    await waitFor(() => expect(document.querySelector('.ant-modal')?.className).toContain('ant-zoom-leave'));
  });

  it('a line it cannot read: "Import format error on line N", the modal stays open with the text', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ fare: family });
    await screen.findByTestId('passenger-0');
    await user.click(screen.getByRole('button', { name: /Paste passengers/ }));
    const dialog = await screen.findByRole('dialog');
    const area = within(dialog).getByRole('textbox', { name: 'Passengers to import' }) as HTMLTextAreaElement;
    await user.click(area);
    await user.paste('ZHANG/SAN\nhello world');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect((await within(dialog).findByTestId('paste-error')).textContent).toBe('Import format error on line 2: hello world');
    expect(area.value).toBe('ZHANG/SAN\nhello world');
    expect(value(screen.getByTestId('passenger-0'), 'Surname')).toBe('');
  });
});

describe('booking form: document recognition', { timeout: 30_000 }, () => {
  const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'passport.jpg', { type: 'image/jpeg' });
  const answer = (over: Partial<DocumentRecognition> = {}): DocumentRecognition => ({
    source: 'TD3',
    fields: {
      surname: { value: 'ZHANG', confidence: 0.99 },
      given_names: { value: 'SAN', confidence: 0.6 },
      gender: { value: 'male', confidence: 0.99 },
      birthday: { value: '1985-03-05', confidence: 0.99 },
      nationality: { value: 'CN', confidence: 0.99 },
      documentType: { value: 'passport', confidence: 0.99 },
      documentNumber: { value: 'E12345678', confidence: 0.7 },
      expiryDate: { value: '2035-01-01', confidence: 0.99 },
      issuingCountry: { value: 'CN', confidence: 0.99 },
    },
    uncertain: ['given_names', 'documentNumber'],
    imageId: null,
    elapsedMs: 1200,
    ...over,
  });
  const fileInput = (card: HTMLElement) => card.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('fills the card and marks the fields that were hard to read until the agent edits them', async () => {
    vi.mocked(api.upload).mockResolvedValue(answer());
    const user = userEvent.setup({ delay: null });
    setup();
    const card = await screen.findByTestId('passenger-0');
    await user.upload(fileInput(card), image());

    await waitFor(() => expect(value(card, 'Document number')).toBe('E12345678'));
    expect(api.upload).toHaveBeenCalledWith('/base/v2/analysis/document', expect.any(File), 'file', expect.objectContaining({ onProgress: expect.any(Function) }));
    expect(value(card, 'Surname')).toBe('ZHANG');
    await waitFor(() => expect(value(card, 'Expiry date')).toBe('2035-01-01'));
    const given = within(card).getByLabelText('Given names');
    const number = within(card).getByLabelText('Document number');
    const check = 'Check this field: it was hard to read';
    await waitFor(() => expect(explain(number)).toBe(check));
    expect(explain(given)).toBe(check);
    expect(item(number).className).toContain('ant-form-item-has-warning');
    expect(explain(within(card).getByLabelText('Surname'))).toBe('');

    await user.type(given, ' MING');
    await waitFor(() => expect(explain(given)).toBe(''));
    expect(explain(number)).toBe(check);
  });

  it('a failed reading shows the server’s message and leaves the card as it was', async () => {
    vi.mocked(api.upload).mockRejectedValue(new ApiError('Recognition failed, check the document type', 422001, 422));
    const user = userEvent.setup({ delay: null });
    setup();
    const card = await screen.findByTestId('passenger-0');
    await user.type(within(card).getByLabelText('Surname'), 'zhou');
    await user.upload(fileInput(card), image());

    const note = await within(card).findByTestId('passenger-0-note-recognition');
    expect(note.textContent).toBe('Recognition failed, check the document type');
    expect(note.closest('.ant-alert')?.className).toContain('ant-alert-error');
    expect(value(card, 'Surname')).toBe('ZHOU');
    expect(value(card, 'Document number')).toBe('');
  });

  it('an answer with nothing usable is a failure too; a file too large is refused before sending', async () => {
    vi.mocked(api.upload).mockResolvedValue(answer({ fields: {}, uncertain: [] }));
    const user = userEvent.setup({ delay: null });
    setup();
    const card = await screen.findByTestId('passenger-0');
    await user.upload(fileInput(card), image());
    expect((await within(card).findByTestId('passenger-0-note-recognition')).textContent).toBe('Recognition failed, check the document type');

    vi.mocked(api.upload).mockClear();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(fileInput(card), big);
    await waitFor(() => expect(within(card).getByTestId('passenger-0-note-recognition').textContent).toBe(i18n.t('travellers.recognition.size')));
    expect(api.upload).not.toHaveBeenCalled();
  });
});
