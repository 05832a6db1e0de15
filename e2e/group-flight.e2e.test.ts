import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { isoDay, pickDate, pickPlace } from './flight.ts';
import { en } from './texts.ts';
import { apiCall, apiLogin, hidden, openLoggedIn, useBrowser, visible } from './ui.ts';

/**
 * Issue 12 as an agent walks it: request a group of 12, receive the simulated desk's quote, confirm it, pay two
 * deposits and the final payment from the balance, upload the passenger list from the portal's own template, confirm
 * it and see the group issued with a ticket per traveller. The e2e server's simulated desk answers after 2 s
 * (GROUP_DESK_DELAY_SECONDS in e2e/server.ts); the page's own polling shows each answer.
 */
const browser = useBrowser();
/** The desk's answers arrive on the page's polling (5 s), a few times over. */
const DESK_MS = 45_000;

const sixYearsAgo = () => `${new Date().getUTCFullYear() - 6}-02-03`;

/** Waits for the order's status tag to show one of `statuses` (the desk may already have moved past the first). */
async function statusTag(page: Page, ...statuses: string[]) {
  const tags = statuses.map((s) => page.locator('.ant-tag').getByText(en(`groups.status.${s}`), { exact: true }));
  await visible(tags.reduce((any, tag) => any.or(tag)), `status ${statuses.join(' or ')}`);
}

async function payNext(page: Page, kind: 'deposit1' | 'deposit2' | 'final') {
  // The accessible name starts with the wallet icon's label.
  const button = page.getByRole('button', { name: new RegExp(`Pay ${en(`groups.pay.kind.${kind}`)} \\(`) });
  await (await visible(button, `pay ${kind} button`)).click();
  const dialog = await visible(page.getByRole('dialog'), 'pay dialog');
  await dialog.getByText(en('groups.pay.methods.balance'), { exact: true }).click();
  await dialog.getByRole('checkbox', { name: en('groups.pay.acknowledge') }).check();
  await dialog.getByRole('button', { name: /Pay [A-Z]{3} [\d,.]+$/ }).click();
  await hidden(page.getByRole('dialog'), 'pay dialog after paying');
}

describe('group flights', () => {
  it('requests a group of 12, confirms the simulated quote, pays two deposits and the final payment, uploads the names and sees it issued', { timeout: 240_000 }, async () => {
    const page = await browser.open();
    await openLoggedIn(page, 'operator', '/flight/group/booking');
    await pickPlace(page, en('groups.booking.originOf', { n: 1 }), 'Beijing', 'BJS');
    await pickPlace(page, en('groups.booking.destinationOf', { n: 1 }), 'Shanghai', 'SHA');
    // Two deposits: the simulated desk asks for a second one when departure is more than 30 days away.
    await pickDate(page, en('groups.booking.dateOf', { n: 1 }), isoDay(60));
    await page.getByLabel(en('groups.passengerType.adult'), { exact: true }).fill('10');
    await page.getByLabel(en('groups.passengerType.child'), { exact: true }).fill('2');
    const phone = page.getByLabel(en('groups.contact.phone'), { exact: true });
    if (!(await phone.inputValue())) await phone.fill('13800138000');
    await visible(page.getByText(en('groups.booking.seated_other', { count: 12, min: 10 })), 'seated count');
    await page.getByRole('button', { name: en('groups.booking.continue') }).click();
    await page.waitForURL((u) => u.pathname === '/flight/group/booking/confirm', { waitUntil: 'commit' });
    await page.getByRole('button', { name: en('groups.confirm.submit') }).click();
    await page.waitForURL((u) => /^\/flight\/group\/order\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 20_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await statusTag(page, 'to_be_quote');

    // The simulated desk quotes; the page shows it without a reload.
    const confirmQuote = page.getByRole('button', { name: en('groups.confirmQuote.button') });
    await confirmQuote.waitFor({ state: 'visible', timeout: DESK_MS });
    await confirmQuote.click();
    const dialog = await visible(page.getByRole('dialog'), 'confirm quote dialog');
    await dialog.getByRole('button', { name: en('groups.confirmQuote.ok') }).click();
    // The simulated desk applies for the seats 2 s later: on a busy machine the page may first show it applying, or done.
    await statusTag(page, 'to_be_apply_seat', 'seat_applying', 'to_be_pay_first');

    // Seats applied for, then secured: the first deposit falls due.
    await page.getByRole('button', { name: /Pay deposit 1 \(/ }).waitFor({ state: 'visible', timeout: DESK_MS });
    const token = await apiLogin('operator');
    const quoted = (await apiCall<GroupOrder>('GET', `/order/v2/flight/group/orders/${id}`, { token })).data;
    expect(quoted.quote!.paymentPlan.map((p) => p.kind)).toEqual(['deposit1', 'deposit2', 'final']);
    expect(quoted.quote!.seats).toBe(12);

    await payNext(page, 'deposit1');
    await statusTag(page, 'to_be_pay_second');
    await payNext(page, 'deposit2');
    await statusTag(page, 'to_be_paid_last_money');
    await payNext(page, 'final');
    await statusTag(page, 'proceeding');

    // The names: the portal's template, filled in as an agent would, uploaded, checked and confirmed.
    const names = await visible(page.getByTestId('group-names'), 'passenger list card');
    await visible(names.getByText(en('group.names.notUploaded'), { exact: true }), 'no list yet');
    const [download] = await Promise.all([page.waitForEvent('download'), names.getByRole('button', { name: en('groups.names.template') }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => ['adult', 'ZHANG', `WEI ${String.fromCharCode(65 + i)}`, i % 2 ? 'female' : 'male', `1980-04-1${i}`, 'CN', 'passport', `E5${String(1000000 + i)}`, '2034-06-30', 'CN']),
      ['child', 'ZHANG', 'XIAOMING', 'male', sixYearsAgo(), 'CN', 'passport', 'E59000001', '2034-06-30', 'CN'],
      ['child', 'ZHANG', 'XIAOHONG', 'female', sixYearsAgo(), 'CN', 'passport', 'E59000002', '2034-06-30', 'CN'],
    ];
    rows.forEach((r, i) => r.forEach((v, c) => (ws.getCell(i + 2, c + 1).value = v)));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    await names.locator('input[type=file]').setInputFiles({ name: 'names.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    const table = await visible(names.getByTestId('names-table'), 'uploaded list');
    await visible(table.getByText('ZHANG/XIAOHONG', { exact: true }), 'a traveller of the list');
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(12);

    await names.getByRole('button', { name: en('groups.names.confirm') }).click();
    const confirmNames = await visible(page.getByRole('dialog'), 'confirm list dialog');
    await confirmNames.getByRole('button', { name: en('groups.names.confirmOk') }).click();
    await visible(names.getByText(en('groups.names.lockedNote'), { exact: true }), 'list locked');

    // The simulated desk tickets the list: one ticket per traveller on Air China's or the quoted carrier's stock.
    await page.locator('.ant-tag').getByText(en('groups.status.issued'), { exact: true }).waitFor({ state: 'visible', timeout: DESK_MS });
    const issued = (await apiCall<GroupOrder>('GET', `/order/v2/flight/group/orders/${id}`, { token })).data;
    expect(issued.status).toBe('issued');
    const tickets = issued.names.passengers.map((p) => p.ticketNumber);
    expect(tickets.every((n) => /^\d{13}$/.test(n ?? ''))).toBe(true);
    expect(new Set(tickets).size).toBe(12);
    await visible(table.getByText(tickets[0]!, { exact: true }), 'a ticket number on the page');
  });
});
