import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SiteInfo } from '@portal/contract/api/site';
import i18n from '../lib/i18n';
import { siteConfigQuery } from '../lib/site';
import { SiteBrand } from './SiteBrand';

// The settings never arrive unless a test puts them in the cache: as on the prerendered landing page, before its fetch.
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderBrand(site: Partial<SiteInfo> | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (site) client.setQueryData(siteConfigQuery.queryKey, site as SiteInfo);
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <SiteBrand />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('SiteBrand', () => {
  it.each([
    ['en', 'Home page'],
    ['zh-CN', '首页'],
    ['zh-TW', '首頁'],
  ] as const)('names the link in %s before the site settings arrive', async (language, name) => {
    await i18n.changeLanguage(language);
    renderBrand(undefined);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/');
    expect(link.getAttribute('aria-label')).toBe(name);
    expect(screen.getByRole('link', { name })).toBe(link);
  });

  it('is named by the visible short name once the settings are there, with the full name as title', async () => {
    await i18n.changeLanguage('zh-CN');
    renderBrand({ name: 'Skyway Travel Network', shortName: 'Skyway', chineseName: '天路旅行网', chineseShortName: '天路' });
    const link = screen.getByRole('link', { name: '天路' });
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(link.getAttribute('title')).toBe('天路旅行网');
  });
});
