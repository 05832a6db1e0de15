/**
 * What the flight order page tests (features/flight-orders, features/orders-desk) set up the same way. lib/api is
 * mocked around the real module, so ApiError (and its codes) stays the real class the pages check:
 *
 *   vi.mock('../../../lib/api', async (real) =>
 *     (await import('../../../components/orders/test-harness')).apiModule(await real()));
 *
 * This file therefore imports nothing from lib/api at runtime.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import i18n from '../../lib/i18n';

export function apiModule<M extends object>(real: M) {
  return {
    ...real,
    api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn(), download: vi.fn() },
    newIdempotencyKey: vi.fn(() => 'key-1'),
  };
}

/** English texts (the assertions read them) and an empty document after each test. */
export function setupOrderTests() {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);
}

/** The router's current location, printed so a test can read where a click went. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders a page at `url` in a fresh QueryClient that never retries; `path` routes it when it reads path params. */
export function renderPage(page: ReactNode, url: string, path?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {path ? (
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          page
        )}
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
