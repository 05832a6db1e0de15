import { describe, expect, it } from 'vitest';
import { BUDGETS, CEILINGS, pageWeight } from '../scripts/bundle-budget.mjs';

// Issue 14, page weight: the anonymous landing page's initial JavaScript (the Vite manifest's entry and its static
// imports), gzipped, within its budget. Here, in the browser tier, because its global setup has just built the web app
// (when stale); `npm run bench` reports it beside Lighthouse's numbers, with the landing page's own chunk and texts and
// with the logged-in shell and flight booking page.
describe('page weight budget', () => {
  it(`anonymous landing page: the entry and its static imports within ${BUDGETS.landing} kB gzipped, without antd`, () => {
    const { files, gzipped, budget } = pageWeight('landing');
    expect(files.filter((f) => /antd|compact-item|useForm|Button-|table-|date-picker/.test(f))).toEqual([]);
    expect(gzipped, `${(gzipped / 1000).toFixed(1)} kB in ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });

  // Issue 14: the logged-in shell plus the flight search page. Its 300 kB target is not met yet (docs/benchmarks.md has
  // the last measure and what is in it; docs/decisions/0022-logged-in-page-weight.md what was split out): this fails
  // when the page gets heavier than it is today, and `npm run bench` reports the target as missed.
  it(`logged-in shell and flight booking page: the entry, the full shell, its texts and the page within ${CEILINGS.flightBooking} kB gzipped (target ${BUDGETS.flightBooking} kB)`, () => {
    const { files, gzipped } = pageWeight('flightBooking');
    const budget = CEILINGS.flightBooking * 1000;
    // Loaded later, not before the page renders: the results, the login dialog, other pages' texts.
    expect(files.filter((f) => /ResultsSection|LoginDialog|table-|en-rest|orders-|bills-/.test(f))).toEqual([]);
    expect(gzipped, `${(gzipped / 1000).toFixed(1)} kB in ${files.length} files`).toBeLessThanOrEqual(budget);
  });

  it('the landing page itself (its chunk and texts) and antd stay out of the entry', () => {
    const entry = new Set(pageWeight('landing').files);
    const page = pageWeight('landingPage').files.filter((f) => !entry.has(f));
    expect(page.some((f) => f.includes('LandingPage-'))).toBe(true);
  });
});
