import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Agency } from '@portal/contract/api/agencies';
import { channelFee } from '@portal/contract/top-up';
import type { TrainChannelPayment } from '@portal/contract/api/train-payments';
import type { PayTrainOrderAnswer, TrainOrder, TrainSearchAnswer } from '@portal/contract/api/trains';
import { ZHANG } from '@portal/contract/passengers/train.fixture';
import { money } from './flight.ts';
import { en } from './texts.ts';
import { apiCall, apiLogin, atPath, baseURL, hidden, openLoggedIn, useBrowser, visible, type Envelope } from './ui.ts';

/**
 * Issue 13: a train order paid through a payment channel (the sandbox's hosted page, back to the order with the
 * outcome), and the platform's train desk issuing and giving up manual orders.
 */
const browser = useBrowser();

function chinaDay(days: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A write that needs an Idempotency-Key (apiCall sends none). */
async function keyed<T>(method: string, path: string, token: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { Accept: 'application/json', 'Accept-Language': 'en', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** One adult in second class Beijing to Shanghai, booked through the API (the booking page has its own test). */
async function bookedOrder(token: string, surname: string): Promise<TrainOrder> {
  const search = await apiCall<TrainSearchAnswer>('POST', '/shopping/v2/train/search', { token, body: { from: 'BJS', to: 'SHA', date: chinaDay(6), filters: { trainTypes: ['G'] } } });
  expect(search.code, search.message).toBe(0);
  const service = search.data.services.find((s) => s.classes.some((c) => c.seatClass === 'second' && c.available !== 0))!;
  const price = service.classes.find((c) => c.seatClass === 'second')!.price;
  const passenger = { ...ZHANG, surname };
  const booked = await keyed<TrainOrder>('POST', '/order/v2/train/orders', token, {
    serviceId: service.serviceId,
    supplier: service.supplier,
    from: service.from.code,
    to: service.to.code,
    seatClass: 'second',
    passengers: [passenger],
    contact: { name: 'E2E Ops', email: 'ops@agency.example', areaCode: '86', phone: '13800138000' },
    acceptedTotal: price,
  });
  expect(booked.code, booked.message).toBe(0);
  return booked.data;
}

const status = (page: Page, key: string) => page.getByTestId('order-status').getByText(en(`trains.orders.status.${key}`), { exact: true });

describe('train orders through payment channels, and the train desk', () => {
  it('pays a booking with Alipay: the fee shown, the channel’s page, back on the order with the tickets issued', async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    const token = await openLoggedIn(page, 'operator', '/train/orders');
    const order = await bookedOrder(token, '张');
    await page.goto(`/train/orders/${order.id}`);
    await visible(status(page, 'to_be_paid'), 'to be paid');

    await page.getByRole('button', { name: en('trains.orders.detail.pay'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await (await visible(dialog.getByText(en('orders.channels.alipay'), { exact: true }), 'Alipay')).click();
    const toPay = order.total + channelFee(order.total, 60);
    expect(await (await visible(dialog.getByTestId('pay-amount'), 'amount to pay')).textContent()).toBe(money(toPay, 'CNY'));
    await dialog.getByRole('button', { name: en('trains.orders.pay.submit', { amount: money(toPay, 'CNY') }) }).click();

    // The channel's own page (the sandbox), then back to the order it was opened for.
    await page.waitForURL((u) => u.pathname.startsWith('/sandbox/alipay/pay/'));
    await page.getByRole('button', { name: en('sandbox.page.pay'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/train/orders/${order.id}` && u.searchParams.has('payment'));
    await visible(page.getByText(en('trainPay.return.issued', { channel: en('orders.channels.alipay') }), { exact: true }), 'paid and issued');
    await visible(status(page, 'issued'), 'issued');
    // The page read the payment the channel sent the payer back with: it paid this order, fee on top.
    const paymentId = new URL(page.url()).searchParams.get('payment')!;
    const payment = await apiCall<TrainChannelPayment>('GET', `/order/v2/train/orders/${order.id}/payments/${paymentId}`, { token });
    expect(payment.data).toMatchObject({ outcome: 'paid', status: 'succeeded', amount: order.total, gross: toPay, orderStatus: 'issued' });
  });

  it('the desk issues one manual order and gives up another with a reason', async () => {
    const admin = await apiLogin('admin');
    const agencies = await apiCall<{ items: Agency[] }>('GET', '/base/v2/agencies?pageSize=100', { token: admin });
    const agency = agencies.data.items.find((a) => a.code === 'A00001')!;
    const setManual = (manual: boolean) => apiCall('PUT', `/base/v2/agencies/${agency.id}/config`, { token: admin, body: { train: { notificationUrl: null, manual } } });
    expect((await setManual(true)).code).toBe(0);
    try {
      const operator = await apiLogin('operator');
      const first = await bookedOrder(operator, '王');
      const second = await bookedOrder(operator, '赵');
      for (const o of [first, second]) {
        const paid = await keyed<PayTrainOrderAnswer>('POST', `/order/v2/train/orders/${o.id}/payment`, operator, { method: 'balance' });
        expect(paid.data.status, paid.message).toBe('manual_ticketing');
      }

      const page = await browser.open({ width: 1440, height: 900 });
      await openLoggedIn(page, 'admin', '/platform/train-desk');
      await visible(page.getByRole('heading', { name: en('trainDesk.title'), exact: true }), 'train desk');
      const row = (o: TrainOrder) => page.locator('tr').filter({ has: page.getByRole('link', { name: o.orderNumber, exact: true }) });
      await visible(row(first), 'first order in the queue');
      await visible(row(first).getByText('Demo Travel Agency'), 'agency');
      await visible(row(first).getByText(money(first.total, 'CNY'), { exact: true }), 'paid amount');

      await row(first).getByRole('button', { name: en('trainDesk.actions.issue'), exact: true }).click();
      const confirm = page.getByRole('dialog');
      await visible(confirm.getByText(en('trainDesk.confirm.issue.title', { order: first.orderNumber }), { exact: true }), 'issue confirmation');
      await confirm.getByRole('button', { name: en('trainDesk.actions.issue'), exact: true }).click();
      await hidden(row(first), 'issued order leaves the queue');

      await row(second).getByRole('button', { name: en('trainDesk.actions.markFailed'), exact: true }).click();
      const failing = page.getByRole('dialog');
      await failing.getByLabel(en('trainDesk.reason'), { exact: true }).fill('No seats at the window');
      await failing.getByRole('button', { name: en('trainDesk.actions.markFailed'), exact: true }).click();
      await hidden(row(second), 'failed order leaves the queue');

      // The agency sees both outcomes on its orders.
      const operatorPage = await browser.open({ width: 1280, height: 900 });
      await openLoggedIn(operatorPage, 'operator', `/train/orders/${first.id}`);
      await visible(status(operatorPage, 'issued'), 'issued by the desk');
      await operatorPage.goto(`/train/orders/${second.id}`);
      await atPath(operatorPage, `/train/orders/${second.id}`);
      await visible(status(operatorPage, 'failed'), 'failed by the desk');
      await visible(operatorPage.getByText('No seats at the window', { exact: true }), 'the desk’s reason');
    } finally {
      await setManual(false);
    }
  });
});
