import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FareChoice, VerificationAnswer } from '@portal/contract/api/shopping';
import { extractPdfText } from '../apps/server/test/helpers/pdf-text.ts';
import { SUPPLIERS, countText, isoDay, nextSolutions, openBooking, resetSuppliers, resultsDone, selectFirstFare, setSupplier } from './flight.ts';
import { en } from './texts.ts';
import { apiCall, apiLogin, chooseOption, escapeRegExp, useBrowser, visible } from './ui.ts';

/**
 * Issue 8, the selling loop as an agent walks it: search, price check, two passengers (an adult and a child), book,
 * pay from the balance, see the tickets issued, download the itinerary and read it back; and the sold-out and
 * price-up paths of the Book button.
 */
const browser = useBrowser();

async function healthy() {
  await resetSuppliers();
  // Ticketing takes a second, so the page's own polling shows the issue.
  for (const code of SUPPLIERS) await setSupplier(code, { ticketingDelaySeconds: 1 });
}
beforeAll(healthy);
afterAll(async () => {
  await resetSuppliers();
  for (const code of SUPPLIERS) await setSupplier(code, { ticketingDelaySeconds: 3 });
});

interface Person {
  surname: string;
  given: string;
  gender: 'male' | 'female';
  birthday: string;
  passport: string;
}

const sixYearsAgo = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 6);
  d.setDate(d.getDate() - 40);
  return d.toISOString().slice(0, 10);
};

async function toConfirm(page: Page, pax: { adt: number; chd: number }): Promise<{ fare: FareChoice; verification: VerificationAnswer }> {
  const done = nextSolutions(page);
  await openBooking(page, `?type=oneway&j=BJS.SHA.${isoDay(4)}&adt=${pax.adt}&chd=${pax.chd}&run=1`);
  const answer = await done;
  await resultsDone(page, countText(answer.total));
  const { fare, verification } = await selectFirstFare(page, answer.items[0]);
  await page.waitForURL((u) => u.pathname === '/flight/booking/confirm', { waitUntil: 'commit' });
  await visible(page.getByRole('button', { name: en('flight.book.submit') }), 'Book button');
  return { fare, verification: await verification };
}

async function pickDate(card: Locator, label: string, iso: string) {
  const box = card.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(iso);
  await box.press('Enter');
}

async function pickCountry(page: Page, card: Locator, label: string) {
  await card.getByLabel(label, { exact: true }).click();
  await card.getByLabel(label, { exact: true }).fill('China');
  await chooseOption(page, 'China (CN)');
}

async function fillPassenger(page: Page, index: number, p: Person) {
  const card = page.getByTestId(`passenger-${index}`);
  await card.getByLabel(en('flight.book.surname'), { exact: true }).fill(p.surname);
  await card.getByLabel(en('flight.book.givenNames'), { exact: true }).fill(p.given);
  await card.getByText(en(`flight.book.genders.${p.gender}`), { exact: true }).click();
  await pickDate(card, en('flight.book.birthday'), p.birthday);
  await pickCountry(page, card, en('flight.book.nationality'));
  await card.getByLabel(en('flight.book.documentType'), { exact: true }).click();
  await chooseOption(page, en('flight.documents.passport'));
  await card.getByLabel(en('flight.book.documentNumber'), { exact: true }).fill(p.passport);
  await pickDate(card, en('flight.book.expiryDate'), isoDay(3000));
  await pickCountry(page, card, en('flight.book.issuingCountry'));
}

/** The contact is prefilled from the user; the demo operator has no mobile number, so the agent types one. */
async function fillContactPhone(page: Page) {
  const phone = page.getByTestId('contact').getByLabel(en('flight.book.contact.phone'), { exact: true });
  if (!(await phone.inputValue())) await phone.fill('13800138000');
}

const ADULT: Person = { surname: 'ZHANG', given: 'SAN', gender: 'male', birthday: '1985-03-05', passport: 'E12345678' };

async function orderCount(): Promise<number> {
  const token = await apiLogin('operator');
  const list = await apiCall<{ total: number }>('GET', '/order/v2/flight/orders?pageSize=1', { token });
  return list.data.total;
}

