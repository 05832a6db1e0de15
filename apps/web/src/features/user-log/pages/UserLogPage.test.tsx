import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import { USER_LOG_ACTIONS, type UserLogItem } from '@portal/contract/api/user-logs';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { DESKTOP_TABLE_BUDGET, DESKTOP_WIDTH, PHONE_WIDTH, atViewport, columnWidths } from '../../../test/viewport';
import UserLogPage from './UserLogPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: { userInfo: { id: 'me', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer,
  }),
}));

const entry: UserLogItem = {
  id: 'l1',
  action: 'user_roles',
  actorUsername: 'admin',
  targetUsername: 'bob',
  detail: { roles: ['operator', 'finance'], sessionsEnded: true },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15',
  createdAt: '2025-03-05T08:09:10Z',
};

function renderPage(url = '/user-log') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <UserLogPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastParams = () => vi.mocked(api.get).mock.calls.at(-1)?.[1]?.params;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [entry], total: 1, page: 1, pageSize: 20 });
});
afterEach(cleanup);

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('UserLogPage', { timeout: 20_000 }, () => {
  // Issue 14: the log was cut off at 1280 px and scrolled sideways on a phone.
  describe('responsive layout', () => {
    let restore: () => void = () => {};
    afterEach(() => restore());

    it('renders one card per entry on a phone', async () => {
      restore = atViewport(PHONE_WIDTH);
      renderPage();
      const card = await screen.findByTestId('log-card');
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(card).getByText('User roles changed')).toBeTruthy();
      expect(within(card).getByText('admin → bob')).toBeTruthy();
      expect(within(card).getByText('operator, finance')).toBeTruthy();
      expect(within(card).getByText('203.0.113.7')).toBeTruthy();
      expect(within(card).getByText(/^2025-03-05 \d\d:09:10$/)).toBeTruthy();
    });

    it('fits the content column at 1280 px; the browser column joins from 1600 px', async () => {
      restore = atViewport(DESKTOP_WIDTH);
      renderPage();
      await screen.findByText('User roles changed');
      const table = screen.getByRole('table');
      const widths = columnWidths(table);
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DESKTOP_TABLE_BUDGET);
      expect(within(table).queryByRole('columnheader', { name: 'Browser / device' })).toBeNull();
      cleanup();
      restore();
      restore = atViewport(1600);
      renderPage();
      await screen.findByText('User roles changed');
      expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Browser / device' })).toBeTruthy();
    });
  });

  it('renders an entry readably: translated action, people, details, IP', async () => {
    renderPage();
    expect(await screen.findByText('User roles changed')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.getByText('bob')).toBeTruthy();
    expect(screen.getByText('operator, finance')).toBeTruthy();
    expect(screen.getByText('Sessions ended:')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
  });

  it('offers every contract action, translated, and filters the server query by it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('User roles changed');
    expect(lastParams()).toEqual({ page: 1, pageSize: 20 });

    const select = screen.getByRole('combobox', { name: 'Action' });
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    const popup = listbox.closest('.ant-select-dropdown') as HTMLElement;
    // Every action has an English label (no raw keys such as "userLog.actions.login").
    for (const action of USER_LOG_ACTIONS) expect(i18n.exists(`userLog.actions.${action}`)).toBe(true);
    expect(popup.textContent).not.toContain('userLog.actions');

    await user.click(within(popup).getByText('Failed sign-in'));
    await waitFor(() => expect(lastParams()).toEqual({ page: 1, pageSize: 20, action: 'login_failed' }));
  });

  it('restores the filters of a shared link', async () => {
    renderPage('/user-log?action=password_reset&keyword=bob&from=2025-03-01T00:00:00.000Z&page=3');
    await screen.findByText('User roles changed');
    expect(lastParams()).toEqual({
      action: 'password_reset',
      keyword: 'bob',
      from: '2025-03-01T00:00:00.000Z',
      page: 3,
      pageSize: 20,
    });
  });

  it('ignores an unknown action in the URL instead of failing', async () => {
    renderPage('/user-log?action=hack&page=2');
    await screen.findByText('User roles changed');
    expect(lastParams()).toEqual({ page: 2, pageSize: 20 });
  });
});
