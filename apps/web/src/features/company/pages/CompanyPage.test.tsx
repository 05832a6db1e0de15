import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Company, MeAnswer } from '@portal/contract/api/auth';
import { MAX_IMAGE_BYTES } from '@portal/contract/roles';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import CompanyPage from './CompanyPage';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
const refresh = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['SuperUser'] } } as unknown as MeAnswer, refresh }),
}));
vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const company: Company = {
  id: 'c1',
  code: 'AG1234',
  name: 'Blue Sky Travel',
  alias: 'Blue Sky',
  address: '1 Harbour Road, Hong Kong',
  logo: null,
  proxyLevel: 1,
  parentId: 'p1',
  config: {
    commonConfig: { ...DEFAULT_COMMON_CONFIG, enableTrainService: false, isShowBill: true, settlementCurrency: 'HKD' },
  },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CompanyPage />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(company);
  vi.mocked(api.put).mockReset();
  vi.mocked(api.upload).mockReset();
  refresh.mockClear();
  vi.mocked(notify.error).mockClear();
});
afterEach(cleanup);

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('CompanyPage', { timeout: 20_000 }, () => {
  it('shows the company and its services read-only, with the parent-agency note', async () => {
    renderPage();
    expect(await screen.findByText('Blue Sky Travel')).toBeTruthy();
    expect(screen.getByText('AG1234')).toBeTruthy();
    expect(screen.getByText('Sub-agency (level 1)')).toBeTruthy();
    expect(screen.getByText(/managed by your parent agency/)).toBeTruthy();
    expect(screen.getByText('HKD')).toBeTruthy();
    expect(screen.getAllByText('Enabled')).toHaveLength(2);
    expect(screen.getAllByText('Not enabled')).toHaveLength(2);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('saves name, alias and address and refreshes the session for the header', async () => {
    vi.mocked(api.put).mockResolvedValue({ ...company, name: 'Blue Sky Travel Ltd' });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Edit details/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Blue Sky Travel Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/base/v2/company', {
        name: 'Blue Sky Travel Ltd',
        alias: 'Blue Sky',
        address: '1 Harbour Road, Hong Kong',
      }),
    );
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('refuses a logo of 2 MB or more before uploading', async () => {
    const { container } = renderPage();
    await screen.findByText('Blue Sky Travel');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The image must be smaller than 2MB'));
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('uploads a valid logo and refreshes the session', async () => {
    vi.mocked(api.upload).mockResolvedValue({ url: '/base/v2/files/abc' });
    const { container } = renderPage();
    await screen.findByText('Blue Sky Travel');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.webp', { type: 'image/webp' })] } });
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith('/base/v2/company/logo', expect.any(File), 'file'));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });
});
