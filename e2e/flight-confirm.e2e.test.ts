import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FareChoice, Solution, SolutionsAnswer, VerificationAnswer } from '@portal/contract/api/shopping';
import {
  SUPPLIERS,
  cards,
  cardsOf,
  countLine,
  countText,
  isoDay,
  money,
  nextSolutions,
  openBooking,
  resetSuppliers,
  resultsDone,
  selectFirstFare,
  setSupplier,
} from './flight.ts';
import { en } from './texts.ts';
import { atPath, hidden, pathOf, useBrowser, visible } from './ui.ts';

const browser = useBrowser();

// The fault switches are shared by the whole server: start healthy, and leave healthy whatever happens.
beforeAll(resetSuppliers);
afterAll(resetSuppliers);

interface Chosen {
  page: Page;
  answer: SolutionsAnswer;
  first: Solution;
  fare: FareChoice;
  verification: VerificationAnswer;
  /** Path and query of the results page the fare was chosen on. */
  resultsPath: string;
}

/** As the operator: search BJS -> SHA tomorrow, open the cheapest solution's fares, Select the first, land on the price check. */
async function searchAndSelect(viewport: { width?: number; height?: number } = {}): Promise<Chosen> {
  const page = await browser.open(viewport);
  const done = nextSolutions(page);
  await openBooking(page, `?type=oneway&j=BJS.SHA.${isoDay(1)}&run=1`);
  const answer = await done;
  await resultsDone(page, countText(answer.total));
  const resultsPath = pathOf(page);
  const searchId = new URL(page.url()).searchParams.get('sid');
  const first = answer.items[0];
  const { fare, verification } = await selectFirstFare(page, first);
  await page.waitForURL((u) => u.pathname === '/flight/booking/confirm', { waitUntil: 'commit' });
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toEqual({ searchId, solutionId: first.id, fareId: fare.fareId });
  await visible(page.getByRole('heading', { name: en('flight.title.confirm'), exact: true }), 'confirm heading');
  return { page, answer, first, fare, verification: await verification, resultsPath };
}

const priceDialog = (page: Page) => page.getByRole('dialog', { name: en('shopping.verify.priceChanged'), exact: true });
const total = (page: Page) => page.getByTestId('confirm-total');

describe('price check of a chosen fare', () => {
  it('confirms an unchanged price without a dialog', async () => {
    const { page, fare, verification } = await searchAndSelect();
    expect(verification).toMatchObject({ status: 'unchanged', previousTotal: fare.totalSalePrice, newTotal: fare.totalSalePrice });
    await visible(page.getByRole('alert').filter({ hasText: en('shopping.verify.unchanged') }), 'price confirmed');
    await visible(page.getByText(en('flight.confirm.confirmedText'), { exact: true }), 'confirmed text');
    await visible(page.getByRole('button', { name: en('flight.book.submit') }), 'book button under the passenger form');
    expect(await total(page).textContent()).toBe(money(fare.totalSalePrice, fare.currency));
    expect(await priceDialog(page).count()).toBe(0);
  });

  describe('when every supplier re-prices 10% higher', () => {
    beforeAll(async () => {
      for (const code of SUPPLIERS) expect(await setSupplier(code, { priceChangePercent: 10 })).toMatchObject({ priceChangePercent: 10 });
    });
    afterAll(async () => {
      for (const code of SUPPLIERS) await setSupplier(code, { priceChangePercent: 0 });
    });

    /** The dialog shows the previous and the new total in the answer's currency; resolves with it. */
    async function expectPriceChangedDialog(c: Chosen) {
      const { page, fare, verification: v } = c;
      expect(v.status).toBe('price_changed');
      expect(v.previousTotal).toBe(fare.totalSalePrice);
      expect(v.newTotal).not.toBeNull();
      // 10% more from the supplier; the agency's price moves with it (rounded, so within a point of 10%).
      expect(v.newTotal! / v.previousTotal!).toBeGreaterThan(1.08);
      expect(v.newTotal! / v.previousTotal!).toBeLessThan(1.11);
      const dialog = await visible(priceDialog(page), 'Price changed dialog');
      await visible(dialog.getByText(en('flight.confirm.priceChanged.text'), { exact: true }), 'what happened');
      expect(await dialog.getByText(en('flight.confirm.priceChanged.previous'), { exact: false }).first().textContent()).toBe(
        `${en('flight.confirm.priceChanged.previous')}: ${money(v.previousTotal!, v.currency)}`,
      );
      expect(await dialog.getByTestId('new-total').textContent()).toBe(`${en('flight.confirm.priceChanged.new')}: ${money(v.newTotal!, v.currency)}`);
      await visible(dialog.getByText(en('flight.confirm.priceChanged.currency', { currency: v.currency }), { exact: true }), 'currency note');
      // Blocking: Escape does not close it.
      await page.keyboard.press('Escape');
      await visible(dialog, 'dialog after Escape');
      return dialog;
    }

    it('shows the Price changed dialog; accepting shows the new price on the page', async () => {
      const chosen = await searchAndSelect();
      const { page, verification: v } = chosen;
      const dialog = await expectPriceChangedDialog(chosen);

      await dialog.getByRole('button', { name: en('flight.confirm.priceChanged.accept'), exact: true }).click();
      await hidden(priceDialog(page), 'dialog after accepting');
      await visible(page.getByRole('alert').filter({ hasText: en('flight.confirm.acceptedTitle') }), 'new price accepted');
      const newPrice = money(v.newTotal!, v.currency);
      await expect.poll(() => total(page).textContent()).toBe(newPrice);
      // The fare shown is the re-priced one.
      expect(await page.getByTestId('fare').getByTestId('fare-total').textContent()).toBe(newPrice);
      expect(new URL(page.url()).pathname).toBe('/flight/booking/confirm');
    });

    it('"Back to search" in the dialog returns to the same results', async () => {
      const chosen = await searchAndSelect();
      const { page, answer, first, resultsPath } = chosen;
      const dialog = await expectPriceChangedDialog(chosen);

      await dialog.getByRole('button', { name: en('flight.confirm.backToSearch'), exact: true }).click();
      await atPath(page, resultsPath);
      await hidden(priceDialog(page), 'dialog after going back');
      await visible(cards(page), 'result cards again');
      await expect.poll(() => countLine(page).textContent()).toBe(countText(answer.total));
      // The same list, cheapest first, as before the fare was chosen.
      expect((await cardsOf(page, answer))[0].id).toBe(first.id);
    });
  });
});

