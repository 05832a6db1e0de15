import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { SupplierItem } from '@portal/contract/api/suppliers';
import i18n from '../../../lib/i18n';
import type { SuppliersAnswer } from '../api/get-suppliers';
import { api, ApiError } from '../../../lib/api';
import SuppliersPage from './SuppliersPage';

vi.mock('../../../lib/api', () => ({
  // Same constructor as the real one: message, code, status, fields.
  ApiError: class ApiError extends Error {
    fields?: Record<string, string>;
    constructor(message: string, _code?: number, _status?: number, fields?: Record<string, string>) {
      super(message);
      this.fields = fields;
    }
  },
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: { userInfo: { id: 'me', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer,
  }),
}));

const HEALTHY = {
  enabled: true,
  latencyMs: 0,
  timeout: false,
  fail: false,
  priceChangePercent: 0,
  soldOut: false,
  bookFail: false,
  bookTimeout: false,
  ticketingDelaySeconds: 3,
  ticketFail: false,
  ticketTimeout: false,
};
const AIR_SWITCHES = Object.keys(HEALTHY) as SupplierItem['switches'];
const RAIL_SWITCHES = AIR_SWITCHES.filter((f) => f !== 'priceChangePercent' && f !== 'ticketingDelaySeconds');
const answer: SuppliersAnswer = {
  items: [
    { code: 'sim-gds', kind: 'gds', settings: { ...HEALTHY }, switches: AIR_SWITCHES, updatedAt: null },
    { code: 'sim-ndc', kind: 'ndc', settings: { ...HEALTHY, soldOut: true, priceChangePercent: 10 }, switches: AIR_SWITCHES, updatedAt: '2025-03-05T08:09:10Z' },
    { code: 'sim-lcc', kind: 'lcc', settings: { ...HEALTHY }, switches: AIR_SWITCHES, updatedAt: null },
    { code: 'sim-rail', kind: 'rail', settings: { ...HEALTHY }, switches: RAIL_SWITCHES, updatedAt: null },
  ],
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/platform/suppliers']}>
        <SuppliersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (code: string) => screen.getByTestId(`supplier-${code}`);
const control = (code: string, label: string | RegExp) => within(card(code)).getByLabelText(label);

async function ready() {
  renderPage();
  await screen.findByTestId('supplier-sim-gds');
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(answer);
  vi.mocked(api.put).mockReset();
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('SuppliersPage', { timeout: 20_000 }, () => {
  it('shows every supplier with its kind, state and switches, and what each switch demonstrates', async () => {
    await ready();
    expect(api.get).toHaveBeenCalledWith('/base/v2/suppliers', expect.anything());
    expect(within(card('sim-gds')).getByText('GDS')).toBeTruthy();
    expect(within(card('sim-ndc')).getByText('NDC (airline direct)')).toBeTruthy();
    expect(within(card('sim-lcc')).getByText('Low-cost carrier')).toBeTruthy();
    expect(within(card('sim-gds')).getByText('Healthy')).toBeTruthy();
    expect(within(card('sim-gds')).getByText('Never changed: default settings')).toBeTruthy();
    expect(within(card('sim-ndc')).getByText('2 faults on')).toBeTruthy();
    expect(within(card('sim-ndc')).getByText(/Last changed 2025-03-05/)).toBeTruthy();

    expect(control('sim-ndc', 'Sold out').getAttribute('aria-checked')).toBe('true');
    expect((control('sim-ndc', /Price change at price check/) as HTMLInputElement).value).toBe('10');
    expect(control('sim-gds', 'Enabled').getAttribute('aria-checked')).toBe('true');
    expect(control('sim-gds', 'Time out').getAttribute('aria-checked')).toBe('false');
    expect(control('sim-gds', 'Fail').getAttribute('aria-checked')).toBe('false');
    expect((control('sim-gds', /Added latency/) as HTMLInputElement).value).toBe('0');

    const gds = within(card('sim-gds'));
    expect(gds.getByText(/the "Price changed" dialog/)).toBeTruthy();
    expect(gds.getByText(/price check shows "Price check timed out"/)).toBeTruthy();
    expect(gds.getByText(/search progress reports it as timed out/)).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect(gds.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves only the changed switches, without a confirmation when no fault is switched on', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockResolvedValue({ ...answer.items[1], settings: { ...answer.items[1].settings, soldOut: false, latencyMs: 800 }, updatedAt: '2025-03-06T08:00:00Z' } satisfies SupplierItem);
    await ready();
    const latency = control('sim-ndc', /Added latency/);
    await user.clear(latency);
    await user.type(latency, '800');
    await user.click(control('sim-ndc', 'Sold out'));
    // Switched on and off again: not a change.
    await user.click(control('sim-ndc', 'Fail'));
    await user.click(control('sim-ndc', 'Fail'));

    await user.click(within(card('sim-ndc')).getByRole('button', { name: 'Save 2 changes' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-ndc', { latencyMs: 800, soldOut: false });
    // The server's copy replaces the draft.
    await waitFor(() => expect(within(card('sim-ndc')).getByText(/Last changed 2025-03-06/)).toBeTruthy());
    expect(within(card('sim-ndc')).getByText('1 fault on')).toBeTruthy();
    expect(within(card('sim-ndc')).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks before switching a fault on, and sends nothing when the user backs out', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockResolvedValue({ ...answer.items[0], settings: { ...HEALTHY, timeout: true, enabled: false }, updatedAt: '2025-03-06T08:00:00Z' } satisfies SupplierItem);
    await ready();
    await user.click(control('sim-gds', 'Time out'));
    await user.click(control('sim-gds', 'Enabled'));
    await user.click(within(card('sim-gds')).getByRole('button', { name: 'Save 2 changes' }));

    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Turn on faults for sim-gds?');
    expect(dialog.textContent).toContain('Agencies searching or booking now will see errors.');
    expect(dialog.textContent).toContain('Time out: on');
    expect(dialog.textContent).toContain('Enabled: off');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.put).not.toHaveBeenCalled();
    // The draft stays for another try.
    expect(control('sim-gds', 'Time out').getAttribute('aria-checked')).toBe('true');

    await user.click(within(card('sim-gds')).getByRole('button', { name: 'Save 2 changes' }));
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
    dialog = screen.getAllByRole('dialog').at(-1)!;
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-gds', { enabled: false, timeout: true });
  });

  it('asks when a price change is set, not when faults are switched off', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockImplementation(async (_path, body) => ({ ...answer.items[1], settings: { ...answer.items[1].settings, ...(body as object) }, updatedAt: '2025-03-06T08:00:00Z' }));
    await ready();
    // sim-ndc: turning its faults off saves at once.
    await user.click(control('sim-ndc', 'Sold out'));
    const ndcPrice = control('sim-ndc', /Price change at price check/);
    await user.clear(ndcPrice);
    await user.type(ndcPrice, '0');
    await user.click(within(card('sim-ndc')).getByRole('button', { name: 'Save 2 changes' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-ndc', { priceChangePercent: 0, soldOut: false }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // sim-lcc: a price change is a fault.
    const price = control('sim-lcc', /Price change at price check/);
    await user.clear(price);
    await user.type(price, '15');
    await user.click(within(card('sim-lcc')).getByRole('button', { name: 'Save 1 change' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Price change at price check (%): +15%');
  });

  it('shows the booking and ticketing switches in their own group, with what each demonstrates', async () => {
    await ready();
    const gds = within(card('sim-gds'));
    expect(gds.getByText('Search and price check')).toBeTruthy();
    expect(gds.getByText('Booking and ticketing')).toBeTruthy();
    for (const label of ['Booking fails', 'Booking times out after booking', 'Ticketing fails', 'Ticketing times out']) {
      expect(control('sim-gds', label).getAttribute('aria-checked'), label).toBe('false');
    }
    expect((control('sim-gds', 'Ticketing delay (seconds)') as HTMLInputElement).value).toBe('3');
    expect(gds.getByText(/ticketing-speed product type/)).toBeTruthy();
    expect(gds.getByText(/reconciliation finds the booking by the order's own reference/)).toBeTruthy();
    expect(gds.getByText(/reconciliation reads the ticket numbers/)).toBeTruthy();
  });

  it('saves a ticketing delay without asking, and asks before booking or ticketing faults are switched on', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockImplementation(async (_path, body) => ({ ...answer.items[2], settings: { ...HEALTHY, ...(body as object) }, updatedAt: '2025-03-06T08:00:00Z' }));
    await ready();
    const delay = control('sim-lcc', 'Ticketing delay (seconds)');
    await user.clear(delay);
    await user.type(delay, '0');
    await user.click(within(card('sim-lcc')).getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-lcc', { ticketingDelaySeconds: 0 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(card('sim-lcc')).getByText('Healthy')).toBeTruthy());

    await user.click(control('sim-lcc', 'Booking times out after booking'));
    await user.click(control('sim-lcc', 'Ticketing fails'));
    await user.click(within(card('sim-lcc')).getByRole('button', { name: 'Save 2 changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Booking times out after booking: on');
    expect(dialog.textContent).toContain('Ticketing fails: on');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.put).toHaveBeenLastCalledWith('/base/v2/suppliers/sim-lcc', { bookTimeout: true, ticketFail: true }));
    await waitFor(() => expect(within(card('sim-lcc')).getByText('2 faults on')).toBeTruthy());
  });

  it('will not save a cleared number, and shows server field errors on their switch', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockRejectedValue(new ApiError('Validation failed', 100400, 400, { latencyMs: 'Must be at most 120000' }));
    await ready();
    const latency = control('sim-lcc', /Added latency/);
    await user.clear(latency);
    const lcc = within(card('sim-lcc'));
    expect(lcc.getByText('Enter a number')).toBeTruthy();
    expect(lcc.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await user.type(latency, '500');
    await user.click(lcc.getByRole('button', { name: 'Save 1 change' }));
    expect(await lcc.findByText('Must be at most 120000')).toBeTruthy();
    expect((control('sim-lcc', /Added latency/) as HTMLInputElement).value).toBe('500');
  });

  it('shows an error with a retry when the suppliers cannot be loaded', async () => {
    vi.mocked(api.get).mockRejectedValueOnce(new Error('Server unavailable'));
    renderPage();
    expect(await screen.findByText('The suppliers could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});

describe('SuppliersPage: the simulated railway', { timeout: 20_000 }, () => {
  it("shows only the railway's switches, explained by what they do to train search and holds", async () => {
    await ready();
    const rail = within(card('sim-rail'));
    expect(rail.getByText('Railway (12306)')).toBeTruthy();
    expect(rail.getByText('Healthy')).toBeTruthy();
    for (const label of ['Enabled', 'Time out', 'Fail', 'Sold out', 'Booking fails', 'Ticketing fails', 'Ticketing times out']) expect(control('sim-rail', label)).toBeTruthy();
    expect(rail.queryByLabelText(/Price change at price check/)).toBeNull();
    expect(rail.queryByLabelText('Ticketing delay (seconds)')).toBeNull();
    expect(rail.getByText(/every train is listed without seats/)).toBeTruthy();
    expect(rail.getByText('Holds and ticketing')).toBeTruthy();
    expect(rail.queryByText(/price check/)).toBeNull();
  });

  it('saves a railway switch like any other, after the fault confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockResolvedValue({ ...answer.items[3], settings: { ...HEALTHY, soldOut: true }, updatedAt: '2025-03-06T08:00:00Z' } satisfies SupplierItem);
    await ready();
    await user.click(control('sim-rail', 'Sold out'));
    await user.click(within(card('sim-rail')).getByRole('button', { name: 'Save 1 change' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Turn on faults for sim-rail?');
    await user.click(within(dialog).getByRole('button', { name: /Turn on/ }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-rail', { soldOut: true }));
    await waitFor(() => expect(within(card('sim-rail')).getByText('1 fault on')).toBeTruthy());
  });

  it('restores the defaults of its own switches only', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.get).mockResolvedValue({ items: [{ ...answer.items[3], settings: { ...HEALTHY, latencyMs: 900, ticketingDelaySeconds: 0 } }] });
    vi.mocked(api.put).mockResolvedValue({ ...answer.items[3], updatedAt: '2025-03-06T08:00:00Z' } satisfies SupplierItem);
    renderPage();
    await screen.findByTestId('supplier-sim-rail');
    await user.click(within(card('sim-rail')).getByRole('button', { name: 'Restore defaults' }));
    await user.click(within(card('sim-rail')).getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/base/v2/suppliers/sim-rail', { latencyMs: 0 }));
  });

  it('explains every railway switch in every language', () => {
    for (const lng of ['en', 'zh-CN', 'zh-TW']) {
      expect(i18n.t('platform.suppliers.kinds.rail', { lng }), lng).not.toMatch(/^platform\./);
      for (const f of RAIL_SWITCHES) expect(i18n.t(`platform.suppliers.railHelp.${f}`, { lng }), `${lng} ${f}`).not.toMatch(/^platform\./);
      for (const g of ['shopping', 'booking']) expect(i18n.t(`platform.suppliers.railGroups.${g}`, { lng }), `${lng} ${g}`).not.toMatch(/^platform\./);
    }
  });
});

describe('SuppliersPage: raise a schedule change', { timeout: 20_000 }, () => {
  const form = () => within(screen.getByTestId('schedule-change-form'));
  const change = {
    id: 'c1',
    seq: 7,
    supplierRef: 'sim-lcc-1',
    recordLocator: 'ABC234',
    clientReference: 'o1',
    kind: 'cancel_no_save',
    leg: 0,
    oldFlights: [{ flightNumber: '9C8811', origin: 'PEK', destination: 'SHA', departure: '2027-01-10T08:00', arrival: '2027-01-10T10:10' }],
    newFlights: [],
    createdAt: '2026-12-01T08:00:00Z',
  };

  it('sends the supplier, the record locator (upper case) and the kind, and says it was raised', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockResolvedValue(change);
    await ready();
    expect(form().getByText('Raise a schedule change')).toBeTruthy();
    await user.click(form().getByRole('combobox', { name: 'Supplier' }));
    // The railway raises no airline schedule changes.
    expect(screen.queryByTitle('sim-rail')).toBeNull();
    await user.click(await screen.findByTitle('sim-lcc'));
    await user.type(form().getByLabelText('Record locator'), 'abc234');
    await user.click(form().getByRole('combobox', { name: 'Kind' }));
    for (const label of ['Time change', 'Cancelled, protected on another flight', 'Restored to the original flights']) expect((await screen.findAllByTitle(label)).length).toBeGreaterThan(0);
    await user.click(await screen.findByTitle('Cancelled, no alternative'));
    await user.click(form().getByRole('button', { name: 'Raise' }));

    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/base/v2/suppliers/sim-lcc/schedule-changes', { recordLocator: 'ABC234', kind: 'cancel_no_save' });
    expect(await screen.findByText('Cancelled, no alternative raised on ABC234')).toBeTruthy();
    await waitFor(() => expect((form().getByLabelText('Record locator') as HTMLInputElement).value).toBe(''));
  });

  it('checks the record locator before sending, and shows the server refusal', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockRejectedValue(new ApiError('Booking ABC234 is not ticketed: airlines send schedule changes on ticketed bookings only', 100409, 409));
    await ready();
    await user.type(form().getByLabelText('Record locator'), 'AB');
    await user.click(form().getByRole('button', { name: 'Raise' }));
    expect(await form().findByText('A record locator has 6 letters and digits')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.clear(form().getByLabelText('Record locator'));
    await user.type(form().getByLabelText('Record locator'), 'ABC234');
    await user.click(form().getByRole('button', { name: 'Raise' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/base/v2/suppliers/sim-gds/schedule-changes', { recordLocator: 'ABC234', kind: 'change' }));
    expect(await screen.findByText(/Booking ABC234 is not ticketed/)).toBeTruthy();
  });

  it('labels the four kinds in every language', () => {
    for (const lng of ['en', 'zh-CN', 'zh-TW']) {
      const labels = ['change', 'cancel_save', 'cancel_no_save', 'restore'].map((k) => i18n.t(`platform.suppliers.scheduleChange.kinds.${k}`, { lng }));
      expect(new Set(labels).size, lng).toBe(4);
      for (const l of labels) expect(l, lng).not.toMatch(/^platform\./);
    }
  });
});
