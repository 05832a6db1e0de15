import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { ApplicationItem } from '@portal/contract/api/applications';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import EnquiriesPage from './EnquiriesPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: { userInfo: { id: 'me', roles: ['SuperUser'], config: { dateFormat: 'yyyy-MM-dd' } } } as unknown as MeAnswer,
  }),
}));

const enquiry: ApplicationItem = {
  id: 'a1',
  name: 'Ms. Chen',
  contact: 'chen@example.com',
  phone: '+86 138 0000 0000',
  country: 'DE',
  companyName: 'Chen Travel GmbH',
  companyAddress: 'Hauptstraße 1, Berlin',
  website: 'www.chen-travel.example',
  remarks: 'We sell 300 long-haul tickets a month and would like API access.\nPlease call after 3 pm.',
  language: 'zh-CN',
  createdAt: '2025-03-05T08:09:10Z',
};
const hostile: ApplicationItem = {
  ...enquiry,
  id: 'a2',
  name: 'Mallory',
  contact: '+44 20 7946 0000',
  phone: null,
  country: 'GB',
  companyName: null,
  companyAddress: null,
  website: 'javascript:alert(1)',
  remarks: null,
  language: 'en',
};

function renderPage(url = '/platform/enquiries') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <EnquiriesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [enquiry, hostile], total: 2, page: 1, pageSize: 20 });
});
afterEach(cleanup);

describe('EnquiriesPage', { timeout: 20_000 }, () => {
  it('lists the enquiries of the API, one row each, with readable values', async () => {
    renderPage();
    expect(await screen.findByText('Ms. Chen')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/applications', expect.objectContaining({ params: { page: 1, pageSize: 20 } }));
    expect(screen.getByRole('heading', { name: 'Partnership enquiries' })).toBeTruthy();

    const row = screen.getByText('Ms. Chen').closest('tr') as HTMLElement;
    expect(within(row).getByText('2025-03-05', { exact: false })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'chen@example.com' }).getAttribute('href')).toBe('mailto:chen@example.com');
    expect(within(row).getByRole('link', { name: '+86 138 0000 0000' }).getAttribute('href')).toBe('tel:+8613800000000');
    expect(within(row).getByText('Germany')).toBeTruthy();
    expect(within(row).getByText('Chen Travel GmbH')).toBeTruthy();
    expect(within(row).getByText('Hauptstraße 1, Berlin')).toBeTruthy();
    expect(within(row).getByText('简体中文')).toBeTruthy();
    expect(screen.getByText('2 enquiries')).toBeTruthy();
  });

  it('opens a website only as a safe external link; anything else stays text', async () => {
    renderPage();
    await screen.findByText('Ms. Chen');
    const site = screen.getByRole('link', { name: 'www.chen-travel.example' });
    expect(site.getAttribute('href')).toBe('https://www.chen-travel.example/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');

    const row = screen.getByText('Mallory').closest('tr') as HTMLElement;
    expect(within(row).getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(within(row).getByText('United Kingdom')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe('tel:+442079460000');
  });

  it('shows the whole remarks in an expanded row', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('Ms. Chen');
    // Only the row with remarks can expand.
    const expanders = screen.getAllByRole('button', { name: /expand/i });
    expect(expanders).toHaveLength(1);
    await user.click(expanders[0]);
    await waitFor(() => expect(screen.getAllByText(/Please call after 3 pm\./).length).toBeGreaterThan(1));
  });

  it('names the country in the current language', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      renderPage();
      expect(await screen.findByText('德國')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows an empty state when there are no enquiries', async () => {
    vi.mocked(api.get).mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
    renderPage();
    expect(await screen.findByText('No partnership enquiries yet')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.get).mockRejectedValueOnce(new Error('Server unavailable'));
    renderPage();
    expect(await screen.findByText('The enquiries could not be loaded')).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Ms. Chen')).toBeTruthy();
  });

  it('reads the page from the URL', async () => {
    renderPage('/platform/enquiries?page=3&pageSize=50');
    await screen.findByText('Ms. Chen');
    expect(vi.mocked(api.get).mock.calls.at(-1)?.[1]?.params).toEqual({ page: 3, pageSize: 50 });
  });
});
