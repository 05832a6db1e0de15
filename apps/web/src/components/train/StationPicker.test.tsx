import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { StationItem, StationItemType } from '@portal/contract/api/trains';
import i18n from '../../lib/i18n';
import { api } from '../../lib/api';
import { STATIONS_PATH } from './stations-api';
import { resetStations, stationLabel } from './station-labels';
import { StationPicker } from './StationPicker';

vi.mock('../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));

const station = (code: string, name: string, nameZh: string, pinyin: string): StationItem => ({
  type: 'station',
  code,
  name,
  nameZh,
  pinyin,
  cityCode: 'BJS',
  cityName: 'Beijing',
  provinceName: 'Beijing',
  countryCode: 'CN',
});
// What the server answers for "beijing": the city with all its stations, then its busiest stations.
const BEIJING: StationItem[] = [
  { type: 'city', code: 'BJS', name: 'Beijing', nameZh: '北京', pinyin: 'beijing', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN', stations: ['VNP', 'BXP', 'BJP'] },
  station('VNP', 'Beijing South', '北京南', 'beijingnan'),
  station('BXP', 'Beijing West', '北京西', 'beijingxi'),
  station('BJP', 'Beijing', '北京', 'beijing'),
];
const BEIJING_ZH: StationItem[] = BEIJING.map((i) => ({ ...i, name: i.nameZh, cityName: '北京', provinceName: '北京' }));

const changes: [string, StationItemType][] = [];

function Harness({ initial = null, initialType = null }: { initial?: string | null; initialType?: StationItemType | null }) {
  const [value, setValue] = useState<{ code: string | null; type: StationItemType | null }>({ code: initial, type: initialType });
  return (
    <StationPicker
      value={value.code}
      valueType={value.type}
      onChange={(code, type) => {
        changes.push([code, type]);
        setValue({ code, type });
      }}
      placeholder="From station"
      ariaLabel="Departure station"
    />
  );
}

function renderPicker(props: { initial?: string | null; initialType?: StationItemType | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole('combobox', { name: 'Departure station' });
const shown = () => document.querySelector('.ant-select-content')?.getAttribute('title') ?? document.querySelector('.ant-select-content')?.textContent;
const optionRows = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
const rowOf = (text: string) => optionRows().find((o) => o.textContent?.includes(text));
const keywordsAsked = () => vi.mocked(api.get).mock.calls.filter(([path]) => path === STATIONS_PATH).map(([, opts]) => (opts as { params: { keyword: string } }).params.keyword);

async function type(text: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(box());
  await user.type(box(), text);
  return user;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  resetStations();
  changes.length = 0;
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string, opts?: { params?: { keyword?: string } }) => {
      if (path !== STATIONS_PATH) throw new Error(`unexpected ${path}`);
      const q = (opts?.params?.keyword ?? '').toLowerCase();
      if (q === 'beijing' || q === 'bjs') return { items: i18n.language === 'en' ? BEIJING : BEIJING_ZH };
      if (q === 'vnp') return { items: [BEIJING[1]] };
      return { items: [] };
    });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('StationPicker', { timeout: 20_000 }, () => {
  it('asks the server once for what was typed (debounced) and shows the city with all its stations, then its stations with their codes', async () => {
    renderPicker();
    await type('beijing');
    await waitFor(() => expect(rowOf('Beijing South')).toBeTruthy());
    expect(keywordsAsked()).toEqual(['beijing']);
    expect(rowOf('All 3 stations')!.textContent).toContain('Beijing');
    const south = rowOf('Beijing South')!;
    expect(south.textContent).toContain('VNP');
    expect(south.querySelector('[aria-label="Telegraph code VNP"]')).toBeTruthy();
    // The typed text is marked in each name.
    expect(south.querySelector('mark')!.textContent).toBe('Beijing');
    expect(optionRows()).toHaveLength(4);
  });

  it('picks a station: gives its telegraph code and shows its name and code', async () => {
    renderPicker();
    const user = await type('beijing');
    await waitFor(() => expect(rowOf('Beijing South')).toBeTruthy());
    await user.click(rowOf('Beijing South')!);
    expect(changes).toEqual([['VNP', 'station']]);
    await waitFor(() => expect(shown()).toBe('Beijing South (VNP)'));
  });

  it('picks a city row: gives the city key and shows the city', async () => {
    renderPicker();
    const user = await type('beijing');
    await waitFor(() => expect(rowOf('All 3 stations')).toBeTruthy());
    await user.click(rowOf('All 3 stations')!);
    expect(changes).toEqual([['BJS', 'city']]);
    await waitFor(() => expect(shown()).toBe('Beijing'));
  });

  it('works from the keyboard: arrow down to a station, Enter to pick it', async () => {
    renderPicker();
    await type('beijing');
    await waitFor(() => expect(rowOf('Beijing West')).toBeTruthy());
    // The first row (the city) is made active as the results arrive (rc-select does it in an effect after drawing them).
    await waitFor(() => expect(rowOf('All 3 stations')!.className).toContain('ant-select-item-option-active'));
    // rc-select reads keyCode, which user-event leaves out under happy-dom: send the keys as a browser would.
    fireEvent.keyDown(box(), { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(rowOf('Beijing South')!.className).toContain('ant-select-item-option-active'));
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(changes).toEqual([['VNP', 'station']]);
  });

  it('says so when nothing matches', async () => {
    renderPicker();
    await type('zzzz');
    await waitFor(() => expect(screen.getByText('No matching city or station')).toBeTruthy());
  });

  it('names a code from a link by asking once', async () => {
    renderPicker({ initial: 'VNP', initialType: 'station' });
    await waitFor(() => expect(shown()).toBe('Beijing South (VNP)'));
    expect(keywordsAsked()).toEqual(['VNP']);
    expect(stationLabel('VNP', 'station')).toBe('Beijing South (VNP)');
  });

  it('speaks the reader language', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPicker();
    await type('beijing');
    await waitFor(() => expect(rowOf('北京南')).toBeTruthy());
    expect(rowOf('全部3个车站')).toBeTruthy();
  });
});