/**
 * What each value of the fare rules and restrictions shows, measured in the page: its width, on how many lines its
 * text lies, and the width of its longest word (a box narrower than that splits a word: the "letter per line" defect).
 */
async function measureRules(page: Page) {
  const rules = await visible(page.getByTestId('fare-rules'), 'fare rules on the confirm page');
  const card = rules.locator('xpath=ancestor::div[contains(@class, "ant-card")][1]');
  const cardBox = (await card.boundingBox())!;
  const measure = (els: Element[]) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const box = el.getBoundingClientRect();
      const text = (el.textContent ?? '').trim();
      ctx.font = getComputedStyle(el.firstElementChild ?? el).font;
      const longestWord = Math.max(0, ...text.split(/\s+/).map((w) => ctx.measureText(w).width));
      return { text, lines, width: box.width, longestWord, left: box.left, right: box.right };
    });
  };
  return {
    cardBox,
    values: await rules.locator('[data-rule-value]').evaluateAll(measure),
    restrictions: await rules.locator('.flight-restrictions dd').evaluateAll(measure),
    /** How much wider the rules table is than its box (0: nothing to scroll). */
    tableOverflow: await rules.locator('.flight-rules').evaluate((el) => el.scrollWidth - el.clientWidth),
  };
}

describe('fare rules on the confirm page (issue 14)', () => {
  for (const [what, width] of [['at 1280 px', 1280], ['on a phone (390 px)', 390]] as const) {
    it(`are readable ${what}: no value squeezed or split mid-word, none cut off`, async () => {
      const { page, fare } = await searchAndSelect({ width, height: 900 });
      const { cardBox, values, restrictions, tableOverflow } = await measureRules(page);
      // One value per passenger type and rule (change before/after, refund before/after, no-show, void).
      expect(values.length).toBe(fare.cancellationPolicy.length * 6);
      expect(restrictions.length).toBeGreaterThanOrEqual(7);
      for (const v of [...values, ...restrictions]) {
        expect(v.text, 'a value').not.toBe('');
        // A letter per line was the defect: each value keeps a sensible width and its words whole.
        expect(v.width, `width of "${v.text}"`).toBeGreaterThanOrEqual(72);
        expect(v.width + 1, `"${v.text}" is narrower than its longest word`).toBeGreaterThanOrEqual(v.longestWord);
        // Nothing is cut: every value lies inside the fare card.
        expect(v.left, `left edge of "${v.text}"`).toBeGreaterThanOrEqual(cardBox.x - 1);
        expect(v.right, `right edge of "${v.text}"`).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);
      }
      // The rule values are short: two lines at most.
      for (const v of values) expect(v.lines, `lines of "${v.text}"`).toBeLessThanOrEqual(2);
      // One passenger type fits without scrolling sideways, and the page itself never scrolls sideways.
      expect(tableOverflow).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
