import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import dayjs from 'dayjs';
import i18n from '../../lib/i18n';
import { deferred } from '../../lib/deferred';

// The widgets arrive only when a test lets them: what a user meets in the moment after the form is drawn.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('./widgets', () => {
  const selectWidget = deferred(() => gate.opened.then(() => import('antd/es/select')));
  const searchWidgets = deferred(() => gate.opened.then(() => Promise.all([import('./search-widgets'), selectWidget.load()])).then(([w]) => w));
  return { selectWidget, searchWidgets };
});
vi.mock('../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(async () => ({ items: [] })), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', cities: [] } } } }),
}));

const { TravelDatePicker } = await import('../flight/TravelDatePicker');
const { LocationPicker } = await import('../flight/LocationPicker');
const { LightSelect } = await import('./LightSelect');
const { rememberPlace } = await import('../flight/place-labels');

const today = dayjs().format('YYYY-MM-DD');
const max = dayjs().add(360, 'day').format('YYYY-MM-DD');

function Form() {
  const [date, setDate] = useState<string | null>(dayjs().add(5, 'day').format('YYYY-MM-DD'));
  const [place, setPlace] = useState<string | null>('PEK');
  const [cabin, setCabin] = useState<'economy' | 'business'>('business');
  return (
    <QueryClientProvider client={new QueryClient()}>
      <TravelDatePicker aria-label="Departure" value={date} onChange={setDate} min={today} max={max} format="YYYY-MM-DD" />
      <output data-testid="date">{date}</output>
      <LocationPicker value={place} onChange={(code) => setPlace(code)} placeholder="From" ariaLabel="Origin" />
      <LightSelect
        aria-label="Cabin"
        value={cabin}
        options={[
          { value: 'economy', label: 'Economy' },
          { value: 'business', label: 'Business' },
        ]}
        onChange={setCabin}
      />
    </QueryClientProvider>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the search form before its widgets arrive (issue 14, page weight)', () => {
  it('shows the values in light fields, takes a typed date, then hands over to antd with the same values and focus', async () => {
    rememberPlace({ type: 'city', code: 'PEK', cityCode: 'BJS', countryCode: 'CN', name: 'Beijing', cityName: 'Beijing' });
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Form />);

    // Drawn without antd's pickers: the values show, as antd would show them.
    expect(container.querySelector('.ant-picker, .ant-select')).toBeNull();
    const date = screen.getByLabelText('Departure') as HTMLInputElement;
    expect(date.value).toBe(dayjs().add(5, 'day').format('YYYY-MM-DD'));
    expect((screen.getByLabelText('Origin') as HTMLInputElement).value).toMatch(/^PEK /);
    expect((screen.getByLabelText('Cabin') as HTMLInputElement).value).toBe('Business');

    // A date typed as in a GDS is read on leaving the field, before any widget is here.
    const target = dayjs().add(20, 'day');
    await user.click(date);
    await user.clear(date);
    await user.type(date, `${target.locale('en').format('DDMMM').toUpperCase()}{Tab}`);
    expect(screen.getByTestId('date').textContent).toBe(target.format('YYYY-MM-DD'));

    // The user starts typing a place; then the widgets arrive: the select takes over, focused, searching that text.
    const origin = screen.getByLabelText('Origin') as HTMLInputElement;
    await user.click(origin);
    await user.keyboard('sha');
    expect(container.querySelector('.ant-select')).toBeNull();
    await act(async () => {
      gate.open();
      await gate.opened;
    });
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull());
    const select = screen.getByRole('combobox', { name: 'Origin' }) as HTMLInputElement;
    expect(select.value).toBe('sha');
    expect(document.activeElement).toBe(select);
    expect((screen.getByLabelText('Departure') as HTMLInputElement).value).toBe(target.format('YYYY-MM-DD'));
    expect(screen.getByRole('combobox', { name: 'Cabin' })).toBeTruthy();
    expect(container.querySelectorAll('.portal-light-box')).toHaveLength(0);
  });
});
