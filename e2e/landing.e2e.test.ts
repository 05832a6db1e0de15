import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Lang } from './browser.ts';
import { tx } from './texts.ts';
import { apiLogin, atPath, baseURL, chooseOption, loginButton, openLoggedIn, toast, useBrowser, visible } from './ui.ts';

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
    // The partnership form is there, labelled in the same language (an island: it loads as its section nears the
    // viewport, issue 14).
    const form = page.getByRole('region', { name: tx(lang, 'landing.partnership.title'), exact: true });
    await form.scrollIntoViewIfNeeded();
    await visible(form.getByLabel(tx(lang, 'landing.form.name.label'), { exact: true }), 'partnership name field');
    await visible(form.getByRole('button', { name: tx(lang, 'landing.form.submit') }), 'partnership submit button');
  });

  it('switches language from the footer select without a reload', async () => {
    const page = await open('en', '/');
    await expectLandingIn(page, 'en');
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 42));

    // The footer's selects are islands: they load as the footer nears the viewport (issue 14).
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    // A light box until reached; the click brings antd's select, open (components/light/LightSelect.tsx).
    const select = page.getByRole('contentinfo').getByLabel(tx('en', 'layout.footer.language'), { exact: true });
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await chooseOption(page, tx('en', 'layout.languageNames.zh-CN'));
    await expectLandingIn(page, 'zh-CN');

    // The footer select is now labelled in Chinese; go on to Traditional Chinese.
    await page.getByRole('contentinfo').getByLabel(tx('zh-CN', 'layout.footer.language'), { exact: true }).click();
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

/** The served HTML of GET /, as a browser asks for it. */
async function served(headers: Record<string, string> = {}, path = '/'): Promise<string> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { accept: 'text/html', ...headers } });
  expect(res.status).toBe(200);
  return res.text();
}

const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Scripts of the landing page's antd islands (partnership form, footer selects, login dialog). */
const ISLAND_SCRIPTS = /\/assets\/(antd-providers|light-islands|PartnershipFormIsland|LoginDialog)-[^/]*\.js$/;

// Issue 14 (docs/decisions/0021-landing-prerender.md): GET / answers the landing page prerendered at build time in
// the visitor's language, the app hydrates it, and antd's islands wait until they are wanted.
describe('landing page, prerendered', () => {
  it.each(LANGS)('GET / with the language cookie %s has the landing page in that language in its HTML', async (lang) => {
    const page = await served({ cookie: `portal.language=${lang}` });
    expect(page).toContain(`<html lang="${lang}"`);
    expect(page).toContain(`data-prerendered="landing" data-lang="${lang}"`);
    expect(page).toContain(`>${html(tx(lang, 'landing.hero.title'))}</h1>`);
    expect(page).toContain(html(tx(lang, 'landing.partnership.title')));
    // A fresh nonce in the page, no inline script, and the scripts are named for public/csp-setup.js to load.
    expect(page).not.toContain('PORTAL_CSP_NONCE');
    expect(page.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? []).toEqual([]);
    expect(page).toMatch(/<meta name="portal-boot" content="\/assets\/index-[^" ]+\.js /);
  });

  it("without a choice: the site's default language; with a query or on another path: the app's plain page", async () => {
    // The seeded default site's language (apps/server/src/db/seed/demo.ts).
    expect(await served({ 'accept-language': 'en' })).toContain(`>${html(tx('zh-CN', 'landing.hero.title'))}</h1>`);
    expect(await served({ cookie: 'portal.language=en' }, '/?code=x')).toContain('<div id="root"></div>');
    expect(await served({ cookie: 'portal.language=en' }, '/terms')).toContain('<div id="root"></div>');
    // The prerendered documents are not files to fetch by name.
    const file = await fetch(`${baseURL()}/.prerender/landing-en.html`);
    expect(await file.text()).not.toContain('PORTAL_CSP_NONCE');
  });

  it('the app takes over the served page (hydration, not a second render) and fetches no island until wanted', async () => {
    const page = await browser.open({ lang: 'zh-CN' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // Marks the hero heading parsed from the HTML, before any script of the app runs.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const h1 = document.querySelector('h1') as (HTMLElement & { fromHtml?: boolean }) | null;
        if (h1) h1.fromHtml = true;
      }),
    );
    await page.goto('/');
    await page.locator('#root[data-live]').waitFor({ state: 'attached' });
    await expectLandingIn(page, 'zh-CN');
    expect(await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { fromHtml?: boolean }).fromHtml)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('/LandingPage-'))).toBe(true);
    expect(scripts.filter((s) => ISLAND_SCRIPTS.test(s))).toEqual([]);

    // Scrolled to the form, its island loads.
    const form = page.getByRole('region', { name: tx('zh-CN', 'landing.partnership.title'), exact: true });
    await form.scrollIntoViewIfNeeded();
    await visible(form.getByLabel(tx('zh-CN', 'landing.form.name.label'), { exact: true }), 'partnership name field');
    expect(scripts.some((s) => ISLAND_SCRIPTS.test(s))).toBe(true);
  });

  it('a click on Log in before the app is live opens the dialog once it is', async () => {
    const page = await browser.open({ lang: 'zh-CN' });
    // The app's entry held back until the button has been clicked.
    let release!: () => void;
    const clicked = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await clicked;
      await route.continue();
    });
    await page.goto('/');
    await (await visible(loginButton(page, 'zh-CN'), 'prerendered log-in button')).click();
    release();
    await visible(page.getByRole('dialog', { name: tx('zh-CN', 'auth.login.title') }), 'login dialog');
  });

  it('a logged-in visitor never sees the prerendered landing page', async () => {
    const page = await browser.open({ lang: 'zh-CN' });
    const token = await apiLogin('agency');
    await page.goto('/terms');
    await page.evaluate((t) => window.localStorage.setItem('portal.token', t), token);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { rootDisplay: string }).rootDisplay = getComputedStyle(document.getElementById('root')!).display;
      }),
    );
    await page.goto('/');
    expect(await page.evaluate(() => (window as unknown as { rootDisplay?: string }).rootDisplay)).toBe('none');
    // The app runs as before: the landing page in the logged-in shell (not the light one), rendered by the app.
    await visible(page.getByRole('heading', { level: 1, name: tx('zh-CN', 'landing.hero.title') }), 'hero in the full shell');
    await expect.poll(() => page.locator('.portal-light').count()).toBe(0);
    expect(await page.locator('#root[data-prerendered]').count()).toBe(0);
  });
});
