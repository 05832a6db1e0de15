import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolutionsAnswer } from '@portal/contract/api/shopping';
import {
  DURATION,
  PRICE,
  TIME,
  atQuery,
  cards,
  cardsOf,
  clickSearch,
  countLine,
  countText,
  duration,
  isoDay,
  legTimes,
  money,
  nextSolutions,
  openBooking,
  pickDate,
  pickPlace,
  resetSuppliers,
  results,
  resultsDone,
  selectedPlace,
  setSupplier,
} from './flight.ts';
import { en } from './texts.ts';
import { useBrowser, visible } from './ui.ts';

const browser = useBrowser();

const origin = (n: number) => en('flight.search.originOf', { n });
const destination = (n: number) => en('flight.search.destinationOf', { n });
const departure = (n: number) => en('flight.search.departureOf', { n });

// The fault switches are shared by the whole server: start healthy, and leave healthy whatever happens.
beforeAll(resetSuppliers);
afterAll(resetSuppliers);

/** Runs the search a link describes (run=1, as "search again" does) and resolves with its completed first page. */
async function searchByLink(page: Page, query: string): Promise<SolutionsAnswer> {
  const done = nextSolutions(page);
  await openBooking(page, `?${query}&run=1`);
  const answer = await done;
  await resultsDone(page, countText(answer.total));
  return answer;
}

describe("the flight search page's first render", () => {
  // Issue 14: antd's styles of the shell's and this page's first render come in a style sheet made at build time
  // (apps/web/src/prerender.tsx renderAntdStyles), and antd, finding them in its map, writes none of them again.
  it('writes none of the antd styles the build already made', async () => {
    const page = await browser.open();
    await openBooking(page);
    const { mapped, written } = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'data-ant-cssinjs-cache-path';
      document.body.append(probe);
      const content = getComputedStyle(probe).content.replace(/^"|"$/g, '');
      probe.remove();
      const hashes = new Set(content.split(';').map((entry) => entry.split(':')[1]));
      return { mapped: hashes.size, written: Array.from(document.querySelectorAll('style[data-css-hash]')).map((s) => s.getAttribute('data-css-hash') ?? '').filter((h) => hashes.has(h)) };
    });
    // The sheet is linked and its map read: Button, Select, DatePicker, Form ... at least.
    expect(mapped).toBeGreaterThan(10);
    expect(written).toEqual([]);
  });

  // Issue 14: the document for a logged-in page carries its shell (the header with the site's name, the page's title),
  // painted before any script runs; the app then draws the page over it, its title in the same place.
  it("is painted from the document before its scripts run, then the app's page replaces it", async () => {
    const page = await browser.open();
    await openBooking(page); // logs in; the app's own first visit sets the language cookie the server reads
    const title = page.getByRole('heading', { name: en('flight.title.booking'), exact: true });
    const appTitle = await title.boundingBox();

    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/flight/booking');
    const shell = page.locator('#root[data-skeleton] .portal-skeleton');
    await visible(shell, "the page's shell");
    expect(await shell.locator('.portal-brand-name').innerText()).not.toBe('');
    const shellTitle = await visible(title, "the shell's title");
    const box = await shellTitle.boundingBox();
    expect(box && appTitle && [Math.round(box.x), Math.round(box.y), Math.round(box.height)]).toEqual(appTitle && [Math.round(appTitle.x), Math.round(appTitle.y), Math.round(appTitle.height)]);

    await page.unroute(/\/assets\/.*\.js$/);
    await page.goto('/flight/booking');
    await visible(page.getByRole('tab', { name: en('flight.search.modes.oneway'), exact: true }), 'the search form');
    expect(await page.locator('.portal-skeleton').count()).toBe(0);
    expect(await title.count()).toBe(1);
  });

  it('is not shown to a visitor without a session, who is sent to log in', async () => {
    const page = await browser.open();
    await page.goto('/flight/booking');
    await visible(page.getByRole('button', { name: en('layout.menu.login') }).first(), 'the log-in button');
    expect(await page.locator('.portal-skeleton').count()).toBe(0);
  });

  // Issue 14, page weight: the form is drawn with light fields; antd's pickers arrive when a user first reaches for a
  // field, and every field then takes antd's component in its own box.
  it("draws light fields, and hands them over to antd's pickers in place once a user reaches for one", async () => {
    const page = await browser.open();
    await openBooking(page);
    await page.reload();
    await visible(page.getByRole('tab', { name: en('flight.search.modes.oneway'), exact: true }), 'the search form');
    const light = page.locator('.portal-light-box');
    await visible(light.first(), 'light fields');
    expect(await page.locator('.ant-picker, .ant-select').count()).toBe(0);
    const before = await page.getByLabel(departure(1), { exact: true }).boundingBox();
    await page.getByLabel(origin(1), { exact: true }).hover();
    await visible(page.locator('.ant-picker').getByLabel(departure(1), { exact: true }), "antd's date picker");
    await visible(page.getByRole('combobox', { name: destination(1), exact: true }), "antd's location select");
    expect(await light.count()).toBe(0);
    const after = await page.locator('.ant-picker').filter({ has: page.getByLabel(departure(1), { exact: true }) }).boundingBox();
    // The light box's input sits inside its box, antd's picker is the box itself: both are centred on the same row.
    const centre = (b: { y: number; height: number } | null) => (b ? Math.round(b.y + b.height / 2) : NaN);
    expect(Math.abs(centre(after) - centre(before))).toBeLessThanOrEqual(1);
    expect(after && Math.round(after.height)).toBe(32);
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 200);
        }),
    );
    expect(shifts).toBeLessThan(0.01);
  });
});

