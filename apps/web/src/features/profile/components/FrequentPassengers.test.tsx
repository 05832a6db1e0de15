import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FrequentPassengerList } from '@portal/contract/api/travellers';
import i18n from '../../../lib/i18n';
import { api, type RequestOptions } from '../../../lib/api';
import { listOf, makeTraveller, PASSPORT } from '../../../components/travellers/test-fixtures';
import { FrequentPassengers } from './FrequentPassengers';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', config: { dateFormat: 'dd MMM yyyy', defaultRegion: '86', cities: [], countries: [] } } } }),
}));
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const zhang = makeTraveller({ travel_document: PASSPORT, travel_documents: [PASSPORT], memberCards: [{ id: 'c1', passengerId: 'p', airline: 'CA', number: '001234567', holder: 'ZHANG/SAN', createdAt: '' }] });
const legacy = makeTraveller({ id: '33333333-3333-4333-8333-333333333333', surname: 'LI', given_names: 'SI', localName: null });

/** GET answers by path: the list (per keyword) and a revealed document. */
function serve(lists: (keyword: string | undefined) => FrequentPassengerList) {
  vi.mocked(api.get).mockImplementation(async (path: string, opts?: RequestOptions) => {
    if (path === '/base/v2/often-used-passengers') return lists(opts?.params?.keyword as string | undefined);
    if (path === `/base/v2/often-used-passengers/${zhang.id}/documents/${PASSPORT.id}`) return { id: PASSPORT.id, type: 'passport', number: 'E12345678' };
    if (path === '/shopping/v2/reference-data') return { airlines: [], airports: [] };
    throw new Error(`unexpected GET ${path}`);
  });
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FrequentPassengers />
    </QueryClientProvider>,
  );
  return client;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.del).mockReset().mockResolvedValue(null);
});
afterEach(() => vi.useRealTimers());

describe('FrequentPassengers', { timeout: 20_000 }, () => {
  it('lists travellers with masked numbers, member cards, the count and a flag on a traveller without a document', async () => {
    serve(() => listOf([zhang, legacy]));
    renderList();
    const row = (await screen.findByText('ZHANG/SAN')).closest('tr')!;
    expect(within(row).getByText('张三')).toBeTruthy();
    expect(within(row).getByText('*****5678')).toBeTruthy();
    expect(within(row).getByText('Passport')).toBeTruthy();
    expect(within(row).getByText('CA 001234567')).toBeTruthy();
    expect(within(row).getByText('07 Mar 1990')).toBeTruthy();
    expect(within(row).getByText('Adult')).toBeTruthy();
    expect(within(row).getByText('China')).toBeTruthy();
    expect(within(screen.getByText('LI/SI').closest('tr')!).getByText('Add a document')).toBeTruthy();
    expect(screen.getByTestId('travellers-count').textContent).toBe('2 / 30');
    expect(screen.getByRole('button', { name: /Add passenger/ }).hasAttribute('disabled')).toBe(false);
  });

  it('searches the server once typing pauses', async () => {
    serve((keyword) => (keyword ? listOf([legacy], 1) : listOf([zhang, legacy])));
    renderList();
    await screen.findByText('ZHANG/SAN');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Search by name, pinyin or document number'), 'li');
    await waitFor(() => expect(screen.queryByText('ZHANG/SAN')).toBeNull());
    expect(screen.getByText('LI/SI')).toBeTruthy();
    const keywords = vi.mocked(api.get).mock.calls.filter(([p]) => p === '/base/v2/often-used-passengers').map(([, o]) => o?.params?.keyword);
    // One request for the word, none for its first letter alone; the count still counts every traveller.
    expect(keywords).toContain('li');
    expect(keywords).not.toContain('l');
    expect(screen.getByTestId('travellers-count').textContent).toBe('2 / 30');
  });

  it('shows the full number on demand, from the server, until hidden again', async () => {
    serve(() => listOf([zhang]));
    const client = renderList();
    await screen.findByText('*****5678');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show the full number' }));
    expect(await screen.findByText('E12345678')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(`/base/v2/often-used-passengers/${zhang.id}/documents/${PASSPORT.id}`);
    // Never kept in the query cache.
    expect(JSON.stringify(client.getQueryCache().getAll().map((q) => q.state.data))).not.toContain('E12345678');
    await user.click(await screen.findByRole('button', { name: 'Hide the number' }));
    // Generous: the whole suite runs four projects at once on two cores.
    await waitFor(() => expect(screen.queryByText('E12345678')).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('*****5678')).toBeTruthy();
  });

  it('disables Add at 30 travellers and says why', async () => {
    const thirty = Array.from({ length: 30 }, (_, i) => makeTraveller({ id: `id-${i}`, surname: `P${String.fromCharCode(65 + (i % 26))}`, given_names: `N${i}` }));
    serve(() => listOf(thirty));
    renderList();
    await waitFor(() => expect(screen.getByTestId('travellers-count').textContent).toBe('30 / 30'));
    const add = screen.getByRole('button', { name: /Add passenger/ });
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.setup({ delay: null }).hover(screen.getByTestId('add-traveller'));
    expect(await screen.findByText(/at most 30 frequent passengers/)).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    serve(() => listOf([zhang]));
    renderList();
    await screen.findByText('ZHANG/SAN');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete ZHANG/SAN' }));
    expect(await screen.findByText(/Remove ZHANG\/SAN from frequent passengers\?/)).toBeTruthy();
    expect(api.del).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith(`/base/v2/often-used-passengers/${zhang.id}`));
  });

  it('offers Add in the empty state', async () => {
    serve(() => listOf([]));
    renderList();
    expect(await screen.findByText('No frequent passengers yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Add passenger/ })).toHaveLength(2);
  });

  it('shows one card per traveller on a phone', async () => {
    const original = window.matchMedia;
    // antd's breakpoints: only the phone query (below 576px) matches.
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575') })) as typeof window.matchMedia;
    try {
      serve(() => listOf([zhang, legacy]));
      renderList();
      expect(await screen.findAllByTestId('traveller-card')).toHaveLength(2);
      expect(document.querySelector('table')).toBeNull();
      expect(screen.getByText('*****5678')).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it.each(['zh-CN', 'zh-TW', 'en'] as const)('has every text in %s: the list and the dialog show no raw keys', async (language) => {
    await i18n.changeLanguage(language);
    try {
      serve(() => listOf([zhang, legacy]));
      renderList();
      await screen.findByText('ZHANG/SAN');
      await userEvent.setup({ delay: null }).click(screen.getAllByRole('button', { name: /ZHANG\/SAN/ })[0]);
      await screen.findByRole('dialog');
      await waitFor(() => expect(document.body.textContent).toContain('*****5678'));
      const shown = [document.body.textContent ?? '', ...[...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((e) => [e.getAttribute('placeholder'), e.getAttribute('aria-label'), e.getAttribute('title')])].join(' ');
      expect(shown).not.toMatch(/\b(travellers|flight|common|profile)\.[a-zA-Z]/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
