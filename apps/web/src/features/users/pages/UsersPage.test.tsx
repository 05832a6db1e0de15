import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { UserItem } from '@portal/contract/api/users';
import type { Role } from '@portal/contract/roles';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { DESKTOP_TABLE_BUDGET, DESKTOP_WIDTH, PHONE_WIDTH, atViewport, columnWidths } from '../../../test/viewport';
import UsersPage from './UsersPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));

const session = vi.hoisted(() => ({ roles: ['SuperUser'] as string[] }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: {
      userInfo: { id: 'me', roles: session.roles, config: { dateFormat: 'yyyy-MM-dd', defaultRegion: '86' } },
      company: { proxyLevel: 1 },
    } as unknown as MeAnswer,
    refresh: vi.fn(() => Promise.resolve()),
  }),
}));

const bob: UserItem = {
  id: 'u2',
  username: 'bob',
  nickname: 'Bob',
  email: 'bob@example.com',
  areaCode: '86',
  mobile: '13800000000',
  roles: ['operator', 'finance'],
  permissions: ['agencybills:read'],
  status: 'active',
  avatar: null,
  createdAt: '2025-01-02T03:04:05Z',
  lastLoginAt: null,
};

function renderPage(roles: Role[], url = '/users') {
  session.roles = roles;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <UsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [bob], total: 1, page: 1, pageSize: 20 });
  vi.mocked(api.put).mockReset();
});
afterEach(cleanup);

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('UsersPage', { timeout: 20_000 }, () => {
  it('lists users with translated roles, status and the full mobile number', async () => {
    renderPage(['SuperUser']);
    expect(await screen.findByText('bob')).toBeTruthy();
    expect(screen.getAllByText('Operator').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Finance').length).toBeGreaterThan(0);
    expect(screen.getByText('+86 13800000000')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByText('Agency bills')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/users', expect.objectContaining({ params: { page: 1, pageSize: 20 } }));
  });

  // Issue 14: on a phone the table showed two columns and scrolled; at 1280 px it was cut off.
  describe('responsive layout', () => {
    let restore: () => void = () => {};
    afterEach(() => restore());

    it('renders one card per user on a phone, with status, roles, contact and actions', async () => {
      restore = atViewport(PHONE_WIDTH);
      const user = userEvent.setup({ delay: null });
      renderPage(['SuperUser']);
      const card = await screen.findByTestId('user-card');
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(card).getByText('bob')).toBeTruthy();
      expect(within(card).getByText('Bob')).toBeTruthy();
      expect(within(card).getByText('Active')).toBeTruthy();
      expect(within(card).getByText('Operator')).toBeTruthy();
      expect(within(card).getByText('Agency bills')).toBeTruthy();
      expect(within(card).getByText('bob@example.com · +86 13800000000')).toBeTruthy();
      expect(within(card).getByText('Never')).toBeTruthy();
      // The row actions work from the card as from the table.
      await user.click(within(card).getByRole('button', { name: /Edit/ }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
    });

    it('fits the content column at 1280 px without sideways scrolling, every column but the creation time shown', async () => {
      restore = atViewport(DESKTOP_WIDTH);
      renderPage(['SuperUser']);
      await screen.findByText('bob');
      const table = screen.getByRole('table');
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['User', 'Email', 'Mobile', 'Roles and permissions', 'Status', 'Last login', 'Actions']);
      const widths = columnWidths(table);
      expect(widths).toHaveLength(headers.length);
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DESKTOP_TABLE_BUDGET);
      expect(screen.queryByTestId('user-card')).toBeNull();
    });

    it('adds the creation time at 1600 px', async () => {
      restore = atViewport(1600);
      renderPage(['SuperUser']);
      await screen.findByText('bob');
      expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Created' })).toBeTruthy();
    });
  });

  it('hides every write action from users who are not SuperUser', async () => {
    renderPage(['operator']);
    expect(await screen.findByText('bob')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New user/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.getByText('Only a SuperUser can add or change users.')).toBeTruthy();
  });

  it('sends the filters from the URL to the server', async () => {
    renderPage(['SuperUser'], '/users?keyword=bo&role=finance&status=active&page=2');
    await screen.findByText('bob');
    expect(api.get).toHaveBeenCalledWith(
      '/base/v2/users',
      expect.objectContaining({ params: { keyword: 'bo', role: 'finance', status: 'active', page: 2, pageSize: 20 } }),
    );
  });

  it('asks before disabling a user, then disables', async () => {
    vi.mocked(api.put).mockResolvedValue({ ...bob, status: 'disabled' });
    const user = userEvent.setup({ delay: null });
    renderPage(['SuperUser']);
    await user.click(await screen.findByRole('button', { name: 'More actions for bob' }));
    await user.click(await screen.findByText('Change status'));
    await user.click(await screen.findByText('Disable'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Disable bob?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/logged out everywhere/)).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/base/v2/users/u2/status', { status: 'disabled' }));
  });

  it('shows an error with a retry when the list cannot load', async () => {
    vi.mocked(api.get).mockReset().mockRejectedValue(new Error('Network error, please check your connection'));
    renderPage(['SuperUser']);
    expect(await screen.findByText('The user list could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
