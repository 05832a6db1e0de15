import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Lang } from './browser.ts';
import { tx } from './texts.ts';
import { atPath, chooseOption, openLoggedIn, toast, useBrowser, visible } from './ui.ts';

// Site short names of the seeded default site (apps/server/src/db/seed/demo.ts): both Chinese variants use the Chinese one.
const SHORT_NAME: Record<Lang, string> = { en: 'Demo Platform', 'zh-CN': '演示平台', 'zh-TW': '演示平台' };
const LANGS: Lang[] = ['en', 'zh-CN', 'zh-TW'];

const browser = useBrowser();


async function open(lang: Lang, path: string): Promise<Page> {
  const page = await browser.open({ lang });
  await page.goto(path);
  return page;
}

/** The landing page's own headings, as a user of `lang` reads them. */
async function expectLandingIn(page: Page, lang: Lang) {
  const h1 = await visible(page.getByRole('heading', { level: 1 }), 'hero heading');
  // Texts load per language (issue 14): after a switch the new language's arrive a moment later.
  await expect.poll(() => h1.textContent()).toBe(tx(lang, 'landing.hero.title'));
  for (const section of ['products', 'solutions', 'about', 'partnership']) {
    const title = tx(lang, `landing.${section}.title`);
    // Each section is a region named by its heading: the heading text is the region's accessible name.
    const region = await visible(page.getByRole('region', { name: title, exact: true }), `${section} section "${title}"`);
    expect(await region.getByRole('heading', { level: 2 }).first().textContent()).toBe(title);
  }
  await expect.poll(() => page.title()).toBe(SHORT_NAME[lang]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

describe('landing page', () => {
  it.each(LANGS)('renders in %s with that language\'s texts and the site short name as title', async (lang) => {
    const page = await open(lang, '/');
    await expectLandingIn(page, lang);
    // The partnership form is there, labelled in the same language.
    const form = page.getByRole('region', { name: tx(lang, 'landing.partnership.title'), exact: true });
    await visible(form.getByLabel(tx(lang, 'landing.form.name.label'), { exact: true }), 'partnership name field');
    await visible(form.getByRole('button', { name: tx(lang, 'landing.form.submit') }), 'partnership submit button');
  });

  it('switches language from the footer select without a reload', async () => {
    const page = await open('en', '/');
    await expectLandingIn(page, 'en');
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 42));

    const select = page.getByRole('contentinfo').getByRole('combobox', { name: tx('en', 'layout.footer.language'), exact: true });
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await chooseOption(page, tx('en', 'layout.languageNames.zh-CN'));
    await expectLandingIn(page, 'zh-CN');

    // The footer select is now labelled in Chinese; go on to Traditional Chinese.
    await page.getByRole('contentinfo').getByRole('combobox', { name: tx('zh-CN', 'layout.footer.language'), exact: true }).click();
    await chooseOption(page, tx('zh-CN', 'layout.languageNames.zh-TW'));
    await expectLandingIn(page, 'zh-TW');

    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(42);
    // The choice is remembered as the user's language.
    expect(await page.evaluate(() => window.localStorage.getItem('portal.language'))).toBe('zh-TW');
  });

  it('shows the terms, the privacy policy, and the not-found page once logged in', async () => {
    const page = await open('en', '/terms');
    const terms = await visible(page.getByRole('heading', { level: 1 }), 'terms heading');
    expect(await terms.textContent()).toBe(tx('en', 'legal.terms.title'));
    await expect.poll(() => page.title()).toBe(`${tx('en', 'layout.title.terms')} - ${SHORT_NAME.en}`);

    // Through the footer link, as a visitor would get there.
    await page.getByRole('contentinfo').getByRole('link', { name: tx('en', 'layout.footer.privacy'), exact: true }).click();
    await atPath(page, '/privacy');
    await expect.poll(async () => page.getByRole('heading', { level: 1 }).textContent()).toBe(tx('en', 'legal.privacy.title'));
    await expect.poll(() => page.title()).toBe(`${tx('en', 'layout.title.privacy')} - ${SHORT_NAME.en}`);

    // Spec point 2: logged out, an unknown path is no exception to "anyone else is sent to / with router.login".
    await page.goto('/no-such-page/at-all');
    await atPath(page, '/');
    await visible(toast(page, tx('en', 'router.login')), 'router.login toast');

    // Logged in, the same path is a not-found page.
    await openLoggedIn(page, 'finance', '/no-such-page/at-all');
    await visible(page.getByText(tx('en', 'layout.notFound.title'), { exact: true }), 'not-found title');
    await visible(page.getByText(tx('en', 'axios.notFound.text'), { exact: true }), 'not-found text');
    await expect.poll(() => page.title()).toBe(`${tx('en', 'layout.title.notFound')} - ${SHORT_NAME.en}`);
    await page.getByRole('link', { name: tx('en', 'layout.notFound.home') }).click();
    await atPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: tx('en', 'landing.hero.title') }), 'hero after going home');
  });
});
