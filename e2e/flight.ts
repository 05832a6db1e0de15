import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { minorToDecimal, type Currency } from '@portal/contract/currency';
import type { SupplierItem, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import type { FareChoice, Solution, SolutionsAnswer, VerificationAnswer } from '@portal/contract/api/shopping';
import { en } from './texts.ts';
import { apiCall, apiLogin, escapeRegExp, hidden, openLoggedIn, visible } from './ui.ts';

/** Shared steps of the flight search and price-check browser tests. */

export const SUPPLIERS = ['sim-gds', 'sim-ndc', 'sim-lcc'] as const;
const HEALTHY: UpdateSupplierBody = { enabled: true, latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false };

/** PUT /base/v2/suppliers/:code as the platform admin (the simulators' fault switches); returns the stored settings. */
export async function setSupplier(code: string, changes: UpdateSupplierBody): Promise<SupplierItem['settings']> {
  const token = await apiLogin('admin');
  const answer = await apiCall<SupplierItem>('PUT', `/base/v2/suppliers/${code}`, { token, body: changes });
  if (answer.code !== 0) throw new Error(`PUT /base/v2/suppliers/${code} failed: ${answer.code} ${answer.message}`);
  return answer.data.settings;
}

/** Every simulator back to healthy, so no other test sees a switch left on. */
export async function resetSuppliers(): Promise<void> {
  for (const code of SUPPLIERS) expect(await setSupplier(code, HEALTHY)).toMatchObject(HEALTHY);
}

/** A local date `days` from today as yyyy-MM-dd (the browser runs on this machine, so its "today" is ours). */
export function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The app's duration style, "HHh mm m": 125 -> "02h 05m". */
export function duration(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** "CNY 1,234.50": minor units in their currency, two decimals, thousands separators. */
export function money(amountMinor: number, currency: Currency): string {
  const n = Number(minorToDecimal(amountMinor, currency));
  return `${currency} ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const DURATION = /^\d{2}h \d{2}m$/;
export const TIME = /^\d{2}:\d{2}/;
export const PRICE = /^[A-Z]{3} \d{1,3}(,\d{3})*\.\d{2}$/;

/** Opens /flight/booking (optionally with a query) as the operator, logged in through the API. */
export async function openBooking(page: Page, query = ''): Promise<void> {
  await openLoggedIn(page, 'operator', `/flight/booking${query}`);
  await visible(page.getByRole('heading', { name: en('flight.title.booking'), exact: true }), 'flight booking heading');
}

/**
 * Picks a place in a location picker by typing, as a user does: `typed` goes into the box, then the suggestion whose
 * code is `code` is clicked (the city row, "All airports", when `city`). The box then shows "CODE Name".
 */
export async function pickPlace(page: Page, label: string, typed: string, code: string, city = true): Promise<void> {
  // The form draws a light box until a user reaches for a field (components/light/); a click brings antd's select, focused.
  await page.getByLabel(label, { exact: true }).click();
  const box = await visible(page.getByRole('combobox', { name: label, exact: true }), `location select ${label}`);
  await box.fill(typed);
  let option = page
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .locator('.ant-select-item-option')
    .filter({ has: page.locator('strong').getByText(code, { exact: true }) });
  option = city ? option.filter({ hasText: en('flight.search.allAirports') }) : option.filter({ hasNotText: en('flight.search.allAirports') });
  await (await visible(option, `suggestion ${code} for "${typed}"`)).click();
  await expect.poll(() => selectedPlace(page, label), { timeout: 5_000 }).toMatch(new RegExp(`^${code} `));
}

/** What a location picker shows as chosen ("BJS Beijing"), read from antd's select (pointing at the box brings it). */
export async function selectedPlace(page: Page, label: string): Promise<string | null> {
  await page.getByLabel(label, { exact: true }).hover();
  return page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: label, exact: true }) })
    .locator('.ant-select-content')
    .getAttribute('title');
}

/** Picks `iso` (yyyy-MM-dd) in the calendar of the date picker labelled `label`, paging months as needed. */
export async function pickDate(page: Page, label: string, iso: string): Promise<void> {
  const open = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await hidden(open, 'a calendar left open');
  // A click on the light box the form shows until a user reaches a field (components/light/) brings antd's picker, open.
  await page.getByLabel(label, { exact: true }).click();
  const panel = await visible(open, `calendar of ${label}`);
  const cell = panel.locator(`td.ant-picker-cell-in-view[title="${iso}"]`);
  for (let i = 0; i < 12 && (await cell.count()) === 0; i++) {
    // The calendar opens on the month of the current value; cells carry their date as title.
    const shown = (await panel.locator('td.ant-picker-cell-in-view').first().getAttribute('title')) ?? '';
    await panel.getByRole('button', { name: shown.slice(0, 7) < iso.slice(0, 7) ? 'Next month' : 'Previous month', exact: true }).click();
  }
  await cell.click();
  await hidden(open, `calendar of ${label} after picking ${iso}`);
}

export function isSolutions(r: Response): boolean {
  return r.url().endsWith('/shopping/v2/flight/async-shopping/solutions') && r.request().method() === 'POST';
}

export interface SolutionsRequest {
  searchId: string;
  page?: number;
  sort?: string;
  order?: string;
  filters?: Record<string, unknown>;
}

/**
 * Resolves with the next answer of /solutions for which `when` holds (by default: the search is done), given the
 * answer and what was asked (sort, order, filters, page).
 */
export function nextSolutions(
  page: Page,
  when: (a: SolutionsAnswer, asked: SolutionsRequest) => boolean = (a) => a.progress.done,
): Promise<SolutionsAnswer> {
  let found: SolutionsAnswer | undefined;
  const answer = page.waitForResponse(
    async (r) => {
      if (!isSolutions(r)) return false;
      const body = (await r.json().catch(() => null)) as { code: number; data: SolutionsAnswer } | null;
      const asked = (r.request().postDataJSON() ?? {}) as SolutionsRequest;
      if (body?.code === 0 && when(body.data, asked)) found = body.data;
      return found !== undefined;
    },
    { timeout: 30_000 },
  ).then(() => found!);
  // Started before the action that causes it; when an earlier step fails it is never awaited: no unhandled rejection.
  answer.catch(() => undefined);
  return answer;
}

/** Waits until the query of the page has these values (other parameters may be anything). */
export async function atQuery(page: Page, values: Record<string, string>): Promise<void> {
  // The page leaves the default sort and order out of the URL.
  const defaults: Record<string, string> = { sort: 'price', order: 'asc' };
  const matches = (u: URL) => Object.entries(values).every(([k, v]) => (u.searchParams.get(k) ?? defaults[k]) === v);
  try {
    await page.waitForURL(matches, { waitUntil: 'commit' });
  } catch {
    throw new Error(`expected ${JSON.stringify(values)} in the URL, got ${page.url()}`);
  }
}

/** Clicks Search and resolves with the search id the page moved to (it is in the URL: sid=...). */
export async function clickSearch(page: Page): Promise<string> {
  const before = new URL(page.url()).searchParams.get('sid');
  // The button's name also carries its icon's label ("search Search").
  await page.getByRole('button', { name: new RegExp(`(^|\\s)${escapeRegExp(en('flight.search.submit'))}$`) }).click();
  await page.waitForURL((u) => u.pathname === '/flight/booking' && !!u.searchParams.get('sid') && u.searchParams.get('sid') !== before, { waitUntil: 'commit' });
  return new URL(page.url()).searchParams.get('sid')!;
}

export const results = (page: Page): Locator => page.getByTestId('results');
export const cards = (page: Page): Locator => page.getByTestId('solution');
/** The result count line ("256 flights", "136 of 256 flights"). */
export const countLine = (page: Page): Locator => results(page).locator('.ant-typography[aria-live="polite"]');

export function countText(total: number, unfiltered = total): string {
  return total === unfiltered
    ? en(`flight.results.count_${total === 1 ? 'one' : 'other'}`, { total: total.toLocaleString('en-US') })
    : en('flight.results.countFiltered', { shown: total.toLocaleString('en-US'), total: unfiltered.toLocaleString('en-US') });
}

/** Waits until the results say they are complete: the count line reads `expected` and no progress bar is left. */
export async function resultsDone(page: Page, expected: string): Promise<void> {
  await expect.poll(() => countLine(page).textContent(), { timeout: 15_000 }).toBe(expected);
  expect(await results(page).getByRole('progressbar').count()).toBe(0);
}

export interface CardView {
  /** The solution id (the windowed list keys its rows by it). */
  id: string;
  legs: { times: string[]; duration: string; stops: string; numbers: string }[];
  price: string;
}

/** What the mounted solution cards show, top to bottom (the list is windowed: only those near the viewport). */
export async function readCards(page: Page): Promise<CardView[]> {
  return cards(page).evaluateAll((els) =>
    els
      .map((el) => ({ top: el.getBoundingClientRect().top, el }))
      .sort((a, b) => a.top - b.top)
      .map(({ el }) => ({
        id: el.closest<HTMLElement>('[data-key]')?.dataset.key ?? '',
        legs: Array.from(el.querySelectorAll('.flight-leg')).map((leg) => {
          const middle = leg.querySelector('.flight-leg__middle');
          const parts = middle ? Array.from(middle.children).map((c) => c.textContent ?? '') : [];
          return {
            times: Array.from(leg.querySelectorAll('.flight-leg__time')).map((t) => t.textContent ?? ''),
            duration: parts[0] ?? '',
            stops: parts[parts.length - 1] ?? '',
            numbers: leg.querySelector('.flight-leg__numbers')?.textContent ?? '',
          };
        }),
        price: el.querySelector('[data-testid="lowest-price"]')?.textContent ?? '',
      })),
  );
}

/**
 * Waits until the mounted cards are the first solutions of `answer`, in its order (after a new sort or filter the
 * previous list stays until the new one arrives), and returns what they show.
 */
export async function cardsOf(page: Page, answer: SolutionsAnswer): Promise<CardView[]> {
  let shown: CardView[] = [];
  await expect
    .poll(async () => {
      shown = await readCards(page);
      return shown.length > 0 && shown.every((c, i) => c.id === answer.items[i]?.id);
    }, { timeout: 10_000 })
    .toBe(true);
  return shown;
}

/** "HH:MM" local departure and arrival of a leg of the answer, as the card prints them. */
export function legTimes(s: Solution, leg: number): [string, string] {
  const l = s.legs[leg];
  return [l.segments[0].departure.slice(11, 16), l.segments[l.segments.length - 1].arrival.slice(11, 16)];
}

/** Opens the fares of the card of `first` and clicks Select on its first fare; resolves with the confirm page's verification answer. */
export async function selectFirstFare(page: Page, first: Solution): Promise<{ fare: FareChoice; verification: Promise<VerificationAnswer> }> {
  const card = page.locator(`[data-key="${first.id}"]`).getByTestId('solution');
  await card.getByRole('button', { name: en(`flight.results.fares_${first.fares.length === 1 ? 'one' : 'other'}`, { count: first.fares.length }) }).click();
  const fareRow = await visible(card.getByTestId('fare'), 'first fare of the first card');
  const fare = first.fares[0];
  expect(await fareRow.getByTestId('fare-total').textContent()).toBe(money(fare.totalSalePrice, fare.currency));
  const verification = page
    .waitForResponse((r) => r.url().includes('/shopping/v2/flight/solutions/') && r.url().endsWith('/verification') && r.request().method() === 'POST', { timeout: 20_000 })
    .then(async (r) => ((await r.json()) as { data: VerificationAnswer }).data);
  await fareRow.getByRole('button', { name: en('flight.results.select'), exact: true }).click();
  return { fare, verification };
}
