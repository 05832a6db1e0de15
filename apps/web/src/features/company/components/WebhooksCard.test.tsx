import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { WebhookDelivery, WebhookDeliveryAnswer, WebhookSecretStatus } from '@portal/contract/api/webhooks';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { WebhooksCard } from './WebhooksCard';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {
    constructor(
      message: string,
      public code: number,
      public status: number,
    ) {
      super(message);
    }
  },
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer, refresh: vi.fn() }),
}));
vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const SECRET = 'whsec_q3Jx9tV0b_Rk2mWc7YpL4sNd8fHa1uEz6oGi5TyQw-A';
const URL_SET = 'https://agency.example.com/hooks/portal';

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  event: 'order.status_changed',
  orderId: 'o1',
  bookingNumber: 'F250501001',
  url: URL_SET,
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2025-05-01T10:00:00Z',
  deliveredAt: '2025-05-01T10:00:01Z',
  ...over,
});

let status: WebhookSecretStatus;
let deliveries: WebhookDeliveryAnswer;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  status = { configured: true, createdAt: '2025-04-01T08:00:00Z', url: URL_SET };
  deliveries = {
    items: [
      delivery({ id: 'd2', status: 'pending', attempts: 2, lastStatusCode: 500, lastError: 'The endpoint answered HTTP 500: busy', nextAttemptAt: '2025-05-02T11:05:00Z', deliveredAt: null, bookingNumber: 'F250501002' }),
      delivery({}),
    ],
    total: 12,
    page: 1,
    pageSize: 10,
  };
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) => {
      if (path === '/base/v2/webhooks') return status;
      if (path === '/base/v2/webhooks/deliveries') return deliveries;
      throw new Error(`unexpected GET ${path}`);
    });
  vi.mocked(api.post).mockReset().mockResolvedValue({ secret: SECRET, createdAt: '2025-05-03T09:30:00Z' });
  vi.mocked(notify.success).mockClear();
});
afterEach(cleanup);

describe('WebhooksCard', { timeout: 20_000 }, () => {
  it('shows the URL, the secret status (never the secret) and the delivery log', async () => {
    renderCard();
    expect(await screen.findByText(URL_SET)).toBeTruthy();
    expect(screen.getByText('Booking notifications (webhooks)')).toBeTruthy();
    expect(screen.getByText('Generated')).toBeTruthy();
    expect(screen.getByText('Created 2025-04-01 08:00', { exact: false })).toBeTruthy();
    expect(await screen.findByText('F250501002')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const pending = rows.find((r) => within(r).queryByText('F250501002'))!;
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('HTTP 500')).toBeTruthy();
    expect(within(pending).getByText('The endpoint answered HTTP 500: busy')).toBeTruthy();
    expect(within(pending).getAllByText('Order status changed')).toHaveLength(1);
    const delivered = rows.find((r) => within(r).queryByText('F250501001'))!;
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getByText('HTTP 200')).toBeTruthy();
    expect(screen.getByText('12 deliveries')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/webhooks/deliveries', expect.objectContaining({ params: { page: 1, pageSize: 10 } }));
  });

  it('pages and filters the log on the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderCard();
    await screen.findByText('F250501002');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/base/v2/webhooks/deliveries', expect.objectContaining({ params: { page: 2, pageSize: 10 } })));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Failed'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/base/v2/webhooks/deliveries', expect.objectContaining({ params: { page: 1, pageSize: 10, status: 'failed' } })),
    );
  });

  it('explains a missing URL and secret', async () => {
    status = { configured: false, createdAt: null, url: null };
    deliveries = { items: [], total: 0, page: 1, pageSize: 10 };
    renderCard();
    expect(await screen.findByText(/Your parent agency sets it/)).toBeTruthy();
    expect(screen.getByText('Not generated yet')).toBeTruthy();
    expect(await screen.findByText('No notifications have been sent yet')).toBeTruthy();
  });

  it('generates a secret only after confirming, shows it once and never keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderCard();
    await screen.findByText(URL_SET);
    await user.click(screen.getByRole('button', { name: /Generate new secret/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/stops working at once/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: /Generate secret/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/base/v2/webhooks/secret'));
    expect(((await dialog.findByLabelText('Webhook signing secret')) as HTMLInputElement).value).toBe(SECRET);
    expect(dialog.getByText('Copy the secret now: it will not be shown again.')).toBeTruthy();
    expect(dialog.getByText(/Generated 2025-05-03/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(i18n.t('message.success.copy')));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // The status is reloaded; the secret is in no cache.
    await waitFor(() => expect(vi.mocked(api.get).mock.calls.filter(([p]) => p === '/base/v2/webhooks').length).toBeGreaterThan(1));
    const cached = () => JSON.stringify([client.getQueryCache().getAll().map((q) => q.state.data), client.getMutationCache().getAll().map((m) => m.state.data)]);
    await waitFor(() => expect(cached()).not.toContain(SECRET));

    // Reopened, the dialog starts from the confirmation again: the secret is gone.
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: /Generate new secret/ }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    const again = within(await screen.findByRole('dialog'));
    expect(again.getByRole('button', { name: /Generate secret/ })).toBeTruthy();
    expect(again.queryByLabelText('Webhook signing secret')).toBeNull();
  });

  it('shows a refusal and keeps the confirm button', async () => {
    vi.mocked(api.post).mockReset().mockRejectedValue(new ApiError('You do not have access to this resource', 100403, 403));
    const user = userEvent.setup({ delay: null });
    renderCard();
    await screen.findByText(URL_SET);
    await user.click(screen.getByRole('button', { name: /Generate new secret/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: /Generate secret/ }));
    expect(await dialog.findByText('You do not have access to this resource')).toBeTruthy();
    expect(dialog.queryByLabelText('Webhook signing secret')).toBeNull();
    expect(dialog.getByRole('button', { name: /Generate secret/ })).toBeTruthy();
  });
});
