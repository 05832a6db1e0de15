import { lazy } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { MeAnswer } from '@portal/contract/api/auth';
import i18n from '../lib/i18n';
import { notify } from '../lib/notify';
import { sessionStore } from '../lib/session';
import { RouteGuard } from './RouteGuard';
import { AppRouterProvider } from './router-provider';
import { routes, type AppRoute } from './routes';

vi.mock('../lib/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() },
  isAbort: () => false,
  ApiError: class ApiError extends Error {},
}));
vi.mock('../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock('../lib/site', () => ({ useSiteConfig: () => ({ data: undefined }), siteName: () => 'Portal' }));

const me = {
  userInfo: { id: 'u1', username: 'finance', nickname: 'Fay Finance', roles: ['finance'], config: {} },
  company: { proxyLevel: 1, config: { commonConfig: { enableFlightService: true, enableTrainService: true } } },
  permissions: [],
} as unknown as MeAnswer;

function HomeStub() {
  return <h1>Home</h1>;
}
const home: AppRoute = { path: '/', access: { public: true }, component: lazy(async () => ({ default: HomeStub })) };
// The app's own catch-all route, as the router table declares it (access rule and page).
const catchAll = routes.find((r) => r.path === '*')!;

function renderAt(path: string) {
  const router = createMemoryRouter([home, catchAll].map((route) => ({ path: route.path, element: <RouteGuard route={route} /> })), {
    initialEntries: [path],
  });
  render(<AppRouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => vi.mocked(notify.warning).mockClear());
afterEach(() => sessionStore.clear(false));

describe('an unknown path (spec point 2, route guard)', { timeout: 20_000 }, () => {
  it('logged out: goes to / with router.login, not to a not-found page', async () => {
    sessionStore.clear(false);
    const router = renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('Please log in first'));
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('logged in: shows the not-found page and stays on the path', async () => {
    sessionStore.set({ token: 't1', me, embedded: false, restoring: false, endedInvoluntarily: false });
    const router = renderAt('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
    expect(notify.warning).not.toHaveBeenCalled();
  });
});
