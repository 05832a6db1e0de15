import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from '@portal/contract/amounts';
import { translate } from '@portal/contract/messages';
import { money } from './flight.ts';
import { en } from './texts.ts';
import { apiCall, apiLogin, atPath, fieldError, hidden, openLoggedIn, pathOf, toast, unique, useBrowser, visible } from './ui.ts';

const browser = useBrowser();

/** The open antd drawer or modal whose title is exactly `title`. */
function panel(page: Page, title: string) {
  return page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  const row = await visible(page.getByRole('row').filter({ hasText: name }), `row of ${name}`);
  await row.getByRole('button', { name: en('agency.actions.moreFor', { name }) }).click();
  // Menu items carry an icon whose name comes first ("setting Configure").
  const item = page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${action}$`) });
  await (await visible(item, `${action} menu item`)).click();
}

/** Logs a user in through the API and opens `path` as that user (any username, not only the demo ones). */
async function openAs(page: Page, username: string, password: string, path: string): Promise<void> {
  const token = await apiLogin(username, password);
  await page.goto('/terms');
  await page.evaluate((t) => window.localStorage.setItem('portal.token', t), token);
  await page.goto(path);
}

describe('agency money: the platform sets up a sub-agency, its finance user follows the money', () => {
  it('creates a sub-agency, shows its bills, tops it up; its finance user sees the balance and downloads the statement', async () => {
    const page = await browser.open();
    const name = unique('E2E Agency ');
    const boss = unique('boss.');
    await openLoggedIn(page, 'admin', '/agency-manager');
    await visible(page.getByRole('heading', { name: en('agency.title'), exact: true }), 'agency manager heading');

    // --- create, with its first SuperUser
    // Icons add their own name ("plus Create agency"), so names are matched as substrings here.
    await page.getByRole('button', { name: en('agency.actions.create') }).first().click();
    const form = await visible(panel(page, en('agency.form.createTitle')), 'create drawer');
    await form.getByLabel(en('agency.fields.name'), { exact: true }).fill(name);
    await form.getByLabel(en('agency.fields.contactName'), { exact: true }).fill('Erin Example');
    await form.getByLabel(en('agency.fields.contactPhone'), { exact: true }).fill('+86 10 5555 0101');
    await form.getByLabel(en('agency.fields.contactEmail'), { exact: true }).fill('erin@e2e-agency.example');
    await form.getByLabel(en('agency.fields.username'), { exact: true }).fill(boss);
    await form.getByLabel(en('agency.fields.password'), { exact: true }).fill('Boss@1234');
    await form.getByLabel(en('agency.fields.confirmPassword'), { exact: true }).fill('Boss@1234');
    const created = page.waitForResponse((r) => r.url().endsWith('/base/v2/agencies') && r.request().method() === 'POST');
    await form.getByRole('button', { name: en('agency.form.createOk') }).click();
    const answer = (await (await created).json()) as { code: number; data: { id: string; code: string } };
    expect(answer.code).toBe(0);
    await visible(toast(page, en('agency.form.created', { name, code: answer.data.code })), 'created toast');
    await hidden(form, 'create drawer after saving');

    // --- bills are off for a new agency: switch them on in the common configuration
    await rowAction(page, name, en('agency.actions.config'));
    const config = await visible(panel(page, en('agency.config.title', { name, code: answer.data.code })), 'config drawer');
    const showBill = config.getByRole('switch', { name: en('agency.config.common.isShowBill') });
    await showBill.click();
    const savedConfig = page.waitForResponse((r) => r.url().endsWith(`/base/v2/agencies/${answer.data.id}/config`));
    await config.getByRole('button', { name: en('agency.config.save', { group: en('agency.config.tabs.common') }) }).click();
    expect((await savedConfig).status()).toBe(200);
    await visible(toast(page, en('agency.config.saved', { group: en('agency.config.tabs.common') })), 'config saved toast');
    await page.keyboard.press('Escape');
    await hidden(config, 'config drawer');

    // --- top up 12,345.67 CNY received by bank transfer (same currency: rate 1, no fee)
    await rowAction(page, name, en('agency.actions.topUp'));
    const topUp = await visible(panel(page, en('agency.topUp.title', { name })), 'top-up dialog');
    await topUp.getByLabel(en('agency.topUp.receivedAmount'), { exact: true }).fill('12345.67');
    await topUp.getByLabel(en('agency.topUp.referenceNumber'), { exact: true }).fill('E2E-BANK-1');
    await topUp.getByRole('button', { name: en('agency.topUp.review') }).click();
    await visible(topUp.getByText(en('agency.topUp.willCredit', { name }), { exact: true }), 'review step');
    const credited = page.waitForResponse((r) => r.url().endsWith(`/base/v2/agencies/${answer.data.id}/balance`));
    await topUp.getByRole('button', { name: en('agency.topUp.confirm') }).click();
    const topUpAnswer = await credited;
    expect(topUpAnswer.request().headers()['idempotency-key']).toBeTruthy();
    expect((await topUpAnswer.json()).data.balance.cash).toBe(1_234_567);
    await visible(toast(page, en('agency.topUp.success', { amount: 'CNY 12,345.67', name })), 'top-up toast');
    const row = page.getByRole('row').filter({ hasText: name });
    await visible(row.getByText('12,345.67', { exact: true }), 'new balance in the list');

    // --- the agency's finance user (added by its SuperUser) sees the money
    const bossToken = await apiLogin(boss, 'Boss@1234');
    const finance = unique('fin.');
    const user = await apiCall('POST', '/base/v2/users', {
      token: bossToken,
      body: { username: finance, email: `${finance}@e2e-agency.example`, password: 'Money@123', roles: ['finance'] },
    });
    expect(user.code, user.message).toBe(0);
    const fin = await browser.open();
    await openAs(fin, finance, 'Money@123', '/bills/wallet');
    await visible(fin.getByText('CNY 12,345.67', { exact: true }), 'available to spend');
    const entry = await visible(fin.getByRole('row').filter({ hasText: 'E2E-BANK-1' }), 'top-up entry');
    await visible(entry.getByText(en('bills.entryTypes.top-up'), { exact: true }), 'top-up type tag');

    // --- statements: generate this month's, open it, download the Excel bill
    await fin.getByRole('tab', { name: en('bills.nav.statements') }).click();
    await atPath(fin, '/bills/statements');
    const month = new Date().toISOString().slice(0, 7);
    await fin.getByRole('button', { name: en('bills.statements.generate') }).click();
    await visible(toast(fin, en('bills.statements.generated', { month })), 'generated toast');
    const statement = await visible(fin.getByRole('row').filter({ hasText: month }), 'statement row');
    await visible(statement.getByText('12,345.67').first(), 'closing balance in the row');
    // Generating opens the new statement straight away.
    const drawer = await visible(fin.getByRole('dialog').filter({ hasText: month }), 'statement drawer');
    await visible(drawer.locator('svg[role="img"]'), 'chart of the month');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-download-'));
    const download = fin.waitForEvent('download');
    await drawer.getByRole('button', { name: new RegExp(`${en('bills.detail.download')}$`) }).filter({ visible: true }).click();
    const file = path.join(dir, (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(file).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const cells = book.worksheets.flatMap((ws) => ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : [])).map((v) => String(v ?? '')));
    expect(cells.some((v) => v.includes('E2E-BANK-1'))).toBe(true);
    expect(cells.some((v) => v === '12345.67')).toBe(true);
  });

  it('tops up online: the channel page takes the payment and the wallet is credited once', async () => {
    const page = await browser.open();
    await openLoggedIn(page, 'finance', '/bills/wallet');
    const before = (await apiCall<{ balances: { currency: string; cash: number }[] }>('GET', '/base/v2/wallet', { token: await apiLogin('finance') })).data.balances[0].cash;

    await page.getByRole('button', { name: en('bills.topUp.open') }).click();
    const dialog = await visible(panel(page, en('bills.topUp.title')), 'online top-up dialog');
    await dialog.getByRole('radio', { name: new RegExp(`^${en('bills.channels.alipay')}`) }).check();
    await dialog.getByLabel(en('bills.topUp.amount', { currency: 'CNY' }), { exact: true }).fill('100');
    await dialog.getByRole('button', { name: en('bills.topUp.submit') }).click();

    // The channel's own page (the sandbox), then back to the wallet.
    await page.waitForURL((u) => u.pathname.startsWith('/sandbox/alipay/pay/'));
    await page.getByRole('button', { name: en('sandbox.page.pay'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/bills/wallet' && u.searchParams.has('payment'));
    expect(pathOf(page)).toMatch(/^\/bills\/wallet\?payment=/);
    await visible(page.getByText(en('bills.payment.result.succeeded', { channel: en('bills.channels.alipay') }), { exact: true }), 'payment succeeded');

    const after = await apiCall<{ balances: { currency: string; cash: number }[] }>('GET', '/base/v2/wallet', { token: await apiLogin('finance') });
    const tx = await apiCall<{ items: { method: string; status: string; gross: number; net: number; fee: number }[] }>('GET', '/base/v2/transactions', {
      token: await apiLogin('finance'),
    });
    const paid = tx.data.items.find((i) => i.method === 'alipay' && i.gross === 100_00);
    expect(paid?.status).toBe('succeeded');
    expect(after.data.balances[0].cash - before).toBe(paid!.net);
  });

  // Issue 15: a card Stripe declines leaves the top-up open; the portal's own page says why, until another card pays.
  it('tops up through Stripe: a declined card is explained on the wallet, then another card pays', async () => {
    const page = await browser.open();
    await openLoggedIn(page, 'finance', '/bills/wallet');
    await page.getByRole('button', { name: en('bills.topUp.open') }).click();
    const dialog = await visible(panel(page, en('bills.topUp.title')), 'online top-up dialog');
    await dialog.getByRole('radio', { name: new RegExp(`^${en('bills.channels.stripe')}`) }).check();
    await dialog.getByLabel(en('bills.topUp.amount', { currency: 'CNY' }), { exact: true }).fill('120');
    // The payment's id, read as the answer passes: the app leaves for the channel's page at once, after which the
    // browser no longer has the answer's body (CI saw that race).
    let id = '';
    await page.route('**/base/v2/wallet/payments', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      id = ((await response.json()) as { data: { id: string } }).data.id;
      await route.fulfill({ response });
    });
    await dialog.getByRole('button', { name: en('bills.topUp.submit') }).click();

    await page.waitForURL((u) => u.pathname.startsWith('/sandbox/stripe/pay/'));
    expect(id).not.toBe('');
    const checkout = page.url();
    await page.getByRole('button', { name: en('sandbox.page.declineCard'), exact: true }).click();
    await visible(page.getByText(en('sandbox.page.declined'), { exact: true }), 'declined on the channel page');

    // Back on the wallet (the payer's return link): the payment is still open, and the portal says why.
    await page.goto(`/bills/wallet?payment=${id}`);
    await visible(page.getByText(en('bills.payment.pending'), { exact: true }), 'still waiting for the channel');
    await visible(page.getByText(en('payments.failure.generic_decline'), { exact: true }), 'the decline explained');

    // Another card on the same checkout: paid, and the decline is no longer shown.
    await page.goto(checkout);
    await page.getByRole('button', { name: en('sandbox.page.pay'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/bills/wallet' && u.searchParams.get('payment') === id);
    await visible(page.getByText(en('bills.payment.result.succeeded', { channel: en('bills.channels.stripe') }), { exact: true }), 'payment succeeded');
    await hidden(page.getByTestId('payment-failure'), 'no decline once paid');
  });

  // Issue 9, finding 10: -100 used to be saved as 0 (wiping the credit line) and an oversized top-up was clamped.
  it('refuses a negative credit limit and an oversized top-up next to the field, keeps what was typed and sends nothing', async () => {
    const page = await browser.open();
    const name = 'Second Agency';
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && /\/base\/v2\/agencies\/[^/]+\/(credit|balance)$/.test(r.url())) writes.push(`${r.method()} ${r.url()}`);
    });
    const admin = await openLoggedIn(page, 'admin', '/agency-manager');
    const list = await apiCall<{ items: { id: string; name: string; balance: { creditLimit: number; cash: number } }[] }>('GET', '/base/v2/agencies', {
      token: admin,
    });
    const before = list.data.items.find((a) => a.name === name)!;

    // --- credit limit -100
    await rowAction(page, name, en('agency.actions.credit'));
    const credit = await visible(panel(page, en('agency.credit.title', { name })), 'credit limit dialog');
    const limit = credit.getByLabel(en('agency.credit.newLimit'), { exact: true });
    await limit.fill('-100');
    await credit.getByRole('button', { name: en('agency.common.save') }).click();
    await visible(fieldError(credit, translate('validation.credit.negative', 'en')), 'negative credit limit error');
    expect(Number(await limit.inputValue())).toBe(-100);
    await credit.getByRole('button', { name: en('agency.common.cancel') }).click();
    await hidden(credit, 'credit limit dialog after cancel');

    // --- a top-up past the largest amount one movement may carry
    const past = MAX_AMOUNT_MINOR / 100 + 1;
    await rowAction(page, name, en('agency.actions.topUp'));
    const topUp = await visible(panel(page, en('agency.topUp.title', { name })), 'top-up dialog');
    const received = topUp.getByLabel(en('agency.topUp.receivedAmount'), { exact: true });
    await received.fill(String(past));
    await topUp.getByLabel(en('agency.topUp.referenceNumber'), { exact: true }).fill('E2E-TOO-MUCH');
    await topUp.getByRole('button', { name: en('agency.topUp.review') }).click();
    await visible(fieldError(topUp, en('common.amount.max', { max: money(MAX_AMOUNT_MINOR, 'CNY') })).first(), 'too large amount error');
    expect(Number(await received.inputValue())).toBe(past);
    expect(await topUp.getByText(en('agency.topUp.willCredit', { name }), { exact: true }).count()).toBe(0);

    expect(writes).toEqual([]);
    const after = await apiCall<{ items: { name: string; balance: { creditLimit: number; cash: number } }[] }>('GET', '/base/v2/agencies', { token: admin });
    expect(after.data.items.find((a) => a.name === name)!.balance).toMatchObject({ creditLimit: before.balance.creditLimit, cash: before.balance.cash });
  });
});
