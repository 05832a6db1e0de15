// Page weight from the Vite manifest (issue 14): the JavaScript a page needs before it can render, gzipped. Used by the
// budget test (e2e/bundle-budget.e2e.test.ts, after the browser tests' build) and by `npm run bench` (Lighthouse).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(root, 'apps/web/dist');

/** Budgets in gzipped kB (1 kB = 1000 bytes, as Vite and Lighthouse print them). */
export const BUDGETS = { landing: 150, flightBooking: 300 };

/** What the budget test holds each page to: the budgets, met by both pages since decision 0024. */
export const CEILINGS = { landing: BUDGETS.landing, flightBooking: BUDGETS.flightBooking };

/**
 * Source modules whose chunks (with their static imports) count for a page, beside the entry and its static imports.
 * landing: the entry alone, the budget's definition (issue 14). landingPage: with the landing page's chunk (main.tsx
 * starts it beside the texts) and the core texts of the default language, what it takes before the first paint.
 * flightBooking: what the logged-in shell and the flight search page need before the page renders: the full shell
 * (app/FullShell.tsx) with the contract's messages (app/App.tsx loads them with it), the default language's core texts
 * and the page with its own texts (app/routes.tsx loads the page's chunk and its locale files together). What the page
 * loads later (the results once a search runs, the passenger steppers, the login dialog, the phone's menu drawer, the
 * wide screen's menus) is not in it.
 */
export const PAGES = {
  landing: [],
  landingPage: ['src/features/landing/pages/LandingPage.tsx', 'src/locales/bundles/en-core.ts'],
  flightBooking: ['src/app/FullShell.tsx', 'src/locales/bundles/en-core.ts', 'virtual:portal-messages/en', 'src/locales/en/flight.json', 'src/features/flight-search/pages/FlightBookingPage.tsx'],
};

export function readManifest(dist = WEB_DIST) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The chunk files of `keys` and everything they import statically (the entry always). */
export function closure(manifest, keys) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entry);
  for (const key of keys) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** Gzipped size (level 9, as served: the build writes .gz beside each file) of a page's JavaScript, in bytes. */
export function pageWeight(page, dist = WEB_DIST) {
  const files = closure(readManifest(dist), PAGES[page]);
  const gzipped = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return { files, gzipped, budget: (BUDGETS[page] ?? NaN) * 1000 };
}
