import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Flags that let headless Chromium run as root on a machine without outside network.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The portal of this test worker (VITEST_POOL_ID is 1..maxWorkers): e2e/global-setup.ts starts one per worker. */
export function baseURL(): string {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: ARGS });
}

export type Lang = 'en' | 'zh-CN' | 'zh-TW';

/** A fresh context (empty local storage) with the portal's language preset, as a returning user would have it. */
export async function newPage(browser: Browser, opts: { lang?: Lang; width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.lang ?? 'en',
  });
  if (opts.lang) {
    await context.addInitScript((lang) => {
      if (!window.localStorage.getItem('portal.language')) window.localStorage.setItem('portal.language', lang);
    }, opts.lang);
  }
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORDS = { admin: 'Admin@123', agency: 'Agency@123', operator: 'Operator@123', finance: 'Finance@123', other: 'Other@123' } as const;
