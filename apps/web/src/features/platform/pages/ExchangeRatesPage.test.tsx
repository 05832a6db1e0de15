import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { ExchangeRatesAnswer } from '@portal/contract/api/site';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import ExchangeRatesPage from './ExchangeRatesPage';

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

const answer: ExchangeRatesAnswer = {
  base: 'CNY',
  rates: [
    { currency: 'USD', rate: '7.1', updatedAt: '2025-03-05T08:09:10Z' },
    { currency: 'EUR', rate: '7.8', updatedAt: '2025-03-05T08:09:10Z' },
    { currency: 'JPY', rate: '0.048', updatedAt: '2025-03-04T08:09:10Z' },
  ],
  rateMap: { CNY: '1', USD: '7.1', EUR: '7.8', JPY: '0.048' },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/platform/exchange-rates']}>
        <ExchangeRatesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rateInput = (currency: string) => screen.getByRole('textbox', { name: `Rate of ${currency}` });

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  renderPage();
  await screen.findByText('7.1');
  await user.click(screen.getByRole('button', { name: /Edit rates/ }));
  return rateInput('USD');
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(answer);
  vi.mocked(api.put).mockReset();
});
afterEach(cleanup);

describe('ExchangeRatesPage', { timeout: 20_000 }, () => {
  it('lists every currency with its rate to CNY, and the ones without a rate', async () => {
    renderPage();
    expect(await screen.findByText('7.1')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/base/v2/exchangeRates', expect.anything());
    const usd = screen.getByText('USD', { selector: 'strong' }).closest('tr') as HTMLElement;
    expect(within(usd).getByText('US Dollar')).toBeTruthy();
    expect(within(usd).getByText('0.140845 USD')).toBeTruthy();
    expect(within(usd).getByText('2025-03-05', { exact: false })).toBeTruthy();
    // 22 currencies besides the base; those without a stored rate say so.
    expect(screen.getAllByText('Not set')).toHaveLength(19);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('previews a price with the contract rounding', async () => {
    renderPage();
    await screen.findByText('7.1');
    expect(screen.getByTestId('rate-preview-current').textContent).toBe('CNY 1,000.00 = USD 140.85');
  });

  it.each([
    ['0', 'The rate must be greater than 0'],
    ['-1', 'The rate must be greater than 0'],
    ['abc', 'Enter a number such as 7.123456'],
    ['1.1234567', 'At most 6 decimals'],
    ['', 'Enter a rate'],
  ])('refuses %j with a message and will not save', async (text, message) => {
    const user = userEvent.setup({ delay: null });
    const usd = await startEditing(user);
    await retype(user, usd, text);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(usd.getAttribute('aria-invalid')).toBe('true');
    const save = screen.getByRole('button', { name: /Save/ });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(save);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('sends only the changed rates, exactly as typed, after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.put).mockResolvedValue({
      ...answer,
      rates: answer.rates.map((r) => (r.currency === 'USD' ? { ...r, rate: '7.123456' } : r)),
    });
    const usd = await startEditing(user);
    await retype(user, usd, '7.123456');
    // Another spelling of the stored value is not a change.
    await retype(user, rateInput('EUR'), '7.80');
    // A currency that had no rate gets one.
    await retype(user, rateInput('GBP'), '9.05');
    // The preview follows the draft before anything is saved (1000 / 7.123456 = 140.383…, rounded up).
    expect(screen.getByTestId('rate-preview-next').textContent).toBe('After saving: CNY 1,000.00 = USD 140.39');

    await user.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Save 2 exchange rates?');
    expect(dialog.textContent).toContain('USD 7.1 → 7.123456');
    expect(dialog.textContent).toContain('GBP set to 9.05');
    expect(dialog.textContent).not.toContain('EUR');
    expect(api.put).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/base/v2/exchangeRates', {
      rates: [
        { currency: 'USD', rate: '7.123456' },
        { currency: 'GBP', rate: '9.05' },
      ],
    });
    // Back to reading mode with the server's answer.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Rate of USD' })).toBeNull());
    expect(screen.getByText('7.123456')).toBeTruthy();
  });

  it('cancelling the confirmation sends nothing and keeps the drafts', async () => {
    const user = userEvent.setup({ delay: null });
    const usd = await startEditing(user);
    await retype(user, usd, '7.2');
    await user.click(screen.getByRole('button', { name: 'Save 1 change' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.put).not.toHaveBeenCalled();
    expect((rateInput('USD') as HTMLInputElement).value).toBe('7.2');
  });

  it('puts server field errors on the row of the rate they are about', async () => {
    const user = userEvent.setup({ delay: null });
    const refused = new ApiError('Validation failed', 100400, 400, { 'rates.1.rate': 'A rate must be a positive number with at most 6 decimals' });
    vi.mocked(api.put).mockRejectedValue(refused);
    const usd = await startEditing(user);
    await retype(user, usd, '7.2');
    await retype(user, rateInput('JPY'), '0.05');
    await user.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save rates' }));

    const jpy = rateInput('JPY').closest('tr') as HTMLElement;
    expect(await within(jpy).findByText('A rate must be a positive number with at most 6 decimals')).toBeTruthy();
    // Still editing, drafts kept.
    expect((rateInput('USD') as HTMLInputElement).value).toBe('7.2');
  });

  it('shows an error with a retry when the rates cannot be loaded', async () => {
    vi.mocked(api.get).mockRejectedValueOnce(new Error('Server unavailable'));
    renderPage();
    expect(await screen.findByText('The exchange rates could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit rates/ })).toBeNull();
  });
});
