import { createHmac, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { baseURL, DEMO_PASSWORDS, launch, newPage, type Lang } from './browser.ts';
import { tx } from './texts.ts';

/** Shared steps of the browser tests. Every wait is on something visible or on the URL: no sleeps. */

export { baseURL };

/** How long a step may take before the test fails; far below the 90 s test timeout so a failure names its step. */
export const STEP_MS = 10_000;

export function prepare(page: Page): Page {
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(STEP_MS * 2);
  return page;
}

/** Waits until the locator is visible; the error names what was missing. */
export async function visible(locator: Locator, what?: string): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible' });
  } catch (err) {
    throw new Error(`not visible: ${what ?? String(locator)}\n${(err as Error).message.split('\n')[0]}`);
  }
  return locator.first();
}

export async function hidden(locator: Locator, what?: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden' });
  } catch (err) {
    throw new Error(`still visible: ${what ?? String(locator)}\n${(err as Error).message.split('\n')[0]}`);
  }
}

/** The path (plus query) of the page, for exact URL assertions. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the address bar shows exactly `path` (pathname + search). */
export async function atPath(page: Page, path: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search === path, { waitUntil: 'commit' });
  } catch {
    throw new Error(`expected the URL ${path}, got ${pathOf(page)}`);
  }
}

/** A toast (antd message) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ has: page.getByText(text, { exact: true }) });
}

/** Picks an option of the antd Select that is open right now, by its visible label. */
export async function chooseOption(page: Page, label: string): Promise<void> {
  // A dropdown closed a moment ago stays visible while its leave animation runs, and may hold the same label (the
  // nationality list, then the issuing-country list); clicking it fails once it hides. So skip dropdowns that are
  // leaving, prefer the newest one, and re-resolve on a missed click rather than wait on a vanished element.
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"]) .ant-select-item-option')
    .filter({ visible: true })
    .filter({ has: page.getByText(label, { exact: true }) });
  for (const deadline = Date.now() + STEP_MS; ; ) {
    await visible(option, `select option "${label}"`);
    try {
      await option.last().click({ timeout: 1_500 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`could not click select option "${label}"\n${(err as Error).message.split('\n')[0]}`);
    }
  }
}

/** A validation message under a form field. */
export function fieldError(scope: Page | Locator, text: string): Locator {
  return scope.locator('.ant-form-item-explain-error').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The top-bar log-in button (its accessible name also carries the icon's label, so not an exact match). */
export function loginButton(page: Page, lang: Lang = 'en'): Locator {
  return page.getByRole('banner').getByRole('button', { name: tx(lang, 'layout.menu.login') });
}

/**
 * A form item by its visible label. For fields the label is not tied to (antd Form.Item without a name, e.g. the
 * read-only username on the profile page), so getByLabel cannot find them.
 */
export function formItem(scope: Page | Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.locator('.ant-form-item-label label').getByText(label, { exact: true }) });
}

/** Opens the login dialog from the top bar and logs in. Resolves with the server's answer to POST /login. */
export async function loginViaUi(page: Page, username: string, password: string, lang: Lang = 'en'): Promise<Response> {
  await (await visible(loginButton(page, lang), 'top-bar log-in button')).click();
  const dialog = await visible(page.getByRole('dialog', { name: tx(lang, 'auth.login.title') }), 'login dialog');
  await dialog.getByLabel(tx(lang, 'auth.login.username'), { exact: true }).fill(username);
  await dialog.getByLabel(tx(lang, 'auth.login.password'), { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/base/v2/login') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: tx(lang, 'auth.login.submit'), exact: true }).click();
  return answer;
}

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

export async function apiCall<T = unknown>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseURL()}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return (await res.json()) as Envelope<T>;
}

/** POST /base/v2/login; returns the token. */
export async function apiLogin(username: keyof typeof DEMO_PASSWORDS | string, password?: string): Promise<string> {
  const pw = password ?? DEMO_PASSWORDS[username as keyof typeof DEMO_PASSWORDS];
  const answer = await apiCall<{ token: string }>('POST', '/base/v2/login', { body: { username, password: pw } });
  if (answer.code !== 0) throw new Error(`login of ${username} failed: ${answer.code} ${answer.message}`);
  return answer.data.token;
}

/** Logs in through the API and opens `path` with the token in localStorage, as a returning user would arrive. */
export async function openLoggedIn(page: Page, username: keyof typeof DEMO_PASSWORDS, path: string): Promise<string> {
  const token = await apiLogin(username);
  await page.goto('/terms');
  await page.evaluate((t) => window.localStorage.setItem('portal.token', t), token);
  await page.goto(path);
  return token;
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('portal.token'));
}

/** A signed single-login link (docs/single-login.md). */
export function singleLoginQuery(secret: string, userid: string, code = randomUUID(), timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${code}\n${timestamp}\n${userid}`).digest('hex');
  return new URLSearchParams({ code, timestamp: String(timestamp), userid, signature }).toString();
}

/** A name no earlier run used: the data dir is fresh per run, but reruns against one server must not collide. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Saves a full-page screenshot to /tmp when the current test fails; call once per file with a getter of the live pages. */
export function screenshotOnFailure(pages: () => (Page | undefined)[]): void {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
    for (const [i, page] of pages().entries()) {
      if (!page || page.isClosed()) continue;
      const file = `/tmp/e2e-${name}-${i}.png`;
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`screenshot of the failed test: ${file} (at ${page.url()})`);
    }
  });
}

/** Closes contexts opened by a test file. */
export async function closeAll(contexts: BrowserContext[]): Promise<void> {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
}

/**
 * One Chromium per test file; `open` gives a page in a fresh context (empty storage), all closed after the file, and
 * the latest page is photographed when a test fails.
 */
export function useBrowser(): { open(opts?: { lang?: Lang; width?: number; height?: number }): Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let current: Page | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await closeAll(contexts);
    await browser?.close();
  });
  screenshotOnFailure(() => [current]);
  return {
    async open(opts = {}) {
      if (!browser) throw new Error('useBrowser().open called outside a test');
      const { context, page } = await newPage(browser, { lang: 'en', ...opts });
      contexts.push(context);
      current = prepare(page);
      return current;
    },
  };
}
