import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const notifySuccess = vi.fn();
vi.mock('../../../lib/notify', () => ({ notify: { success: (m: string) => notifySuccess(m), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const { setLanguage, t } = await import('../../../lib/i18n');
const { sessionStore } = await import('../../../lib/session-store');
const { LoginDialog } = await import('./LoginDialog');

const fetchMock = vi.fn<typeof fetch>();
const me = {
  userInfo: { id: 'u1', username: 'alice', nickname: null, email: null, areaCode: null, mobile: null, roles: ['operator'], status: 'active', avatar: null, companyId: 'c1', config: {} },
  company: { id: 'c1', code: 'A', name: 'Agency', alias: null, address: null, logo: null, proxyLevel: 1, parentId: null, config: { commonConfig: {} } },
  websitePrefix: '',
  permissions: [],
  embedded: false,
};

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  notifySuccess.mockReset();
  localStorage.clear();
  sessionStore.reset();
  await setLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const onLoggedIn = vi.fn();
  const onClose = vi.fn();
  render(<LoginDialog open onClose={onClose} onLoggedIn={onLoggedIn} />);
  return { onLoggedIn, onClose, user: userEvent.setup() };
}

describe('LoginDialog', () => {
  it('shows the lost-password advice', () => {
    setup();
    expect(screen.getByText('Forgot your password? Please contact your administrator to reset it.')).toBeTruthy();
  });

  it('validates required fields without calling the server', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in, stores the session and reports success', async () => {
    fetchMock.mockResolvedValue(reply({ code: 0, data: { ...me, token: 'tok-9' }, message: 'ok' }));
    const { user, onLoggedIn } = setup();
    await user.type(screen.getByLabelText('Username'), '  alice ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/base/v2/login');
    expect(JSON.parse(init!.body as string)).toEqual({ username: 'alice', password: 'secret1' });
    expect(sessionStore.get().token).toBe('tok-9');
    expect(sessionStore.get().me?.userInfo.username).toBe('alice');
    expect(localStorage.getItem('portal.token')).toBe('tok-9');
    expect(notifySuccess).toHaveBeenCalledWith(t('login.message.success'));
  });

  it("shows the server's message on failure and keeps the dialog open", async () => {
    fetchMock.mockResolvedValue(reply({ code: 200001, data: null, message: 'Invalid username or password' }, 401));
    const { user, onLoggedIn } = setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username or password');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(sessionStore.get().token).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows the throttling message the server sends', async () => {
    const text = 'Too many failed sign-in attempts. Please try again in 4 minutes.';
    fetchMock.mockResolvedValue(reply({ code: 200002, data: { retryAfterSeconds: 240 }, message: text }, 429));
    const { user } = setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.getByRole('button', { name: 'Try again in 4:00' })).toBeTruthy();
  });

  it('keeps the button disabled and counts down until the server evaluates attempts again', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200002, data: { retryAfterSeconds: 2 }, message: 'Too many failed sign-in attempts. Please try again in 2 seconds.' }, 429));
    const { user } = setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const waiting = await screen.findByRole('button', { name: 'Try again in 0:02' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('button', { name: 'Try again in 0:01' }, { timeout: 1500 })).toBeTruthy();
    const again = await screen.findByRole('button', { name: 'Log in' }, { timeout: 2500 });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('follows the language', async () => {
    await setLanguage('zh-CN');
    setup();
    expect(screen.getByText('忘记密码？请联系您的管理员重置密码。')).toBeTruthy();
  });
});
