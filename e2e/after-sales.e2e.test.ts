import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSalesOptions, ChangeSearchAnswer, ScheduleNotice } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import type { Solution, SolutionsAnswer } from '@portal/contract/api/shopping';
import en_platform from '../apps/web/src/locales/en/platform.json';
import { DEMO_PASSWORDS, launch } from './browser.ts';
import { isoDay, money } from './flight.ts';
import { startServer, type RunningServer } from './server.ts';
import { en } from './texts.ts';
import { chooseOption, escapeRegExp, hidden, prepare, screenshotOnFailure, toast, visible, type Envelope } from './ui.ts';

/**
 * Issue 10, after-sales of issued flight orders as an agent walks them in the browser: a refund with a supporting
 * document through the quote to the money back in the wallet; a same-day void; accepting the protected flight of an
 * airline cancellation raised on the platform's supplier simulation page; a change to a later date paying the
 * difference.
 *
 * This file runs its own server: the simulated airline desk answers a request at once
 * (AFTER_SALES_DESK_DELAY_SECONDS=0, so the request's own kick quotes it instead of the minutely sweep) and no random
 * schedule changes are raised. The schedule-change queue is still read by the minutely job, so the airline change is
 * raised first and answered after the refund and void flows, by which time the job has usually recorded it.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let current: Page | undefined;

/** Set E2E_SCREENSHOTS=1 to keep full-page pictures of the main steps in /tmp (to look at the pages). */
async function picture(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `/tmp/after-sales-${name}.png`, fullPage: true });
}

async function api<T = any>(method: string, path: string, o: { token?: string; body?: unknown; key?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  if (o.key) headers['Idempotency-Key'] = o.key;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  return (await res.json()) as Envelope<T>;
}

async function ok<T = any>(method: string, path: string, o: { token?: string; body?: unknown; key?: string } = {}): Promise<T> {
  const answer = await api<T>(method, path, o);
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.message} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

const login = async (username: keyof typeof DEMO_PASSWORDS) => (await ok<{ token: string }>('POST', '/base/v2/login', { body: { username, password: DEMO_PASSWORDS[username] } })).token;

/** A page in a fresh context on this file's server, logged in as `username` (token in local storage), at `path`. */
async function openAs(username: keyof typeof DEMO_PASSWORDS, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en' });
  contexts.push(context);
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('portal.language')) window.localStorage.setItem('portal.language', 'en');
  });
  const page = prepare(await context.newPage());
  current = page;
  const token = await login(username);
  await page.goto('/terms');
  await page.evaluate((t) => window.localStorage.setItem('portal.token', t), token);
  await page.goto(path);
  return page;
}

const ORDERS = '/order/v2/flight/orders';
const getOrder = (token: string, id: string) => ok<FlightOrder>('GET', `${ORDERS}/${id}`, { token });
const cash = async (token: string) => (await ok<{ balances: { currency: string; cash: number }[] }>('GET', '/base/v2/wallet', { token })).balances.find((b) => b.currency === 'CNY')!.cash;

interface Booked {
  order: FlightOrder;
  solution: Solution;
}

/**
 * Searches PEK-SHA one way, direct, `days` out; books the first solution's fare of `supplier` for one adult (names
 * differ per order, so no booking looks like a duplicate), pays from the balance and waits until it is issued.
 */
