/**
 * What every agency-manager component test sets up the same way: the API client and notify mocks, a QueryClient that
 * never retries, English texts, and cleanup. vi.mock must stay in each test file (it is hoisted there, and its path is
 * relative to that file), so the factories live here and the test files load them:
 *
 *   vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
 *   vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));
 *
 * This file therefore imports neither lib/api nor lib/notify (they would be the mocks being built).
 */
import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MeAnswer } from '@portal/contract/api/auth';
import i18n from '../../../lib/i18n';

/** lib/api as a mock: ApiError keeps the real one's shape (message, code, status, field messages). */
export function apiModule({ idempotencyKey }: { idempotencyKey?: string } = {}) {
  class ApiError extends Error {
    constructor(
      message: string,
      public code: number,
      public status: number,
      public fields?: Record<string, string>,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    newIdempotencyKey: idempotencyKey === undefined ? vi.fn() : vi.fn(() => idempotencyKey),
    api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
  };
}

/** lib/notify as a mock, so the tests can read what the user was told. */
export function notifyModule() {
  return { notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } };
}

/**
 * A finance user of the top-level agency (the agency manager's route guard lets them in) with these server-granted
 * permissions: ['all'] may open the agency bill pages, [] may not (they need agencybills:read).
 */
export function financeMe(permissions: string[] = ['all']): MeAnswer {
  return {
    userInfo: { id: 'me', roles: ['finance'], config: { dateFormat: 'yyyy-MM-dd' } },
    company: { proxyLevel: 0, config: { commonConfig: { canCreateSubAgency: true, isShowBill: true } } },
    permissions,
  } as unknown as MeAnswer;
}

/** Every test file: texts in English (the assertions read them), and an empty document after each test. */
export function setupAgencyTests() {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);
}

/**
 * Renders `ui` inside a fresh QueryClient that never retries (a refused call fails the test at once).
 * `rerender` keeps the same client, as a parent re-rendering the component would.
 */
export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(wrap(ui));
  return { ...view, client, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}
