import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import { api, ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { financeMe, renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, tokyo } from '../test/fixtures';
import { DESKTOP_TABLE_BUDGET, DESKTOP_WIDTH, PHONE_WIDTH, atViewport, columnWidths } from '../../../test/viewport';
import AgencyManagerPage from './AgencyManagerPage';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule({ idempotencyKey: 'key-1' })));
/** Who is signed in; a test swaps `session.me` before rendering (reset to a finance user with 'all' before each test). */
const session = vi.hoisted(() => ({ me: null as MeAnswer | null }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: session.me }) }));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

/** Shows where the router is, so a test can see a row action navigate. */
function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

function renderPage(url = '/agency-manager') {
  renderWithClient(
    <MemoryRouter initialEntries={[url]}>
      <AgencyManagerPage />
      <CurrentPath />
    </MemoryRouter>,
  );
}

const lastListParams = () => {
  const calls = vi.mocked(api.get).mock.calls.filter(([path]) => path === '/base/v2/agencies');
  return (calls.at(-1)?.[1] as { params: unknown } | undefined)?.params;
};

setupAgencyTests();
beforeEach(() => {
  session.me = financeMe(['all']);
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [blueSky, tokyo], total: 2, page: 1, pageSize: 20 });
  vi.mocked(api.del).mockReset();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('AgencyManagerPage', { timeout: 20_000 }, () => {
  it('lists agencies with balances in their own currency digits, status and API key prefix', async () => {
    renderPage();
    const row = (await screen.findByText('Blue Sky Travel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('A00001')).toBeTruthy();
    expect(within(row).getByText('Blue Sky')).toBeTruthy();
    expect(within(row).getByText('12,345.67')).toBeTruthy();
    expect(within(row).getByText('5,000.00')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('ak_7f3a…')).toBeTruthy();

    const jp = screen.getByText('Tokyo Tours').closest('tr') as HTMLElement;
    // JPY has no minor unit; a negative cash balance is credit in use.
    expect(within(jp).getByText('-20,000')).toBeTruthy();
    expect(within(jp).getByText('80,000 available')).toBeTruthy();
    expect(within(jp).getByText('Disabled')).toBeTruthy();
    expect(within(jp).getByText('None')).toBeTruthy();
    expect(lastListParams()).toEqual({ page: 1, pageSize: 20 });
  });

  // Issue 14: at 1280 px the columns slid behind the pinned actions; on a phone the table scrolled sideways.
  it('fits the list beside the pinned actions at 1280 px, contact, held and creation time left for wider screens', async () => {
    const restore = atViewport(DESKTOP_WIDTH);
    try {
      renderPage();
      await screen.findByText('Blue Sky Travel');
      const table = screen.getByRole('table');
      const widths = columnWidths(table);
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DESKTOP_TABLE_BUDGET);
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toHaveLength(widths.length);
      expect(headers.at(-1)).toBe('Actions');
      expect(headers).not.toContain('Contact');
    } finally {
      restore();
    }
  });

  it('shows one card per agency on a phone, with balance, credit and the actions menu', async () => {
    const restore = atViewport(PHONE_WIDTH);
    try {
      renderPage();
      const cards = await screen.findAllByTestId('agency-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      const card = cards[0];
      expect(within(card).getByText('Blue Sky Travel')).toBeTruthy();
      expect(within(card).getByText('A00001 · Ada Lee')).toBeTruthy();
      expect(within(card).getByText('Active')).toBeTruthy();
      expect(within(card).getByText('CNY 12,345.67')).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Actions for Blue Sky Travel' })).toBeTruthy();
      // JPY: a negative balance (credit in use) in red, with what is still available.
      expect(within(cards[1]).getByText('JPY -20,000')).toBeTruthy();
      expect(within(cards[1]).getByText('JPY 100,000 · 80,000 available')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('sends the filters from the URL to the server', async () => {
    renderPage('/agency-manager?keyword=sky&status=active&balance=usingCredit&hasCredit=true&page=2');
    await screen.findByText('Blue Sky Travel');
    expect(lastListParams()).toEqual({ keyword: 'sky', status: 'active', balance: 'usingCredit', hasCredit: 'true', page: 2, pageSize: 20 });
  });

  it('searches by keyword and filter, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/agency-manager?page=3');
    await screen.findByText('Blue Sky Travel');
    await user.type(screen.getByLabelText('Search name, alias, code or contact'), 'tokyo{Enter}');
    await waitFor(() => expect(lastListParams()).toEqual({ keyword: 'tokyo', page: 1, pageSize: 20 }));

    await user.click(screen.getByLabelText('Balance'));
    await user.click(await screen.findByTitle('Using credit'));
    await waitFor(() => expect(lastListParams()).toEqual({ keyword: 'tokyo', balance: 'usingCredit', page: 1, pageSize: 20 }));
  });

  it('offers every row action in one menu', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blue Sky Travel' }));
    for (const label of ['Edit', 'Configure', 'Top up', 'Credit limit', 'Bills', 'API key', 'Single-login secret', 'Reset super-admin password', 'Look-to-book', 'Delete']) {
      expect(await screen.findByRole('menuitem', { name: new RegExp(label) })).toBeTruthy();
    }
  });

  it("opens the agency's bill page from the row menu", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Tokyo Tours' }));
    await user.click(await screen.findByRole('menuitem', { name: /Bills/ }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe(`/agency-manager/bills/${tokyo.id}`));
  });

  it('leaves "Bills" out for a finance user without agencybills:read', async () => {
    session.me = financeMe([]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blue Sky Travel' }));
    expect(await screen.findByRole('menuitem', { name: /Top up/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Bills/ })).toBeNull();
  });

  it('opens the single-login secret dialog for the chosen agency', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Tokyo Tours' }));
    await user.click(await screen.findByRole('menuitem', { name: /Single-login secret/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Single-login secret of ${tokyo.name}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Rotate secret/ })).toBeTruthy();
  });

  it('asks before deleting and shows the server refusal', async () => {
    vi.mocked(api.del).mockRejectedValue(new ApiError('The agency still holds money', 100409, 409));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blue Sky Travel' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete Blue Sky Travel (A00001)?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/still holds money \(balance CNY 12,345\.67, held CNY 120\.00\)/)).toBeTruthy();
    expect(api.del).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith('/base/v2/agencies/a1'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The agency still holds money'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    vi.mocked(api.get).mockReset().mockRejectedValue(new Error('Network error, please check your connection'));
    renderPage();
    expect(await screen.findByText('The agency list could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
