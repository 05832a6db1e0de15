import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const { setLanguage } = await import('../../../lib/i18n');
const { notify } = await import('../../../lib/notify');
const { PasswordForm } = await import('./PasswordForm');

// The real API client over a stubbed fetch: the server's refusal travels the same path as in the browser.
const fetchMock = vi.fn<typeof fetch>();
const COMMON = 'This password is one of the most common passwords and easy to guess. Please choose another.';

beforeAll(async () => {
  await setLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset().mockResolvedValue(
    new Response(JSON.stringify({ code: 100400, data: { fields: { newPassword: COMMON } }, message: COMMON }), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PasswordForm', { timeout: 20_000 }, () => {
  it("shows the server's password rule under the new password field", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <PasswordForm />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Current password'), 'Agency@123');
    await user.type(screen.getByLabelText('New password'), 'iloveyou');
    await user.type(screen.getByLabelText('Confirm new password'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(COMMON)).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1]!.body as string)).toEqual({ oldPassword: 'Agency@123', newPassword: 'iloveyou' });
    expect(notify.success).not.toHaveBeenCalled();
  });
});
