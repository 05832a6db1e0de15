import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES } from '@portal/contract/languages';
import i18n from '../../../lib/i18n';
import LandingPage from './LandingPage';

afterEach(cleanup);

async function renderIn(language: (typeof LANGUAGES)[number]) {
  await i18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('LandingPage', () => {
  it.each(LANGUAGES)('has a translation for every visible text in %s', async (language) => {
    const { container } = await renderIn(language);
    // The partnership form is an antd island, loaded on its own (at once under test; the first load is slow).
    await waitFor(() => expect(container.querySelector('.lp-form button[type="submit"]')).toBeTruthy(), { timeout: 20_000 });
    // i18next shows the key itself when a text is missing.
    expect(container.textContent).not.toMatch(/\b(landing|validation)\.[a-zA-Z]/);
  });

  it('shows every section of spec point 2', async () => {
    await renderIn('en');
    for (const title of [
      'One platform for every trip your agency sells',
      'A complete travel catalogue for your customers',
      'All air content through one API',
      'Built on two decades of travel distribution',
      'Four ways to work with us',
      'A partner you can build a business on',
      'Connected to the airlines and systems that matter',
      'Travel technology with a service heart',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Become a partner' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Submit/ }, { timeout: 20_000 })).toBeTruthy();
  });

  it('tells which products are bookable in the portal', async () => {
    await renderIn('en');
    expect(screen.getAllByText('Book online')).toHaveLength(2);
    expect(screen.getAllByText('On request')).toHaveLength(7);
  });
});