async function issuedOrder(token: string, supplier: string, surname: string, days: number, pick: (s: Solution) => boolean = () => true): Promise<Booked> {
  const { searchId } = await ok<{ searchId: string }>('POST', '/shopping/v2/flight/async-shopping', {
    token,
    body: { journeys: [{ origin: 'PEK', destination: 'SHA', date: isoDay(days) }], passengers: { adult: 1, child: 0, infant: 0 }, directOnly: true },
  });
  let page: SolutionsAnswer;
  for (const deadline = Date.now() + 20_000; ; ) {
    page = await ok<SolutionsAnswer>('POST', '/shopping/v2/flight/async-shopping/solutions', { token, body: { searchId, pageSize: 200 } });
    if (page.progress.done) break;
    if (Date.now() > deadline) throw new Error('search not done in 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const solution = page.items.find((s) => pick(s) && s.fares.some((f) => f.fareId.startsWith(`${supplier}:`)));
  if (!solution) throw new Error(`no ${supplier} fare PEK-SHA in ${days} days`);
  const fare = solution.fares.find((f) => f.fareId.startsWith(`${supplier}:`))!;
  const passenger = {
    type: 'adult',
    surname,
    given_names: 'ETOE',
    gender: 'male',
    birthday: '1985-03-05',
    nationality: 'CN',
    travel_document: { type: 'passport', number: `E${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, expiryDate: isoDay(3000), issuingCountry: 'CN' },
  };
  const contact = { name: 'Wang Wu', email: 'wang.wu@example.com', areaCode: '86', phone: '13800138000' };
  const book = (acceptedTotal: number) => api<FlightOrder & { newTotal?: number }>('POST', ORDERS, { token, key: randomUUID(), body: { searchId, fareId: fare.fareId, acceptedTotal, passengers: [passenger], contact } });
  let booked = await book(fare.totalSalePrice);
  // Earlier bookings take seats: the simulator may now sell a dearer class; accept it once.
  if (booked.code !== 0 && typeof booked.data?.newTotal === 'number') booked = await book(booked.data.newTotal);
  if (booked.code !== 0) throw new Error(`booking failed: ${booked.code} ${booked.message}`);
  await ok('POST', `${ORDERS}/${booked.data.id}/payment`, { token, key: randomUUID(), body: { method: 'balance' } });
  let order = await getOrder(token, booked.data.id);
  for (const deadline = Date.now() + 20_000; order.status === 'proceeding' && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 250));
    order = await getOrder(token, booked.data.id);
  }
  expect(order.status).toBe('issued');
  return { order, solution };
}

/** The order header card (booking number, status tags, actions). */
const header = (page: Page, bookingNumber: string): Locator =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${escapeRegExp(bookingNumber)}`) }) });

async function statusShown(page: Page, bookingNumber: string, status: string, timeout = 15_000): Promise<void> {
  const tag = header(page, bookingNumber).locator('.ant-tag').getByText(en(`orders.status.${status}`), { exact: true });
  try {
    await tag.waitFor({ state: 'visible', timeout });
  } catch {
    const shown = await header(page, bookingNumber).locator('.ant-tag').allTextContents().catch(() => []);
    throw new Error(`order ${bookingNumber}: expected the status "${en(`orders.status.${status}`)}", the header shows ${JSON.stringify(shown)}`);
  }
}

/**
 * Clicks a dialog's submit button and answers the server's reply. A click that lands while the dialog is still
 * opening can be lost (nothing is sent): then, and only then, the button is still there and is clicked again.
 */
async function submitAndAnswer<T>(page: Page, button: Locator, method: string, test: (url: URL) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = answerOf<T>(page, method, test, 8_000);
    await button.click();
    try {
      return await answer;
    } catch (err) {
      const lost = err instanceof Error && err.name === 'TimeoutError';
      if (!lost || attempt >= 3 || !(await button.isVisible())) throw err;
    }
  }
}

function answerOf<T>(page: Page, method: string, test: (url: URL) => boolean, timeout = 20_000): Promise<T> {
  const answer = page
    .waitForResponse((r: Response) => r.request().method() === method && test(new URL(r.url())), { timeout })
    .then(async (r) => (await r.json()) as Envelope<T>)
    .then((e) => {
      if (e.code !== 0) throw new Error(`${method} answered ${e.code} ${e.message}`);
      return e.data;
    });
  answer.catch(() => undefined);
  return answer;
}

/**
 * Chooses `option` in the antd Select labelled `label` inside `scope`, and checks it took: a click that lands while the
 * dropdown is still opening can leave the option only highlighted, so it is tried again.
 */
async function select(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  const shown = scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  const open = page.locator('.ant-select-dropdown').filter({ visible: true });
  // Another select's dropdown may still be closing.
  await hidden(open, 'an earlier dropdown');
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await open.filter({ has: page.getByText(option, { exact: true }) }).count()) === 0) await box.click();
    await chooseOption(page, option);
    try {
      await expect.poll(async () => (await shown.innerText()).trim(), { timeout: 2_000 }).toBe(option);
      return;
    } catch {
      // not taken: again
    }
  }
  throw new Error(`"${option}" could not be chosen in ${label}; it shows "${(await shown.innerText()).trim()}"`);
}

