import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { OutboxEmail } from '@portal/contract/api/outbox';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import OutboxPage from './OutboxPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer }),
}));

const mail: OutboxEmail = {
  id: 'e1',
  companyId: 'a1',
  companyCode: 'A00001',
  companyName: 'Blue Sky Travel',
  kind: 'top-up',
  to: 'ada@bluesky.example',
  subject: 'Your account was topped up',
  text: 'Dear Ada,\nCNY 1,000.00 was credited to your account.',
  language: 'en',
  status: 'kept',
  attempts: 0,
  lastError: null,
  createdAt: '2025-05-01T10:00:00Z',
  sentAt: null,
};

function renderPage(url = '/platform/outbox') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <OutboxPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastParams = () => (vi.mocked(api.get).mock.calls.at(-1)?.[1] as { params: unknown } | undefined)?.params;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [mail, { ...mail, id: 'e2', kind: 'statement-ready', status: 'failed', lastError: 'SMTP 550' }], total: 2, page: 1, pageSize: 20 });
});
afterEach(cleanup);

describe('OutboxPage', { timeout: 20_000 }, () => {
  it('lists emails with kind, recipient, subject and status, and expands the text', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const rows = await screen.findAllByText('Your account was topped up');
    const row = rows[0].closest('tr') as HTMLElement;
    expect(within(row).getByText('Top-up')).toBeTruthy();
    expect(within(row).getByText('ada@bluesky.example')).toBeTruthy();
    expect(within(row).getByText('Kept (no SMTP)')).toBeTruthy();
    expect(within(row).getByText('Blue Sky Travel')).toBeTruthy();
    // An unknown kind is shown as written; a failure says so.
    const second = rows[1].closest('tr') as HTMLElement;
    expect(within(second).getByText('statement-ready')).toBeTruthy();
    expect(within(second).getByText('Failed')).toBeTruthy();
    expect(lastParams()).toEqual({ page: 1, pageSize: 20 });

    expect(screen.queryByText(/was credited to your account/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText(/was credited to your account/)).toBeTruthy();
  });

  it('sends the filters to the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/platform/outbox?status=failed&page=2');
    await screen.findAllByText('Your account was topped up');
    expect(lastParams()).toEqual({ status: 'failed', page: 2, pageSize: 20 });
    await user.type(screen.getByLabelText('Search recipient, subject or agency'), 'ada{Enter}');
    await waitFor(() => expect(lastParams()).toEqual({ status: 'failed', keyword: 'ada', page: 1, pageSize: 20 }));
  });

  it('shows an error with a retry when the outbox cannot load', async () => {
    vi.mocked(api.get).mockReset().mockRejectedValue(new Error('Network error, please check your connection'));
    renderPage();
    expect(await screen.findByText('The outbox could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
