import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES } from '@portal/contract/languages';
import i18n from '../../../lib/i18n';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

afterEach(cleanup);

const PAGES = [
  ['terms', TermsPage],
  ['privacy', PrivacyPage],
] as const;

describe.each(PAGES)('%s page', (doc, Page) => {
  it.each(LANGUAGES)('is complete in %s', async (language) => {
    await i18n.changeLanguage(language);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <Page />
      </I18nextProvider>,
    );
    expect(container.textContent).not.toMatch(/\blegal\.[a-zA-Z]/);
    // Each section appears twice: in the table of contents and as a heading.
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t(`legal.${doc}.title`));
  });
});
