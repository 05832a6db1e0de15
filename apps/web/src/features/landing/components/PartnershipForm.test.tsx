import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import { PartnershipForm } from './PartnershipForm';

// Only the transport is replaced: ApiError stays the real class so the form's `instanceof` check is exercised.
vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { post: vi.fn() },
}));

const post = vi.mocked(api.post);

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <PartnershipForm />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // No per-keystroke delay: typing is not what is under test, and the suite shares the CPU with others.
  return userEvent.setup({ delay: null });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, contact = 'anna@agency.example') {
  await user.type(screen.getByLabelText('Title'), 'Ms. Chen');
  await user.type(screen.getByLabelText('Email or phone'), contact);
  const country = screen.getByRole('combobox', { name: 'Country / region' });
  await user.click(country);
  await user.type(country, 'Hong Kong');
  // antd gives each visible option its label as title (the accessible listbox beside it is not clickable).
  await user.click(await screen.findByTitle(new Intl.DisplayNames(['en'], { type: 'region' }).of('HK')!));
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /Submit/ }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  post.mockReset();
});

afterEach(cleanup);

// antd forms in happy-dom are slow to drive; the default 5 s is too tight when all suites run in parallel.
describe('PartnershipForm', { timeout: 20_000 }, () => {
  it('names the three required fields when sent empty', async () => {
    const user = renderForm();
    await submit(user);
    expect(await screen.findByText('Please input the username')).toBeTruthy();
    expect(screen.getByText('Please select your country')).toBeTruthy();
    expect(screen.getByText('Please input email address or phone number')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a malformed email', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Email or phone'), 'anna@agency');
    await submit(user);
    expect(await screen.findByText('The email format is incorrect.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the enquiry and thanks the visitor', async () => {
    post.mockResolvedValue({ id: 'a1' });
    const user = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Phone'), '9123 4567');
    await submit(user);

    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.getByText(/An account manager will reach out to you soon/)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/base/v2/applications', {
      name: 'Ms. Chen',
      contact: 'anna@agency.example',
      // The dialling code followed the chosen country.
      phone: '+852 9123 4567',
      country: 'HK',
      companyName: null,
      companyAddress: null,
      website: null,
      remarks: null,
    });
  });

  it('says so when the server fails', async () => {
    post.mockRejectedValue(new ApiError('Something went wrong on our side.', 100500, 500));
    const user = renderForm();
    await fillRequired(user);
    await submit(user);
    expect(await screen.findByText('Failed. Please submit later.')).toBeTruthy();
  });

  it('shows server field errors on the fields and stays on the form', async () => {
    post.mockRejectedValue(new ApiError('Invalid', 100400, 400, { website: 'The website address is incorrect' }));
    const user = renderForm();
    await fillRequired(user);
    await submit(user);
    expect(await screen.findByText('The website address is incorrect')).toBeTruthy();
    expect(screen.queryByText('Failed. Please submit later.')).toBeNull();
  });

  it('disables the button while the enquiry is on its way', async () => {
    let answer: (value: unknown) => void = () => {};
    post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = renderForm();
    await fillRequired(user);
    await submit(user);
    await waitFor(() => expect((screen.getByRole('button', { name: /Submit/ }) as HTMLButtonElement).disabled).toBe(true));
    answer({ id: 'a2' });
    expect(await screen.findByText('Submitted')).toBeTruthy();
  });
});
