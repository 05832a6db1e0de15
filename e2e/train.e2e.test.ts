import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chinaTimeToInstant, trainChangeQuote, trainRefundFee, type TrainOrder, type TrainRefundQuote, type TrainSearchAnswer, type TrainSearchBody, type TrainService } from '@portal/contract/api/trains';
import { DURATION, PRICE, money } from './flight.ts';
import { en } from './texts.ts';
import { atPath, openLoggedIn, useBrowser, visible } from './ui.ts';

const browser = useBrowser();

/** A date in China, `days` from today (the railway's pre-sale window counts China days). */
function chinaDay(days: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const isSearch = (r: Response) => r.url().endsWith('/shopping/v2/train/search') && r.request().method() === 'POST';

/** The next train search answer, with the body it was asked with. */
async function nextSearch(page: Page): Promise<{ body: TrainSearchBody; answer: TrainSearchAnswer }> {
  const response = await page.waitForResponse(isSearch);
  const envelope = (await response.json()) as { code: number; data: TrainSearchAnswer; message: string };
  expect(envelope.code).toBe(0);
  return { body: response.request().postDataJSON() as TrainSearchBody, answer: envelope.data };
}

async function pickCity(page: Page, label: string, typed: string, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  const option = page
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${name}All \\d+ stations`) });
  await (await visible(option, `city ${name} for "${typed}"`)).click();
}

const cards = (page: Page) => page.getByTestId('train');
const numbersOnScreen = (page: Page) => cards(page).getByTestId('train-number').allTextContents();
const cheapest = (s: TrainService) => Math.min(...s.classes.map((c) => c.price));

async function shows(page: Page, answer: TrainSearchAnswer): Promise<void> {
  await expect.poll(() => numbersOnScreen(page), { timeout: 5_000 }).toEqual(answer.services.map((s) => s.trainNumber));
}

describe('train search, booking and refund as the operator', () => {
  it('Beijing to Shanghai: G trains with prices, G only, by price; then book two, pay from the balance, see the seats, refund one at 12306 fee, change the other and refund it by its new train and fare', async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    await openLoggedIn(page, 'operator', '/train/booking');
    await visible(page.getByRole('heading', { name: en('trains.title.booking'), exact: true }), 'train booking heading');
    // The top bar has Trains, highlighted here.
    await visible(page.locator('.ant-menu-item-selected').getByText(en('layout.menu.trains'), { exact: true }), 'Trains menu entry');

    await pickCity(page, en('trains.search.from'), 'beijing', 'Beijing');
    await pickCity(page, en('trains.search.to'), 'shanghai', 'Shanghai');
    const date = chinaDay(3);
    const dateBox = page.getByLabel(en('trains.search.date'), { exact: true });
    await dateBox.click();
    await dateBox.fill(date);
    await dateBox.press('Enter');

    const first = nextSearch(page);
    await page.getByRole('button', { name: en('trains.search.submit') }).click();
    const { body, answer } = await first;
    expect(body).toMatchObject({ date, filters: {}, sort: { by: 'departure', order: 'asc' } });
    const url = new URL(page.url());
    expect(url.searchParams.get('date')).toBe(date);
    expect(url.searchParams.get('ft')).toBe('city');
    expect(answer.services.some((s) => s.trainType === 'G')).toBe(true);
    await shows(page, answer);

    // A G train: its type, times, duration and priced classes as the answer says.
    const g = answer.services.find((s) => s.trainType === 'G')!;
    const card = cards(page).filter({ has: page.getByTestId('train-number').getByText(g.trainNumber, { exact: true }) });
    expect(await card.getByTestId('train-type').textContent()).toBe(en('trains.types.G'));
    expect(await card.getByTestId('departure-time').textContent()).toBe(g.from.time);
    expect(await card.getByTestId('duration').textContent()).toMatch(DURATION);
    const prices = await card.getByTestId('price').allTextContents();
    expect(prices).toEqual(g.classes.map((c) => money(c.price, 'CNY')));
    for (const p of prices) expect(p).toMatch(PRICE);

    // G only: the server filters, the URL keeps it.
    const filtered = nextSearch(page);
    await page.getByRole('group', { name: en('trains.filters.trainTypes') }).getByRole('checkbox', { name: new RegExp(en('trains.types.G')) }).click();
    const onlyG = await filtered;
    expect(onlyG.body.filters).toEqual({ trainTypes: ['G'] });
    expect(onlyG.answer.services.length).toBeGreaterThan(0);
    expect(onlyG.answer.services.every((s) => s.trainType === 'G')).toBe(true);
    await shows(page, onlyG.answer);
    expect(new URL(page.url()).searchParams.get('types')).toBe('G');

    // By price, cheapest first.
    const sorted = nextSearch(page);
    await page.getByRole('radiogroup', { name: en('trains.results.sortBy') }).getByText(en('trains.results.sort.price'), { exact: true }).click();
    const byPrice = await sorted;
    expect(byPrice.body).toMatchObject({ filters: { trainTypes: ['G'] }, sort: { by: 'price', order: 'asc' } });
    await shows(page, byPrice.answer);
    const lows = byPrice.answer.services.map(cheapest);
    expect(lows).toEqual([...lows].sort((a, b) => a - b));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price');

    // A reload repeats the same search.
    const again = nextSearch(page);
    await page.reload();
    expect((await again).body).toEqual(byPrice.body);
    await shows(page, byPrice.answer);

    // ---- Book two passengers in second class, pay from the balance, see the seats, refund one ticket. ----
    const train = byPrice.answer.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0))!;
    const second = train.classes.find((c) => c.seatClass === 'second')!;
    await page.getByRole('button', { name: en('trains.results.bookClass', { train: train.trainNumber, seatClass: en('trains.seatClass.second') }) }).click();
    await visible(page.getByRole('heading', { name: en('trains.title.confirm'), exact: true }), 'booking form');
    expect(await page.getByTestId('total').textContent()).toBe(money(second.price, 'CNY'));

    const passenger = async (i: number, p: { surname: string; given: string; gender: string; birthday: string; id: string }) => {
      const card = page.getByTestId(`passenger-${i}`);
      const n = `(${en('trains.book.passengerN', { n: i + 1 })})`;
      await card.getByLabel(`${en('trains.book.surname')} ${n}`, { exact: true }).fill(p.surname);
      await card.getByLabel(`${en('trains.book.givenNames')} ${n}`, { exact: true }).fill(p.given);
      await card.getByText(p.gender, { exact: true }).click();
      const birthday = card.getByLabel(`${en('flight.book.birthday')} ${n}`, { exact: true });
      await birthday.click();
      await birthday.fill(p.birthday);
      await birthday.press('Enter');
      await card.getByLabel(`${en('flight.book.documentNumber')} ${n}`, { exact: true }).fill(p.id);
    };
    await passenger(0, { surname: '张', given: '三', gender: en('flight.book.genders.male'), birthday: '1985-03-05', id: '110105198503050018' });
    await page.getByRole('button', { name: en('trains.book.addPassenger') }).click();
    await passenger(1, { surname: '李', given: '四', gender: en('flight.book.genders.female'), birthday: '1990-07-12', id: '110105199007120026' });
    await page.getByTestId('passenger-0').getByText('A', { exact: true }).click();
    await page.getByTestId('passenger-1').getByText('B', { exact: true }).click();
    const contact = page.getByTestId('contact');
    if (!(await contact.getByLabel(en('flight.book.contact.phone')).inputValue())) await contact.getByLabel(en('flight.book.contact.phone')).fill('13800138000');
    if (!(await contact.getByLabel(en('flight.book.contact.email')).inputValue())) await contact.getByLabel(en('flight.book.contact.email')).fill('ops@agency.example');
    expect(await page.getByTestId('total').textContent()).toBe(money(second.price * 2, 'CNY'));

    const booked = page.waitForResponse((r) => r.url().endsWith('/order/v2/train/orders') && r.request().method() === 'POST');
    await page.getByRole('button', { name: en('trains.book.submit') }).click();
    const bookedEnvelope = (await (await booked).json()) as { code: number; data: TrainOrder; message: string };
    expect(bookedEnvelope.code, bookedEnvelope.message).toBe(0);
    const order = bookedEnvelope.data;
    expect(order.passengers).toHaveLength(2);
    expect(order.total).toBe(second.price * 2);
    await atPath(page, `/train/orders/${order.id}`);
    await visible(page.getByTestId('order-status').getByText(en('trains.orders.status.to_be_paid'), { exact: true }), 'to be paid');

    // Pay from the wallet balance.
    await page.getByRole('button', { name: en('trains.orders.detail.pay'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(en('orders.channels.balance')), 'balance channel');
    const paid = page.waitForResponse((r) => r.url().endsWith(`/order/v2/train/orders/${order.id}/payment`));
    await dialog.getByRole('button', { name: en('trains.orders.pay.submit', { amount: money(order.total, 'CNY') }) }).click();
    const payEnvelope = (await (await paid).json()) as { code: number; message: string };
    expect(payEnvelope.code, payEnvelope.message).toBe(0);
    await visible(page.getByTestId('order-status').getByText(en('trains.orders.status.issued'), { exact: true }), 'issued');
    // Seats: car and seat letter per passenger.
    await expect.poll(() => page.getByTestId('seat').allTextContents()).toEqual([expect.stringMatching(/^Car \d+ · \d+[A-F]$/), expect.stringMatching(/^Car \d+ · \d+[A-F]$/)]);

    // Refund the first ticket: 12306's fee for the time left before departure.
    await page.getByRole('button', { name: en('trains.orders.detail.refund'), exact: true }).click();
    const refundDialog = page.getByRole('dialog');
    const quoted = page.waitForResponse((r) => r.url().endsWith('/refund-quote'));
    await refundDialog.getByRole('checkbox', { name: new RegExp('^张三') }).check();
    const quote = ((await (await quoted).json()) as { data: TrainRefundQuote }).data;
    const fare = order.passengers.find((p) => p.name === '张三')!.price;
    const expected = trainRefundFee(fare, chinaTimeToInstant(order.departureAt), new Date())!;
    expect(quote.totalFee).toBe(expected.fee);
    expect(quote.feePercent).toBe(expected.feePercent);
    await visible(refundDialog.getByTestId('refund-fee').getByText(money(expected.fee, 'CNY'), { exact: true }), 'refund fee');
    const refunded = page.waitForResponse((r) => r.url().endsWith(`/order/v2/train/orders/${order.id}/refund`));
    await refundDialog.getByRole('button', { name: en('trains.orders.refund.confirm', { amount: money(fare - expected.fee, 'CNY') }) }).click();
    const refundEnvelope = (await (await refunded).json()) as { code: number; message: string };
    expect(refundEnvelope.code, refundEnvelope.message).toBe(0);
    await visible(page.getByTestId('order-status').getByText(en('trains.orders.status.partially_refunded'), { exact: true }), 'partly refunded');
    await visible(page.getByTestId('refund-line').getByText(en('trains.orders.detail.refundLine', { amount: money(fare - expected.fee, 'CNY'), fee: money(expected.fee, 'CNY') }), { exact: true }), 'refund line');
    expect(await page.getByTestId('refund-fees').textContent()).toBe(money(expected.fee, 'CNY'));

    // Change the other ticket to a second-class seat on a train the next day: the fare difference the dialog shows is
    // the contract's rule, and the order then shows the new train, car and seat.
    await page.getByRole('button', { name: en('trains.orders.detail.change'), exact: true }).click();
    const changeDialog = page.getByRole('dialog');
    await changeDialog.getByRole('checkbox', { name: new RegExp('^李四') }).check();
    const nextDay = chinaDay(4);
    const searched = page.waitForResponse((r) => isSearch(r) && (r.request().postDataJSON() as TrainSearchBody).date === nextDay);
    const changeDate = changeDialog.getByLabel(en('trains.orders.change.date'), { exact: true });
    await changeDate.click();
    await changeDate.fill(nextDay);
    await changeDate.press('Enter');
    const offered = ((await (await searched).json()) as { data: TrainSearchAnswer }).data;
    expect(offered.services.every((s) => s.from.code === order.from.code && s.to.code === order.to.code)).toBe(true);
    const target = offered.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0))!;
    expect(target, 'a train with second-class seats the next day').toBeTruthy();
    await changeDialog.getByRole('radio', { name: en('trains.orders.change.pickClass', { train: target.trainNumber, seatClass: en('trains.seatClass.second') }) }).check();
    const mover = order.passengers.find((p) => p.name === '李四')!;
    const newFare = target.classes.find((c) => c.seatClass === 'second')!;
    const due = trainChangeQuote([{ passengerId: mover.id, ticketType: mover.ticketType, fare: mover.price }], newFare, chinaTimeToInstant(order.departureAt), new Date());
    if (due.owed > 0) await visible(changeDialog.getByTestId('change-owed').getByText(en('trains.orders.change.owed', { amount: money(due.owed, 'CNY') }), { exact: true }), 'owed');
    else if (due.returned > 0) await visible(changeDialog.getByTestId('change-returned').getByText(en('trains.orders.change.returned', { amount: money(due.returned, 'CNY') }), { exact: true }), 'returned');
    else await visible(changeDialog.getByTestId('change-even'), 'no difference');
    const changed = page.waitForResponse((r) => r.url().endsWith(`/order/v2/train/orders/${order.id}/change`));
    await changeDialog
      .getByRole('button', { name: due.owed > 0 ? en('trains.orders.change.confirmPay', { amount: money(due.owed, 'CNY') }) : en('trains.orders.change.confirm'), exact: true })
      .click();
    const changeEnvelope = (await (await changed).json()) as { code: number; data: { order: TrainOrder }; message: string };
    expect(changeEnvelope.code, changeEnvelope.message).toBe(0);
    const moved = changeEnvelope.data.order.passengers.find((p) => p.id === mover.id)!;
    expect(moved.change).toMatchObject({ trainNumber: target.trainNumber, seatClass: 'second' });
    const newSeat = `Car ${moved.change!.seat!.car} · ${moved.change!.seat!.seat}`;
    expect(newSeat).toMatch(/^Car \d+ · \d+[A-F]$/);
    await expect.poll(() => page.getByTestId('seat').allTextContents()).toContain(newSeat);
    await visible(
      page.getByTestId('change-line').getByText(
        en('trains.orders.detail.changeLine', { train: target.trainNumber, date: nextDay, time: moved.change!.departureAt.slice(11, 16), seatClass: en('trains.seatClass.second') }),
        { exact: true },
      ),
      'change line',
    );

    // Refund the changed ticket: 12306's fee by the new train's departure, on the new fare; the order is then all
    // refunded.
    await page.getByRole('button', { name: en('trains.orders.detail.refund'), exact: true }).click();
    const changedRefund = page.getByRole('dialog');
    const changedQuoted = page.waitForResponse((r) => r.url().endsWith('/refund-quote'));
    await changedRefund.getByRole('checkbox', { name: new RegExp('^李四') }).check();
    const changedQuote = ((await (await changedQuoted).json()) as { data: TrainRefundQuote }).data;
    const changedFare = moved.change!.fare;
    const changedExpected = trainRefundFee(changedFare, chinaTimeToInstant(moved.change!.departureAt), new Date())!;
    expect(changedQuote.lines).toEqual([expect.objectContaining({ passengerId: mover.id, fare: changedFare, fee: changedExpected.fee })]);
    expect(changedQuote.departureAt).toBe(moved.change!.departureAt);
    const changedRefunded = page.waitForResponse((r) => r.url().endsWith(`/order/v2/train/orders/${order.id}/refund`));
    await changedRefund.getByRole('button', { name: en('trains.orders.refund.confirm', { amount: money(changedFare - changedExpected.fee, 'CNY') }) }).click();
    const changedEnvelope = (await (await changedRefunded).json()) as { code: number; message: string };
    expect(changedEnvelope.code, changedEnvelope.message).toBe(0);
    await visible(page.getByTestId('order-status').getByText(en('trains.orders.status.refunded'), { exact: true }), 'all refunded');

    // The orders list has it, with its status.
    await page.getByRole('button', { name: en('trains.orders.detail.back') }).click();
    await visible(page.getByRole('link', { name: order.orderNumber, exact: true }), 'order in the list');
  });
});

describe('train orders without a role (spec point 2: /train/orders needs the train service only)', () => {
  it('a finance user, who has no flight or train booking pages, finds the train bookings under My Bookings', async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    await openLoggedIn(page, 'finance', '/profile');
    const header = page.locator('header');
    // No search pages for this role: no Flights or Trains in the top bar, but My Bookings leads to the train orders.
    await visible(header.getByText(en('layout.menu.bookings'), { exact: true }), 'My Bookings in the top bar');
    expect(await header.getByText(en('layout.menu.trains'), { exact: true }).count()).toBe(0);
    expect(await header.getByText(en('layout.menu.flights'), { exact: true }).count()).toBe(0);
    await header.getByText(en('layout.menu.bookings'), { exact: true }).click();
    await atPath(page, '/train/orders');
    await visible(page.getByRole('heading', { name: en('trains.title.orders'), exact: true }), 'train orders heading');
    await visible(page.locator('.ant-menu-item-selected').getByText(en('layout.menu.bookings'), { exact: true }), 'My Bookings highlighted');
  });
});