/** Seconds, to shorten the after-sales timings of this file's server. */
const SERVER_ENV = { AFTER_SALES_DESK_DELAY_SECONDS: '0', SCHEDULE_CHANGE_RATE: '0' };

let agency: string;
let admin: string;
let refundCase: Booked;
let voidCase: Booked;
let disruptionCase: Booked;
let changeCase: Booked;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(SERVER_ENV), launch()]);
  [agency, admin] = await Promise.all([login('agency'), login('admin')]);
  for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) {
    await ok('PUT', `/base/v2/suppliers/${code}`, { token: admin, body: { ticketingDelaySeconds: 0 } });
  }
  // Full-service (GDS) fares: voidable the day they are issued, changeable for a fee, refunds and reissues made by
  // the simulated airline itself. One order per flow, each on its own day.
  [disruptionCase, refundCase, voidCase, changeCase] = await Promise.all([
    issuedOrder(agency, 'sim-gds', 'DISRUPT', 9),
    issuedOrder(agency, 'sim-gds', 'REFUND', 10),
    issuedOrder(agency, 'sim-gds', 'VOID', 11),
    issuedOrder(agency, 'sim-gds', 'CHANGE', 12),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

screenshotOnFailure(() => [current]);

/** A real 1x1 PNG (the server checks documents by their content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const pt = en_platform.platform.suppliers.scheduleChange;

describe('after-sales of an issued order', () => {
  it('the platform cancels a flight at the simulated airline, protecting the passengers on a later one', async () => {
    const page = await openAs('admin', '/platform/suppliers');
    const form = await visible(page.getByTestId('schedule-change-form'), 'schedule-change form');
    await select(page, form, pt.supplier, 'sim-gds');
    await form.getByLabel(pt.recordLocator, { exact: true }).fill(disruptionCase.order.recordLocator!.toLowerCase());
    await select(page, form, pt.kind, pt.kinds.cancel_save);
    await form.getByRole('button', { name: pt.submit, exact: true }).click();
    await visible(toast(page, pt.raised.replace('{{kind}}', pt.kinds.cancel_save).replace('{{recordLocator}}', disruptionCase.order.recordLocator!)), 'raised toast');
    // The form is ready for the next one.
    expect(await form.getByLabel(pt.recordLocator, { exact: true }).inputValue()).toBe('');
  });

  it('refunds with a supporting document: request, quote, confirmation, money back in the wallet', async () => {
    const { order } = refundCase;
    const before = await cash(agency);
    const options = await ok<AfterSalesOptions>('GET', `${ORDERS}/${order.id}/after-sales`, { token: agency });
    expect(options.paths.map((p) => [p.kind, p.available])).toEqual([
      ['change', true],
      ['refund', true],
      ['void', true],
    ]);

    const page = await openAs('agency', `/flight/orders/${order.id}`);
    await statusShown(page, order.bookingNumber, 'issued');
    const panel = await visible(page.getByTestId('after-sales-panel'), 'after-sales panel');
    await visible(panel.getByTestId('path-refund').getByText(en('orders.afterSales.panel.possible')), 'refund possible now');
    const refundPath = options.paths.find((p) => p.kind === 'refund')!;
    expect(await panel.getByTestId('back-refund').textContent()).toBe(money(refundPath.now!.back, 'CNY'));
    expect(await panel.getByTestId('back-void').textContent()).toBe(money(options.paths.find((p) => p.kind === 'void')!.now!.back, 'CNY'));
    // Voiding gives the most back today (the whole price on this fare): the panel says so.
    expect(options.cheapest).toBe('void');
    expect(await panel.getByTestId('path-void').getAttribute('data-cheapest')).toBe('true');
    expect(await panel.getByTestId('path-refund').getAttribute('data-cheapest')).toBeNull();
    await picture(page, '1-order-panel');

    await panel.getByTestId('path-refund').getByRole('button', { name: en('orders.afterSales.open.refund'), exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: en('orders.afterSales.refund.title', { booking: order.bookingNumber }) }), 'refund dialog');
    const pax = order.passengers[0];
    // Every open passenger and flight is chosen to start with.
    expect(await dialog.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(`${pax.surname}/${pax.givenNames}`)}`) }).isChecked()).toBe(true);
    await select(page, dialog, en('orders.afterSales.fields.reason'), en('orders.afterSales.reasons.refund.2'));
    await visible(dialog.getByText(en('orders.afterSales.attachments.neededHint')), 'documents needed hint');
    // Without the detailed reason and a document it is not sent.
    await dialog.getByRole('button', { name: en('orders.afterSales.refund.submit'), exact: true }).click();
    await visible(dialog.getByText(en('orders.afterSales.errors.subReason'), { exact: true }), 'detailed reason required');
    await select(page, dialog, en('orders.afterSales.fields.subReason'), en('orders.afterSales.subReasons.passenger'));
    await dialog.getByRole('button', { name: en('orders.afterSales.refund.submit'), exact: true }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: en('orders.afterSales.attachments.required') }), 'document required');

    const uploaded = answerOf<{ id: string; mime: string; name: string }>(page, 'POST', (u) => u.pathname === `${ORDERS}/${order.id}/attachments`);
    await dialog.getByTestId('attachments-input').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: PNG });
    expect(await uploaded).toMatchObject({ mime: 'image/png', name: 'certificate.png' });
    await visible(dialog.locator('[data-testid="attachment-item"][data-status="done"]').filter({ hasText: 'certificate.png' }), 'uploaded document');
    await hidden(dialog.getByRole('alert').filter({ hasText: en('orders.afterSales.attachments.required') }), 'document required, once one is uploaded');
    await dialog.getByLabel(en('orders.afterSales.fields.remark'), { exact: true }).fill('Medical certificate attached');
    await picture(page, '1-refund-dialog');

    const requested = answerOf<FlightOrder>(page, 'POST', (u) => u.pathname === `${ORDERS}/${order.id}/refund`);
    await dialog.getByRole('button', { name: en('orders.afterSales.refund.submit'), exact: true }).click();
    const refund = await requested;
    expect(refund).toMatchObject({ type: 'refund', status: 'rfd_reviewing', originalOrderId: order.id });
    expect(refund.request).toMatchObject({ kind: 'refund', reason: 2, subReason: 'passenger', involuntary: true, passengerIds: [pax.id] });
    expect(refund.request!.attachments.map((a) => a.name)).toEqual(['certificate.png']);
    await visible(toast(page, en('orders.afterSales.refund.done', { booking: refund.bookingNumber })), 'refund requested toast');
    await page.waitForURL((u) => u.pathname === `/flight/orders/${refund.id}`, { waitUntil: 'commit' });

    // The simulated airline desk quotes; the page asks again while the request is reviewed.
    await statusShown(page, refund.bookingNumber, 'rfd_to_be_confirm', 20_000);
    const quoted = await getOrder(agency, refund.id);
    const quote = quoted.request!.refundQuote!;
    // Illness with a certificate: involuntary, no refund fee; the fare and taxes come back less the service fee.
    expect(quote).toMatchObject({ version: 1, involuntary: true, currency: 'CNY' });
    expect(quote.lines).toHaveLength(1);
    const line = quote.lines[0];
    expect(line).toMatchObject({ passengerId: pax.id, ticketNumber: pax.ticketNumber, paid: order.total, refundFee: 0 });
    expect(line.refundAmount).toBe(order.total - line.serviceFee);
    expect(quote.total).toBe(line.refundAmount);
    expect(Date.parse(quote.expiresAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const card = await visible(page.getByTestId('refund-quote'), 'refund quote card');
    expect(await card.getByTestId('quote-total').textContent()).toBe(money(quote.total, 'CNY'));
    await visible(card.getByText(en('orders.afterSales.request.involuntary'), { exact: true }), 'involuntary tag');
    const row = card.locator('tbody tr').filter({ hasText: `${pax.surname}/${pax.givenNames}` });
    expect((await row.locator('td').allTextContents()).slice(1)).toEqual([money(line.paid, 'CNY'), money(line.tax, 'CNY'), money(0, 'CNY'), money(line.serviceFee, 'CNY'), money(line.refundAmount, 'CNY')]);
    // The countdown to the quote's deadline ticks.
    const timer = card.getByRole('timer');
    const first = await (await visible(timer, 'quote countdown')).textContent();
    expect(first).toMatch(/^\s*(\d+ days? )?\d{2}:\d{2}:\d{2} left$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    await visible(page.getByTestId('request-block').getByTestId('request-attachments').getByText('certificate.png'), 'the request with its document');
    await picture(page, '1-refund-quote');

    await card.getByRole('button', { name: en('orders.afterSales.quote.confirm', { amount: money(quote.total, 'CNY') }), exact: true }).click();
    const ask = await visible(page.getByRole('dialog', { name: en('orders.afterSales.quote.askTitle', { booking: refund.bookingNumber }) }), 'confirm quote dialog');
    await visible(ask.getByText(en('orders.afterSales.quote.askBody', { amount: money(quote.total, 'CNY') })), 'amount in the question');
    const confirmed = answerOf<FlightOrder>(page, 'POST', (u) => u.pathname === `${ORDERS}/${refund.id}/confirmation`);
    await ask.getByRole('button', { name: en('orders.afterSales.quote.askOk'), exact: true }).click();
    expect((await confirmed).status).toBe('rfd_proceeding');
    await visible(toast(page, en('orders.afterSales.quote.confirmed')), 'confirmed toast');

    // The airline refunds and the wallet is paid back; the page follows.
    await statusShown(page, refund.bookingNumber, 'refunded_reimbursed', 30_000);
    await hidden(card.getByRole('button', { name: en('orders.afterSales.quote.confirm', { amount: money(quote.total, 'CNY') }), exact: true }), 'confirm button after confirming');
    expect(await cash(agency)).toBe(before + quote.total);
    const done = await getOrder(agency, refund.id);
    expect(done.events.map((e) => e.event)).toEqual(expect.arrayContaining(['request', 'quote', 'confirm', 'reimburse']));

    // The wallet shows the refund as its newest entry.
    await page.goto('/bills/wallet');
    const entry = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await visible(entry.getByText(en('bills.entryTypes.refund-flight'), { exact: true }), 'flight refund entry');
    expect(await entry.getByText(`CNY +${money(quote.total, 'CNY').slice(4)}`, { exact: true }).count()).toBe(1);
    await picture(page, '1-wallet');

    // The original lists its refund, and nothing is left to refund or void.
    await page.goto(`/flight/orders/${order.id}`);
    const related = await visible(page.getByTestId('related-orders'), 'related orders');
    const relatedRow = related.locator('tbody tr').filter({ hasText: refund.bookingNumber });
    await visible(relatedRow.getByText(en('orders.status.refunded_reimbursed'), { exact: true }), 'refund in the related orders');
    await hidden(page.getByTestId('after-sales-panel'), 'after-sales panel of a fully refunded order');
  });

  it('voids the tickets the day they were issued', async () => {
    const { order } = voidCase;
    expect(order.cancellationPolicy.every((p) => p.voidAllowed)).toBe(true);
    expect(order.voidDeadline).not.toBeNull();
    const before = await cash(agency);
    const options = await ok<AfterSalesOptions>('GET', `${ORDERS}/${order.id}/after-sales`, { token: agency });
    const voidPath = options.paths.find((p) => p.kind === 'void')!;
    expect(voidPath).toMatchObject({ available: true, until: order.voidDeadline });

    const page = await openAs('agency', `/flight/orders/${order.id}`);
    const panel = await visible(page.getByTestId('after-sales-panel'), 'after-sales panel');
    const column = panel.getByTestId('path-void');
    await visible(column.getByText(en('orders.afterSales.panel.possible')), 'void possible now');
    await visible(column.getByRole('timer'), 'void countdown');
    await column.getByRole('button', { name: en('orders.afterSales.open.void'), exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: en('orders.afterSales.void.title', { booking: order.bookingNumber }) }), 'void dialog');
    expect(await dialog.getByTestId('void-back').textContent()).toBe(money(voidPath.now!.back, 'CNY'));
    await picture(page, '2-void-dialog');
    await dialog.getByRole('button', { name: en('orders.afterSales.void.next_one', { count: 1 }), exact: true }).click();
    const pax = order.passengers[0];
    await visible(dialog.getByText(en('orders.afterSales.void.confirmTitle', { names: `${pax.surname}/${pax.givenNames}` })), 'void confirmation');
    const requested = answerOf<FlightOrder>(page, 'POST', (u) => u.pathname === `${ORDERS}/${order.id}/void`);
    await dialog.getByRole('button', { name: en('orders.afterSales.void.confirmOk'), exact: true }).click();
    const voided = await requested;
    expect(voided).toMatchObject({ type: 'void', status: 'void_proceeding', originalOrderId: order.id, total: voidPath.now!.back });
    await page.waitForURL((u) => u.pathname === `/flight/orders/${voided.id}`, { waitUntil: 'commit' });
    await statusShown(page, voided.bookingNumber, 'voided_reimbursed', 20_000);
    expect(await cash(agency)).toBe(before + voidPath.now!.back);
    await picture(page, '2-voided');

    // Nothing is left on the original to change, refund or void.
    const original = await getOrder(agency, order.id);
    expect(original.actions).not.toContain('requestVoid');
    expect(original.actions).not.toContain('requestRefund');
    expect(original.related.map((r) => [r.id, r.status])).toEqual([[voided.id, 'voided_reimbursed']]);
  });

  it('accepts the protected flight of an airline cancellation', async () => {
    const { order } = disruptionCase;
    const oldFlight = order.legs[0].segments[0];
    // The minutely job reads the airline's queue; the change was raised at the start of this file.
    let notice: ScheduleNotice | undefined;
    await expect
      .poll(
        async () => {
          const list = await ok<{ items: ScheduleNotice[] }>('GET', '/order/v2/flight/schedule-changes?status=open', { token: agency });
          notice = list.items.find((n) => n.orderId === order.id);
          return notice?.kind;
        },
        { timeout: 100_000, interval: 1_000 },
      )
      .toBe('cancel_save');
    expect(notice!).toMatchObject({ status: 'open', leg: 0, bookingNumber: order.bookingNumber, recordLocator: order.recordLocator, actions: ['accept', 'refuse'] });
    expect(notice!.oldFlights.map((f) => f.flightNumber)).toEqual([oldFlight.flightNumber]);
    expect(notice!.newFlights).toHaveLength(1);
    const newFlight = notice!.newFlights[0];
    expect(newFlight.departure > notice!.oldFlights[0].departure).toBe(true);
    const flightLine = (f: { flightNumber: string; origin: string; destination: string }) => `${f.flightNumber} · ${f.origin} → ${f.destination}`;

    // The disruption inbox lists it with the flights before and now.
    const page = await openAs('agency', '/flight/orders/disruptions');
    await visible(page.getByRole('heading', { name: en('orders.title.disruptions'), exact: true }), 'disruptions heading');
    const row = await visible(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.bookingNumber }), 'notice row');
    await visible(row.getByText(en('orders.notices.kinds.cancel_save'), { exact: true }), 'kind tag');
    expect(await row.getByTestId('notice-old').getByText(flightLine(notice!.oldFlights[0]), { exact: true }).count()).toBe(1);
    expect(await row.getByTestId('notice-new').getByText(flightLine(newFlight), { exact: true }).count()).toBe(1);
    await visible(row.getByRole('timer'), 'answer countdown');
    await picture(page, '3-disruptions');

    // The order shows it too; accept there, confirming.
    await row.getByRole('link', { name: order.bookingNumber, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/flight/orders/${order.id}`, { waitUntil: 'commit' });
    const card = await visible(page.getByTestId('notices'), 'notices card');
    const item = card.getByTestId('notice');
    await visible(item.getByText(en('orders.notices.statuses.open'), { exact: true }), 'open notice');
    await visible(item.getByText(en('orders.notices.explain.cancel_save'), { exact: true }), 'explanation');
    await picture(page, '3-order-notice');
    await item.getByRole('button', { name: en('orders.notices.actions.accept'), exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: en('orders.notices.confirm.accept.title', { booking: order.bookingNumber }) }), 'accept dialog');
    expect(await dialog.getByTestId('notice-new').getByText(flightLine(newFlight), { exact: true }).count()).toBe(1);
    const accepted = await submitAndAnswer<ScheduleNotice>(page, dialog.getByRole('button', { name: en('orders.notices.actions.accept'), exact: true }), 'POST', (u) => u.pathname === `/order/v2/flight/schedule-changes/${notice!.id}/accept`);
    expect(accepted).toMatchObject({ id: notice!.id, status: 'accepted', actions: [] });
    await visible(toast(page, en('orders.notices.done.accept', { booking: order.bookingNumber })), 'accepted toast');
    await visible(item.getByText(en('orders.notices.statuses.accepted'), { exact: true }), 'accepted notice');
    await hidden(item.getByRole('button', { name: en('orders.notices.actions.accept'), exact: true }), 'accept button after accepting');

    await picture(page, '3-accepted');
    const after = await getOrder(agency, order.id);
    expect(after.status).toBe('issued');
    expect(after.events.at(-1)).toMatchObject({ event: 'schedule_change_accepted', from: 'issued', to: 'issued' });
    // The after-sales deadlines now follow the new flight's departure.
    const options = await ok<AfterSalesOptions>('GET', `${ORDERS}/${order.id}/after-sales`, { token: agency });
    expect(Date.parse(options.paths.find((p) => p.kind === 'change')!.until!)).toBeGreaterThan(Date.parse(`${oldFlight.departure.slice(0, 16)}:00+08:00`));

    // Answered: no longer waiting in the inbox.
    await page.goto('/flight/orders/disruptions');
    await visible(page.getByText(en('orders.disruptions.empty'), { exact: true }), 'empty inbox');

    // The order now flies the protected flight: its flights, on the page and in the API.
    await page.goto(`/flight/orders/${order.id}`);
    const flights = page.locator('.ant-card').filter({ has: page.getByText(en('orders.detail.sections.flights'), { exact: true }) });
    await visible(flights, 'flights card');
    expect(after.legs[0].segments.map((s) => [s.flightNumber, s.departure.slice(0, 16), s.arrival.slice(0, 16)])).toEqual([[newFlight.flightNumber, newFlight.departure, newFlight.arrival]]);
    await visible(flights.getByText(newFlight.flightNumber, { exact: true }), 'new flight number in the flights card');
    await visible(flights.getByText(newFlight.departure.slice(11, 16), { exact: true }), 'new departure time in the flights card');
    // The carrier's next flight on the route may be the same flight number the next day.
    if (newFlight.flightNumber !== oldFlight.flightNumber) expect(await flights.getByText(oldFlight.flightNumber, { exact: true }).count()).toBe(0);
  }, 150_000);
  it('changes to a later date, paying the difference, and gets new tickets', async () => {
    const { order } = changeCase;
    const pax = order.passengers[0];
    const oldFlight = order.legs[0].segments[0];
    const newDate = isoDay(14);
    const before = await cash(agency);

    const page = await openAs('agency', `/flight/orders/${order.id}`);
    const panel = await visible(page.getByTestId('after-sales-panel'), 'after-sales panel');
    await panel.getByTestId('path-change').getByRole('button', { name: en('orders.afterSales.open.change'), exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: en('orders.afterSales.change.title', { booking: order.bookingNumber }) }), 'change dialog');
    expect(await dialog.getByRole('checkbox', { name: `${pax.surname}/${pax.givenNames}`, exact: true }).isChecked()).toBe(true);
    // The only flight is chosen; its date starts at the old one.
    const leg = dialog.getByTestId('change-leg-0');
    expect(await leg.getByRole('checkbox').isChecked()).toBe(true);
    const date = leg.getByLabel(en('orders.afterSales.change.newDate', { n: 1 }), { exact: true });
    expect(await date.inputValue()).toBe(oldFlight.departure.slice(0, 10));
    await date.click();
    await date.fill(newDate);
    await date.press('Enter');
    expect(await date.inputValue()).toBe(newDate);
    await select(page, dialog, en('orders.afterSales.fields.reason'), en('orders.afterSales.reasons.change.0'));

    // The dialog asks again until the search is complete; keep the last answer.
    let answer: ChangeSearchAnswer | undefined;
    const complete = page.waitForResponse(
      async (r) => {
        if (r.request().method() !== 'POST' || new URL(r.url()).pathname !== `${ORDERS}/${order.id}/change/search`) return false;
        const body = (await r.json().catch(() => null)) as Envelope<ChangeSearchAnswer> | null;
        if (body?.code !== 0) throw new Error(`change search answered ${body?.code} ${body?.message}`);
        answer = body.data;
        return body.data.complete;
      },
      { timeout: 30_000 },
    );
    await dialog.getByRole('button', { name: en('orders.afterSales.change.search'), exact: true }).click();
    await complete;
    expect(answer!.involuntary).toBe(false);
    const option = answer!.options.find((o) => o.total > 0);
    if (!option) throw new Error(`no change option with a price: ${JSON.stringify(answer!.options.map((o) => o.total))}`);
    // Same route, the new date, the fee and any difference per passenger.
    expect(option.solution.legs[0].segments[0].departure.slice(0, 10)).toBe(newDate);
    expect(option.lines).toHaveLength(1);
    expect(option.lines[0]).toMatchObject({ passengerId: pax.id, changeFee: order.cancellationPolicy[0].change.beforeDeparture.fee });
    expect(option.total).toBe(option.lines[0].total);
    expect(option.lines[0].total).toBe(option.lines[0].changeFee + option.lines[0].fareDifference + option.lines[0].taxDifference + option.lines[0].serviceFee);

    const amount = money(option.total, option.currency);
    const cards = dialog.getByTestId('change-option');
    await expect.poll(() => cards.count()).toBe(answer!.options.length);
    const card = cards.nth(answer!.options.indexOf(option));
    await card.getByRole('radio', { name: en('orders.afterSales.change.optionTotal', { amount }), exact: true }).check();
    await picture(page, '4-change-options');
    const requested = answerOf<FlightOrder>(page, 'POST', (u) => u.pathname === `${ORDERS}/${order.id}/change`);
    await dialog.getByRole('button', { name: en('orders.afterSales.change.submitAmount', { amount }), exact: true }).click();
    const change = await requested;
    expect(change).toMatchObject({ type: 'change', status: 'chg_reviewing', originalOrderId: order.id, total: option.total });
    expect(change.request).toMatchObject({ kind: 'change', reason: 0, involuntary: false, passengerIds: [pax.id] });
    expect(change.passengers.map((p) => p.ticketNumber)).toEqual([null]);
    await visible(toast(page, en('orders.afterSales.change.done', { booking: change.bookingNumber })), 'change requested toast');
    await page.waitForURL((u) => u.pathname === `/flight/orders/${change.id}`, { waitUntil: 'commit' });

    // The simulated airline desk quotes: the difference is to be paid.
    await statusShown(page, change.bookingNumber, 'chg_to_be_paid', 20_000);
    await visible(page.getByTestId('change-quote'), 'change quote');
    await picture(page, '4-change-to-pay');
    await header(page, change.bookingNumber).getByRole('button', { name: en('orders.actions.pay') }).click();
    const pay = await visible(page.getByRole('dialog', { name: en('orders.pay.title', { booking: change.bookingNumber }) }), 'pay dialog');
    await pay.getByText(en('orders.channels.balance'), { exact: true }).click();
    expect(await pay.getByTestId('pay-amount').textContent()).toBe(amount);
    const paid = answerOf<{ status: string; paymentStatus: string }>(page, 'POST', (u) => u.pathname === `${ORDERS}/${change.id}/payment`);
    await pay.getByRole('button', { name: en('orders.pay.submit', { amount }), exact: true }).click();
    expect(await paid).toMatchObject({ status: 'chg_proceeding', paymentStatus: 'paid' });

    // The airline reissues: new ticket numbers on the change order, the money spent.
    await statusShown(page, change.bookingNumber, 'changed', 30_000);
    const changed = await getOrder(agency, change.id);
    const ticket = changed.passengers[0].ticketNumber;
    expect(ticket).toMatch(/^\d{13}$/);
    expect(ticket).not.toBe(pax.ticketNumber);
    expect(ticket!.slice(0, 3)).toBe(pax.ticketNumber!.slice(0, 3));
    expect(changed.legs[0].segments[0].departure.slice(0, 10)).toBe(newDate);
    await visible(page.getByText(new RegExp(`${ticket!.slice(0, 3)}-?${ticket!.slice(3)}`)).first(), `new ticket ${ticket}`);
    expect(await cash(agency)).toBe(before - option.total);
    await picture(page, '4-changed');
  });
});
