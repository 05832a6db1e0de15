import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_STATUSES, PENDING_GROUPS } from '@portal/contract/api/flight-orders';
import { parseUrlQuery } from '../../../lib/use-url-query';
import { badgeText, groupCount, hasFilters, listRequest, orderListUrlQuery, statusOptions } from './order-menu';
import en from '../../../locales/en/orders.json';
import zhCN from '../../../locales/zh-CN/orders.json';
import zhTW from '../../../locales/zh-TW/orders.json';

const parse = (raw: Record<string, string>) => orderListUrlQuery.parse(raw);

describe('order menu', () => {
  it('a group badge is the sum of its statuses; absent statuses count 0', () => {
    const counts = [
      { status: 'reviewing', cnt: 4 },
      { status: 'chg_reviewing', cnt: 5 },
      { status: 'to_be_paid', cnt: 7 },
    ] as const;
    expect(groupCount([...counts], 'reviewing')).toBe(9);
    expect(groupCount([...counts], 'toBePaid')).toBe(7);
    expect(groupCount([...counts], 'refunding')).toBe(0);
    expect(groupCount(undefined, 'reviewing')).toBe(0);
  });

  it('badges cap at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(3)).toBe('3');
  });

  it('a list entry asks for its order type, a group for its statuses narrowed by the status filter', () => {
    expect(listRequest(parse({}))).toMatchObject({ type: 'all', status: undefined, page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' });
    expect(listRequest(parse({ menu: 'void' }))).toMatchObject({ type: 'void', status: undefined });
    expect(listRequest(parse({ menu: 'proceeding' }))).toMatchObject({ type: 'all', status: PENDING_GROUPS.proceeding.join(',') });
    expect(listRequest(parse({ menu: 'proceeding', status: 'chg_proceeding,issued' }))).toMatchObject({ status: 'chg_proceeding' });
    expect(listRequest(parse({ menu: 'refund', status: 'rfd_reviewing,refund_failed' }))).toMatchObject({ type: 'refund', status: 'rfd_reviewing,refund_failed' });
  });

  it('a bad parameter in the URL is dropped on its own, the others still apply', () => {
    const q = parseUrlQuery(orderListUrlQuery, new URLSearchParams('menu=nope&pnr=ABC123&status=issued,bogus'));
    expect(q).toMatchObject({ menu: 'all', pnr: 'ABC123' });
    expect(q.status).toBeUndefined();
  });

  it('status filter options follow the entry', () => {
    expect(statusOptions('all')).toEqual(ORDER_STATUSES);
    expect(statusOptions('change')).toEqual(['chg_reviewing', 'chg_rejected', 'chg_to_be_paid', 'chg_proceeding', 'changed', 'change_canceled', 'change_holding', 'change_failed']);
    expect(statusOptions('pendingConfirm')).toEqual(['rfd_to_be_confirm']);
    // Every status belongs to exactly one order type.
    const byType = ORDER_TYPES.flatMap((t) => statusOptions(t));
    expect([...byType].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('knows when filters are on', () => {
    expect(hasFilters(parse({ menu: 'refund', page: '2', sort: 'departure' }))).toBe(false);
    expect(hasFilters(parse({ pnr: 'ABC123' }))).toBe(true);
    expect(hasFilters(parse({ status: 'issued' }))).toBe(true);
  });
});

describe('orders locale', () => {
  it.each([
    ['en', en],
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ])('%s labels every status, order type, payment status and menu entry', (_lang, file) => {
    const o = file.orders as unknown as Record<string, Record<string, string>>;
    for (const s of ORDER_STATUSES) expect(o.status[s], s).toBeTruthy();
    for (const s of ORDER_TYPES) expect(o.type[s], s).toBeTruthy();
    for (const s of PAYMENT_STATUSES) expect(o.paymentStatus[s], s).toBeTruthy();
    for (const k of [...Object.keys(PENDING_GROUPS), 'all', ...ORDER_TYPES, 'voyage']) expect(o.menu[k], k).toBeTruthy();
  });
});
