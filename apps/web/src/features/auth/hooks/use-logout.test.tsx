import { lazy } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import i18n from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { RouteGuard } from '../../../app/RouteGuard';
// The provider App.tsx renders (it can flush a navigation at once).
import { AppRouterProvider } from '../../../app/router-provider';
import type { AppRoute } from '../../../app/routes';
import { useLogout } from './use-logout';

vi.mock('../../../lib/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(async () => null) },
  isAbort: () => false,
  ApiError: class ApiError extends Error {},
}));
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/site', () => ({ useSiteConfig: () => ({ data: undefined }), siteName: () => 'Portal' }));

const me = {
  userInfo: { id: 'u1', username: 'operator', nickname: 'Olivia Operator', roles: ['operator'], config: {} },
  company: { proxyLevel: 1, config: { commonConfig: { enableFlightService: true, enableTrainService: true } } },
  permissions: [],
} as unknown as MeAnswer;

function UsersStub() {
  return <h1>Users</h1>;
}

/** The public landing page whose chunk is still loading (a real network): it never arrives in this test. */
const home: AppRoute = { path: '/', access: { public: true }, component: lazy(() => new Promise<never>(() => {})) };
const users: AppRoute = { path: '/users', access: {}, component: lazy(async () => ({ default: UsersStub })) };

function Shell() {
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
      <Outlet />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <Shell />, children: [home, users].map((route) => ({ path: route.path, element: <RouteGuard route={route} /> })) }],
    { initialEntries: [path] },
  );
  render(<AppRouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStore.set({ token: 't1', me, embedded: false, restoring: false, endedInvoluntarily: false });
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.warning).mockClear();
});
afterEach(() => sessionStore.clear(false));

// Issue 14: logging out of a guarded page showed "Please log in first" next to "You have logged out". The session
// ended while the guarded page was still on screen (the move home waited in a transition for the landing page's
// chunk), so that page's guard answered the logout with router.login.
describe('useLogout', { timeout: 20_000 }, () => {
  it('leaves a guarded page before ending the session: only the logout message', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('You have logged out'));
    expect(sessionStore.get()).toMatchObject({ token: null, me: null });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
    // Give a late guard a chance to speak.
    await new Promise((r) => setTimeout(r, 50));
    expect(notify.warning).not.toHaveBeenCalled();
  });
});