describe('selling a ticket', () => {
  it('books an adult and a child, pays from the balance, shows the tickets and prints the itinerary', async () => {
    const page = await browser.open();
    await toConfirm(page, { adt: 1, chd: 1 });
    await fillPassenger(page, 0, ADULT);
    await fillPassenger(page, 1, { surname: 'ZHANG', given: 'XIAOMING', gender: 'female', birthday: sixYearsAgo(), passport: 'E87654321' });
    await fillContactPhone(page);
    await page.getByRole('button', { name: en('flight.book.submit') }).click();
    await page.waitForURL((u) => /^\/flight\/orders\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await visible(page.getByText(en('orders.status.to_be_paid'), { exact: true }).first(), 'to be paid tag');
    const token = await apiLogin('operator');
    const booked = (await apiCall<any>('GET', `/order/v2/flight/orders/${id}`, { token })).data;
    expect(booked.recordLocator).toMatch(/^[A-Z0-9]{6}$/);
    await visible(page.getByText(booked.recordLocator, { exact: true }).first(), 'record locator');

    await page.getByRole('button', { name: en('orders.actions.pay') }).click();
    const dialog = await visible(page.getByRole('dialog'), 'pay dialog');
    await dialog.getByText(en('orders.channels.balance'), { exact: true }).click();
    const payLabel = en('orders.pay.submit', { amount: '\u0000' }).split('\u0000')[0];
    await dialog.getByRole('button', { name: new RegExp(`^${escapeRegExp(payLabel)}`) }).click();
    await visible(page.getByText(en('orders.status.issued'), { exact: true }).first(), 'issued tag (the page polls)');

    const issued = (await apiCall<any>('GET', `/order/v2/flight/orders/${id}`, { token })).data;
    const tickets: string[] = issued.passengers.map((p: { ticketNumber: string }) => p.ticketNumber);
    expect(tickets).toHaveLength(2);
    for (const t of tickets) {
      expect(t).toMatch(/^\d{13}$/);
      await visible(page.getByText(new RegExp(`${t.slice(0, 3)}-?${t.slice(3)}`)).first(), `ticket ${t}`);
    }

    await page.getByRole('button', { name: en('orders.actions.downloadItinerary') }).click();
    const form = await visible(page.getByRole('dialog'), 'itinerary form');
    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: en('orders.itinerary.submit') }).click();
    const file = await (await download).path();
    const text = (await extractPdfText(await readFile(file))).replace(/\s+/g, ' ');
    expect(text).toContain('ZHANG/SAN');
    expect(text).toContain('ZHANG/XIAOMING');
    for (const t of tickets) expect(text).toContain(`${t.slice(0, 3)}-${t.slice(3)}`);
    expect(text).toContain(issued.bookingNumber);

    // The order is in My Bookings, issued.
    await page.locator('header').getByText(en('layout.menu.bookings'), { exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/flight/orders');
    const row = page.locator('tr').filter({ hasText: issued.bookingNumber });
    await visible(row.getByText(en('orders.status.issued'), { exact: true }), 'issued row in My Bookings');
  });

  it('asks to accept a higher price, then books at it', async () => {
    const page = await browser.open();
    try {
      await toConfirm(page, { adt: 1, chd: 0 });
      await fillPassenger(page, 0, ADULT);
      await fillContactPhone(page);
      for (const code of SUPPLIERS) await setSupplier(code, { priceChangePercent: 10 });
      await page.getByRole('button', { name: en('flight.book.submit') }).click();
      const dialog = page.getByRole('dialog', { name: en('shopping.verify.priceChanged'), exact: true });
      const booked = (u: URL) => /^\/flight\/orders\/[0-9a-f-]{36}$/.test(u.pathname);
      // The price can move again between the check and the booking (the simulators price by seats sold, and other
      // tests sell seats on the same flights): the page then asks again, and the agent accepts again, as a real one would.
      for (let round = 1; ; round++) {
        await (await visible(dialog, 'price changed dialog')).getByRole('button', { name: en('flight.confirm.priceChanged.accept') }).click();
        const outcome = await Promise.race([
          page.waitForURL(booked, { timeout: 30_000 }).then(
            () => 'booked',
            () => 'timeout',
          ),
          dialog
            .waitFor({ state: 'hidden', timeout: 30_000 })
            .then(() => dialog.waitFor({ state: 'visible', timeout: 30_000 }))
            .then(
              () => 'asked again',
              () => 'timeout',
            ),
        ]);
        if (outcome === 'booked' || booked(new URL(page.url()))) break;
        if (outcome === 'timeout' || round === 3) throw new Error(`not booked after accepting ${round} price change(s): ${outcome}`);
      }
      await visible(page.getByText(en('orders.status.to_be_paid'), { exact: true }).first(), 'booked at the new price');
    } finally {
      await healthy();
    }
  });

  it('says the fare is gone when it sold out, and books nothing', async () => {
    const page = await browser.open();
    try {
      await toConfirm(page, { adt: 1, chd: 0 });
      await fillPassenger(page, 0, ADULT);
      await fillContactPhone(page);
      const before = await orderCount();
      for (const code of SUPPLIERS) await setSupplier(code, { soldOut: true });
      await page.getByRole('button', { name: en('flight.book.submit') }).click();
      const alert = await visible(page.getByRole('alert').filter({ hasText: en('order.fareInvalid') }), 'sold-out alert');
      await visible(alert.getByRole('button', { name: en('flight.book.chooseAnotherFare') }), 'choose another fare');
      expect(await orderCount()).toBe(before);
      expect(new URL(page.url()).pathname).toBe('/flight/booking/confirm');
    } finally {
      await healthy();
    }
  });
});
