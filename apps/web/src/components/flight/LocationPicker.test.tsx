import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { Location, LocationType } from '@portal/contract/api/shopping';
import i18n from '../../lib/i18n';
import { api } from '../../lib/api';
import { LOCATIONS_PATH } from './locations-api';
import { placeLabel, rememberPlace, resetPlaces } from './place-labels';
import { LocationPicker } from './LocationPicker';

vi.mock('../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } } } }),
}));

const place = (type: LocationType, code: string, name: string, airports: string[] = []): Location => ({
  type,
  code,
  cityCode: 'SHA',
  countryCode: 'CN',
  name,
  cityName: 'Shanghai',
  airports,
  favourite: false,
});
// What the server answers for "shanghai": the city, then its airports; the city and Hongqiao share the code SHA.
const SHANGHAI = [
  place('city', 'SHA', 'Shanghai', ['PVG', 'SHA']),
  place('airport', 'PVG', 'Shanghai Pudong International Airport'),
  place('airport', 'SHA', 'Shanghai Hongqiao International Airport'),
];

// Kyiv: closed to civil flights, as the server marks it.
const KYIV: Location[] = [
  { type: 'city', code: 'IEV', cityCode: 'IEV', countryCode: 'UA', name: 'Kyiv', cityName: 'Kyiv', airports: ['KBP'], favourite: false, noCivilFlights: true },
  { type: 'airport', code: 'KBP', cityCode: 'IEV', countryCode: 'UA', name: 'Boryspil International Airport', cityName: 'Kyiv', airports: [], favourite: false, noCivilFlights: true },
];

const changes: [string, LocationType][] = [];

function Harness({ initial = null, initialType = null }: { initial?: string | null; initialType?: LocationType | null }) {
  const [value, setValue] = useState<{ code: string | null; type: LocationType | null }>({ code: initial, type: initialType });
  return (
    <LocationPicker
      value={value.code}
      valueType={value.type}
      onChange={(code, type) => {
        changes.push([code, type]);
        setValue({ code, type });
      }}
      placeholder="From"
      ariaLabel="Origin"
    />
  );
}

function renderPicker(props: { initial?: string | null; initialType?: LocationType | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

/** What the box shows as chosen. */
const shown = () => document.querySelector('.ant-select-content')?.getAttribute('title') ?? document.querySelector('.ant-select-content')?.textContent;
const optionRows = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
const rowOf = (text: string) => optionRows().find((o) => o.textContent?.includes(text));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  resetPlaces();
  changes.length = 0;
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string, opts?: { params?: { q?: string } }) => {
      if (path !== LOCATIONS_PATH) throw new Error(`unexpected ${path}`);
      const q = (opts?.params?.q ?? '').toLowerCase();
      if (q === 'kyiv') return { items: KYIV };
      return { items: q === 'shanghai' || q === 'sha' ? SHANGHAI : [] };
    });
});
afterEach(cleanup);

describe('LocationPicker: a city and an airport sharing a code (SHA)', { timeout: 20_000 }, () => {
  async function typeShanghai() {
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Origin' }));
    await user.type(screen.getByRole('combobox', { name: 'Origin' }), 'shanghai');
    await waitFor(() => expect(rowOf('Hongqiao')).toBeTruthy());
    return user;
  }

  it('picking Hongqiao gives the airport SHA, shows the airport, and only its row is selected', async () => {
    renderPicker();
    const user = await typeShanghai();
    await user.click(rowOf('Hongqiao')!);
    expect(changes).toEqual([['SHA', 'airport']]);
    await waitFor(() => expect(shown()).toBe('SHA Shanghai Hongqiao International Airport'));

    await user.click(screen.getByRole('combobox', { name: 'Origin' }));
    await user.type(screen.getByRole('combobox', { name: 'Origin' }), 'shanghai');
    await waitFor(() => expect(rowOf('Hongqiao')).toBeTruthy());
    const selected = optionRows().filter((o) => o.classList.contains('ant-select-item-option-selected'));
    expect(selected).toHaveLength(1);
    expect(selected[0].textContent).toContain('Hongqiao');
  });

  it('picking the city gives the city SHA and shows the city', async () => {
    renderPicker();
    const user = await typeShanghai();
    await user.click(optionRows().find((o) => o.textContent?.includes('All airports'))!);
    expect(changes).toEqual([['SHA', 'city']]);
    await waitFor(() => expect(shown()).toBe('SHA Shanghai'));
  });

  it('names a typed code from a link by asking once; an untyped SHA is the city, as the server reads it', async () => {
    renderPicker({ initial: 'SHA', initialType: 'airport' });
    await waitFor(() => expect(shown()).toBe('SHA Shanghai Hongqiao International Airport'));
    cleanup();
    renderPicker({ initial: 'SHA' });
    await waitFor(() => expect(shown()).toBe('SHA Shanghai'));
  });
});

describe('place labels are kept per type', () => {
  it('remembers the city SHA and the airport SHA apart; an untyped code is the city, an airport only when no city has its code', () => {
    rememberPlace({ type: 'airport', code: 'SHA', cityCode: 'SHA', countryCode: 'CN', name: 'Shanghai Hongqiao', cityName: 'Shanghai' });
    expect(placeLabel('SHA', 'airport')).toBe('SHA Shanghai Hongqiao');
    expect(placeLabel('SHA')).toBe('SHA');
    rememberPlace({ type: 'city', code: 'SHA', cityCode: 'SHA', countryCode: 'CN', name: 'Shanghai', cityName: 'Shanghai' });
    expect(placeLabel('SHA')).toBe('SHA Shanghai');
    expect(placeLabel('SHA', 'city')).toBe('SHA Shanghai');
    expect(placeLabel('SHA', 'airport')).toBe('SHA Shanghai Hongqiao');
    rememberPlace({ type: 'airport', code: 'PEK', cityCode: 'BJS', countryCode: 'CN', name: 'Beijing Capital', cityName: 'Beijing' });
    expect(placeLabel('PEK')).toBe('PEK Beijing Capital');
    // Kept across a reload (local storage), still per type.
    resetPlaces();
    expect(placeLabel('SHA', 'airport')).toBe('SHA Shanghai Hongqiao');
    expect(placeLabel('SHA')).toBe('SHA Shanghai');
  });
});

describe('LocationPicker: a place closed to civil flights', { timeout: 20_000 }, () => {
  it('says so on its rows, and on no other', async () => {
    renderPicker();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Origin' }), 'kyiv');
    await waitFor(() => expect(rowOf('Boryspil')).toBeTruthy());
    expect(optionRows().map((o) => o.textContent?.includes('No civil flights at present'))).toEqual([true, true]);
    await user.clear(screen.getByRole('combobox', { name: 'Origin' }));
    await user.type(screen.getByRole('combobox', { name: 'Origin' }), 'shanghai');
    await waitFor(() => expect(rowOf('Hongqiao')).toBeTruthy());
    expect(optionRows().some((o) => o.textContent?.includes('No civil flights'))).toBe(false);
  });
});