describe('flight search as the operator', () => {
  it('one-way: places picked by typing, tomorrow by default; progress while suppliers answer, then priced results', async () => {
    const page = await browser.open();
    await openBooking(page);
    expect(await page.getByRole('tab', { name: en('flight.search.modes.oneway'), exact: true }).getAttribute('aria-selected')).toBe('true');
    // The date is tomorrow unless changed (spec point 2).
    expect(await page.getByLabel(departure(1), { exact: true }).inputValue()).not.toBe('');

    await pickPlace(page, origin(1), 'beijing', 'BJS');
    await pickPlace(page, destination(1), '上海', 'SHA');
    expect(await selectedPlace(page, origin(1))).toBe('BJS Beijing');
    expect(await selectedPlace(page, destination(1))).toBe('SHA Shanghai');

    // One slow supplier, so the search is visibly in progress: the other two have answered and their offers show.
    await setSupplier('sim-lcc', { latencyMs: 2500 });
    try {
      const done = nextSolutions(page);
      const searchId = await clickSearch(page);
      const url = new URL(page.url());
      expect(url.searchParams.getAll('j')).toEqual([`BJS.SHA.${isoDay(1)}`]);
      expect(url.searchParams.get('type')).toBe('oneway');

      const progressText = en('flight.results.progress', { answered: 2, asked: 3 });
      await visible(results(page).getByText(progressText, { exact: true }), `progress "${progressText}"`);
      await visible(results(page).getByRole('progressbar'), 'progress bar');
      await visible(cards(page), 'offers of the suppliers that answered, during the search');

      const answer = await done;
      expect(answer.progress).toMatchObject({ asked: 3, answered: 3, done: true, failed: 0, timedOut: 0 });
      expect(answer.total).toBeGreaterThan(0);
      await resultsDone(page, countText(answer.total));
      expect(new URL(page.url()).searchParams.get('sid')).toBe(searchId);

      // The first card is the cheapest solution: its times, "HHh mm m" duration and price, as the answer has them.
      const [card] = await cardsOf(page, answer);
      const first = answer.items[0];
      expect(card.id).toBe(first.id);
      expect(card.legs).toHaveLength(1);
      const [dep, arr] = legTimes(first, 0);
      expect(card.legs[0].times).toHaveLength(2);
      expect(card.legs[0].times[0]).toBe(dep);
      expect(card.legs[0].times[1].startsWith(arr)).toBe(true);
      for (const t of card.legs[0].times) expect(t).toMatch(TIME);
      expect(card.legs[0].duration).toMatch(DURATION);
      expect(card.legs[0].duration).toBe(duration(first.legs[0].durationMinutes));
      expect(card.price).toMatch(PRICE);
      expect(card.price).toBe(money(first.lowestAdultSalePrice, first.currency));
      expect(await cards(page).first().getByText(en('flight.results.perAdultFrom'), { exact: true }).isVisible()).toBe(true);
    } finally {
      await setSupplier('sim-lcc', { latencyMs: 0 });
    }
  });

  it('return: PEK to LHR and back a week later; every card shows the outbound and the return leg', async () => {
    const page = await browser.open();
    await openBooking(page);
    await page.getByRole('tab', { name: en('flight.search.modes.return'), exact: true }).click();
    await pickPlace(page, origin(1), 'PEK', 'PEK', false);
    await pickPlace(page, destination(1), 'london', 'LHR', false);
    expect(await selectedPlace(page, origin(1))).toBe('PEK Beijing Capital International Airport');
    expect(await selectedPlace(page, destination(1))).toBe('LHR London Heathrow Airport');
    await pickDate(page, en('flight.search.returnDate'), isoDay(8));

    const done = nextSolutions(page);
    await clickSearch(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('return');
    // Picked airports carry their type ("-a"), so a code shared with a city (SHA, BKK) means the airport.
    expect(url.searchParams.getAll('j')).toEqual([`PEK-a.LHR-a.${isoDay(1)}`]);
    expect(url.searchParams.get('ret')).toBe(isoDay(8));
    const answer = await done;
    expect(answer.total).toBeGreaterThan(0);
    await resultsDone(page, countText(answer.total));

    // The answer: every solution goes out on the day and comes back on the return date, between the two airports.
    for (const s of answer.items) {
      expect(s.legs).toHaveLength(2);
      const [out, back] = s.legs;
      expect([out.segments[0].origin, out.segments.at(-1)!.destination, out.segments[0].departure.slice(0, 10)]).toEqual(['PEK', 'LHR', isoDay(1)]);
      expect([back.segments[0].origin, back.segments.at(-1)!.destination, back.segments[0].departure.slice(0, 10)]).toEqual(['LHR', 'PEK', isoDay(8)]);
    }
    // The page: every mounted card has two legs, labelled Outbound and Return, with times and durations.
    const shown = await cardsOf(page, answer);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    const byId = new Map(answer.items.map((s) => [s.id, s]));
    for (const card of shown) {
      expect(card.legs).toHaveLength(2);
      const s = byId.get(card.id);
      if (s) for (const i of [0, 1]) expect(card.legs[i].duration).toBe(duration(s.legs[i].durationMinutes));
      for (const leg of card.legs) expect(leg.duration).toMatch(DURATION);
      expect(card.price).toMatch(PRICE);
    }
    const firstCard = cards(page).first();
    const legs = firstCard.locator('.flight-leg');
    expect(await legs.nth(0).getByText(en('flight.leg.outbound'), { exact: true }).isVisible()).toBe(true);
    expect(await legs.nth(1).getByText(en('flight.leg.inbound'), { exact: true }).isVisible()).toBe(true);
    expect(await legs.nth(0).locator('.flight-leg__airport').allTextContents()).toEqual([expect.stringMatching(/^PEK\b/), expect.stringMatching(/^LHR\b/)]);
    expect(await legs.nth(1).locator('.flight-leg__airport').allTextContents()).toEqual([expect.stringMatching(/^LHR\b/), expect.stringMatching(/^PEK\b/)]);
  });

  it('an airport sharing its city code: Hongqiao (SHA) picked by typing shows the airport and is searched alone, never Pudong', async () => {
    const page = await browser.open();
    await openBooking(page);
    await pickPlace(page, origin(1), 'beijing', 'BJS');
    // "上海" lists Shanghai (SHA, all airports), Pudong (PVG) and Hongqiao (SHA): the airport row, not the city.
    await pickPlace(page, destination(1), '上海', 'SHA', false);
    expect(await selectedPlace(page, destination(1))).toBe('SHA Shanghai Hongqiao International Airport');
    // Only that row is chosen when the list opens again.
    const box = page.getByRole('combobox', { name: destination(1), exact: true });
    await box.click();
    await box.fill('上海');
    const chosen = page.locator('.ant-select-dropdown').filter({ visible: true }).locator('.ant-select-item-option-selected');
    await expect.poll(() => chosen.count()).toBe(1);
    expect(await chosen.textContent()).toContain('Hongqiao');
    await page.keyboard.press('Escape');

    const done = nextSolutions(page);
    await clickSearch(page);
    expect(new URL(page.url()).searchParams.getAll('j')).toEqual([`BJS.SHA-a.${isoDay(1)}`]);
    const answer = await done;
    expect(answer.total).toBeGreaterThan(0);
    for (const s of answer.items) expect(s.legs[0].segments.at(-1)!.destination).toBe('SHA');
    expect(answer.facets.destinationAirports.map((a) => a.code)).toEqual(['SHA']);
    await resultsDone(page, countText(answer.total));
    expect(await selectedPlace(page, destination(1))).toBe('SHA Shanghai Hongqiao International Airport');
  });

  it('multi-city: five flights on consecutive days (the add button stops at five); every card shows five legs', async () => {
    const page = await browser.open();
    await openBooking(page);
    // The first flight is chosen on the one-way tab; multi-city keeps it and starts a second flight where it ends,
    // and every added flight starts where the previous one ends.
    await pickPlace(page, origin(1), 'beijing', 'BJS');
    await pickPlace(page, destination(1), '上海', 'SHA');
    await page.getByRole('tab', { name: en('flight.search.modes.multicity'), exact: true }).click();
    await visible(page.getByRole('combobox', { name: origin(2), exact: true }), 'second flight');
    expect(await selectedPlace(page, origin(1))).toBe('BJS Beijing');
    expect(await selectedPlace(page, destination(1))).toBe('SHA Shanghai');
    const stops: [string, string][] = [
      ['guangzhou', 'CAN'],
      ['singapore', 'SIN'],
      ['bangkok', 'BKK'],
      ['hong kong', 'HKG'],
    ];
    let previous = 'SHA';
    for (const [i, [typed, code]] of stops.entries()) {
      const n = i + 2;
      if (n > 2) {
        const add = page.getByRole('button', { name: en('flight.search.addFlight', { n: n - 1, max: 5 }) });
        expect(await add.isEnabled()).toBe(true);
        await add.click();
      }
      expect(await selectedPlace(page, origin(n))).toMatch(new RegExp(`^${previous} `));
      await pickPlace(page, destination(n), typed, code);
      await pickDate(page, departure(n), isoDay(n));
      previous = code;
    }
    // Five flights: the button says so and adds no more.
    const add = page.getByRole('button', { name: en('flight.search.addFlight', { n: 5, max: 5 }) });
    await visible(add, 'add button at 5/5');
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: origin(6), exact: true }).count()).toBe(0);

    const done = nextSolutions(page);
    await clickSearch(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('multicity');
    expect(url.searchParams.getAll('j')).toEqual([
      `BJS.SHA.${isoDay(1)}`,
      `SHA.CAN.${isoDay(2)}`,
      `CAN.SIN.${isoDay(3)}`,
      `SIN.BKK.${isoDay(4)}`,
      `BKK.HKG.${isoDay(5)}`,
    ]);
    const answer = await done;
    // The GDS prices at most 3 journeys and is not asked; NDC and LCC are.
    expect(answer.progress).toMatchObject({ asked: 2, answered: 2, done: true });
    expect(answer.total).toBeGreaterThan(0);
    await resultsDone(page, countText(answer.total));
    for (const s of answer.items) {
      expect(s.legs).toHaveLength(5);
      expect(s.legs.map((l) => l.segments[0].departure.slice(0, 10))).toEqual([1, 2, 3, 4, 5].map(isoDay));
    }
    const shown = await cardsOf(page, answer);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const card of shown) {
      expect(card.legs).toHaveLength(5);
      for (const leg of card.legs) expect(leg.duration).toMatch(DURATION);
    }
    const legs = cards(page).first().locator('.flight-leg');
    for (let n = 1; n <= 5; n++) {
      expect(await legs.nth(n - 1).getByText(en('flight.search.flightN', { n }), { exact: true }).isVisible()).toBe(true);
    }
  });

  it('filters: direct only, then one airline; the count says how many of all are shown and every card fits', async () => {
    const page = await browser.open();
    const all = await searchByLink(page, `type=oneway&j=BJS.SHA.${isoDay(1)}`);
    const direct = all.facets.stops.find((s) => s.stops === 0);
    expect(direct, 'BJS-SHA has direct flights').toBeTruthy();
    expect(direct!.count).toBeGreaterThan(0);
    expect(direct!.count).toBeLessThan(all.total);

    // --- Stops: direct only
    const stopsGroup = page.getByRole('group', { name: en('flight.filters.stops'), exact: true });
    const filtered = nextSolutions(page, (a) => a.progress.done && a.total !== a.unfilteredTotal);
    await stopsGroup.getByRole('radio', { name: new RegExp(`^${en('flight.filters.direct')} \\(${direct!.count}\\)$`) }).check();
    const onlyDirect = await filtered;
    expect(onlyDirect.total).toBe(direct!.count);
    expect(onlyDirect.unfilteredTotal).toBe(all.total);
    await expect.poll(() => countLine(page).textContent()).toBe(countText(direct!.count, all.total));
    for (const s of onlyDirect.items) expect(s.legs.every((l) => l.stops === 0)).toBe(true);
    for (const card of await cardsOf(page, onlyDirect)) expect(card.legs[0].stops).toBe(en('flight.leg.direct'));

    // --- Clear, then one airline from the facet list
    // (The unfiltered page is still cached: no request needed.)
    await page.getByRole('button', { name: en('flight.filters.reset'), exact: true }).click();
    await expect.poll(() => countLine(page).textContent()).toBe(countText(all.total));
    const airline = all.facets.airlines.find((a) => a.count > 1 && a.count < all.total)!;
    expect(airline, 'an airline with some of the flights').toBeTruthy();
    const airlines = page.getByRole('group', { name: en('flight.filters.airlines'), exact: true });
    const byAirline = nextSolutions(page, (a) => a.progress.done && a.total !== a.unfilteredTotal);
    // The box reads "CODE [name] (count)  lowest price".
    await airlines.getByRole('checkbox', { name: new RegExp(`^${airline.code}\\b.*\\(${airline.count}\\)`) }).check();
    const oneAirline = await byAirline;
    expect(oneAirline.total).toBe(airline.count);
    await expect.poll(() => countLine(page).textContent()).toBe(countText(airline.count, all.total));
    for (const s of oneAirline.items) expect(s.legs.flatMap((l) => l.segments.map((g) => g.marketingCarrier))).toContain(airline.code);
    const shown = await cardsOf(page, oneAirline);
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) expect(card.legs[0].numbers).toMatch(new RegExp(`(^|· )${airline.code}\\d`));
  });

  it('sorts by duration (both ways) and by departure', async () => {
    const page = await browser.open();
    const byPrice = await searchByLink(page, `type=oneway&j=BJS.CAN.${isoDay(1)}`);
    const minutes = byPrice.items.map((s) => s.legs[0].durationMinutes);
    expect(new Set(minutes).size, 'solutions of different durations').toBeGreaterThan(1);

    const sortBar = page.getByRole('radiogroup', { name: en('flight.results.sortBy'), exact: true });
    // --- Duration, shortest first
    let answer = nextSolutions(page, (a, asked) => a.progress.done && asked.sort === 'duration' && asked.order === 'asc');
    await sortBar.getByText(en('flight.results.sort.duration'), { exact: true }).click();
    await atQuery(page, { sort: 'duration', order: 'asc' });
    const shortest = await answer;
    expect(shortest.items[0].legs[0].durationMinutes).toBe(shortest.facets.duration!.min);
    let shown = await cardsOf(page, shortest);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    const asc = shown.map((c) => c.legs[0].duration);
    expect(asc[0]).toBe(duration(shortest.facets.duration!.min));
    expect([...asc].sort()).toEqual(asc);

    // --- The order button flips it: longest first
    answer = nextSolutions(page, (a, asked) => a.progress.done && asked.sort === 'duration' && asked.order === 'desc');
    await page.getByRole('button', { name: en('flight.results.ascending'), exact: true }).click();
    await atQuery(page, { sort: 'duration', order: 'desc' });
    const longest = await answer;
    shown = await cardsOf(page, longest);
    const desc = shown.map((c) => c.legs[0].duration);
    expect(desc[0]).toBe(duration(longest.facets.duration!.max));
    expect([...desc].sort().reverse()).toEqual(desc);
    await visible(page.getByRole('button', { name: en('flight.results.descending'), exact: true }), 'order button now says descending');

    // --- Departure: a new sort key starts ascending
    answer = nextSolutions(page, (a, asked) => a.progress.done && asked.sort === 'departure' && asked.order === 'asc');
    await sortBar.getByText(en('flight.results.sort.departure'), { exact: true }).click();
    await atQuery(page, { sort: 'departure', order: 'asc' });
    const earliest = await answer;
    shown = await cardsOf(page, earliest);
    const departures = shown.map((c) => c.legs[0].times[0]);
    expect([...departures].sort()).toEqual(departures);
    const allDepartures = earliest.items.map((s) => legTimes(s, 0)[0]);
    expect(departures[0]).toBe([...allDepartures].sort()[0]);
  });

  // Issue 14: long airport names were cut off ("…") in the picker's list, at 1280 px and on a phone.
  it('shows long airport names whole in the location picker, on a phone and at 1280 px', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await openBooking(page);
    await page.getByLabel(origin(1), { exact: true }).click(); // brings antd's select in place of the light box
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const box = page.getByRole('combobox', { name: origin(1), exact: true });
      await box.click();
      await box.fill('winnipeg');
      const option = page
        .locator('.ant-select-dropdown')
        .filter({ visible: true })
        .locator('.ant-select-item-option')
        .filter({ has: page.locator('strong').getByText('YWG', { exact: true }) })
        .filter({ hasText: 'Winnipeg James Armstrong Richardson International Airport' });
      await visible(option, `YWG in the list at ${width} px`);
      // Nothing inside the row is wider than its box (a cut text scrolls inside its own box), and the row fits the list.
      const clipped = await option.first().evaluate((row) =>
        [row, ...Array.from(row.querySelectorAll('*'))].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className || el.tagName),
      );
      expect(clipped, `clipped at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  // Issue 9, finding 10: a failed lookup must not leave the previous PNR's fares on screen as if they were its own.
  it("search by PNR: a failed lookup shows the server's message and the previous PNR's fares are gone", async () => {
    const page = await browser.open();
    await openBooking(page, '?type=pnr');
    const text = page.getByLabel(en('flight.search.pnr.label'), { exact: true });
    const search = page.getByRole('button', { name: new RegExp(`(^|\\s)${en('flight.search.submit')}$`) });

    // --- A: the simulated GDS holds DEMOCN (PEK-SHA and back): its fares are shown
    const first = nextSolutions(page);
    await text.fill('DEMOCN');
    await search.click();
    const answer = await first;
    expect(answer.total).toBeGreaterThan(0);
    await visible(cards(page).first(), 'fares of DEMOCN');

    // --- B: unreadable text, then an unknown record locator; each time the message, and no fares
    for (const [typed, key] of [
      ['please book me a flight', 'shopping.pnr.unreadable'],
      ['ZZZ999', 'shopping.pnr.notFound'],
    ] as const) {
      const refused = page.waitForResponse((r) => r.url().endsWith('/shopping/v2/flight/analysis-pnr') && r.request().method() === 'POST');
      await text.fill(typed);
      await search.click();
      expect((await refused).status()).toBe(400);
      const alert = await visible(page.getByRole('alert').filter({ hasText: en('flight.search.pnr.failed') }), `error of ${typed}`);
      expect(await alert.textContent()).toContain(en(key));
      expect(await cards(page).count()).toBe(0);
      expect(await results(page).count()).toBe(0);
    }
  });
});

describe('issue 14 on the search page', () => {
  it('departure dates are typed as an agent types them: ddMMM (the next such day) and yyyy-mm-dd', async () => {
    const page = await browser.open();
    await openBooking(page);
    await page.getByRole('tab', { name: en('flight.search.modes.return'), exact: true }).click();
    await pickPlace(page, origin(1), 'beijing', 'BJS');
    await pickPlace(page, destination(1), 'shanghai', 'SHA');

    // "29NOV" style for a day 20 days ahead: the next such day, this year or next (as isoDay computes it).
    const out = isoDay(20);
    const ddMMM = `${out.slice(8, 10)}${['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(out.slice(5, 7)) - 1]}`;
    const dep = page.getByLabel(departure(1), { exact: true });
    await dep.click();
    await dep.fill(ddMMM);
    await dep.press('Tab');
    await expect.poll(() => dep.inputValue()).toBe(out);

    const back = isoDay(27);
    const ret = page.getByLabel(en('flight.search.returnDate'), { exact: true });
    await ret.click();
    await ret.fill(back);
    await ret.press('Enter');
    await expect.poll(() => ret.inputValue()).toBe(back);

    await clickSearch(page);
    expect(new URL(page.url()).searchParams.getAll('j')).toEqual([`BJS.SHA.${out}`]);
    expect(new URL(page.url()).searchParams.get('ret')).toBe(back);
  });

  it('a supplier that fails at once is reported as failed, not as "did not answer in time"', async () => {
    const page = await browser.open();
    await setSupplier('sim-lcc', { fail: true });
    try {
      const answer = await searchByLink(page, `type=oneway&j=BJS.SHA.${isoDay(3)}`);
      expect(answer.progress).toMatchObject({ asked: 3, answered: 3, done: true, failed: 1, timedOut: 0 });
      const banner = await visible(page.getByTestId('missing-suppliers'), 'missing suppliers banner');
      expect(await banner.textContent()).toBe(en('flight.results.failedSuppliers_one', { count: 1, asked: 3 }));
    } finally {
      await setSupplier('sim-lcc', { fail: false });
    }
  });
});
